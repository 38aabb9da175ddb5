"""Board map: which LEDs and which MPR121 electrode belong to each spot of one table.

`hardware/boards/<name>.json` is loaded at boot; the same game then runs on tables wired
differently. `validate(data)` lists every problem (naming the spot) so a maker fixes the file in
one go; `BoardMap(data)` refuses a bad map. Format: docs/design.md, "Board map".
"""

import json
from array import array

from arkham.compat import intern

# MPR121 addresses: ADDR pin to GND, VDD, SDA, SCL gives 0x5A, 0x5B, 0x5C, 0x5D.
FIRST_CHIP = 0x5A
LAST_CHIP = 0x5D
ELECTRODES = 12  # ELE0..ELE11 per chip (ELE12 is the chip's proximity channel, not a pad)


class BoardMapError(ValueError):
    """A board map that cannot be used; .errors lists every problem."""

    def __init__(self, errors):
        self.errors = errors
        super().__init__("bad board map: " + "; ".join(errors))


def chip_name(addr):
    return "0x%02X" % addr


def parse_chip(v):
    """'0x5A' (any case) or an int -> int address, or None if it is not one."""
    if isinstance(v, bool):
        return None
    if isinstance(v, int):
        return v
    if isinstance(v, str):
        s = v.strip().lower()
        if s.startswith("0x") and len(s) > 2:
            try:
                return int(s[2:], 16)
            except ValueError:
                return None
    return None


def gpio(name):
    """'GP16' -> 16 (the RP2040's GPIO number)."""
    s = str(name).upper()
    if s.startswith("GP"):
        s = s[2:]
    return int(s)


