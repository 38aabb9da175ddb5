"""The data of one game: the board (FH-BOARD-1) and the components, from data/*.json.

The board is unverified (docs/final-hour.md): a player may pass their printed board's values as
the option "board" (same shape as data/board.json); it is checked here before a game starts.
"""
import json

from arkham.compat import IMPL, collect
from arkham.fh.facts import SYMS, Board, Data, DataError

RULES = ("rounds", "max_damage", "seal_destroys", "max_effects", "actions_per_round", "top_cards",
         "draw_after_play", "ritual_cards", "ritual_need", "destroyer_leaves")
# what build and setup read from game.json (not the notes, the sources, other Ancient Ones)
GAME_KEYS = ("investigators", "action_cards", "priority_cards", "priority_hand", "item_cards",
             "destruction_tokens", "seal_tokens", "health", "clue_symbols", "clues_per_symbol",
             "ritual_components", "key_clues", "gate_symbols", "gates_per_symbol", "gates_boxed",
             "monsters", "rules", "solo_investigators", "priority_omens", "priority_symbols")
ANCIENT_ONES = ("cthulhu", "shudde_mell", "umordhoth")  # (sorted) the members of ancient_ones
OPS = ("activate", "spawn", "spawn_or_activate", "ruin_ritual", "unseal", "say")


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


def _int(v, what, lo, hi):
    if not isinstance(v, int) or isinstance(v, bool) or v < lo or v > hi:
        raise DataError("%s must be an integer %d..%d" % (what, lo, hi))
    return v


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
    _check_reckoning(self)
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
    if rules["draw_after_play"] not in ("priority", "none"):
        raise DataError("draw_after_play is priority or none")
    need = rules["ritual_need"]
    if not isinstance(need, dict):
        raise DataError("ritual_need is {players: cards}")
    for k in ("1", "2", "3", "4"):
        _int(need.get(k), "ritual_need of %s players" % k, 1, 30)
    _int(rules["actions_per_round"], "actions_per_round", 1, 8)
    _int(rules["top_cards"], "top_cards", 0, rules["actions_per_round"])
    _int(rules["ritual_cards"], "ritual_cards", 1, 4)
    _int(rules["rounds"], "rounds", 1, 8)
    _int(rules["max_damage"], "max_damage", 1, 9)
    _int(rules["max_effects"], "max_effects", 1, 200)
    self.rules = rules
    _check_setup(self, g)
    for k in ("monsters", "ancient_ones", "rules"):
        del g[k]  # (in D now: setup reads only the counts, and its peak is the game's start)
    return self, g

def _check_setup(self, g):
    b = self.board
    st = self.setup
    if not isinstance(st, dict):
        raise DataError("a setup is a dict")
    _int(st.get("ritual"), "ritual location", 1, b.n)
    gates = st.get("gates")
    if not isinstance(gates, dict):
        raise DataError("setup gates is {symbol: location}")
    for sym in sorted(gates):
        if sym not in g["gate_symbols"]:
            raise DataError("unknown gate symbol %r" % sym)
        at = _int(gates[sym], "gate location", 1, b.n)
        if at == st["ritual"]:
            raise DataError("a gate cannot be on the ritual site")
    _int(st.get("others", 0), "setup others (pool monsters on each free location)", 0, 4)
    mons = st.get("monsters")
    what = "setup monsters is a list of [location or gate symbol, kind or null, count]"
    if not isinstance(mons, list):
        raise DataError(what)
    for m in mons:
        if not isinstance(m, list) or len(m) not in (2, 3):
            raise DataError(what)
        if m[0] in gates:
            pass
        elif isinstance(m[0], str):
            raise DataError("setup monsters at gate %r: no such gate in this setup" % m[0])
        else:
            _int(m[0], "setup monster location", 1, b.n)
        if m[1] is not None and m[1] not in self.kinds:
            raise DataError("unknown monster kind %r" % (m[1],))
        if len(m) == 3:
            _int(m[2], "setup monster count", 1, 8)


def _check_reckoning(self):
    """FH-ROUND-4: ascending band minimums, one list of effects per band, known effects."""
    bands = self.bands
    if not isinstance(bands, list) or not bands or len(self.reckoning) != len(bands):
        raise DataError("an Ancient One has bands and one reckoning entry per band")
    for i in range(len(bands)):
        _int(bands[i], "band minimum", 1, 8)
        if i and bands[i] <= bands[i - 1]:
            raise DataError("band minimums ascend")
        for op in self.reckoning[i]:
            if not isinstance(op, list) or not op or op[0] not in OPS:
                raise DataError("reckoning effects are lists starting with: " + " ".join(OPS))
