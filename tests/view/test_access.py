"""Who may open the live page (issue 30): `view --lan` serves the room's network, and a page from
another computer needs the pairing code; this computer (127.0.0.1) does not. A page that asks too
fast is refused and nothing reaches the table.

The server is bound on this computer's LAN address and asked from that address, so the peer the
server sees is not a loopback one: exactly a phone's case."""

import asyncio
import io
import json

import aiohttp
import pytest
import yarl
from aiohttp import web
from arkham_host.view import access
from arkham_host.view.command import print_pairing
from arkham_host.view.server import ViewServer
from arkham_host.view.watch import TableWatch

CODE = "402913"


@pytest.fixture(scope="module")
def bringup():
    w = TableWatch.own_sim("bringup", game="bringup")
    yield w
    w.close()


def serve(watch, body, host, acc):
    async def main():
        runner = web.AppRunner(ViewServer(watch, access_=acc).app())
        await runner.setup()
        site = web.TCPSite(runner, host, 0)
        await site.start()
        base = "http://%s:%d" % (host, site._server.sockets[0].getsockname()[1])
        try:
            # (a browser keeps a cookie from an IP address; aiohttp's jar only when unsafe=True)
            async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as s:
                return await body(s, base)
        finally:
            await runner.cleanup()

    return asyncio.run(main())


def lan():
    addr = access.lan_address()
    if addr is None:
        pytest.skip("this computer has no address but 127.0.0.1")
    return addr


async def receive_until(ws, pred, limit=400):
    for _ in range(limit):
        msg = json.loads((await ws.receive(timeout=20)).data)
        if pred(msg):
            return msg
    raise AssertionError("no such message in %d" % limit)


def test_a_lan_page_without_the_code_gets_403_and_no_game_data(bringup):
    async def body(s, base):
        for path in ("/", "/board.svg", "/page/play.js", "/ws", "/?code=000000"):
            r = await s.get(base + path)
            text = await r.text()
            assert r.status == 403, (path, r.status)
            assert "pairing code" in text and "pad_" not in text and "bringup" not in text
        with pytest.raises(aiohttp.WSServerHandshakeError) as e:
            await s.ws_connect(base + "/ws")
        assert e.value.status == 403

    serve(bringup, body, lan(), access.Access(CODE))


def test_the_code_once_then_its_cookie_opens_the_page_and_its_socket(bringup):
    async def body(s, base):
        r = await s.get(base + "/?code=" + CODE)
        assert r.status == 200 and "play.js" in await r.text()
        assert s.cookie_jar.filter_cookies(yarl.URL(base)).get(access.COOKIE).value == CODE
        r = await s.get(base + "/board.svg")  # (the cookie now, no code in the address)
        assert r.status == 200 and "pad_01" in await r.text()
        ws = await s.ws_connect(base + "/ws")
        hello = await receive_until(ws, lambda m: m["t"] == "hello")
        assert hello["board"] == "bringup"
        await ws.close()

    serve(bringup, body, lan(), access.Access(CODE))


def test_this_computer_needs_no_code(bringup):
    async def body(s, base):
        r = await s.get(base + "/")
        assert r.status == 200

    serve(bringup, body, "127.0.0.1", access.Access(CODE))


def test_a_flood_of_requests_is_refused_and_changes_nothing(bringup):
    """Past the burst: HTTP 429, and a websocket request answered `too many requests` without
    reaching the table (the table's seq does not move)."""

    async def body(s, base):
        statuses = [(await s.get(base + "/board.svg")).status for _ in range(8)]
        assert statuses[:5] == [200] * 5 and 429 in statuses[5:], statuses
        await asyncio.sleep(0)
        return statuses

    serve(bringup, body, "127.0.0.1", access.Access(None, rate=0.01, burst=5))

    async def flood(s, base):
        ws = await s.ws_connect(base + "/ws")
        await receive_until(ws, lambda m: m["t"] == "hello")
        pads = ["pad_%02d" % i for i in range(10, 16)]
        for i, pad in enumerate(pads):  # the burst is spent by the first 3
            await ws.send_str(json.dumps({"id": i, "do": "place", "spot": pad}))
        got = []
        while len(got) < 6:
            got.append(await receive_until(ws, lambda m: m["t"] == "reply"))
        refused = [m for m in got if not m["ok"]]
        assert len(refused) == 3 and all("too many requests" in m["err"] for m in refused), got
        tokens = bringup.sim.world("tokens")
        await ws.close()
        for pad in pads[:3]:
            bringup.sim.world("lift " + pad)
        return tokens

    tokens = serve(bringup, flood, "127.0.0.1", access.Access(None, rate=0.01, burst=3))
    on = set(tokens["tokens"])
    assert {"pad_10", "pad_11", "pad_12"} <= on and not on & {"pad_13", "pad_14", "pad_15"}, tokens


def test_the_pairing_url_and_its_qr_code():
    out = io.StringIO()
    url = print_pairing("192.168.1.20", 8765, CODE, out=out)
    assert url == "http://192.168.1.20:8765/?code=" + CODE
    text = out.getvalue()
    assert url in text and CODE in text
    qr = text.split("\n", 1)[1]
    assert len(qr.splitlines()) >= 12 and ("█" in qr or "▀" in qr)  # the code, in blocks


def test_a_wrong_code_never_matches():
    acc = access.Access(CODE, local_free=False)

    class Req:
        remote = "192.168.1.40"
        cookies = {}

        def __init__(self, code):
            self.query = {"code": code} if code is not None else {}

    assert acc.allowed(Req(CODE))
    for bad in (None, "", "402914", CODE + "0", CODE[:-1], "4029l3"):
        assert not acc.allowed(Req(bad)), bad
