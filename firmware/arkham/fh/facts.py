"""The facts one game plays with, as plain containers (built by arkham.fh.load, which is then
dropped from RAM on MicroPython: only these small objects stay)."""

SYMS = ("killer", "wanderer", "destroyer")  # FH-ACT-2; also the activation order (FH-ACT-3)


class DataError(Exception):
    pass


def integer(v, what, lo, hi):
    """v, when it is an integer lo..hi (a data file's or a player's value); DataError if not."""
    if not isinstance(v, int) or isinstance(v, bool) or v < lo or v > hi:
        raise DataError("%s must be an integer %d..%d" % (what, lo, hi))
    return v


class Board:
    """FH-BOARD-1. Locations 1..n as lists indexed by number (index 0 unused): zone, slots,
    arrow["blue"/"red"], paths (tuples); zones sorted; zone_locs[zone] ascending."""

    def zone_locations(self, z):
        return list(self.zone_locs[z])


class Data:
    """board; token[id] = kind; kinds[kind] = (colour, symbols, health); nstd (ids below are
    standard monsters); specials (this Ancient One's kinds, sorted); clue_symbols; rules."""

    def colour(self, m):
        return self.kinds[self.token[m]][0]

    def syms(self, m):
        return self.kinds[self.token[m]][1]

    def hp(self, m):
        return self.kinds[self.token[m]][2]

    def special(self, m):
        return m >= self.nstd
