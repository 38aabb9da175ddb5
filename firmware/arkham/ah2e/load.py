"""Builds the data tables from data/*.json (once per run), and reads whole data files for setup
(sheets, names): loaded for that and unloaded afterwards on small heaps (tables.load_once)."""
import json
from array import array

from arkham.compat import const
from arkham.ah2e.tables import _DIR, ABILITIES, FIELDS, MOVES, SYMBOLS, TYPES

_HEAD = const(40)  # characters of a line read first: enough to tell a note or another record's id


def _records(name, each=None, key=None):
    """(header dict, list of records) of data/<name>.json, one record per line; with `each`,
    each record is handed over as it is read and none is kept (less RAM at once); with `key`,
    only the records whose id (first field) is `key`. A line not wanted (a "_" note, a record of
    another id) is passed over in pieces as it is read, never whole in RAM: a long note line
    asked for a block of 1.2 KB in one piece, a small heap's peak in play."""
    head = {}
    recs = []
    want = None if key is None else '["' + key + '"'
    size = _HEAD if want is None else max(_HEAD, len(want) + 2)
    f = open(_DIR + name + ".json")
    try:
        while True:
            line = f.readline(size)
            if not line:
                break
            t = line.lstrip()
            if t.startswith('"_') or (want is not None and t[:1] == "[" and not t.startswith(want)):
                while line and not line.endswith("\n"):
                    line = f.readline(size)
                continue
            if not line.endswith("\n"):
                parts = [line]
                while line and not line.endswith("\n"):
                    line = f.readline(256)
                    parts.append(line)
                line = "".join(parts)
                parts = None
            line = line.strip()
            if line.endswith(","):
                line = line[:-1]
            if line.startswith("["):
                if each is None:
                    recs.append(json.loads(line))
                else:
                    each(json.loads(line))
            elif line.startswith('"') and not line.endswith("["):
                kv = json.loads("{" + line + "}")
                for k in kv:
                    head[k] = kv[k]
    finally:
        f.close()
    return head, recs


def _ids(name):
    """The ids (first fields) of the records of data/<name>.json, read from each line's head."""
    out = []
    f = open(_DIR + name + ".json")
    try:
        while True:
            line = f.readline(_HEAD)
            if not line:
                break
            t = line.lstrip()
            if t.startswith('["'):
                end = t.find('"', 2)
                if end < 0:  # (an id longer than the head: the record says it)
                    rest = [line]
                    while not rest[-1].endswith("\n") and rest[-1]:
                        rest.append(f.readline(256))
                    out.append(json.loads("".join(rest).strip().rstrip(","))[0])
                    continue
                out.append(t[2:end])
            while line and not line.endswith("\n"):
                line = f.readline(_HEAD)
    finally:
        f.close()
    return out


def word(text):
    for x in SYMBOLS + TYPES + MOVES:  # (the interned literals of tables.py)
        if x == text:
            return x
    return text


def ancient_one(name):
    for r in _records("ancient_ones", None, name)[1]:
        if r[0] == name:
            return r[1]
    return None


def ancient_ones():
    return sorted(_ids("ancient_ones"))


def investigator_names():
    return sorted(_ids("investigators"))


def investigators():
    out = {}
    for r in _records("investigators")[1]:
        out[r[0]] = r[1]
    return out



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
        self.worlds[name] = (tuple(colours), mod, word(symbol))
        for _ in range(head["markers_per_world"]):
            self.gate_world.append(name)
    head, recs = _records("monsters")
    _kinds(self, recs)
    self.maniac = head["maniac_terror"]
    names = cards(self)
    _ability_lines(self, names)

def _kinds(self, recs):
    """Monster kinds as bytes: FIELDS values (+8 offset) of every kind in one bytes, an ability
    bit mask each, and the markers' kinds as one byte each."""
    names = []
    stats = bytearray()
    masks = array("H")
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
        stats.extend(row)
        masks.append(mask)
        for _ in range(r[1]):
            marks.append(k)
    self._kind_names = " " + " ".join(names) + " "
    self._kstats = bytes(stats)
    self._kmask = masks
    self._marker = bytes(marks)
    self.markers = len(marks)

def cards(self):
    """Mythos cards as bytes and small ints; their names stay in the file (where each card's
    line starts: tables.Data.card_name); the names returned, for building the rest."""
    loc = self.locations
    typ = bytearray()
    gate = bytearray()
    clue = bytearray()
    self.white_mask = array("H")  # (9 symbols: 2 bytes a card, not a list of ints)
    self.black_mask = array("H")
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
    self._card_line = _lines("mythos")
    if len(self._card_line) != len(names):
        raise ValueError("mythos.json: one record per line")
    return names


def _lines(name):
    """Where each record line (one starting with '["') of data/<name>.json starts, in bytes."""
    at = array("H")
    f = open(_DIR + name + ".json", "rb")
    try:
        pos = 0
        while True:
            line = f.readline(64)
            if not line:
                break
            if line.lstrip().startswith(b'["'):
                at.append(pos)
            pos += len(line)
            while line and not line.endswith(b"\n"):  # the rest, in pieces
                line = f.readline(64)
                pos += len(line)
    finally:
        f.close()
    return at


def _ability_lines(self, names):
    """Where each card's line is in data/mythos_abilities.json: [offset, length] per card (0
    length: none; the first record of a name), so that tables.card_ability reads that one line
    (no scan of the 5.5 KB file at each mythos ability, no blocks of up to 768 bytes)."""
    at = array("H")
    for _ in range(2 * self.ncards):
        at.append(0)
    index = {}
    for c in range(len(names)):
        index[names[c]] = c
    f = open(_DIR + "mythos_abilities.json", "rb")
    try:
        pos = 0
        while True:
            line = f.readline(64)  # (the longest card id is 37 characters)
            if not line:
                break
            start = pos
            pos += len(line)
            t = line.lstrip()
            c = None
            if t.startswith(b'["'):
                end = t.find(b'"', 2)
                if end > 0:
                    c = index.get(t[2:end].decode())
            while line and not line.endswith(b"\n"):  # the rest, in pieces
                line = f.readline(64)
                pos += len(line)
            if c is not None and not at[2 * c + 1]:
                at[2 * c] = start
                at[2 * c + 1] = pos - start
    finally:
        f.close()
    self._ab_at = at


def _mask(syms):
    m = 0
    for s in syms:
        m |= 1 << SYMBOLS.index(s)
    return m
