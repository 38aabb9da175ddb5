"""Board map: which LEDs and which MPR121 electrode belong to each spot of one table.

`hardware/boards/<name>.json` is loaded at boot; the same game then runs on tables wired
differently. `validate(data)` lists every problem (naming the spot) so a maker fixes the file in
one go; `BoardMap(data)` refuses a bad map. Format: docs/design.md, "Board map". The checks
and the build of the columns live in arkham.boardcheck, loaded at boot and dropped: this module
keeps what a table in play reads.
"""

import json
from array import array

from arkham.hw import FIRST_CHIP


class BoardMapError(ValueError):
    """A board map that cannot be used; .errors lists every problem."""

    def __init__(self, errors):
        self.errors = errors
        super().__init__("bad board map: " + "; ".join(errors))


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
    """Every problem in a board map, as readable strings ([] means good)."""
    return _check("validate", data)


def _check(what, *args):
    """boardcheck's function `what`: the checks and the columns' build live in
    arkham.boardcheck, loaded for the call and dropped after it (a one-shot at boot: its
    bytecode need not stay in a small heap)."""
    import sys

    import arkham

    loaded = "arkham.boardcheck" in sys.modules  # a caller that imported it keeps it
    from arkham import boardcheck

    try:
        return getattr(boardcheck, what)(*args)
    finally:
        if not loaded:  # forget it everywhere the import put it: its bytecode can be collected
            sys.modules.pop("arkham.boardcheck", None)
            if "boardcheck" in arkham.__dict__:
                del arkham.__dict__["boardcheck"]


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
    # The columns arkham.boardcheck's build fills in (annotations only: no code on a device)
    name: str
    title: str
    led_count: int
    order: str
    pin: str
    i2c: dict
    chips: "list[int]"
    power: dict
    brightness_cap: int
    count: int  # spots
    # the names in board order (read it, never change it: a repaint's loop takes the name of
    # spot k from it, no call per spot)
    spot_names: "list[str]"
    _by_name: "dict[str, int]"  # name -> spot index (lights, pads find it)
    # spot k's LEDs: led_list[led_start[k]:led_start[k + 1]] (none for a sensor-only spot)
    led_start: array
    led_list: array
    _pad: bytearray  # spot k -> 1 + (chip - FIRST_CHIP) * 16 + electrode (0: none)
    _xy: array  # spot k at (_xy[2k], _xy[2k + 1])
    _by_pad: bytearray  # chip 0x5A..0x5D, electrode 0..15 -> spot index + 1 (0: no spot)
    spots: "_Spots"

    def __init__(self, data):
        """A board from its map's data (checked: BoardMapError lists every problem)."""
        errors = _check("build", self, data)
        if errors:
            raise BoardMapError(errors)
        self.spots = _Spots(self)

    def index(self, name):
        """The spot's place in board order, or None. (build puts _by_name's own get here on each
        board, so a look-up is one call into C with no Python frame: a repaint makes ~100.)"""
        return self._by_name.get(name)

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
