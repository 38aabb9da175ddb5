"""The data of one game: the board (FH-BOARD-1) and the components, from data/*.json.

The board is unverified (docs/final-hour.md): a player may pass their printed board's values as
the option "board" (same shape as data/board.json); it is checked here before a game starts.
"""
import json

from arkham.compat import IMPL, collect
from arkham.fh.facts import SYMS, Board, Data, DataError
from arkham.fh.facts import integer as _int

RULES = ("rounds", "max_damage", "seal_destroys", "max_effects", "actions_per_round", "top_cards",
         "draw_after_play", "ritual_cards", "ritual_need", "destroyer_leaves")
# what build and setup read from game.json (not the notes, the sources, other Ancient Ones)
GAME_KEYS = ("investigators", "action_cards", "priority_cards", "priority_hand", "item_cards",
             "destruction_tokens", "seal_tokens", "health", "clue_symbols", "clues_per_symbol",
             "ritual_components", "key_clues", "gate_symbols", "gates_per_symbol", "gates_boxed",
             "monsters", "rules", "solo_investigators", "priority_omens", "priority_symbols")
ANCIENT_ONES = ("cthulhu", "shudde_mell", "umordhoth")  # (sorted) the members of ancient_ones



def _open(name):
    here = __file__.rsplit("/", 1)[0] if "/" in __file__ else "."
    return open(here + "/data/" + name + ".json")


def read(name):
    """The whole file, parsed (the tests; a game reads only its part: pick)."""
    f = _open(name)
    try:
        return json.load(f)
    finally:
        f.close()


def pick(name, want):
    """Only the parts of data/NAME.json a game needs, parsed line by line (the whole game.json
    parsed is ~14 KB of a Pico's heap; no text longer than a line is made). want: {key: 1 (its
    value) or {key: ...} (those members only)}. The files' layout: one member a line; a member
    spanning lines has `"key": {` or `"key": [` alone on its first line, then one member (or one
    item) a line, then its } or ]."""
    f = _open(name)
    try:
        f.readline()  # "{"
        return _members(f, want)
    finally:
        f.close()


def _members(f, want):
    """The members up to the closing } (want None: all of them)."""
    out = {}
    while True:
        s = f.readline().strip()
        if not s or s[0] in "}]":
            return out
        k, v = s.split(":", 1)
        k = json.loads(k)
        v = v.strip()
        w = 1 if want is None else want.get(k)
        if v == "{":
            v = _members(f, (w if isinstance(w, dict) else None) if w else {})
        elif v == "[":
            v = []
            while True:
                s = f.readline().strip()
                if not s or s[0] == "]":
                    break
                if w:
                    v.append(json.loads(s.rstrip(",")))
        elif w:
            v = json.loads(v.rstrip(","))
        if w:
            out[k] = v


def board(raw):
    """A checked Board from a dict shaped like data/board.json (a player's printed board)."""
    if not isinstance(raw, dict) or not isinstance(raw.get("locations"), list):
        raise DataError("a board is {\"locations\": [...]}")
    self = Board()
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
    self.zone_locs = {}
    for i in range(1, n + 1):
        self.zone_locs.setdefault(self.zone[i], []).append(i)
    self.zones = sorted(self.zone_locs)
    return self


def _kind(name, k):
    if k.get("colour") not in ("blue", "red"):
        raise DataError("monster %s: colour is blue or red" % name)
    for x in k.get("syms", ()):
        if x not in SYMS:
            raise DataError("monster %s: symbols are %s" % (name, " ".join(SYMS)))
    return (k["colour"], tuple(k["syms"]), _int(k.get("hp"), "health of " + name, 1, 9))


def build(opts):
    """(Data, what setup reads of game.json) for these options; the caller drops the second
    after setup."""
    ao = opts.get("ancient", "cthulhu")
    if ao not in ANCIENT_ONES:
        raise DataError("ancient is one of: " + " ".join(ANCIENT_ONES))
    level = opts.get("level", "easy")
    if level not in ("easy", "normal", "hard"):
        raise DataError("level is easy, normal or hard")
    want = {"ancient_ones": {ao: {"special": 1, level: 1, "bands": 1, "reckoning": 1}}}
    for k in GAME_KEYS:
        want[k] = 1
    g = pick("game", want)
    raw = opts["board"] if "board" in opts else pick("board", {"locations": 1})
    if IMPL != "cpython":
        collect()  # the lines passed over gone before the game's long-lived data is made: it
        # packs low in the heap (the 64-bit port compiling from source missed a 1.8 KB block)
    self = Data()
    self.board = board(raw)
    raw = None
    if ao not in g["ancient_ones"]:
        raise DataError("game.json has no Ancient One %s" % ao)
    self.setup = opts["setup"] if "setup" in opts else g["ancient_ones"][ao][level]
    kinds = {}  # kind -> (colour, symbols, health): tuples, small on a Pico
    self.token = []  # token id -> kind name
    for k in sorted(g["monsters"]):
        kinds[k] = _kind(k, g["monsters"][k])
        for _ in range(g["monsters"][k]["count"]):
            self.token.append(k)
    nstd = len(self.token)
    spec = g["ancient_ones"][ao]["special"]
    self.specials = sorted(spec)
    self.clue_symbols = g["clue_symbols"]
    for k in sorted(spec):
        kinds[k] = _kind(k, spec[k])
        for _ in range(spec[k]["count"]):
            self.token.append(k)
    self.nstd = nstd  # ids below this are standard (pool), the rest special (reserve)
    self.kinds = kinds
    self.prio_omens = g["priority_omens"]  # card n: character n-1 (FH-ROUND-4)
    self.prio_symbols = g["priority_symbols"]  # card n: index into clue_symbols (FH-WIN-1)
    self.action_cards = g["action_cards"]
    self.gate_symbols = g["gate_symbols"]
    self.bands = g["ancient_ones"][ao]["bands"]
    self.reckoning = g["ancient_ones"][ao]["reckoning"]
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
    self.rules = rules
    for k in ("monsters", "ancient_ones", "rules"):
        del g[k]  # (in D now: setup reads only the counts, and its peak is the game's start)
    return self, g  # (checked by arkham.fh.check once this module has left RAM)
