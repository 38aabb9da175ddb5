"""World commands against the MPR121 model, seen through our pads: place, lift, touch (a hand
that lifts itself); bad commands are refused and change nothing."""

# ruff: noqa: I001, E402  (import order matters in a 96k heap: the board check first, then the biggest)
from arkham.emu.boards import small_board
import gc

BOARD = small_board()  # 4 chips x 6 pads: pad_00..05 on 0x5A, ..., pad_18..23 on 0x5D
gc.collect()  # the board check is compiled and dropped first, on a clean heap
from arkham.emu.rig import Rig
from check import check, done, equal

rig = Rig(BOARD)
world = rig.world
clock = [0]
world.clock = lambda: clock[0]
rig.scan(2)
equal(world.execute("place pad_03"), {"spot": "pad_03"}, "place answers with the spot")
equal(rig.scan(2), [("pad_03", True)], "a placed token is seen")
world.execute("lift pad_03")
equal(rig.scan(2), [("pad_03", False)], "a lifted token is gone")

before = rig.pads.calibration()
for bad in (
    "place nowhere",
    "fail 0x5F",
    "heal",
    "noise lots",
    "noise -1",
    "overlay 99",
    "hours x",
    "hours 1.2.3",
    "jump",
    "place",
    "lift a b",
    "touch pad_01 x",
    "",
):
    try:
        world.execute(bad)
        check(False, "refused: %r" % bad)
    except Exception as e:
        check(type(e).__name__ == "WorldError", "refused: %r -> %s" % (bad, e.args[0]))
equal(rig.scan(3), [], "nothing happened on the table")
check(rig.pads.calibration() == before, "nothing changed")

# touch: a hand for 300 ms, then it lifts by itself (world.tick() runs each loop)
world.execute("touch pad_20")
equal(rig.scan(2), [("pad_20", True)], "a touch is seen")
clock[0] += 299
world.tick()
equal(rig.scan(2), [], "still there at 299 ms")
clock[0] += 1
world.tick()
equal(rig.scan(2), [("pad_20", False)], "and the hand lifts after 300 ms")
world.execute("touch pad_21 0")
clock[0] += 10000
world.tick()
equal(rig.scan(2), [("pad_21", True)], "touch SPOT 0 stays until lifted")
world.execute("lift pad_21")
rig.scan(2)

done()
