"""Builds the data tables from data/*.json (once per run; unloaded afterwards on small heaps)."""
from arkham.ah2e.tables import ABILITIES, FIELDS, MOVES, SYMBOLS, TYPES, _records, _word


def build(self):
    head, recs = _records("board")
    self.streets = []
    self.white = {}
    self.black = {}
    self.street_of = {}
    self.unstable = []
    adj = {}
    names = {}
    for r in recs:
        if r[0] == "street":
            names[r[1]] = r[1]
    for r in recs:
        if r[0] == "street":
            name, w, k = r[1], names[r[2]], names[r[3]]
            self.streets.append(name)
            self.white[name] = w
            self.black[name] = k
            for other in [w, k] + [names[x] for x in r[4]]:
                for a, b in ((name, other), (other, name)):
                    lst = adj.setdefault(a, [])
                    if b not in lst:
                        lst.append(b)
    for r in recs:
        if r[0] == "location":
            name, street = r[1], names[r[2]]
            names[name] = name
            self.street_of[name] = street
            adj[name] = [street]
            adj[street].append(name)
            if r[3]:
                self.unstable.append(name)
    for k in adj:
        adj[k] = tuple(sorted(adj[k]))
    self.adj = adj
    self.streets = tuple(sorted(self.streets))
    self.locations = sorted(self.street_of)
    self.unstable = tuple(sorted(self.unstable))
    self.hospital = names[head["hospital"]]
    self.asylum = names[head["asylum"]]
    self.closes = [(lv, names[x]) for lv, x in head["closes"]]
    self.ally_deck = head["ally_deck"]
    names = None
    head, recs = _records("worlds")
    self.worlds = {}
    self.gate_world = []  # gate marker id -> world
    for name, colours, mod, symbol in recs:
        self.worlds[name] = (tuple(colours), mod, _word(symbol))
        for _ in range(head["markers_per_world"]):
            self.gate_world.append(name)
    head, recs = _records("monsters")
    _kinds(self, recs)
    self.maniac = head["maniac_terror"]
    _cards(self)

def _kinds(self, recs):
    """Monster kinds as bytes: FIELDS values (+8 offset), an ability bit mask, and the
    markers' kinds as one byte each."""
    names = []
    stats = []
    marks = bytearray()
    for r in recs:
        k = len(names)
        names.append(r[0])
        row = bytearray(len(FIELDS))
        row[0] = MOVES.index(r[2])
        row[1] = SYMBOLS.index(r[3])
        for j in range(4, 10):
            row[j - 2] = 255 if r[j] is None else r[j] + 8
        mask = 0
        for ab in r[10]:
            if ab.startswith("nightmarish_"):
                row[8] = int(ab[12:]) + 8
            elif ab.startswith("overwhelming_"):
                row[9] = int(ab[13:]) + 8
            else:
                mask |= 1 << ABILITIES.index(ab)
        row[8] = row[8] or 8
        row[9] = row[9] or 8
        stats.append((bytes(row), mask))
        for _ in range(r[1]):
            marks.append(k)
    self._kind_names = " " + " ".join(names) + " "
    self._kstats = stats
    self._marker = bytes(marks)
    self.markers = len(marks)

def _cards(self):
    """Mythos cards as bytes and small ints; names in one space-separated string."""
    loc = self.locations
    typ = bytearray()
    gate = bytearray()
    clue = bytearray()
    self.white_mask = []
    self.black_mask = []
    names = []

    def card(r):
        names.append(r[0])
        typ.append(TYPES.index(r[1]))
        gate.append(255 if r[2] is None else loc.index(r[2]))
        clue.append(255 if r[3] is None else loc.index(r[3]))
        self.white_mask.append(_mask(r[4]))
        self.black_mask.append(_mask(r[5]))

    _records("mythos", card)
    self.ncards = len(names)
    self._typ = bytes(typ)
    self._gate = bytes(gate)
    self._clue = bytes(clue)
    self._card_names = " " + " ".join(names) + " "


def _mask(syms):
    m = 0
    for s in syms:
        m |= 1 << SYMBOLS.index(s)
    return m
