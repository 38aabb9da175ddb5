"""Pads scanning: a hand with debounce 1, the per-electrode report, and a scan that allocates
nothing (heap locked on MicroPython)."""

# ruff: noqa: I001, E402  (import order matters in a 96k heap: the board check first, then the biggest)
from arkham.emu.boards import small_board
import gc

BOARD = small_board()  # 4 chips x 6 pads: pad_00..05 on 0x5A, ..., pad_18..23 on 0x5D
gc.collect()  # the board check is compiled and dropped first, on a clean heap
from devrig import Rig
from check import check, done, equal

# a hand is seen like a token; debounce 1 reports at once
rig2 = Rig(BOARD, debounce=1)
rig2.scan(1)
rig2.do("touch pad_00 0")
equal(rig2.scan(1), [("pad_00", True)], "debounce 1 reports on the first scan")
equal(rig2.pads.report()[0]["delta"], 120, "a hand takes 120 counts off")
equal(len(rig2.pads.report()), 24, "report() covers the whole board")


# no allocation in scan (heap locked on MicroPython; inside a function: a new global allocates)
def scans_allocate(pads):
    import sys

    if sys.implementation.name != "micropython":
        return False  # CPython (where Adafruit-Blinka's `micropython` has no heap): nothing to lock
    import micropython

    pads.scan(9980)  # settle: the scan after one with changes empties the reused list
    micropython.heap_lock()
    try:
        for i in range(10):
            pads.scan(10000 + 20 * i)
        return False
    except MemoryError:
        return True
    finally:
        micropython.heap_unlock()


check(not scans_allocate(rig2.pads), "a scan without changes allocates nothing")
rig2.scan(3)
equal(list(rig2.pads.still), [0xFFF] * len(BOARD.chips), "an idle board: every chip still")
rig2.do("lift pad_00")  # (the hand taken off)
equal(rig2.scan(1), [("pad_00", False)], "a still chip's change is seen")
e = rig2.pads._e[rig2.pads.pad("pad_00")]
equal(list(rig2.pads.still[:2]), [0xFFF & ~(1 << e), 0xFFF],
      "that chip's moved electrode processed again, the others not")
done()
