"""The live view's server and websocket protocol (issue 12), driven from Python with aiohttp's
test client against a real emulated table: the page and the board; a token placed through the
world socket reaches the page; a page's click places a token; bad requests change nothing; a real
table's page sends commands but places no token; Ritual's private replies never reach the page
(AR-INFO-1); a game played at full speed over the pty reaches the page event by event, with bounded memory."""

import asyncio
import json
import random
import tracemalloc
import xml.etree.ElementTree as ET

import gameplay
import pytest
from aiohttp.test_utils import TestClient, TestServer
from arkham_host.view.server import ViewServer
from arkham_host.view.watch import KEEP_EVENTS, TableWatch
from arkham_host.wire.worldclient import World

SVGNS = "{http://www.w3.org/2000/svg}"


@pytest.fixture
def bringup():
    w = TableWatch.own_sim("bringup", game="bringup")
    yield w
    w.close()


def run(watch, body):
    async def main():
        client = TestClient(TestServer(ViewServer(watch).app()))
        await client.start_server()
        try:
            return await body(client)
        finally:
            await client.close()

    return asyncio.run(main())


async def until(ws, pred, limit=400):
    """Messages from the page's socket until one satisfies pred (bounded in count)."""
    for _ in range(limit):
        msg = json.loads((await ws.receive(timeout=20)).data)
        if pred(msg):
            return msg
    raise AssertionError("no such message in %d" % limit)


def test_page_board_and_hello(bringup):
    async def body(client):
        r = await client.get("/")
        assert r.status == 200 and "view.js" in await r.text()
        r = await client.get("/board.svg")
        root = ET.fromstring(await r.text())
        names = {g.get("data-spot") for g in root.iter(SVGNS + "g") if g.get("data-spot")}
        assert names == {"pad_%02d" % i for i in range(48)}
        ws = await client.ws_connect("/ws")
        hello = await until(ws, lambda m: m["t"] == "hello")
        assert hello["board"] == "bringup" and hello["emulated"] is True
        assert 'data-spot="pad_47"' in hello["svg"]
        assert any(e["ev"] == "hello" for e in hello["events"])

    run(bringup, body)


def test_a_token_placed_through_the_world_appears_on_the_page(bringup):
    async def body(client):
        ws = await client.ws_connect("/ws")
        await until(ws, lambda m: m["t"] == "hello")
        w = World(bringup.world_path)
        w.place("pad_05")
        w.close()
        ev = await until(ws, lambda m: m["t"] == "ev" and m["ev"]["ev"] == "pad")
        assert ev["ev"]["spot"] == "pad_05" and ev["ev"]["present"] is True
        look = await until(ws, lambda m: m["t"] == "look" and "pad_05" in m["look"]["present"])
        assert look["look"]["lit"]["pad_05"] == [0, 160, 0]  # bring-up: green under a token

    run(bringup, body)


def test_a_click_on_the_page_places_and_lifts_a_token(bringup):
    async def body(client):
        ws = await client.ws_connect("/ws")
        await until(ws, lambda m: m["t"] == "hello")
        await ws.send_str(json.dumps({"id": 1, "do": "place", "spot": "pad_07"}))
        reply = await until(ws, lambda m: m["t"] == "reply")
        assert reply["id"] == 1 and reply["ok"] is True
        await until(ws, lambda m: m["t"] == "look" and "pad_07" in m["look"]["present"])
        w = World(bringup.world_path)
        assert "pad_07" in w.tokens()
        await ws.send_str(json.dumps({"id": 2, "do": "lift", "spot": "pad_07"}))
        await until(ws, lambda m: m["t"] == "look" and "pad_07" not in m["look"]["present"])
        assert "pad_07" not in w.tokens()
        w.close()

    run(bringup, body)


