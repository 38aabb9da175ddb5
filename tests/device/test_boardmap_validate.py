"""Board map: the shipped bring-up board loads; each kind of broken map is refused with a message
that names the spot (docs/design.md, "Board map")."""

import gc
import json

from arkham import boardmap
from arkham.boardcheck import brightness_cap  # (kept loaded: validate() below runs many times)
from arkham.boardmap import BoardMap, BoardMapError, validate
from check import check, done, equal, raises

PATH = "../../hardware/boards/bringup.json"
with open(PATH) as f:
    GOOD = f.read()
b = boardmap.load(PATH)
equal(len(b.spots), 48, "bring-up board has 48 spots")
equal(b.chips, [0x5A, 0x5B, 0x5C, 0x5D], "four chips, sorted")
equal(b.led_count, 48, "48 LEDs")
equal(b.order, "GRB", "colour order")
equal(b.brightness_cap, 1700 * 255 // (48 * 60), "cap = (2000 - 300) mA / (48 x 60 mA)")
equal(b.spot("pad_13").chip, 0x5B, "pad_13 is on 0x5B")
equal(b.spot("pad_13").electrode, 1, "pad_13 is electrode 1")
equal(b.spot("pad_13").leds, (13,), "pad_13 has LED 13")
equal(b.pad_spot(0x5D, 11), "pad_47", "pad_spot finds the last electrode")
equal(b.pad_spot(0x5D, 12), None, "pad_spot of an unmapped electrode is None")
equal(b.spot("nowhere"), None, "unknown spot is None")
pads = [(s.chip, s.electrode) for s in b.spots]
equal(len(set(pads)), 48, "every spot has its own electrode")
check(all(len(s.leds) == 1 for s in b.spots), "one LED per spot")
equal(len(set((s.x, s.y) for s in b.spots)), 48, "every spot has its own grid place")

del b
gc.collect()


def fresh():
    return json.loads(GOOD)


equal(validate(fresh()), [], "the shipped map validates")


def broken(what, change, expect):
    gc.collect()
    d = fresh()
    change(d)
    errs = validate(d)
    print(what + ":", errs)
    check(len(errs) >= 1 and all(x in " ".join(errs) for x in expect), what + " is refused")
    e = raises(BoardMapError, lambda: BoardMap(d), what + " raises BoardMapError")
    if e is not None:
        equal(e.errors, errs, what + ": the error lists the same problems")


def dup_name(d):
    d["spots"][5]["name"] = "pad_04"


def led_beyond(d):
    d["spots"][3]["leds"] = [48]


def led_twice(d):
    d["spots"][7]["leds"] = [6]


def electrode_12(d):
    d["spots"][2]["pad"] = ["0x5A", 12]


def chip_not_listed(d):
    d["chips"] = ["0x5A", "0x5B", "0x5C"]


def chip_outside(d):
    d["chips"].append("0x5E")
    d["spots"][0]["pad"] = ["0x5E", 0]


def electrode_twice(d):
    d["spots"][9]["pad"] = ["0x5A", 8]


def missing_xy(d):
    del d["spots"][10]["xy"]


def missing_pad(d):
    del d["spots"][11]["pad"]


def missing_power(d):
    del d["power"]


def bad_order(d):
    d["leds"]["order"] = "RGX"


broken("duplicate name", dup_name, ["spot 'pad_04'", "duplicate"])
broken("LED beyond the strip", led_beyond, ["spot 'pad_03'", "LED 48 is beyond the strip"])
broken("LED used twice", led_twice, ["spot 'pad_07'", "LED 6 is already used by spot 'pad_06'"])
broken("electrode 12", electrode_12, ["spot 'pad_02'", "electrode 12 is not 0..11"])
broken("chip not listed", chip_not_listed, ["spot 'pad_36'", "0x5D is not in 'chips'"])
broken("chip outside 0x5A-0x5D", chip_outside, ["0x5E is outside 0x5A-0x5D", "spot 'pad_00'"])
broken("electrode twice", electrode_twice, ["spot 'pad_09'", "already used by spot 'pad_08'"])
broken("missing xy", missing_xy, ["spot 'pad_10'", "missing field 'xy'"])
broken("missing pad", missing_pad, ["spot 'pad_11'", "missing field 'pad'"])
broken("missing power", missing_power, ["missing field 'power'"])
broken("bad colour order", bad_order, ["leds.order"])
equal(validate([1, 2]), ["a board map is a JSON object"], "not an object")

# a light-only spot and a sensor-only spot are fine
d = fresh()
d["spots"][0]["pad"] = None
d["spots"][1]["leds"] = []
bm = BoardMap(d)
equal(bm.spot("pad_00").chip, None, "light-only spot has no chip")
equal(bm.pad_spot(0x5A, 0), None, "its electrode is free")
equal(bm.spot("pad_01").leds, (), "sensor-only spot has no LEDs")

# the spots kept in columns: looked up by name in any order, given out as Spot records
d = fresh()
d["spots"][3]["leds"] = [3, 40, 41]  # a spot with several LEDs (theirs taken from two others)
d["spots"][40]["leds"] = []
d["spots"][41]["leds"] = []
bm = BoardMap(d)
names = [sp["name"] for sp in d["spots"]]
equal(len(bm.spots), len(names), "every spot")
equal([bm.index(n) for n in names], list(range(len(names))), "index in board order")
equal([bm.index(n) for n in reversed(names)], list(range(len(names)))[::-1], "and out of order")
equal((bm.index("nowhere"), bm.index(None), bm.index(7)), (None, None, None), "not a spot")
sp = bm.spots[3]
equal((sp.name, sp.leds, sp.chip, sp.electrode), ("pad_03", (3, 40, 41), 0x5A, 3), "a record")
equal(bm.spots[-1], bm.spot(names[-1]), "from the end, as by name")
equal([s.name for s in bm.spots], names, "iterated in board order")
equal(list(bm.led_list[bm.led_start[3]:bm.led_start[4]]), [3, 40, 41], "its LEDs in the columns")
equal((bm.name_at(5), bm.chip_at(5), bm.pad_spot(0x5A, 5)), ("pad_05", 0x5A, "pad_05"), "a pad")
raises(IndexError, lambda: bm.spots[len(names)], "past the last spot")

# the power budget
P = {"supply_amps": 2.0, "reserve_ma": 300, "ma_per_led_full": 60}
equal(brightness_cap(P, 10), 255, "10 LEDs fit the supply: no cap")
equal(brightness_cap(P, 100), 1700 * 255 // 6000, "100 LEDs: capped")
equal(
    brightness_cap({"supply_amps": 0.3, "reserve_ma": 300, "ma_per_led_full": 60}, 5),
    0,
    "no budget left: cap 0",
)
e = raises(BoardMapError, lambda: boardmap.load("no_such_board.json"), "missing file refused")
check(e is not None and "no_such_board.json" in str(e), "the error names the file")
done()
