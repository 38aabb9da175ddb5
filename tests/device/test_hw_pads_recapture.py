"""Presence never depends on the chip's baseline: with a token resting on a pad the chip
re-captures its baseline (our driver: a restart, as after a fault; adafruit_mpr121: any register
write, which stops the chip and restarts it with ECR CL=10). The chip then takes the token for the
empty pad and its own touch bit drops at once; our presence stays, and the lift is reported."""

# ruff: noqa: I001, E402  (import order matters in a 96k heap: the board check first, then the biggest)
from arkham.emu.boards import small_board
import gc

BOARD = small_board()  # 4 chips x 6 pads: pad_00..05 on 0x5A, ..., pad_18..23 on 0x5D
gc.collect()  # the board check is compiled and dropped first, on a clean heap
from devrig import Rig, recapture
from check import check, done, equal

rig = Rig(BOARD)
pads = rig.pads
chip = rig.bus.chip(0x5A)
drv = rig.sensors[0x5A]
rig.scan(2)
rig.do("place pad_03")
equal(rig.scan(2), [("pad_03", True)], "a token on pad_03")
check(drv.touched() & (1 << 3), "the chip's own touch bit sees it")
check(chip.base[3] > chip.data(3), "the chip's baseline is still the empty pad's")

recapture(rig, 0x5A)
check(chip.running(), "the chip runs again after the re-capture")
check(chip.data(3) >= chip.base[3], "the chip's new baseline has the token in it")
check(not drv.touched() & (1 << 3), "so the chip's own touch bit dropped at once")
equal(rig.scan(5), [], "no lift reported")
check(pads.present("pad_03"), "pad_03 is still present")
equal(pads.report(0x5A)[3]["delta"], 40, "our delta is still the token's 40 counts")

rig.do("lift pad_03")
equal(rig.scan(2), [("pad_03", False)], "lifting it is reported")
rig.do("place pad_03")
equal(rig.scan(2), [("pad_03", True)], "and placing it again is seen")
done()