@pytest.mark.parametrize(
    "req, says",
    [
        ({"do": "place", "spot": "nowhere"}, "no spot 'nowhere'"),
        ({"do": "explode", "spot": "pad_01"}, "want tap, start, ok"),
        ({"do": "cmd", "line": "hello\x03"}, "printable ASCII"),
        ({"do": "cmd", "line": "x" * 600}, "at most 512"),
        ("not json", "JSON object"),
    ],
)
def test_bad_requests_get_a_reason_and_change_nothing(bringup, req, says):
    async def body(client):
        ws = await client.ws_connect("/ws")
        await until(ws, lambda m: m["t"] == "hello")
        await ws.send_str(req if isinstance(req, str) else json.dumps(req))
        reply = await until(ws, lambda m: m["t"] == "reply")
        assert reply["ok"] is False and says in reply["err"]
        w = World(bringup.world_path)
        assert w.tokens() == []
        w.close()

    run(bringup, body)


def test_a_real_tables_page_sends_commands_but_places_no_token():
    owner = TableWatch.own_sim("bringup", game="bringup")
    try:
        # the pty without a registry entry is taken for a real table: dump-polled; since issue 30
        # its page is the table's control (commands), but tokens go on the board itself
        owner.link.close()
        real = TableWatch.attach(owner.sim.serial_path)
        try:
            async def body(client):
                ws = await client.ws_connect("/ws")
                hello = await until(ws, lambda m: m["t"] == "hello")
                assert hello["emulated"] is False
                await ws.send_str(json.dumps({"do": "place", "spot": "pad_01"}))
                reply = await until(ws, lambda m: m["t"] == "reply")
                assert reply["ok"] is False and "board itself" in reply["err"]
                await ws.send_str(json.dumps({"do": "cmd", "line": "hello"}))
                reply = await until(ws, lambda m: m["t"] == "reply" and m.get("do") == "cmd")
                assert reply["ok"] is True and reply["proto"] == 1

            run(real, body)
        finally:
            real.close()
    finally:
        owner.sim.stop()


def test_ritual_private_replies_never_reach_the_page_AR_INFO_1():
    w = TableWatch.own_sim("ritual", game="ritual")
    try:
        async def body(client):
            ws = await client.ws_connect("/ws")
            await until(ws, lambda m: m["t"] == "hello")
            await ws.send_str(json.dumps({"id": 3, "do": "cmd", "line": "look 1"}))
            reply = await until(ws, lambda m: m["t"] == "reply")
            assert reply["ok"] is True and "view" not in reply and "seat 1" in reply["hidden"]
            # nothing sent to the page carries the seat's view
            direct = w.link.request("look 1")
            assert direct["private"] == 1 and direct["view"]
            await ws.send_str(json.dumps({"id": 4, "do": "cmd", "line": "hello"}))
            seen = []
            await until(ws, lambda m: seen.append(m) or m["t"] == "reply")
            # (a reply's "private" key: the shared page's own `choices` carry "private_for")
            assert all('"private":' not in json.dumps(m) for m in seen), seen
            assert all(json.dumps(direct["view"]) not in json.dumps(m) for m in seen)

        run(w, body)
    finally:
        w.close()


