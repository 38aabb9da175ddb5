"""Heap each game's table needs on a 32-bit MicroPython, the way CircuitPython runs it: code
loaded from .py sources into the heap (deploy copies sources; CircuitPython has no ROMFS), on
../shared/pico/micropython32 (the unix port built 32-bit, 4-byte words like the RP2040 and the
RP2350). CircuitPython is a MicroPython fork with the same object layout, so the figure is the
heap a CircuitPython board must have free for that game. It is pessimistic by the emulator's own
code (arkham.emu: the world model, the register models), which a real table does not load; it
leaves out the Adafruit libraries (adafruit_mpr121, neopixel: a few KB of bytecode).

cp_heap_need_bytes_<game>: the smallest heap (to 4 KB) with which the emulated table is driven
over its serial link with no MemoryError at all (bench.rom's drive, on micropython32, from source).
cp_heap_need_bytes_<game>_mpy: the same with the package precompiled by mpy-cross (deploy
--mpy-cross with CircuitPython's compiler): no compiler at work in the heap.
The games' scripts: TABLES below. deploy reads the figures from arkham_host/cp_memory.json: copy
them there when they change (`arkham-table bench --only cpfit`).
"""

from __future__ import annotations

import json
import os
import pathlib
import select
import subprocess
import time

from arkham_host import runtimes

MICROPYTHON32 = runtimes.REPO_DIR.parent / "shared" / "pico" / "micropython32"
STATUS = ["hello", "dump"]
TABLES = {
    "ah2e": ("ah2e", STATUS + ["game ah2e players=8 seed=7"] + ["act 1"] * 60 + ["hello"]),
    "fh": ("final-hour", STATUS + ["game fh players=4 seed=7", "legal", "dump", "hello"]),
    "ritual": ("ritual", STATUS + ["game ritual players=7 seed=21", "legal", "dump", "hello"]),
}
LOW, HIGH, STEP = 32 * 1024, 1024 * 1024, 4 * 1024


def binary() -> pathlib.Path | None:
    return MICROPYTHON32 if MICROPYTHON32.exists() else None


def compiled() -> pathlib.Path:
    """The device package compiled with our mpy-cross (.mpy 6.3, loads on micropython32), once
    per source version, under build/cpfit/."""
    files, digest = runtimes._package()
    out = runtimes.BUILD_DIR / "cpfit" / digest
    if (out / ".complete").exists():
        return out
    for p in files:
        rel = p.relative_to(runtimes.FIRMWARE_DIR)
        if p.suffix == ".py":
            runtimes._compile(p, rel, out / rel.with_suffix(".mpy"))
        else:
            (out / rel).parent.mkdir(parents=True, exist_ok=True)
            (out / rel).write_bytes(p.read_bytes())
    (out / ".complete").write_text("")
    return out


def drive(heap_bytes: int, board: str, cmds, timeout=120.0, mpy=False):
    """(memory errors seen, the last hello's mem_free or None) for one run from source (or
    from .mpy files)."""
    env = dict(os.environ)
    env["MICROPYPATH"] = str(compiled() if mpy else runtimes.FIRMWARE_DIR)
    argv = [str(binary()), "-X", "heapsize=%d" % heap_bytes,
            str(runtimes.FIRMWARE_DIR / "emulator.py"), "--board", board]
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
                        continue
                    o = json.loads(line)
                    text = o.get("err", "") if (o.get("ev") or not o.get("ok", 1)) else ""
                    bad += "MemoryError" in str(text) or "memory" in str(text)
                    if o.get("re") == tag:
                        got = o
                if got is None:
                    r, _, _ = select.select([p.stdout], [], [], 0.2)
                    if r:
                        chunk = os.read(p.stdout.fileno(), 65536)
                        if not chunk:
                            return bad + 1, None
                        buf += chunk
            if got is None:
                return bad + 1, None
            if cmd == "hello" and got.get("ok"):
                last = got.get("mem_free")
        return bad, last
    finally:
        p.kill()
        p.wait()


def need(game: str, mpy: bool = False) -> int | None:
    """Smallest heap (STEP resolution) with no memory error; bisection between LOW and HIGH."""
    board, cmds = TABLES[game]
    if drive(HIGH, board, cmds, mpy=mpy)[0]:
        return None
    lo, hi = LOW, HIGH
    while hi - lo > STEP:
        mid = (lo + hi) // 2 // STEP * STEP
        if drive(mid, board, cmds, mpy=mpy)[0]:
            lo = mid
        else:
            hi = mid
    return hi


def measure() -> dict:
    if binary() is None:
        return {"cp_heap_need_error": "no %s" % MICROPYTHON32}
    out = {}
    for g in TABLES:
        out["cp_heap_need_bytes_" + g] = need(g)
        out["cp_heap_need_bytes_%s_mpy" % g] = need(g, mpy=True)
    return out


if __name__ == "__main__":
    for k, v in sorted(measure().items()):
        print(k, v)
