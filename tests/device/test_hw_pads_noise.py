"""Noise on the pads (issue 15): at every noise level from 12 to 80 counts (a token takes 40 off)
the pads report no false change, a resting token stays present, every pad is reported noisy
once, and when the noise stops the empty references are back (no pad latched occupied) and new
tokens are seen again. Up to 12 counts (often 20) a token placed in the noise is still seen
(smoothing); above that the pads are too noisy to believe and hold what they had."""

# ruff: noqa: I001, E402  (import order matters in a 96k heap: the board check first, then the biggest)
from arkham.emu.boards import small_board
import gc

BOARD = small_board()  # 4 chips x 6 pads: pad_00..05 on 0x5A, ..., pad_18..23 on 0x5D
gc.collect()
from arkham.emu.rig import Rig
from check import check, done, equal

LEVELS = (12, 16, 20, 24, 40, 80)
SEEN_UP_TO = 12
SCANS = 500  # 5 s at 10 ms

held_levels = 0
for level in LEVELS:
    rig = Rig(BOARD, seed=level)
    pads = rig.pads
    rig.scan(2, 10)
    rig.do("place pad_03")
    rig.scan(3, 10)
    pads.take_notices()
    for a in BOARD.chips:
        rig.bus.chip(a).noise = level
    changes = rig.scan(SCANS, 10)
    held = pads.present("pad_03")
    seen = None
    if level <= SEEN_UP_TO:
        rig.do("place pad_10")
        got = rig.scan(60, 10)
        seen = got == [("pad_10", True)]
        rig.do("lift pad_10")
        got += rig.scan(60, 10)
        changes += [c for c in got if c[0] != "pad_10"]
        seen = seen and got[-1] == ("pad_10", False)
    notices = pads.take_notices()
    noisy = [n[1]["spot"] for n in notices if n[0] == "pad_fault"]
    for a in BOARD.chips:
        rig.bus.chip(a).noise = 0
    changes += rig.scan(300, 10)
    pads.take_notices()
    equal(changes, [], "noise %d: no false pad change" % level)
    check(held and pads.present("pad_03"), "noise %d: the resting token stays present" % level)
    equal(len(noisy), 24, "noise %d: the pads are reported noisy" % level)
    equal(len(noisy), len(set(noisy)), "noise %d: each once" % level)
    if seen is not None:
        check(seen, "noise %d: a token placed in the noise is seen, and its lift" % level)
    equal(pads.present_spots(), ["pad_03"], "noise %d stopped: no pad latched occupied" % level)
    rig.do("place pad_17")
    got = rig.scan(3, 10)
    equal(got, [("pad_17", True)], "noise %d stopped: a new token is seen at once" % level)
    equal(pads.faults(), [], "noise %d stopped: no faults left" % level)
    if changes == [] and held:
        held_levels += 1
    rig = pads = None
    gc.collect()
print("noise levels held: %d of %d (%s)" % (held_levels, len(LEVELS), " ".join(str(v) for v in LEVELS)))
done()