def test_a_full_speed_game_reaches_the_page_event_by_event_with_bounded_memory():
    """One page open while an AH2e game is played as fast as the pty goes: every event the
    table numbers reaches the page in order; what the server keeps stays bounded."""
    w = TableWatch.own_sim("ah2e", game="bringup")
    try:
        async def body(client):
            ws = await client.ws_connect("/ws")
            hello = await until(ws, lambda m: m["t"] == "hello")
            seqs = [e["seq"] for e in hello["events"]]
            traffic = 0
            loop = asyncio.get_running_loop()

            def play():
                w.link.request("game ah2e seed=11 players=3", timeout=30)
                tracemalloc.start()
                gameplay.play(w.link, 40, random.Random(3))  # the bounded buffers fill up
                first = tracemalloc.get_traced_memory()[0]
                gameplay.play(w.link, 120, random.Random(4))
                second = tracemalloc.get_traced_memory()[0]
                tracemalloc.stop()
                return w.link.request("hello")["seq"], first, second

            task = loop.run_in_executor(None, play)
            while not task.done() or (seqs and seqs[-1] < task.result()[0]):
                try:
                    m = json.loads((await ws.receive(timeout=1)).data)
                except asyncio.TimeoutError:
                    continue
                if m["t"] == "ev":
                    seqs.append(m["ev"]["seq"])
                    traffic += len(json.dumps(m))
                elif m["t"] == "hello":  # a resync would mean the page fell behind
                    raise AssertionError("the page was resynced: it fell behind")
            last, first, second = task.result()
            assert seqs == list(range(seqs[0], last + 1)), "events missing or out of order"
            print("full-speed game: %d events (%d bytes) to the page; traced heap after 40 actions "
                  "%d, after 160: %d bytes" % (len(seqs), traffic, first, second))
            assert len(w.events) <= KEEP_EVENTS
            assert len(w.link.events) <= 2 * w.link.keep + 1 and len(w.link.lines) <= w.link.keep
            # the shapes' history holds at most a window per spot; the whole heap stays small
            assert len(w.shapes.hist) <= 79
            assert second < 2_000_000

        run(w, body)
    finally:
        w.close()


def test_the_odds_of_doom_reach_the_page_after_a_mythos_phase():
    """The page's forecast is recomputed when a Mythos phase ends (a `phase` event into upkeep)."""
    import time

    from arkham_host.view.liveodds import LiveOdds

    w = TableWatch.own_sim("ah2e", game="bringup")
    odds = LiveOdds(w, games=10)
    got = []
    w.subscribe(lambda m: m.get("t") == "forecast" and got.append(m))
    try:
        odds.start()
        w.link.request("game ah2e seed=9 players=2", timeout=30)  # setup ends in upkeep
        for _ in range(600):
            if got:
                break
            time.sleep(0.05)
        assert got, "no forecast after the setup's Mythos phase"
        fc = got[0]
        assert fc["games"] == 10 and fc["turn"] == 1 and fc["within"] == sorted(fc["within"])
        assert odds.latest is fc
    finally:
        odds.stop()
        w.close()



def test_a_command_at_a_game_switch_waits_for_the_tables_boot(bringup):
    """A game switch restarts the table: first its `game` event, then (~0.2 s on the sim, ~1.2 s
    on a Pico) its boot's `hello` event; a line sent in between is lost. The pages' choices are
    read again at the `game` event, so the watch holds every command until the boot (before: that
    `legal` went unanswered for its whole 30 s timeout, holding the command lock, and with it the
    watch's dumps: the full-speed test's link events piled up). Here the table's two events are
    fed to the watch by hand, so the window is as long as the test wants."""
    import threading

    w = bringup
    log = []
    waiting = threading.Event()

    class Booted(threading.Event):
        def wait(self, timeout=None):
            waiting.set()
            return super().wait(timeout)

    w.booted = Booted()
    w.booted.set()
    write = w.link.write
    w.link.write = lambda data: (log.append("sent " + data.split(" ", 1)[1].strip()), write(data))
    seq = w.last_seq
    w._on_line("", {"seq": seq + 1, "ev": "game", "game": "bringup"})  # the table restarts...
    got = []
    t = threading.Thread(target=lambda: got.append(w.command("hello", timeout=10)))
    waiting.clear()
    t.start()
    for _ in range(400):  # until the command is sent or waits for the boot
        if "sent hello" in log or waiting.is_set():
            break
        threading.Event().wait(0.01)
    log.append("booted")
    w._on_line("", {"seq": seq + 2, "ev": "hello", "game": "bringup"})  # ...and is back
    t.join(20)
    assert log.index("booted") < log.index("sent hello"), log
    assert got and got[0]["ok"] is True, got


