"""The live page: aiohttp serves the page, the board SVG and one websocket per open page.

Websocket messages, server -> page (JSON):
  {"t":"hello", board, game, emulated, svg, look, events, status}   on connect (and on resync)
  {"t":"look", look}        lights (colour at full level + shape), tokens, waits, faults
  {"t":"ev", ev}            every event the table sends (never a reply, never a private line)
  {"t":"status", status, game}   the AH2e panel after a burst of events
  {"t":"forecast", ...}     the odds of doom, after each Mythos phase (AH2e)
  {"t":"reply", id, ...}    the answer to the page's own request
page -> server:
  {"id":N, "do":"place"|"lift"|"touch", "spot":SPOT}   emulated table only
  {"id":N, "do":"cmd", "line":TEXT}                     a protocol line; emulated table only
A page that falls more than QUEUE messages behind is sent a fresh hello instead of the backlog,
so a slow page never makes the server hold more.
"""

from __future__ import annotations

import asyncio
import json
import pathlib

from aiohttp import WSMsgType, web

PAGE = pathlib.Path(__file__).parent / "page"
QUEUE = 1000
VERBS = ("place", "lift", "touch")


def _printable(line):
    return isinstance(line, str) and 0 < len(line) <= 512 and all(" " <= c <= "~" for c in line)


class ViewServer:
    def __init__(self, watch, forecaster=None):
        from arkham_host.view import board_svg, layout

        self.watch = watch
        bm = watch.board_map()
        self.spots = {s["name"] for s in bm["spots"]}
        self.svg = board_svg.svg(bm, layout.for_board(bm), {})
        self.pages = set()
        self.forecaster = forecaster
        self.sent = 0

    def hello(self):
        msg = self.watch.snapshot()
        msg["svg"] = self.svg
        if self.forecaster is not None:
            msg["forecast"] = self.forecaster.latest
        return msg

    def app(self):
        app = web.Application()
        app.router.add_get("/", self._index)
        app.router.add_get("/board.svg", self._board)
        app.router.add_get("/ws", self._ws)
        app.router.add_static("/page/", PAGE)
        app.on_shutdown.append(self._shutdown)
        return app

    async def _index(self, request):
        return web.FileResponse(PAGE / "index.html")

    async def _board(self, request):
        from arkham_host.view import board_svg, layout

        bm = self.watch.board_map()
        text = board_svg.svg(bm, layout.for_board(bm), self.watch.look())
        return web.Response(text=text, content_type="image/svg+xml")

    async def _shutdown(self, app):
        for ws in list(self.pages):
            await ws.close()

    async def _ws(self, request):
        ws = web.WebSocketResponse(heartbeat=20)
        await ws.prepare(request)
        loop = asyncio.get_running_loop()
        q = asyncio.Queue()

        def deliver(msg):  # on the loop
            if q.qsize() >= QUEUE:
                while not q.empty():
                    q.get_nowait()
                q.put_nowait(self.hello())
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

        await ws.send_str(json.dumps(self.hello()))
        self.watch.subscribe(listener)
        self.pages.add(ws)
        task = asyncio.create_task(sender())
        try:
            async for m in ws:
                if m.type != WSMsgType.TEXT:
                    continue
                reply = await self._request(m.data)
                deliver(reply)
        finally:
            self.watch.unsubscribe(listener)
            self.pages.discard(ws)
            task.cancel()
        return ws

    async def _request(self, data):
        try:
            req = json.loads(data)
        except ValueError:
            return {"t": "reply", "ok": False, "err": "want a JSON object"}
        if not isinstance(req, dict):
            return {"t": "reply", "ok": False, "err": "want a JSON object"}
        rid = req.get("id")
        out = {"t": "reply", "id": rid}
        do = req.get("do")
        if not self.watch.emulated:
            out.update(ok=False, err="a real table: the page is read-only")
            return out
        if do in VERBS:
            spot = req.get("spot")
            if spot not in self.spots:
                out.update(ok=False, err="no spot %r on this board" % (spot,))
                return out
            line = "%s %s" % (do, spot)
            fn = self.watch.world
        elif do == "cmd":
            line = req.get("line")
            if not _printable(line):
                out.update(ok=False, err="cmd: want one line of printable ASCII (at most 512)")
                return out
            fn = self.watch.command
        else:
            out.update(ok=False, err="do: want place, lift, touch or cmd, not %r" % (do,))
            return out
        try:
            got = await asyncio.get_running_loop().run_in_executor(None, fn, line)
        except Exception as e:  # the table went away, a timeout
            got = {"ok": False, "err": str(e)}
        out.update({k: v for k, v in got.items() if k not in ("t", "id")})
        return out
