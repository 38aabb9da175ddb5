"""Device-side bench (runs under the MicroPython unix port, or CPython): the real App in bring-up
mode on emulated hardware, no serial traffic, touches from the world model. Prints one JSON line.

usage: micropython -X heapsize=96k _device_table.py BOARD.json STATE_DIR [LOOPS [GAME LINE]]
  GAME LINE (e.g. "game ah2e players=8 seed=7 chance=virtual") is run at the console first,
  then `ok` (the setup prompts); without it the table is in bring-up mode.
  The emulated chips and the world run on a synthetic clock (10 ms a loop), not the machine's,
  so what is scanned and drawn does not move with the machine's load.
  heap_peak_bytes        max over loop steps of (heap in use after a collect + what the step
                         allocated); automatic gc is off while measuring. Includes the code
                         (modules compiled from .py live in the heap; see heap_after_imports)
  scan_render_ref_units  one scan -> scene -> render cycle (forced redraw) divided by one pass
                         of a fixed reference loop, both timed here, in turns (50 of each, the
                         best of each)
  scan_render_alloc_bytes  heap allocated by one such cycle (MicroPython; automatic gc off)
"""

import gc
import json
import sys

from arkham import boardmap
from arkham.app import App
from arkham.emu.table import make

try:
    from time import ticks_diff, ticks_us
except ImportError:  # CPython
    import time

    def ticks_us():
        return int(time.perf_counter() * 1000000)

    def ticks_diff(a, b):
        return a - b


class QuietIO:
    """stdio stand-in: no input, output swallowed (the app's replies and events)."""

    def read(self):
        return b""

    def writable(self):
        return True

    def write(self, data):
        pass

    def wait(self, ms):
        pass


def reference_pass():
    x = 1
    for i in range(1000):
        x = (x * 31 + i) & 0xFFFF
    return x


def best_us(fn, reps):
    best = None
    for _ in range(reps):
        t0 = ticks_us()
        fn()
        t = ticks_diff(ticks_us(), t0)
        if best is None or t < best:
            best = t
    return best


def main():
    gc.collect()
    imported = gc.mem_alloc() if hasattr(gc, "mem_alloc") else None
    board = boardmap.load(sys.argv[1])
    loops = int(sys.argv[3]) if len(sys.argv) > 3 else 300
    clock = [0]
    hw = make(board, {"emulated": True, "state_dir": sys.argv[2], "io": QuietIO(),
                      "clock": lambda: clock[0]})
    app = App(hw, board, {"emulated": True})
    pads = [s.name for s in board.spots if s.chip is not None]
    world = hw.world
    now = 0
    if len(sys.argv) > 4:
        app.run_line("#1 " + sys.argv[4], now)
        app.run_line("#2 ok", now)
    gc.collect()
    booted = gc.mem_alloc() if hasattr(gc, "mem_alloc") else None
    gc.disable()
    peak = 0
    for i in range(loops):
        if i % 10 == 0:  # a hand on the next pad every 10 loops
            world.execute("touch %s" % pads[(i // 10) % len(pads)])
        if i % 40 == 5:
            world.execute("place %s" % pads[(i // 40 * 7) % len(pads)])
        gc.collect()
        now += 10
        clock[0] = now
        app.step(now)
        used = gc.mem_alloc() if hasattr(gc, "mem_alloc") else 0
        if used > peak:
            peak = used
    gc.enable()

    def cycle():
        app._redraw = True
        app.scan(now)
        app.show(now)

    ref = one = None
    for _ in range(50):  # each cycle beside one reference pass: both bests from the same moments
        c = best_us(cycle, 1)
        r = best_us(reference_pass, 1)
        one = c if one is None or c < one else one
        ref = r if ref is None or r < ref else ref
    alloc = None
    if hasattr(gc, "mem_alloc"):
        gc.collect()
        gc.disable()
        a0 = gc.mem_alloc()
        cycle()
        alloc = gc.mem_alloc() - a0
        gc.enable()
    out = {
        "impl": sys.implementation.name,
        "loops": loops,
        "heap_peak_bytes": peak if hasattr(gc, "mem_alloc") else None,
        "heap_after_imports_bytes": imported,
        "heap_after_boot_bytes": booted,
        "scan_render_us": one,
        "scan_render_alloc_bytes": alloc,
        "reference_us": ref,
    }
    print(json.dumps(out))


main()
