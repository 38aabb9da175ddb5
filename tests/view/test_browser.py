"""The live view in a real headless browser (issue 12): Chromium from the system's packages,
driven over the DevTools protocol. The board renders for every board map; a token placed through
the world socket appears on the page; a click on the page places a token on the emulated table;
a Ritual game never shows a private card (AR-INFO-1); screenshots of the AH2e board at setup and
mid-game are written to build/artifacts/view/ (or $ARKHAM_ARTIFACTS/view/)."""

import asyncio
import json
import os
import random

import cdp
import gameplay
import pytest
from aiohttp import web
from arkham_host.maker import boards
from arkham_host.view import layout
from arkham_host.view.server import ViewServer
from arkham_host.view.watch import TableWatch
from arkham_host.wire.worldclient import World

pytestmark = pytest.mark.skipif(
    cdp.find() is None,
    reason="no Chromium on this machine (apt-get install chromium; .ci/run installs it)",
)


def with_page(watch, body):
    """Serve the view of `watch` on 127.0.0.1 (any port), open it in Chromium, run body(b)."""

    async def main():
        runner = web.AppRunner(ViewServer(watch).app())
        await runner.setup()
        site = web.TCPSite(runner, "127.0.0.1", 0)
        await site.start()
        port = site._server.sockets[0].getsockname()[1]
        b = await cdp.Browser().start()
        try:
            await b.goto("http://127.0.0.1:%d/" % port)
            return await body(b)
        finally:
            await b.close()
            await runner.cleanup()

    return asyncio.run(main())


@pytest.mark.parametrize("name", boards.map_names())
def test_the_board_renders_for_every_board_map(name):
    game = {"ah2e": "ah2e", "ritual": "ritual", "final-hour": "final-hour"}.get(name, "bringup")
    w = TableWatch.own_sim(name, game=game)
    want = sorted(s["name"] for s in json.loads(boards.map_path(name).read_text())["spots"])
    try:
        async def body(b):
            got = await b.js(
                "[...document.querySelectorAll('g.spot')].map(g => g.dataset.spot).sort()"
            )
            assert got == want
            sizes = await b.js("[...document.querySelectorAll('g.spot .body')].map(e => "
                               "{const r = e.getBoundingClientRect(); return r.width * r.height;})")
            assert all(s > 0 for s in sizes)  # drawn, with a size on the page
            shown = await b.js("document.getElementById('board').textContent")
            lay = layout.for_board(w.board_map())
            assert all(s["label"].split(" ")[0] in shown for s in lay["spots"].values())
            title = await b.js("document.getElementById('what').textContent")
            assert "board " + name in title and "emulated" in title

        with_page(w, body)
    finally:
        w.close()


def test_a_world_token_appears_and_a_click_places_one():
    w = TableWatch.own_sim("bringup", game="bringup")
    try:
        async def body(b):
            world = World(w.world_path)
            world.place("pad_05")
            await b.wait_for("document.getElementById('spot-pad_05').classList.contains('present')")
            await b.wait_for("document.getElementById('spot-pad_05').dataset.rgb === '#00a000'")
            await b.click_spot("pad_09")  # a mouse click on the drawn spot
            for _ in range(100):
                if "pad_09" in world.tokens():
                    break
                await asyncio.sleep(0.05)
            assert "pad_09" in world.tokens()
            await b.wait_for("document.getElementById('spot-pad_09').classList.contains('present')")
            await b.click_spot("pad_09")  # and again: lifted
            await b.wait_for(
                "!document.getElementById('spot-pad_09').classList.contains('present')"
            )
            assert "pad_09" not in world.tokens()
            world.close()

        with_page(w, body)
    finally:
        w.close()


def test_a_ritual_game_never_shows_a_private_card_AR_INFO_1():
    w = TableWatch.own_sim("ritual", game="ritual")
    try:
        private = w.link.request("look 1")
        assert private["private"] == 1 and private["view"]
        secret = json.dumps(private["view"])

        async def body(b):
            await b.js("document.getElementById('cmd').value = 'look 1';"
                       "document.getElementById('cmdform').requestSubmit(); true")
            await b.wait_for("document.getElementById('reply').textContent.includes('hidden')")
            html = await b.js("document.documentElement.outerHTML")
            assert secret not in html and '"view"' not in html
            assert "seat 1" in await b.js("document.getElementById('reply').textContent")

        with_page(w, body)
    finally:
        w.close()


def test_screenshots_of_the_ah2e_board_at_setup_and_mid_game():
    w = TableWatch.own_sim("ah2e", game="bringup")
    out = cdp.artifacts_dir()
    try:
        w.link.request("game ah2e seed=5 players=3", timeout=30)

        async def body(b):
            await b.wait_for("document.getElementById('status').hidden === false")
            await asyncio.sleep(2.5)  # the lights' shapes are read over a blink period
            await b.screenshot(os.path.join(out, "ah2e-setup.png"))
            loop = asyncio.get_running_loop()
            await loop.run_in_executor(None, gameplay.play, w.link, 60, random.Random(2))
            turn = w.status["turn"]
            await b.wait_for("document.getElementById('statusbody').textContent.includes('turn %d')"
                             % turn)
            await asyncio.sleep(2.5)
            await b.screenshot(os.path.join(out, "ah2e-mid-game.png"))

        with_page(w, body)
    finally:
        w.close()
    for name in ("ah2e-setup.png", "ah2e-mid-game.png"):
        with open(os.path.join(out, name), "rb") as f:
            assert f.read(8) == b"\x89PNG\r\n\x1a\n"
