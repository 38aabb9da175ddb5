// The page as the table's control: what the table waits for, the legal choices as buttons (one
// tap = one action), tokens to confirm, a seat's private view, a new game. Plain DOM, no library.
"use strict";
const BIG = 12;  // a group with more buttons than this starts folded
const play = (() => {
  let last = null, tapped = null, mySeat = null, key = sessionStorage.getItem("arkham-key"), pending = false;
  const wantSeat = parseInt(new URLSearchParams(location.search).get("seat") || sessionStorage.getItem("arkham-seat") || "", 10);

  function mk(tag, attrs, text) {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
    if (text !== undefined) e.textContent = text;
    return e;
  }
  function words(s) { return String(s).split("_").map(w => w.charAt(0).toUpperCase() + w.slice(1)).join(" "); }

  // fresh: the buttons were read after every event the page has seen, and no tap is pending
  let choicesSeq = -1, evSeq = -1;
  document.body.dataset.pending = "0";
  function fresh() { document.body.dataset.fresh = (!pending && choicesSeq >= evSeq) ? "1" : "0"; }
  function event(ev) { if (typeof ev.seq === "number") evSeq = Math.max(evSeq, ev.seq); fresh(); }

  function hello(msg) {
    if (msg.you) { if (!key) key = msg.you.key; mySeat = msg.you.seat; }
  }

  function answer(text, bad) {
    const a = el("answer");
    a.textContent = text; a.className = bad ? "bad" : "ok";
  }

  function reply(msg) {
    if (msg.do === "join") {
      if (msg.ok) { mySeat = msg.seat; key = msg.key; sessionStorage.setItem("arkham-key", key); sessionStorage.setItem("arkham-seat", msg.seat); }
      else answer(msg.err, true);
      if (last) choices(last);
      return;
    }
    if (!msg.do || msg.do === "cmd" && !msg.err) return;
    pending = false;
    document.body.dataset.pending = "0";
    const what = (msg.do === "tap" || msg.do === "offer") && tapped ? tapped.text : (msg.done || "ok");
    if (msg.ok) answer("done: " + what + (msg.hidden ? " (" + msg.hidden + ")" : ""), false);
    else {
      answer((msg.do === "tap" ? "refused: " : "") + msg.err + (msg.do === "tap" ? " — the choices are read again" : ""), true);
      if (msg.do === "tap") drawn = null;  // (drawn anew when they come, even if the same)
    }
  }

  function tap(item) {
    if (pending) return;
    pending = true;
    document.body.dataset.pending = "1";
    fresh();
    answer("…", false);
    tapped = item;
    send({do: "tap", n: item.n, label: item.label});
  }

  function waitLine(w, msg) {
    const bits = [];
    if (w.turn !== undefined && w.turn !== null) bits.push((msg.game === "ah2e" ? "turn " : "round ") + w.turn);
    if (w.phase) bits.push(words(w.phase));
    if (w.who) bits.push(w.who);
    return bits.join(" · ") || (msg.game ? words(msg.game) : "…");
  }

  function sheet(w, msg) {
    const s = el("sheet");
    s.innerHTML = "";
    if (msg.game === "ah2e" && w.sheet) {
      const v = w.sheet;
      s.appendChild(mk("h2", {}, words(v.name) + (v.dead ? " (out)" : "")));
      s.appendChild(mk("p", {}, "at " + words(v.at || "?") + " · sanity " + v.sanity.join("/") +
        " · stamina " + v.stamina.join("/") + " · clues " + v.clues + " · $" + v.money));
    } else if (msg.game === "final-hour" && w.sheet && w.sheet.investigators) {
      w.sheet.investigators.forEach((v, i) => s.appendChild(mk("p", {}, "Seat " + (i + 1) + ": " + words(v.name) +
        " at " + words(v.at) + " · health " + v.health + "/" + v.max)));
    } else if (msg.game === "ritual" && w.sanity) {
      s.appendChild(mk("p", {}, "Sanity: " + w.sanity.map((n, i) => "seat " + (i + 1) + " " + n).join(" · ")));
    }
    s.hidden = !s.childNodes.length;
  }

  function seatBar(msg) {
    const b = el("seatbar");
    b.innerHTML = "";
    b.hidden = !msg.seated;
    if (!msg.seated) return;
    const n = msg.game === "ritual" ? (msg.waits.sanity || []).length : ((msg.waits.sheet || {}).investigators || []).length;
    if (mySeat) { b.appendChild(mk("p", {id: "iam"}, "This page is seat " + mySeat + ": only you should see it.")); return; }
    b.appendChild(mk("span", {}, "Your own cards on this phone: join as "));
    for (let i = 1; i <= n; i++) {
      const btn = mk("button", {"data-seat": i}, "seat " + i);
      btn.onclick = () => send({do: "join", seat: i, key: key});
      b.appendChild(btn);
    }
  }

  function mine(msg) {
    const m = el("mine");
    m.innerHTML = "";
    const p = msg.mine;
    m.hidden = !p;
    if (!p) return;
    if (p.err) m.appendChild(mk("p", {class: "bad"}, p.err));
    if (p.look) {
      m.appendChild(mk("h2", {}, "What seat " + p.seat + " may see"));
      const ul = mk("ul", {id: "seen"});
      for (const [holder, card] of p.look.others || [])
        ul.appendChild(mk("li", {"data-holder": holder}, (holder <= (msg.waits.sanity || []).length ? "seat " : "dummy ") + holder + ": " + words(card)));
      if (p.look.top) ul.appendChild(mk("li", {"data-holder": "top"}, "the top card: " + words(p.look.top)));
      if (p.look.orb_top) ul.appendChild(mk("li", {"data-holder": "orb"}, "the Orb shows: " + words(p.look.orb_top)));
      m.appendChild(ul);
      m.appendChild(mk("p", {class: "hint"}, "Your own card is never shown: the others see it."));
    }
    if (p.hand) {
      m.appendChild(mk("h2", {}, "Seat " + p.seat + "'s priority cards"));
      if (!p.offer) { m.appendChild(mk("p", {id: "hand"}, p.hand.join(" · "))); return; }
      m.appendChild(mk("p", {class: "hint"}, "The attempt: tap " + p.offer + " cards to offer, then offer them."));
      const row = mk("div", {class: "buttons", id: "hand"});
      const picked = new Set();
      for (const c of p.hand) {
        const b = mk("button", {"data-card": c, class: "card"}, String(c));
        b.onclick = () => { picked.has(c) ? picked.delete(c) : picked.add(c); b.classList.toggle("on"); };
        row.appendChild(b);
      }
      m.appendChild(row);
      const go = mk("button", {class: "wide", id: "offer"}, "Offer the chosen cards");
      go.onclick = () => { if (pending) return; pending = true; document.body.dataset.pending = "1"; fresh();
        answer("…", false); tapped = {text: "offered " + [...picked].join(", ")}; send({do: "offer", cards: [...picked]}); };
      m.appendChild(go);
    }
  }

  function buttons(groups, into, seat, opened) {
    for (const g of groups) {
      const items = g.items.filter(it => !seat || it.seat === null || it.seat === undefined || it.seat === seat);
      if (!items.length) continue;
      const box = items.length > BIG ? mk("details", {class: "group", "data-group": g.group}) : mk("div", {class: "group"});
      if (items.length > BIG && opened.has(g.group)) box.open = true;  // (as the player left it)
      box.appendChild(mk(items.length > BIG ? "summary" : "h2", {}, g.group + (items.length > BIG ? " (" + items.length + ")" : "")));
      const row = mk("div", {class: "buttons"});
      for (const it of items) {
        const b = mk("button", {"data-n": it.n, "data-label": it.label, "data-verb": it.verb, class: "choice"},
          it.text + (it.seat && !seat ? " (seat " + it.seat + ")" : ""));
        b.onclick = () => tap(it);
        row.appendChild(b);
      }
      box.appendChild(row);
      into.appendChild(box);
    }
  }

  let tokensDrawn = null;  // (as the choices: the list is drawn again only when it changes)

  function tokens(msg) {
    msg = msg || last;
    const ul = el("tokenlist");
    const look = window.lastLook || {awaited: {}};
    const what = JSON.stringify([look.awaited, msg && msg.waits.tokens]);
    if (what === tokensDrawn) return;
    tokensDrawn = what;
    ul.innerHTML = "";
    for (const [spot, what] of Object.entries(look.awaited)) {
      const li = mk("li", {"data-spot": spot}, words(spot) + ": " + what.replace(/_/g, " ") + " ");
      const misplaced = what.startsWith("put right");
      const b = mk("button", {"data-spot": spot}, misplaced ? "accept it" : "ok");
      b.onclick = () => send({do: misplaced ? "override" : "ok", spot: spot});
      li.appendChild(b);
      ul.appendChild(li);
    }
    for (const t of (msg && msg.waits.tokens) || []) if (!ul.textContent.includes(t)) ul.appendChild(mk("li", {}, t));
    el("tokens").hidden = !ul.childNodes.length;
  }

  // the choices as last drawn: the same choices read again are not drawn again, so a button
  // never moves under a finger (nor a folded group close, nor the cards picked for an offer reset)
  let drawn = null;

  function choices(msg) {
    last = msg;
    if (msg.seat !== undefined && msg.seat !== null) mySeat = msg.seat;
    const w = msg.waits || {};
    const c = el("choices");
    const what = JSON.stringify([msg.game, msg.groups, msg.mine, msg.private_for, w, msg.seated, mySeat, msg.err]);
    if (what !== drawn) {
      drawn = what;
      el("waitline").textContent = waitLine(w, msg);
      el("say").textContent = w.say || (msg.err ? msg.err : "");
      const opened = new Set([...c.querySelectorAll("details[open]")].map(d => d.dataset.group));
      c.innerHTML = "";
      const seat = msg.seated ? mySeat : null;
      if (msg.mine && msg.mine.groups) buttons(msg.mine.groups, c, seat, opened);
      buttons(msg.groups || [], c, seat, opened);
      if (msg.private_for && msg.private_for !== mySeat)
        c.appendChild(mk("p", {class: "hint"}, "Seat " + msg.private_for + " chooses on their own page (their cards are private)."));
      if (!c.childNodes.length && msg.game in (msg.start || {})) c.appendChild(mk("p", {class: "hint"}, "No choice now."));
      sheet(w, msg); seatBar(msg); mine(msg); tokens(msg);
    }
    startForm(msg);
    if (msg.seated && !mySeat && wantSeat && !play.asked) { play.asked = true; send({do: "join", seat: wantSeat, key: key}); }
    document.body.dataset.reads = String(parseInt(document.body.dataset.reads || "0", 10) + 1);
    document.body.dataset.seq = msg.seq;
    if (typeof msg.seq === "number") choicesSeq = msg.seq;
    document.body.dataset.choices = String(c.querySelectorAll("button.choice").length);
    fresh();
  }

  function startForm(msg) {
    const game = el("ng-game").value, box = el("ng-opts");
    if (!msg.start || box.dataset.game === game) return;
    box.dataset.game = game;
    box.innerHTML = "";
    for (const [k, vals] of Object.entries(msg.start[game] || {})) {
      const lab = mk("label", {}, words(k) + " ");
      if (vals === "number") {  // a free number (the seed): empty = the table picks one
        lab.appendChild(mk("input", {name: k, type: "number", min: 0, inputmode: "numeric", placeholder: "(any)"}));
        box.appendChild(lab);
        continue;
      }
      const sel = mk("select", {name: k});
      if (k === "investigators") { sel.multiple = true; sel.size = 4; }
      else sel.appendChild(mk("option", {value: ""}, "(default)"));
      for (const v of vals) sel.appendChild(mk("option", {value: v}, words(v)));
      lab.appendChild(sel);
      box.appendChild(lab);
    }
  }

  el("ng-game").addEventListener("change", () => last && startForm(last));
  el("startform").addEventListener("submit", e => {
    e.preventDefault();
    const options = {};
    for (const sel of el("ng-opts").querySelectorAll("select, input")) {
      const v = sel.multiple ? [...sel.selectedOptions].map(o => o.value).join(",") : sel.value;
      if (v) options[sel.name] = v;
    }
    answer("starting…", false);
    send({do: "start", game: el("ng-game").value, options: options});
    el("newgame").open = false;
  });
  el("okall").addEventListener("click", () => send({do: "ok", spot: "all"}));
  return {hello, reply, choices, tokens, event, asked: false};
})();
window.play = play;
