"""Pads faults for the bring-up list: stuck and noisy electrodes, a chip missing at boot (a
fault, not a crash)."""

# ruff: noqa: I001, E402  (import order matters in a 96k heap: the board check first, then the biggest)
from arkham.emu.boards import small_board
import gc

BOARD = small_board()  # 4 chips x 6 pads: pad_00..05 on 0x5A, ..., pad_18..23 on 0x5D
gc.collect()  # the board check is compiled and dropped first, on a clean heap
from devrig import BUS_ERR, Rig
from check import check, done, equal

rig = Rig(BOARD)
pads = rig.pads
rig.scan(2)

# stuck and noisy electrodes
rig.do("stuck pad_22")
equal(rig.scan(10), [], "a shorted electrode does not fake a token")
equal(pads.take_notices(), [("pad_fault", {"fault": "stuck", "spot": "pad_22"})], "stuck reported")
check(
    {"chip": "0x5D", "e": 4, "fault": "stuck", "spot": "pad_22"} in pads.faults(),
    "faults lists the stuck electrode",
)
rig.do("unstick pad_22")
rig.scan(3)
equal(pads.take_notices(), [("pad_ok", {"fault": "stuck", "spot": "pad_22"})], "and its repair")
rig.bus.chip(0x5D).noise = 12
rig.scan(70)
noisy = sorted(f["spot"] for f in pads.faults() if f.get("fault") == "noisy")
equal(noisy, ["pad_%02d" % i for i in range(18, 24)], "jitter of 12 counts (the touch threshold): chip 0x5D is noisy")
rig.bus.chip(0x5D).noise = 2
rig.scan(100)  # (two quiet noise windows in a row: a noisy pad is reported once)
equal([f for f in pads.faults() if f.get("fault") == "noisy"], [], "quiet again: no noisy pads")

rig = pads = None  # one rig at a time in a 96k heap
gc.collect()

# a chip missing at boot is a fault, not a crash
rig4 = Rig(BOARD, absent=(0x5D,))
rig4.scan(1)
rig4.do("place pad_01")
equal(rig4.scan(2), [("pad_01", True)], "the rest of the table works with 0x5D missing")
equal(
    rig4.pads.take_notices(),
    [("chip_fault", {"chip": "0x5D", "err": BUS_ERR})],
    "the missing chip is reported once",
)
equal(
    rig4.pads.faults(),
    [{"chip": "0x5D", "err": BUS_ERR, "fault": "missing"}],
    "faults says missing",
)
equal(rig4.pads.report(0x5D)[0]["filtered"], None, "report of a missing chip has no readings")
done()
