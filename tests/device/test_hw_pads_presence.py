"""Pads over the MPR121 register model: debounce, and a token resting for model-hours while the
chip's own touch bit drops (our presence must stay)."""

# ruff: noqa: I001, E402  (import order matters in a 96k heap: the board check first, then the biggest)
from arkham.emu.boards import small_board
import gc

BOARD = small_board()  # 4 chips x 6 pads: pad_00..05 on 0x5A, ..., pad_18..23 on 0x5D
gc.collect()  # the board check is compiled and dropped first, on a clean heap
from devrig import Rig
from check import check, done, equal

rig = Rig(BOARD)
pads = rig.pads
equal(rig.scan(3), [], "an empty board reports nothing")
equal(pads.take_notices(), [], "all four chips start without a notice")
equal(pads.faults(), [], "no faults")

rig.do("place pad_05")
equal(rig.scan(1), [], "one scan is not enough (debounce 2)")
equal(rig.scan(1), [("pad_05", True)], "the second scan reports the token")
check(pads.present("pad_05"), "pad_05 present")
rig.do("place pad_06")
rig.scan(1)
rig.do("lift pad_06")
equal(rig.scan(4), [], "a one-scan blip is not reported")
check(not pads.present("pad_06"), "pad_06 never became present")

# a token resting for hours: the chip's baseline tracking absorbs it; we must not
drv = rig.sensors[0x5A]
chip = rig.bus.chip(0x5A)
check(drv.touched() & (1 << 5), "the chip's own touch bit sees the new token")
rig.bus.advance(2 * 3600 * 1000)
check(not drv.touched() & (1 << 5), "after 2 model-hours the chip's own touch bit dropped")
check(chip.data(5) - chip.base[5] > -6, "the chip's baseline absorbed the token")
equal(rig.scan(5), [], "no lift reported after two hours")
check(pads.present("pad_05"), "pad_05 is still present after two hours")
r5 = pads.report(0x5A)[5]
equal((r5["spot"], r5["chip"], r5["e"]), ("pad_05", "0x5A", 5), "report row names the electrode")
equal(r5["chip_touch"], False, "report shows the chip forgot the token")
equal(r5["present"], True, "report shows our presence")
equal(r5["delta"], 40, "our delta is still the token's 40 counts")
equal(len(pads.report("0x5B")), 6, "report(chip) has that chip's electrodes")
rig.do("lift pad_05")
equal(rig.scan(2), [("pad_05", False)], "lifting it after the hours is reported")

done()