def i2c_bus(cfg):
    """The RP2040 I2C block of the map's bus: GP0/1, 4/5, 8/9, ... are I2C0; GP2/3, 6/7, 10/11,
    ... are I2C1 (an "id" in the map overrides)."""
    return cfg.get("id", (gpio(cfg["sda"]) // 2) % 2)


def validate(data):
    """Every problem in a board map, as readable strings ([] means good). The checks live in
    arkham.boardcheck, loaded for the check and dropped after it (a one-shot at boot: its
    bytecode need not stay in a small heap)."""
    import sys

    import arkham

    loaded = "arkham.boardcheck" in sys.modules  # a caller that imported it keeps it
    from arkham import boardcheck

    try:
        return boardcheck.validate(data)
    finally:
        if not loaded:  # forget it everywhere the import put it: its bytecode can be collected
            sys.modules.pop("arkham.boardcheck", None)
            if "boardcheck" in arkham.__dict__:
                del arkham.__dict__["boardcheck"]


def _budget_ma(power):
    supply_ma = int(power["supply_amps"] * 1000 + 0.5)
    return supply_ma - int(power["reserve_ma"])


def brightness_cap(power, count):
    """Global cap 0..255 so that every LED at full white stays inside the supply:
    min(1, (supply - reserve) / (count * mA per LED at full white)), scaled to 255."""
    need = count * int(power["ma_per_led_full"])
    budget = _budget_ma(power)
    if need <= 0 or budget >= need:
        return 255
    if budget <= 0:
        return 0
    return budget * 255 // need


def _spot_type():
    from collections import namedtuple

    return namedtuple("Spot", ("name", "leds", "chip", "electrode", "x", "y"))


# A spot, as the board gives it out: (name, leds tuple, chip or None, electrode or None, x, y).
# A named tuple made when asked for: the board itself keeps its spots in columns (one list of
# names with a dict of their places, LEDs and pads in arrays), ~25 bytes a spot instead of ~65
# for a record and its LED tuple (~3 KB of an 80-spot board on a Pico's heap). Loops over every spot (a repaint) use the columns
# through index(), spot_names, led_start/led_list and chip_at(), and make nothing.
Spot = _spot_type()


class _Spots:
    """board.spots: the spots in board order, each a Spot made when it is read (a sequence:
    len, index, iteration)."""

    def __init__(self, board):
        self.board = board

    def __len__(self):
        return self.board.count

    def __getitem__(self, k):
        n = self.board.count
        if isinstance(k, slice):
            return [self.board.spot_at(i) for i in range(n)][k]
        if k < 0:
            k += n
        if not 0 <= k < n:
            raise IndexError("spot index out of range")
        return self.board.spot_at(k)

    def __iter__(self):
        for k in range(self.board.count):
            yield self.board.spot_at(k)


class BoardMap:
    def __init__(self, data):
        errors = validate(data)
        if errors:
            raise BoardMapError(errors)
        self.name = data["name"]
        self.title = data.get("title", self.name)
        leds = data["leds"]
        self.led_count = leds["count"]
        self.order = leds.get("order", "GRB")
        self.pin = leds["pin"]
        self.i2c = data["i2c"]
        self.chips = sorted(parse_chip(c) for c in data["chips"])
        self.power = data["power"]
        self.brightness_cap = brightness_cap(self.power, self.led_count)
        spots = data["spots"]
        n = len(spots)
        self.count = n
        # the names in board order (read it, never change it: a repaint's loop takes the name
        # of spot k from it, no call per spot)
        # A name is interned (one copy shared with the data tables and saves that hold it) unless
        # it ends in a number: doom_3, terror_0, rlyeh_1, pad_07, seat2_pip5 are slots of a row
        # the code reaches by number, held by no data table; a name stays in RAM for good, and
        # AH2e's 41 such names were what took it past a 7,696-byte name pool on the chip.
        self.spot_names = [d["name"] if d["name"][-1:].isdigit() else intern(d["name"])
                           for d in spots]
        self._by_name = {}  # type: dict[str, int]  # name -> spot index (lights, pads find it)
        # index(name): the spot's place in board order, or None. The dict's own get, so a look-up
        # is one call into C with no Python frame (a repaint makes ~100 of them; a method around
        # it cost ~35 us each on the emulated chip, the list's own search ~70 us and made a
        # repaint ~35 ms slower, a search in Python by name order ~420 us)
        self.index = self._by_name.get
        # spot k's LEDs: led_list[led_start[k]:led_start[k + 1]] (none for a sensor-only spot)
        self.led_start = array("H", [0] * (n + 1))
        self.led_list = array("H")
        self._pad = bytearray(n)  # spot k -> 1 + (chip - FIRST_CHIP) * 16 + electrode (0: none)
        self._xy = array("h", [0] * (2 * n))
        # chip 0x5A..0x5D, electrode 0..15 -> spot index + 1 (0: no spot), one byte each
        self._by_pad = bytearray(16 * (LAST_CHIP - FIRST_CHIP + 1))
        for k in range(n):
            d = spots[k]
            self._by_name[self.spot_names[k]] = k
            for i in d["leds"]:
                self.led_list.append(i)
            self.led_start[k + 1] = len(self.led_list)
            pad = d["pad"]
            if pad:
                at = (parse_chip(pad[0]) - FIRST_CHIP) * 16 + pad[1]
                self._pad[k] = at + 1
                self._by_pad[at] = k + 1
            self._xy[2 * k] = d["xy"][0]
            self._xy[2 * k + 1] = d["xy"][1]
        self.spots = _Spots(self)

    def name_at(self, k):
        return self.spot_names[k]

    def chip_at(self, k):
        """The chip address of spot k's pad, or None (a spot with no pad)."""
        p = self._pad[k]
        return None if not p else FIRST_CHIP + (p - 1) // 16

    def spot_at(self, k):
        p = self._pad[k]
        return Spot(
            self.spot_names[k],
            tuple(self.led_list[self.led_start[k] : self.led_start[k + 1]]),
            self.chip_at(k),
            None if not p else (p - 1) % 16,
            self._xy[2 * k],
            self._xy[2 * k + 1],
        )

    def spot(self, name):
        k = self.index(name)
        return None if k is None else self.spot_at(k)

    def pad_spot(self, chip, electrode):
        if chip is None or electrode is None:
            return None
        i = (chip - FIRST_CHIP) * 16 + electrode
        if not 0 <= electrode < 16 or not 0 <= i < len(self._by_pad) or not self._by_pad[i]:
            return None
        return self.spot_names[self._by_pad[i] - 1]

    def names(self):
        """Spot names in board (drawing) order."""
        return list(self.spot_names)


def load(path):
    """Read and validate a board map file; raises BoardMapError (with the path) if bad."""
    try:
        with open(path) as f:
            data = json.load(f)
    except OSError:
        raise BoardMapError(["cannot read %s" % path])
    except ValueError:
        raise BoardMapError(["%s is not valid JSON" % path])
    try:
        return BoardMap(data)
    except BoardMapError as e:
        raise BoardMapError([path + ": " + m for m in e.errors])
