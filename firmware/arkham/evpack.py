"""An event, packed for the `since` ring (issue 32): a fraction of its line's bytes.

An event's line is protocol.encode() of its fields plus "ev" and "seq", and encode() is a function
of the content alone (keys in a fixed order). So the ring keeps the content, not the text, and
encodes it again on replay: the same bytes. Packed, an event is its "ev" then its other fields:
- its seq is not kept (the ring knows which event a slot holds);
- a spot's name is one byte (its place on the board), so is each key or word of WORDS, and a
  string with spaces (a `why`) is its words, each a byte where it can be;
- integers are 1-2 bytes (zigzag, 7 bits a byte), true/false/null one.
Busy AH2e play: 87 bytes a line, 7-14 packed (a pad event 54 -> 6). What cannot be packed (a
float, nesting deeper than _DEEP) is kept as its line (pack() returns None).
"""

from arkham.compat import const

_FALSE = const(1)
_TRUE = const(2)
_NULL = const(3)
_INT = const(4)  # zigzag varint
_STR = const(5)  # varint length, the UTF-8 bytes
_LIST = const(6)  # varint count, the values
_DICT = const(7)  # varint count, key and value each
_WORDS = const(8)  # varint count, each word a string (joined by single spaces)
_WORD0 = const(16)  # 16..127: WORDS[b - 16]
_SPOT0 = const(128)  # 128..255: spot b - 128 of the board
_DEEP = const(3)  # lists and dicts in lists and dicts: deeper ones keep the line

# keys, event names and words of the events a busy table sends most (measured: AH2e play, the
# bring-up board, Ritual, Final Hour); at most 112 (16..127). Changing it changes no line: the
# ring lives in RAM only, packed and unpacked by the same firmware.
WORDS = const((
    "spot", "present", "why", "inv", "to", "frm", "from", "do", "what", "at", "by", "kind",
    "turn", "card", "n", "monster", "clue", "gate", "name", "game", "pad", "phase", "type",
    "level", "marker", "world", "legal", "say", "try", "order", "first", "k", "ao", "where",
    "err", "fault", "count", "value", "player", "seat", "round", "step", "options", "misplaced",
    "put_right", "put_back", "prompt", "prompt_done", "inv_moved", "pads_differ", "pad_fault",
    "doom", "error", "calib", "sweep_done", "noisy", "stuck", "put", "right", "lift", "it",
    "nothing", "belongs", "here", "now:", "the", "a", "on", "of", "move", "place", "act", "and",
    "or", "not", "is", "for", "back", "token", "missing", "upkeep", "mythos", "movement",
    "encounter", "investigators", "monsters", "clues", "stamina", "sanity", "black", "white",
))

def _varint(n, out):
    while n > 127:
        out.append(128 | (n & 127))
        n >>= 7
    out.append(n)


def _word(s, names):
    """The byte that stands for s, or 0. names: the board's spot names, or a pair (its spot
    names, its index(name) -> place or None: a dict's get, one call into C)."""
    if names is not None:
        if type(names) is tuple:
            k = names[1](s)
        else:
            k = names.index(s) if s in names else None
        if k is not None and k < 128:
            return _SPOT0 + k
    if s in WORDS:  # (no ValueError from index(): an exception allocates)
        return _WORD0 + WORDS.index(s)
    return 0


def _str(s, out, names):
    b = _word(s, names)
    if b:
        out.append(b)
        return
    data = s.encode()
    out.append(_STR)
    _varint(len(data), out)
    out.extend(data)


def _value(v, out, depth, names):
    """Pack v; False when it cannot be packed."""
    if v is None:
        out.append(_NULL)
    elif v is True:
        out.append(_TRUE)
    elif v is False:
        out.append(_FALSE)
    elif type(v) is str:
        if " " in v and not _word(v, names):
            words = v.split(" ")
            out.append(_WORDS)
            _varint(len(words), out)
            for w in words:
                _str(w, out, names)
        else:
            _str(v, out, names)
    elif type(v) is int:
        out.append(_INT)
        _varint(v * 2 if v >= 0 else -v * 2 - 1, out)
    elif depth >= _DEEP:
        return False
    elif isinstance(v, (list, tuple)):
        out.append(_LIST)
        _varint(len(v), out)
        for x in v:
            if not _value(x, out, depth + 1, names):
                return False
    elif isinstance(v, dict):
        out.append(_DICT)
        _varint(len(v), out)
        for k in v:
            if type(k) is not str:
                return False
            _str(k, out, names)
            if not _value(v[k], out, depth + 1, names):
                return False
    else:
        return False  # (a float: its text differs between runtimes; encode refuses it anyway)
    return True


def pack(obj, names=None):
    """The event obj ({"ev":..., "seq":..., fields}) packed (bytes, no seq), or None. names: the
    board's spot names, or (spot names, index) (a spot is its place there: see _word)."""
    out = bytearray()
    ev = obj.get("ev")
    if type(ev) is not str:
        return None
    _str(ev, out, names)
    _varint(len(obj) - 2, out)
    for k in obj:
        if k == "ev" or k == "seq":
            continue
        if type(k) is not str:
            return None
        _str(k, out, names)
        if not _value(obj[k], out, 1, names):
            return None
    return bytes(out)


class _Reader:
    def __init__(self, data, names):
        self.data = data
        self.names = names
        self.at = 0

    def byte(self):
        b = self.data[self.at]
        self.at += 1
        return b

    def varint(self):
        n = 0
        shift = 0
        while True:
            b = self.byte()
            n |= (b & 127) << shift
            if b < 128:
                return n
            shift += 7

    def str_of(self, b):
        if b >= _SPOT0:
            names = self.names
            return (names[0] if type(names) is tuple else names)[b - _SPOT0]
        if b >= _WORD0:
            return WORDS[b - _WORD0]
        n = self.varint()  # (b is _STR)
        s = bytes(self.data[self.at : self.at + n]).decode()
        self.at += n
        return s

    def value(self):
        b = self.byte()
        if b == _NULL:
            return None
        if b == _TRUE:
            return True
        if b == _FALSE:
            return False
        if b == _INT:
            z = self.varint()
            return z >> 1 if not z & 1 else -((z + 1) >> 1)
        if b == _WORDS:
            return " ".join([self.str_of(self.byte()) for _ in range(self.varint())])
        if b == _LIST:
            return [self.value() for _ in range(self.varint())]
        if b == _DICT:
            d = {}
            for _ in range(self.varint()):
                k = self.str_of(self.byte())
                d[k] = self.value()
            return d
        return self.str_of(b)


def unpack(data, seq, names=None):
    """The event a pack(obj, names) made, with its seq: a dict for protocol.encode()."""
    r = _Reader(data, names)
    obj = {"ev": r.str_of(r.byte()), "seq": seq}
    for _ in range(r.varint()):
        k = r.str_of(r.byte())
        obj[k] = r.value()
    return obj
