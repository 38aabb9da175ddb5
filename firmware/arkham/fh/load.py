"""The data of one game: the board (FH-BOARD-1) and the components, from data/*.json.

The board is unverified (docs/final-hour.md): a player may pass their printed board's values as
the option "board" (same shape as data/board.json); it is checked here before a game starts.
"""
import json

SYMS = ("killer", "wanderer", "destroyer")  # FH-ACT-2; also the activation order (FH-ACT-3)
RULES = ("rounds", "max_damage", "gate_grow", "spawn_per_gate", "reverse_at_ritual",
         "wrong_reverse", "seal_destroys", "max_effects")


class DataError(Exception):
    pass


def read(name):
    here = __file__.rsplit("/", 1)[0] if "/" in __file__ else "."
    f = open(here + "/data/" + name + ".json")
    try:
        return json.load(f)
    finally:
        f.close()


def _int(v, what, lo, hi):
    if not isinstance(v, int) or isinstance(v, bool) or v < lo or v > hi:
        raise DataError("%s must be an integer %d..%d" % (what, lo, hi))
    return v


class Board:
    """Locations 1..n as lists indexed by number (index 0 unused)."""

    def __init__(self, raw):
        if not isinstance(raw, dict) or not isinstance(raw.get("locations"), list):
            raise DataError("a board is {\"locations\": [...]}")
        locs = raw["locations"]
        n = len(locs)
        if n < 2 or n > 40:
            raise DataError("a board has 2..40 locations")
        self.n = n
        self.zone = [None] * (n + 1)
        self.slots = [0] * (n + 1)
        self.arrow = {"blue": [0] * (n + 1), "red": [0] * (n + 1)}
        self.paths = [()] * (n + 1)
        seen = [False] * (n + 1)
        for loc in locs:
            if not isinstance(loc, dict):
                raise DataError("each location is a dict")
            i = _int(loc.get("n"), "location number", 1, n)
            if seen[i]:
                raise DataError("location %d is listed twice" % i)
            seen[i] = True
            z = loc.get("zone")
            if not isinstance(z, str) or not z:
                raise DataError("location %d needs a zone name" % i)
            self.zone[i] = z
            self.slots[i] = _int(loc.get("slots"), "slots of location %d" % i, 1, 8)
            for c in ("blue", "red"):
                to = _int(loc.get(c), "%s arrow of location %d" % (c, i), 1, n)
                if to == i:
                    raise DataError("the %s arrow of location %d points at itself" % (c, i))
                self.arrow[c][i] = to
            p = loc.get("paths")
            if not isinstance(p, list) or not p:
                raise DataError("location %d needs a list of paths" % i)
            for to in p:
                _int(to, "path of location %d" % i, 1, n)
            self.paths[i] = tuple(sorted(p))
        for i in range(1, n + 1):
            for to in self.paths[i]:
                if i not in self.paths[to]:
                    raise DataError("path %d-%d is listed at %d only" % (i, to, i))
            if self.arrow["blue"][i] not in self.paths[i]:
                raise DataError("the blue arrow of location %d follows no path" % i)
        zones = []
        for i in range(1, n + 1):
            if self.zone[i] not in zones:
                zones.append(self.zone[i])
        self.zones = sorted(zones)

    def zone_locations(self, z):
        return [i for i in range(1, self.n + 1) if self.zone[i] == z]


class Data:
    """Board, monster tokens of this game (standard + the Ancient One's special ones), rules."""

    def __init__(self, opts):
        g = read("game")
        self.g = g
        self.board = Board(opts["board"] if "board" in opts else read("board"))
        ao = opts.get("ancient", "cthulhu")
        if ao not in g["ancient_ones"]:
            raise DataError("ancient is one of: " + " ".join(sorted(g["ancient_ones"])))
        level = opts.get("level", "easy")
        if level not in ("easy", "normal", "hard"):
            raise DataError("level is easy, normal or hard")
        self.setup = opts["setup"] if "setup" in opts else g["ancient_ones"][ao][level]
        kinds = {}
        names = []
        for k in sorted(g["monsters"]):
            names.append(k)
            kinds[k] = g["monsters"][k]
        nstd = 0
        self.token = []  # token id -> kind name
        for k in names:
            for _ in range(kinds[k]["count"]):
                self.token.append(k)
        nstd = len(self.token)
        spec = g["ancient_ones"][ao]["special"]
        for k in sorted(spec):
            kinds[k] = spec[k]
            for _ in range(spec[k]["count"]):
                self.token.append(k)
        self.nstd = nstd  # ids below this are standard (pool), the rest special (reserve)
        self.kinds = kinds
        rules = {}
        for k in RULES:
            rules[k] = g["rules"][k]
        extra = opts.get("rules") or {}
        if not isinstance(extra, dict):
            raise DataError("rules is a dict of rule options")
        for k in sorted(extra):
            if k not in rules:
                raise DataError("unknown rule option %r; options: %s" % (k, " ".join(RULES)))
            rules[k] = extra[k]
        if rules["wrong_reverse"] not in ("wound", "lose", "none"):
            raise DataError("wrong_reverse is wound, lose or none")
        sp = rules["spawn_per_gate"]
        if sp != "tokens":
            _int(sp, "spawn_per_gate", 0, 4)
        _int(rules["rounds"], "rounds", 1, 8)
        _int(rules["max_damage"], "max_damage", 1, 6)
        _int(rules["max_effects"], "max_effects", 1, 200)
        self.rules = rules
        self._check_setup()

    def _check_setup(self):
        b = self.board
        st = self.setup
        if not isinstance(st, dict):
            raise DataError("a setup is a dict")
        _int(st.get("ritual"), "ritual location", 1, b.n)
        gates = st.get("gates")
        if not isinstance(gates, dict):
            raise DataError("setup gates is {symbol: location}")
        for sym in sorted(gates):
            if sym not in self.g["gate_symbols"]:
                raise DataError("unknown gate symbol %r" % sym)
            at = _int(gates[sym], "gate location", 1, b.n)
            if at == st["ritual"]:
                raise DataError("a gate cannot be on the ritual site")
        mons = st.get("monsters")
        if not isinstance(mons, list):
            raise DataError("setup monsters is a list of [location, kind or null]")
        for m in mons:
            if not isinstance(m, list) or len(m) != 2:
                raise DataError("setup monsters is a list of [location, kind or null]")
            _int(m[0], "setup monster location", 1, b.n)
            if m[1] is not None and m[1] not in self.kinds:
                raise DataError("unknown monster kind %r" % (m[1],))

    def kind(self, m):
        return self.kinds[self.token[m]]

    def special(self, m):
        return m >= self.nstd
