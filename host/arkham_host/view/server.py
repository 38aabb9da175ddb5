"""The live page: aiohttp serves the page, the board SVG and one websocket per open page.

Websocket messages, server -> page (JSON):
  {"t":"hello", board, game, emulated, up, svg, look, events, status, you}  on connect (and resync)
  {"t":"look", look}        lights (colour at full level + shape), tokens, waits, faults
  {"t":"ev", ev}            every event the table sends (never a reply, never a private line)
  {"t":"status", status, game}   the AH2e panel after a burst of events
  {"t":"choices", game, seq, waits, groups, private_for, start, seated, mine}  what the table
                            waits for and its legal choices, after every burst; `mine` only on a
                            seat's own page: that seat's private view (AR-INFO-1)
  {"t":"link", up}          the table's link lost ("table disconnected") / back and resynced
  {"t":"forecast", ...}     the odds of doom, after each Mythos phase (AH2e)
  {"t":"reply", id, ...}    the answer to the page's own request
page -> server:
  {"id":N, "do":"tap", "n":N, "label":LABEL}     a choice as `legal` numbered it (play.tap)
  {"id":N, "do":"start", "game":G, "options":{}} a new game
  {"id":N, "do":"ok"|"override", "spot":SPOT|"all"}
  {"id":N, "do":"offer", "cards":[...]}          Final Hour's attempt, from a seat's page
  {"id":N, "do":"join", "seat":S, "key":K}       this page is seat S (one page per seat, one seat
                                                 per page in a game; K the page's key from hello)
  {"id":N, "do":"place"|"lift"|"touch", "spot":SPOT}   emulated table only
  {"id":N, "do":"cmd", "line":TEXT}              a protocol line
A page that falls more than QUEUE messages behind is sent a fresh hello instead of the backlog,
so a slow page never makes the server hold more. Requests past the rate (access.py) are refused
unsent.
"""

from __future__ import annotations

import asyncio
import json
import pathlib
import secrets

from aiohttp import WSMsgType, web

from arkham_host.view import access, play

PAGE = pathlib.Path(__file__).parent / "page"
QUEUE = 1000
VERBS = ("place", "lift", "touch")
REFRESH_AFTER = ("status", "link")  # watch messages after which the choices are read again


def _printable(line):
    return isinstance(line, str) and 0 < len(line) <= 512 and all(" " <= c <= "~" for c in line)


class Page:
    """One open page: its queue, its key and (in a seated game) its seat."""

    def __init__(self, deliver):
        self.deliver = deliver
        self.key = secrets.token_hex(8)
        self.seat = None


