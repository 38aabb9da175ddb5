"""Pads calibration API: thresholds checked before anything changes, empty-board capture,
set/reset calibration."""

# ruff: noqa: I001, E402  (import order matters in a 96k heap: the board check first, then the biggest)
from arkham.emu.boards import small_board
import gc

BOARD = small_board()  # 4 chips x 6 pads: pad_00..05 on 0x5A, ..., pad_18..23 on 0x5D
gc.collect()  # the board check is compiled and dropped first, on a clean heap
from devrig import Rig
from check import check, done, equal, raises

rig = Rig(BOARD)
pads = rig.pads
rig.scan(2)
cal = pads.calibration()
equal(cal["pads"]["pad_14"][1:], [12, 6], "calibration holds default thresholds")
check(cal["pads"]["pad_14"][0] > 600, "and the empty reference from the first reading")
bad = {"v": 1, "pads": {"pad_00": [700, 20, 10], "pad_01": [700, 5, 9]}}
e = raises(ValueError, lambda: pads.set_calibration(bad), "release above touch refused")
print("error:", e.args[0] if e else None)
equal(pads.calibration(), cal, "a refused calibration changes nothing")
raises(
    ValueError,
    lambda: pads.set_calibration({"v": 1, "pads": {"nowhere": [1, 2, 1]}}),
    "unknown spot refused",
)
raises(ValueError, lambda: pads.set_calibration({"pads": {}}), "missing version refused")
raises(ValueError, lambda: pads.set_threshold("pad_00", 300, 2), "touch above 255 refused")
raises(ValueError, lambda: pads.set_threshold("pad_00", "x", 2), "non-number refused")
raises(ValueError, lambda: pads.set_threshold("nowhere", 9, 2), "unknown spot refused")
equal(pads.calibrate_empty(), 24, "calibrate_empty captures all 24 electrodes")
pads.set_calibration({"v": 1, "pads": {"pad_03": [650, 30, 15]}})
equal(pads.calibration()["pads"]["pad_03"], [650, 30, 15], "set_calibration applies")
equal(pads.calibration()["pads"]["pad_04"][1:], [12, 6], "pads not listed keep theirs")
pads.reset_calibration()
equal(pads.calibration()["pads"]["pad_03"], [None, 12, 6], "reset: defaults, empty re-taken")
rig.scan(2)
check(pads.calibration()["pads"]["pad_03"][0] > 600, "the next reading is the new empty")

done()