def test_one_holder_and_one_command_at_a_time_on_a_real_table():
    """The page holds a real table's port: a console opened meanwhile is refused (port busy), and
    two pages asking at once never put two commands on the link together (the watch's own dumps
    neither): each waits its turn, and each page gets its own replies."""
    import threading

    from arkham_host.wire.link import Link
    from arkham_host.wire.portlock import PortBusy

    owner = TableWatch.own_sim("bringup", game="bringup")
    owner.link.close()
    real = TableWatch.attach(owner.sim.serial_path)
    busy = [0, 0]  # now, most
    guard = threading.Lock()
    request = real.link.request

    def counted(line, timeout=5.0):
        with guard:
            busy[0] += 1
            busy[1] = max(busy)
        try:
            return request(line, timeout)
        finally:
            with guard:
                busy[0] -= 1

    real.link.request = counted
    try:
        with pytest.raises(PortBusy):
            Link(owner.sim.serial_path)  # the console's open

        async def body(client):
            pages = [await client.ws_connect("/ws") for _ in range(2)]
            for ws in pages:
                await until(ws, lambda m: m["t"] == "hello")
            for i in range(10):
                for p, ws in enumerate(pages):
                    await ws.send_str(json.dumps({"id": 100 * p + i, "do": "cmd",
                                                  "line": "faults" if p else "hello"}))
            for p, ws in enumerate(pages):
                ids = []
                while len(ids) < 10:
                    r = await until(ws, lambda m: m["t"] == "reply" and m.get("do") == "cmd")
                    assert r["ok"] is True and ("faults" in r) == bool(p), r
                    ids.append(r["id"])
                assert ids == [100 * p + i for i in range(10)]

        run(real, body)
    finally:
        real.close()
        owner.close()
    assert busy[1] == 1, "two commands on the link at once"


def test_after_a_power_cut_the_page_plays_the_resumed_game():
    """A power cut mid-game: the firmware dies without a word and boots again (the sim's relay
    starts it as a Pico's boot does, the pty stays); the table resumes its saved game, and the
    page's choices come back as they were, and a tap plays on. The game is started from the page
    (`start`) and played by `tap`s."""
    w = TableWatch.own_sim("ah2e", game="bringup")
    try:
        async def body(client):
            ws = await client.ws_connect("/ws")
            await until(ws, lambda m: m["t"] == "hello")
            await ws.send_str(json.dumps({"id": 1, "do": "start", "game": "ah2e",
                                          "options": {"players": 1, "seed": 4}}))
            r = await until(ws, lambda m: m["t"] == "reply" and m.get("id") == 1)
            assert r["ok"] is True, r
            for i in range(5):
                c = await until(ws, lambda m: m["t"] == "choices" and m["groups"]
                                and m["seq"] >= w.last_seq)
                item = c["groups"][0]["items"][0]
                await ws.send_str(json.dumps({"id": 10 + i, "do": "tap", "n": item["n"],
                                              "label": item["label"]}))
                r = await until(ws, lambda m: m["t"] == "reply" and m.get("id") == 10 + i)
                assert r["ok"] is True, r
            before = await until(ws, lambda m: m["t"] == "choices" and m["groups"]
                                 and m["seq"] >= w.last_seq)
            w.sim._restart_due = True  # (the relay boots it again, as power coming back does)
            w.sim.proc.kill()  # the power cut: no save, no goodbye
            await until(ws, lambda m: m["t"] == "ev" and m["ev"]["ev"] == "resumed")
            after = await until(ws, lambda m: m["t"] == "choices" and m["groups"]
                                and m["seq"] >= w.last_seq)
            assert after["groups"] == before["groups"] and after["waits"] == before["waits"]
            item = after["groups"][0]["items"][0]
            await ws.send_str(json.dumps({"id": 20, "do": "tap", "n": item["n"],
                                          "label": item["label"]}))
            r = await until(ws, lambda m: m["t"] == "reply" and m.get("id") == 20)
            assert r["ok"] is True, r

        run(w, body)
    finally:
        w.close()
