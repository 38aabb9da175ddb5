"""A real table's page when the serial link is lost (issue 30): the page is told "table
disconnected" at once, a command meanwhile is refused with that reason (nothing is sent), and when
the port comes back the watch reopens it and resyncs with `since`: every event the table made
while unplugged reaches the page, once each and in order, and the page is told the table is back.

The "real table" is an emulated one's pty watched without its registry entry (dump-polled, no
world socket: as a Pico on /dev/ttyACM0). The unplug is the link closed; until the test plugs it
back, reopening the port fails as it does while the USB device is gone."""

import asyncio
import json
import threading

import arkham_host.wire.link
from aiohttp.test_utils import TestClient, TestServer
from arkham_host.view.server import ViewServer
from arkham_host.view.watch import TableWatch


async def until(ws, pred, seen, limit=600):
    """Messages until one satisfies pred; every event's seq goes into `seen` on the way."""
    for _ in range(limit):
        msg = json.loads((await ws.receive(timeout=20)).data)
        if msg["t"] == "ev":
            seen.append(msg["ev"]["seq"])
        if pred(msg):
            return msg
    raise AssertionError("no such message in %d" % limit)


def test_a_lost_link_says_table_disconnected_and_resyncs_losing_no_event(monkeypatch):
    owner = TableWatch.own_sim("bringup", game="bringup")
    owner.link.close()  # (the sim runs on; its pty is free for the "real" table's watch)
    port = owner.sim.serial_path
    real = TableWatch(port, real=True)
    RealLink = arkham_host.wire.link.Link
    plugged = threading.Event()  # (set from the test, read in the watch's thread)

    class Unplugged(RealLink):
        def __init__(self, *a, **kw):
            if not plugged.is_set():
                raise OSError("no such device (unplugged)")
            super().__init__(*a, **kw)

    async def body(client):
        seen = []
        ws = await client.ws_connect("/ws")
        hello = await until(ws, lambda m: m["t"] == "hello", seen)
        assert hello["up"] is True and hello["emulated"] is False
        seen.extend(e["seq"] for e in hello["events"])
        loop = asyncio.get_running_loop()
        world = owner.sim.world
        await loop.run_in_executor(None, world, "place pad_01")
        await until(ws, lambda m: m["t"] == "ev" and m["ev"].get("spot") == "pad_01", seen)

        monkeypatch.setattr(arkham_host.wire.link, "Link", Unplugged)
        real.link.close()  # unplugged
        down = await until(ws, lambda m: m["t"] == "link", seen)
        assert down["up"] is False
        await ws.send_str(json.dumps({"id": 7, "do": "cmd", "line": "hello"}))
        reply = await until(ws, lambda m: m["t"] == "reply" and m.get("id") == 7, seen)
        assert reply["ok"] is False and "table disconnected" in reply["err"]

        # the table plays on while nobody listens (what it sends meanwhile is lost, as on a USB
        # unplug: a link of the test's own reads it and drops it)
        void = RealLink(port)
        for line in ("place pad_02", "place pad_03", "lift pad_01"):
            await loop.run_in_executor(None, world, line)
        await loop.run_in_executor(None, lambda: void.expect("pad", spot="pad_01",
                                                             present=False, timeout=10))
        missed_to = void.request("hello")["seq"]
        void.close()

        plugged.set()  # plugged back in
        back = await until(ws, lambda m: m["t"] == "link", seen)
        assert back["up"] is True and back["resynced"] is True
        await loop.run_in_executor(None, world, "lift pad_02")
        await until(ws, lambda m: m["t"] == "ev" and m["ev"].get("spot") == "pad_02"
                    and m["ev"].get("present") is False, seen)
        await ws.send_str(json.dumps({"id": 8, "do": "cmd", "line": "hello"}))
        reply = await until(ws, lambda m: m["t"] == "reply" and m.get("id") == 8, seen)
        assert reply["ok"] is True
        return seen, missed_to

    async def main():
        client = TestClient(TestServer(ViewServer(real).app()))
        await client.start_server()
        try:
            return await body(client)
        finally:
            await client.close()

    try:
        seen, missed_to = asyncio.run(main())
    finally:
        real.close()
        owner.close()
    assert seen == sorted(set(seen)), "an event twice or out of order: %s" % seen
    assert seen == list(range(seen[0], seen[-1] + 1)), "an event lost: %s" % seen
    assert seen[-1] > missed_to  # (the events made while unplugged are among them)
