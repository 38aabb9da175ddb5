"""Heap of the emulated table run the way a ROMFS / frozen-module Pico runs it (code in place,
`runtimes.command(..., rom=True)`), on the MicroPython unix port (64-bit: objects are ~1.5-2x
their size on a Pico, so these figures are pessimistic).

rom_heap_peak_bytes_<table>: the smallest heap (to 4 KB) above the ROM image with which the
table is driven over its serial link with no MemoryError at all (no failed reply, no `error`
event): what the table needs at its peak, fragmentation included. Tables: bringup (status verbs)
and ah2e8 (AH2e, 8 investigators, 60 x `act 1`: a real game, saved after every action).
rom_heap_retained_bytes_<table>: heap in use after a collection at the end of the drive.
romfs_image_bytes: size of the ROMFS image (all of the device package, flash not RAM).
The table runs on bench m32's synthetic clock (LINE_MS of table time a command): the same
figures every run, whatever the machine's load.
"""

from __future__ import annotations

import json
import os
import select
import subprocess
import time

from arkham_host.device import runtimes
from arkham_host.bench.m32 import LINE_MS

STATUS = ["hello", "dump", "board", "pads"]
TABLES = {
    "bringup": ("bringup", "bringup", STATUS + ["hello"]),
    "ah2e8": ("ah2e", "ah2e", STATUS + ["game ah2e players=8 seed=7"] + ["act 1"] * 60 + ["hello"]),
}
LOW, HIGH, STEP = 32 * 1024, 512 * 1024, 4 * 1024


def drive(heap_bytes: int, game: str, board: str, cmds, timeout=30.0):
    """(memory errors seen, the last hello's mem_free or None) for one run."""
    argv, env = runtimes.command(
        "micropython",
        str(runtimes.FIRMWARE_DIR / "emulator.py"),
        "--board",
        board,
        "--game",
        game,
        heap=str(heap_bytes),
        rom=True,
    )
    if LINE_MS != "real":
        argv += ["--clock", LINE_MS]  # (bench m32's synthetic clock: the same figure every run)
    p = subprocess.Popen(
        argv, env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL
    )
    buf = b""
    bad = 0
    last = None
    end = time.time() + timeout
    try:
        for tag, cmd in enumerate(cmds, 1):
            p.stdin.write(b"#%d %s\n" % (tag, cmd.encode()))
            p.stdin.flush()
            got = None
            while got is None and time.time() < end:
                while b"\n" in buf and got is None:
                    line, buf = buf.split(b"\n", 1)
                    if not line.startswith(b"{"):
                        continue  # world channel, or a runtime's dying words
                    o = json.loads(line)
                    text = (
                        o.get("err", "") if (o.get("ev") == "error" or not o.get("ok", 1)) else ""
                    )
                    bad += "MemoryError" in text or "memory" in text
                    if o.get("re") == tag:
                        got = o
                if got is None:
                    r, _, _ = select.select([p.stdout], [], [], 0.2)
                    if r:
                        chunk = os.read(p.stdout.fileno(), 65536)
                        if not chunk:
                            return bad + 1, None  # the table died
                        buf += chunk
            if got is None:
                return bad + 1, None
            if cmd == "hello" and got.get("ok"):
                last = got.get("mem_free")
        return bad, last
    finally:
        p.kill()
        p.wait()


def peak(game, board, cmds):
    """Smallest heap (STEP resolution) with no memory error; bisection between LOW and HIGH."""
    if drive(HIGH, game, board, cmds)[0]:
        return None
    lo, hi = LOW, HIGH
    while hi - lo > STEP:
        mid = (lo + hi) // 2 // STEP * STEP
        if drive(mid, game, board, cmds)[0]:
            lo = mid
        else:
            hi = mid
    return hi


def measure() -> dict:
    out = {"romfs_image_bytes": runtimes.romfs_image().stat().st_size}
    for name, (game, board, cmds) in TABLES.items():
        out["rom_heap_peak_bytes_" + name] = peak(game, board, cmds)
        bad, free = drive(HIGH, game, board, cmds)
        out["rom_heap_retained_bytes_" + name] = None if free is None else HIGH - free
    return out


if __name__ == "__main__":
    for k, v in sorted(measure().items()):
        print(k, v)
