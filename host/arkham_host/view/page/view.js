// The live page: one websocket; the board SVG from the server, lights and tokens updated by id.
"use strict";
const KEEP = 300;  // events kept on the page
let ws, emulated = false, nextId = 1, spots = {}, evShown = 0;

function el(id) { return document.getElementById(id); }
function esc(s) { return String(s).replace(/[&<>"]/g, c => ({"&":"&amp;","<":"&lt;",">":"&gt;",'"':"&quot;"}[c])); }
function hex(rgb) { return "#" + rgb.map(c => Math.max(0, Math.min(255, c)).toString(16).padStart(2, "0")).join(""); }

function drawBoard(svg) {
  el("board").innerHTML = svg;
  spots = {};
  for (const g of el("board").querySelectorAll("g.spot")) {
    spots[g.dataset.spot] = g;
    g.addEventListener("click", () => clickSpot(g.dataset.spot));
  }
}

function applyLook(look) {
  const present = new Set(look.present), faults = new Set(look.faults);
  for (const [name, g] of Object.entries(spots)) {
    const rgb = look.lit[name];
    const light = g.querySelector(".light");
    light.setAttribute("fill", rgb ? hex(rgb) : "none");
    const anim = (rgb && look.anim[name]) || "steady";
    g.setAttribute("class", "spot anim-" + anim + (present.has(name) ? " present" : "") +
      (name in look.awaited ? " awaited" : "") + (faults.has(name) ? " fault" : ""));
    g.dataset.rgb = rgb ? hex(rgb) : "";
    g.dataset.anim = anim;
  }
  const ul = el("waits");
  ul.innerHTML = "";
  for (const [name, what] of Object.entries(look.awaited)) {
    const li = document.createElement("li");
    li.dataset.spot = name;
    li.textContent = name + ": " + what;
    ul.appendChild(li);
  }
  window.lastLook = look;
  if (window.play) play.tokens(null);
}

function addEvent(ev) {
  const li = document.createElement("li");
  li.value = ev.seq;
  li.dataset.seq = ev.seq;
  li.textContent = JSON.stringify(ev);
  const ol = el("evlist");
  ol.insertBefore(li, ol.firstChild);
  while (ol.childNodes.length > KEEP) ol.removeChild(ol.lastChild);
  evShown++;
  el("evcount").textContent = "(last seq " + ev.seq + ")";
  window.lastSeq = ev.seq;
}

function showStatus(st) {
  if (!st) { el("status").hidden = true; return; }
  el("status").hidden = false;
  const mons = Object.entries(st.monsters).map(([at, ks]) => esc(at) + ": " + esc(ks.join(", "))).join("<br>") || "none";
  const invs = st.investigators.map(v => "<tr><td>" + esc(v.name) + (v.dead ? " (out)" : "") + "</td><td>" + esc(v.at) +
    "</td><td>" + v.sanity.join("/") + "</td><td>" + v.stamina.join("/") + "</td><td>" + v.clues + "</td><td>$" + v.money + "</td></tr>").join("");
  el("statusbody").innerHTML =
    "<p>" + esc(st.ao) + " · turn " + st.turn + " · phase <b>" + esc(st.phase) + "</b>" + (st.over ? " · <b>game over</b>" : "") + "</p>" +
    "<p>doom <b id='doom'>" + st.doom + "</b> · terror <b id='terror'>" + st.terror + "</b> · gates " + st.gates.length +
    " (" + esc(st.gates.join(", ")) + ")</p>" +
    "<p>environment: " + esc(st.env || "none") + " · rumor: " + esc(st.rumor || "none") + "</p>" +
    "<p>monsters (" + st.in_arkham + " in Arkham):<br>" + mons + "</p>" +
    "<table><tr><th>investigator</th><th>at</th><th>san</th><th>sta</th><th>clues</th><th>money</th></tr>" + invs + "</table>" +
    (st.need ? "<p>waits for: " + esc(JSON.stringify(st.need)) + "</p>" : "");
}

function showForecast(fc) {
  if (!fc) return;
  el("forecast").hidden = false;
  const rows = fc.within.map((p, i) => "<tr><td>" + (i + 1) + "</td><td><span class='bar' style='width:" +
    Math.round(p * 150) + "px'></span> " + Math.round(p * 100) + "%</td></tr>").join("");
  el("forecastbody").innerHTML = "<p>after turn " + fc.turn + ", " + fc.games + " games: " +
    "expected turns left " + fc.expected_turns.toFixed(1) + " (95% " + fc.ci[0].toFixed(1) + "–" + fc.ci[1].toFixed(1) + ")</p>" +
    "<table><tr><th>within</th><th>awakening</th></tr>" + rows + "</table>";
}

function setConn(up, text) { el("conn").textContent = text; el("conn").className = up ? "ok" : "bad"; document.body.dataset.up = up ? "1" : "0"; }

function send(req) { req.id = nextId++; ws.send(JSON.stringify(req)); return req.id; }

function clickSpot(name) {
  if (!emulated) return;
  const tool = document.querySelector("input[name=tool]:checked").value;
  if (tool === "touch") send({do: "touch", spot: name});
  else send({do: (window.lastLook && window.lastLook.present.includes(name)) ? "lift" : "place", spot: name});
}

function connect() {
  ws = new WebSocket((location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/ws");
  ws.onopen = () => setConn(true, "live");
  ws.onclose = () => { setConn(false, "page disconnected: reconnecting…"); setTimeout(connect, 2000); };
  ws.onmessage = m => {
    const msg = JSON.parse(m.data);
    if (msg.t === "hello") {
      emulated = msg.emulated;
      el("what").textContent = "· board " + msg.board + " · game " + msg.game + (msg.emulated ? " · emulated" : " · real table");
      el("controls").hidden = !emulated;
      if (msg.up === false) setConn(false, "table disconnected");
      drawBoard(msg.svg);
      el("evlist").innerHTML = "";
      for (const ev of msg.events) addEvent(ev);
      applyLook(msg.look); showStatus(msg.status); showForecast(msg.forecast);
      if (window.play) play.hello(msg);
      document.body.dataset.ready = "1";
    } else if (msg.t === "look") applyLook(msg.look);
    else if (msg.t === "ev") { addEvent(msg.ev); if (window.play) play.event(msg.ev); }
    else if (msg.t === "status") { showStatus(msg.status); el("what").textContent = el("what").textContent.replace(/game \S+/, "game " + msg.game); }
    else if (msg.t === "forecast") showForecast(msg);
    else if (msg.t === "reply") { el("reply").textContent = JSON.stringify(msg); if (window.play) play.reply(msg); }
    else if (msg.t === "choices") play.choices(msg);
    else if (msg.t === "link") setConn(msg.up, msg.up ? "live (table back, resynced)" : "table disconnected");
  };
}

el("cmdform").addEventListener("submit", e => {
  e.preventDefault();
  const line = el("cmd").value.trim();
  if (line) send({do: "cmd", line: line});
  el("cmd").value = "";
});
connect();