class ViewServer:
    def __init__(self, watch, forecaster=None, access_=None):
        from arkham_host.view import board_svg, layout

        self.watch = watch
        bm = watch.board_map()
        self.spots = {s["name"] for s in bm["spots"]}
        self.svg = board_svg.svg(bm, layout.for_board(bm), {})
        self.pages = {}  # ws -> Page
        self.forecaster = forecaster
        self.access = access_ or access.Access()
        self.sent = 0
        self.claims = {}  # seat -> page key, for the game now played (AR-INFO-1)
        self.claims_game = None
        self.shared = None  # the last public choices
        self._refresh_task = None
        self._again = False
        self.loop = None

    def hello(self, page=None):
        msg = self.watch.snapshot()
        msg["svg"] = self.svg
        if self.forecaster is not None:
            msg["forecast"] = self.forecaster.latest
        if page is not None:
            msg["you"] = {"key": page.key, "seat": page.seat}
        return msg

    def app(self):
        app = web.Application(middlewares=[self.access.middleware])
        app.router.add_get("/", self._index)
        app.router.add_get("/board.svg", self._board)
        app.router.add_get("/ws", self._ws)
        app.router.add_static("/page/", PAGE)
        app.on_startup.append(self._startup)
        app.on_shutdown.append(self._shutdown)
        return app

    async def _startup(self, app):
        self.loop = asyncio.get_running_loop()
        self.watch.subscribe(self._from_watch)

    def _from_watch(self, msg):  # from the watch's threads
        t = msg.get("t")
        if t in REFRESH_AFTER or (t == "ev" and msg["ev"].get("ev") == "game"):
            try:
                self.loop.call_soon_threadsafe(self.refresh)
            except RuntimeError:
                pass  # the loop is closing

    async def _index(self, request):
        return web.FileResponse(PAGE / "index.html")

    async def _board(self, request):
        from arkham_host.view import board_svg, layout

        bm = self.watch.board_map()
        text = board_svg.svg(bm, layout.for_board(bm), self.watch.look())
        return web.Response(text=text, content_type="image/svg+xml")

    async def _shutdown(self, app):
        self.watch.unsubscribe(self._from_watch)
        for ws in list(self.pages):
            await ws.close()

    # ---- the choices ------------------------------------------------------------------------
    def refresh(self):
        """Read the choices again (one read at a time; a call meanwhile reads once more after)."""
        if self._refresh_task is not None and not self._refresh_task.done():
            self._again = True
            return
        self._refresh_task = asyncio.ensure_future(self._refresh())

    async def _refresh(self):
        loop = asyncio.get_running_loop()
        while True:
            self._again = False
            try:
                shared = await loop.run_in_executor(None, play.public, self.watch)
            except Exception as e:  # the table went away meanwhile: the link message says so
                shared = {"t": "choices", "game": self.watch.game, "groups": [], "waits": {},
                          "err": str(e)}
            self._new_game_claims()
            self.shared = shared
            for ws, page in list(self.pages.items()):
                await self._send_choices(page)
            if not self._again:
                return

    async def _send_choices(self, page):
        shared = self.shared
        if shared is None:
            return
        msg = {k: v for k, v in shared.items() if not k.startswith("_")}
        msg["seat"] = page.seat
        if page.seat is not None and shared.get("seated"):
            loop = asyncio.get_running_loop()
            try:
                msg["mine"] = await loop.run_in_executor(None, play.private, self.watch,
                                                         page.seat, shared)
            except Exception as e:
                msg["mine"] = {"seat": page.seat, "err": str(e)}
        page.deliver(msg)

    def _new_game_claims(self):
        key = (self.watch.game, self.watch.game_started)
        if key != self.claims_game:
            self.claims_game = key
            self.claims = {}
            for page in self.pages.values():
                page.seat = None

    def _seats(self):
        st = (self.shared or {}).get("_state") or {}
        if self.watch.game == "ritual":
            return len(st.get("sanity") or ())
        if self.watch.game == "final-hour":
            return len(st.get("health") or ())
        return 0

    # ---- one page ---------------------------------------------------------------------------
    async def _ws(self, request):
        ws = web.WebSocketResponse(heartbeat=20)
        await ws.prepare(request)
        loop = asyncio.get_running_loop()
        q = asyncio.Queue()

        def deliver(msg):  # on the loop
            if q.qsize() >= QUEUE:
                while not q.empty():
                    q.get_nowait()
                q.put_nowait(self.hello(page))
            else:
                q.put_nowait(msg)

        def listener(msg):  # from the watch's threads
            try:
                loop.call_soon_threadsafe(deliver, msg)
            except RuntimeError:
                pass  # the loop is closing

        async def sender():
            while True:
                msg = await q.get()
                await ws.send_str(json.dumps(msg))
                self.sent += 1

        page = Page(deliver)
        await ws.send_str(json.dumps(self.hello(page)))
        self.watch.subscribe(listener)
        self.pages[ws] = page
        task = asyncio.create_task(sender())
        if self.shared is None:
            self.refresh()
        else:
            await self._send_choices(page)
        who = request.remote
        try:
            async for m in ws:
                if m.type != WSMsgType.TEXT:
                    continue
                if not self.access.ws.take(who):
                    deliver({"t": "reply", "ok": False, "id": None,
                             "err": "too many requests: slow down (nothing was sent)"})
                    continue
                reply = await self._request(m.data, page)
                deliver(reply)
                if reply.get("refresh"):
                    self.refresh()
        finally:
            self.watch.unsubscribe(listener)
            self.pages.pop(ws, None)
            task.cancel()
        return ws

    async def _request(self, data, page):
        try:
            req = json.loads(data)
        except ValueError:
            return {"t": "reply", "ok": False, "err": "want a JSON object"}
        if not isinstance(req, dict):
            return {"t": "reply", "ok": False, "err": "want a JSON object"}
        rid = req.get("id")
        out = {"t": "reply", "id": rid, "do": req.get("do")}
        try:
            fn, args, refresh = self._plan(req, page)
        except play.Refused as e:
            out.update(ok=False, err=str(e))
            return out
        if fn is None:
            out.update(args)
            return out
        try:
            got = await asyncio.get_running_loop().run_in_executor(None, fn, *args)
        except play.Refused as e:
            got = {"ok": False, "err": str(e)}
        except Exception as e:  # the table went away, a timeout
            got = {"ok": False, "err": str(e)}
        if got.get("private") is not None:  # (never on a page: AR-INFO-1)
            got = {"ok": got.get("ok"), "hidden": "a private reply for seat %s" % got["private"]}
        out.update({k: v for k, v in got.items() if k not in ("t", "id")})
        if refresh and not got.get("ok"):
            out["refresh"] = True  # (an accepted one: its events bring a dump and new choices)
        return out

    def _plan(self, req, page):
        """(function, its args, refresh the choices after) for one request; (None, fields, _)
        when it is answered here."""
        do = req.get("do")
        w = self.watch
        if do == "tap":
            return play.tap, (w, req.get("n"), req.get("label"), page.seat), True
        if do == "start":
            return w.command, (play.start_line(req.get("game"), req.get("options") or {}),), True
        if do in ("ok", "override"):
            spot = req.get("spot") or "all"
            if spot != "all" and spot not in self.spots:
                raise play.Refused("%s: no spot %r on this board" % (do, spot))
            return w.command, ("%s %s" % (do, spot),), True
        if do == "offer":
            return play.offer, (w, page.seat, req.get("cards")), True
        if do == "join":
            return None, self._join(req, page), False
        if do in VERBS:
            if not w.emulated:
                raise play.Refused("a real table: put the tokens on the board itself")
            spot = req.get("spot")
            if spot not in self.spots:
                raise play.Refused("no spot %r on this board" % (spot,))
            return w.world, ("%s %s" % (do, spot),), False
        if do == "cmd":
            line = req.get("line")
            if not _printable(line):
                raise play.Refused("cmd: want one line of printable ASCII (at most 512)")
            return w.command, (line,), True
        raise play.Refused("do: want tap, start, ok, override, offer, join, place, lift, touch "
                           "or cmd, not %r" % (do,))

    def _join(self, req, page):
        """This page becomes seat S for this game: only if no other page holds S, and this page
        (its key: the page keeps it across reloads) holds no other seat (AR-INFO-1)."""
        seat, key = req.get("seat"), req.get("key")
        if not (self.shared or {}).get("seated"):
            return {"ok": False, "err": "join: this game has no seats with private cards"}
        n = self._seats()
        if not isinstance(seat, int) or not 1 <= seat <= n:
            return {"ok": False, "err": "join: want a seat 1..%d, not %r" % (n, seat)}
        if isinstance(key, str) and 0 < len(key) <= 64:
            page.key = key  # the key this page had before a reload
        held = [s for s, k in self.claims.items() if k == page.key]
        if held and held != [seat]:
            return {"ok": False, "err": "join: this page is seat %d in this game; a page sees "
                    "one seat's cards only" % held[0]}
        if self.claims.get(seat, page.key) != page.key:
            return {"ok": False, "err": "join: seat %d is another page's" % seat}
        self.claims[seat] = page.key
        page.seat = seat
        asyncio.ensure_future(self._send_choices(page))
        return {"ok": True, "seat": seat, "key": page.key}
