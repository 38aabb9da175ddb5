"""World commands, continued: fail/heal a chip, hours (the chip's own touch bit forgets, we do
not), noise, overlay, stuck, quit."""

# ruff: noqa: I001, E402  (import order matters in a 96k heap: the board check first, then the biggest)
from arkham.emu.boards import small_board
import gc

BOARD = small_board()  # 4 chips x 6 pads: pad_00..05 on 0x5A, ..., pad_18..23 on 0x5D
gc.collect()  # the board check is compiled and dropped first, on a clean heap
from arkham.emu.rig import Rig
from check import check, done, equal

rig = Rig(BOARD)
world = rig.world
rig.scan(2)

# fail / heal a chip
world.execute("fail 0x5B")
rig.scan(1)
equal(rig.pads.take_notices(), [("chip_fault", {"chip": "0x5B", "err": "I2C error 5"})], "fail")
world.execute("heal 0x5b")
rig.scan(60)
equal(rig.pads.take_notices(), [("chip_ok", {"chip": "0x5B"})], "heal (any case)")

# hours: the chip's own touch bit forgets a resting token, our presence does not
world.execute("place pad_22")
rig.scan(2)
drv = rig.sensors[0x5D]
check(drv.touched() & (1 << 4), "the chip sees the token")
equal(world.execute("hours 1.5"), {"ms": 5400000}, "hours 1.5 = 5400000 ms of model time")
check(not drv.touched() & (1 << 4), "after 1.5 model-hours the chip forgot it")
equal(rig.scan(3), [], "no lift from us")
check(rig.pads.present("pad_22"), "still present")

# noise and overlay
equal(world.execute("noise 3"), {"noise": 3}, "noise set")
equal([rig.bus.chip(a).noise for a in rig.board.chips], [3, 3, 3, 3], "on every chip")
world.execute("noise 0")
world.execute("overlay 12")
world.execute("place pad_01")
equal(rig.scan(3), [], "a token through a thick overlay is too weak")
check(rig.pads.present("pad_22"), "(a token already down stays seen: our hysteresis)")
world.execute("overlay 0")
equal(rig.scan(2), [("pad_01", True)], "a thin overlay again: seen")

# stuck
world.execute("stuck pad_16")
rig.scan(9)
equal(rig.pads.take_notices(), [("pad_fault", {"fault": "stuck", "spot": "pad_16"})], "stuck")
equal(world.execute("quit"), {}, "quit answers")
check(world.quit, "and marks the world to end")
done()
