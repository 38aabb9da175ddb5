"""Pads when a chip fails: reported once, retried about once a second, the rest of the table
works, its spots keep their last presence (no fake lifts), recovery reported once; a chip that
silently reset is restarted."""

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
rig.do("place pad_07")
equal(rig.scan(2), [("pad_07", True)], "token on pad_07 (chip 0x5B)")
starts = rig.sensors[0x5B].starts
rig.do("fail 0x5B")
equal(rig.scan(1), [], "a failing chip gives no fake lift")
equal(
    pads.take_notices(),
    [("chip_fault", {"chip": "0x5B", "err": BUS_ERR})],
    "the failure is reported once",
)
rig.do("place pad_14")
rig.do("lift pad_07")
equal(rig.scan(100, 50), [("pad_14", True)], "the other chips keep working")
equal(pads.take_notices(), [], "no repeated notice while it keeps failing")
check(pads.present("pad_07"), "pad_07 keeps its last presence meanwhile")
retries = rig.sensors[0x5B].starts - starts
check(4 <= retries <= 6, "retried about once a second (%d in 5 s)" % retries)
equal(
    pads.faults(),
    [{"chip": "0x5B", "err": BUS_ERR, "fault": "failing"}],
    "faults lists the failing chip",
)
rig.do("heal 0x5B")
got = rig.scan(25, 50)
equal(pads.take_notices(), [("chip_ok", {"chip": "0x5B"})], "recovery is reported once")
equal(got, [("pad_07", False)], "the lift made meanwhile is reported after recovery")
equal(pads.faults(), [], "no faults after recovery")

# a chip that silently reset (stop mode: all data reads 0) is restarted
rig.sensors[0x5C].stop()
rig.scan(1)
equal(
    pads.take_notices(),
    [("chip_fault", {"chip": "0x5C", "err": "reads no data (chip reset?)"})],
    "a chip reading no data is a fault",
)
check(pads.present("pad_14"), "its spots keep their presence")
rig.scan(60, 20)
equal(pads.take_notices(), [("chip_ok", {"chip": "0x5C"})], "and it is restarted")
check(pads.present("pad_14"), "pad_14 still present after the restart")

# a chip that answers but reads 0 on all 12 electrodes: one fault, not a fault/ok pair a second
chip = rig.bus.chip(0x5C)
for e in range(12):
    chip.shorted[e] = 1
rig.scan(250, 20)  # 5 s
equal(
    pads.take_notices(),
    [("chip_fault", {"chip": "0x5C", "err": "reads no data (chip reset?)"})],
    "all electrodes at 0 for 5 s: reported once (issue 15)",
)
for e in range(12):
    chip.shorted[e] = 0
rig.scan(60, 20)
equal(pads.take_notices(), [("chip_ok", {"chip": "0x5C"})], "and its recovery once")
check(pads.present("pad_14"), "pad_14 kept its presence throughout")

done()
