"""Pads against what a table meets: a thick overlay needing a lower threshold, slow drift
followed while a pad is empty, and a token already present at power-on (seen only with a stored
empty-board calibration)."""

# ruff: noqa: I001, E402  (import order matters in a 96k heap: the board check first, then the biggest)
from arkham.emu.boards import small_board
import gc

BOARD = small_board()  # 4 chips x 6 pads: pad_00..05 on 0x5A, ..., pad_18..23 on 0x5D
gc.collect()  # the board check is compiled and dropped first, on a clean heap
from devrig import Rig
from check import check, done, equal

rig = Rig(BOARD)
pads = rig.pads
rig.scan(2)

# thick overlay: the token's delta falls below the default threshold; a lower one finds it
rig.do("overlay 12")
rig.do("place pad_02")
equal(rig.scan(3), [], "through a 12 mm overlay the token is below the default threshold")
pads.set_threshold("pad_02", 8, 4)
equal(rig.scan(3), [("pad_02", True)], "a lower threshold finds it")
rig.do("overlay 0")
rig.do("lift pad_02")
rig.scan(3)

# drift: a slow fall of the empty reading is followed while the pad is empty
chip = rig.bus.chip(0x5A)
before = pads.calibration()["pads"]["pad_05"][0]
chip.empty[5] -= 10
rig.scan(300)
after = pads.calibration()["pads"]["pad_05"][0]
equal(before - after, 10, "the empty reference followed a 10-count drift")
check(not pads.present("pad_05"), "the drift did not read as a token")
# a token already on the table at power-on is seen with a stored calibration
saved = pads.calibration()
rig = pads = chip = None  # one rig at a time in a 96k heap
gc.collect()
rig2 = Rig(BOARD)
rig2.do("place pad_20")
rig2.pads.set_calibration(saved)
equal(rig2.scan(2), [("pad_20", True)], "a stored empty reference sees a token present at boot")
rig2 = None
gc.collect()
rig3 = Rig(BOARD)
rig3.do("place pad_20")
equal(rig3.scan(2), [], "without calibration the first reading is taken as empty")
rig3.do("lift pad_20")
rig3.scan(8)
rig3.do("place pad_20")
equal(rig3.scan(2), [("pad_20", True)], "once lifted, the pad catches up within a few scans")

done()
