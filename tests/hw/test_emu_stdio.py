"""The emulated table's real stdio path (select.poll on the unix port, select on CPython): world
lines in, replies, pad events and frame lines out; `quit` and end-of-input end the process."""

import json
import os
import select
import subprocess
import time

import pytest
from arkham_host.device import runtimes

EMULATOR = str(runtimes.FIRMWARE_DIR / "emulator.py")


class Emu:
    def __init__(self, runtime):
        argv, env = runtimes.command(runtime, EMULATOR, "--board", "bringup", heap="512k")
        self.p = subprocess.Popen(argv, env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        self.buf = b""
        self.seen = []

    def send(self, data):
        self.p.stdin.write(data)
        self.p.stdin.flush()

    def expect(self, pred, what, timeout=10):
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            while b"\n" in self.buf:
                line, self.buf = self.buf.split(b"\n", 1)
                world = line.startswith(b"\x1e")
                obj = json.loads(line[1:] if world else line)
                self.seen.append((world, obj))
                if pred(world, obj):
                    return obj
            r, _, _ = select.select([self.p.stdout], [], [], 0.1)
            if r:
                chunk = os.read(self.p.stdout.fileno(), 65536)
                if not chunk:
                    break
                self.buf += chunk
        raise AssertionError("no %s; seen: %r" % (what, self.seen[-10:]))


@pytest.mark.parametrize("runtime", ["micropython", "cpython"])
def test_world_channel_end_to_end(runtime):
    emu = Emu(runtime)
    try:
        emu.send(b"\x1e1 place pad_05\n")
        emu.expect(lambda w, o: w and o.get("wid") == 1 and o["ok"], "place reply")
        ev = emu.expect(lambda w, o: not w and o.get("ev") == "pad", "pad event")
        assert ev["spot"] == "pad_05" and ev["present"] is True
        emu.send(b"\x1e2 leds\n")
        leds = emu.expect(lambda w, o: w and o.get("wid") == 2, "leds reply")
        assert "pad_05" in leds["leds"]
        # frame lines for the UI are throttled (at most one per 40 ms): the lit frame may come
        # before or shortly after the leds reply, but it must come
        if not any(w and "frame" in o and "pad_05" in o["frame"] for w, o in emu.seen):
            emu.expect(lambda w, o: w and "pad_05" in o.get("frame", {}), "frame line with pad_05")
        emu.send(b"\x1e3 bogus\n")
        err = emu.expect(lambda w, o: w and o.get("wid") == 3, "error reply")
        assert err["ok"] is False and "unknown world command" in err["err"]
        emu.send(b"\x1e4 quit\n")
        emu.expect(lambda w, o: w and o.get("wid") == 4, "quit reply")
        assert emu.p.wait(10) == 0
    finally:
        if emu.p.poll() is None:
            emu.p.kill()


def test_end_of_input_ends_the_emulator():
    emu = Emu("micropython")
    try:
        emu.p.stdin.close()
        assert emu.p.wait(10) == 0
    finally:
        if emu.p.poll() is None:
            emu.p.kill()
