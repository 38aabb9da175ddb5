"""Numbered events and the replay ring behind `since N`.

Every event gets the next `seq` (gap-free; the app persists the last one so numbering survives a
restart). The ring keeps the most recent events, bounded both in count and in bytes, each packed
(as lines, 3 KB held ~42 events of busy play, under a second) and encoded again on
replay: an event's line is protocol.encode() of its content, a function of the content alone
(keys in a fixed order), so `since N` replays exactly the bytes sent. Packed (pack()), an event
is its fields without its seq (the ring knows which event a slot holds): a spot's name one byte
(its place on the board), so each key or word of WORDS, a string with spaces (a `why`) its words;
integers 1-2 bytes (zigzag, 7 bits a byte), true/false/null one; a count or a length one byte.
Busy AH2e play: 87 bytes a line, ~9 packed (a pad event 52 -> 8). What cannot be packed (nested
deeper than _DEEP, a count or string of 128 or more) is kept as its line.
Few names (a Pico keeps every name; AH2e is near a names pool boundary, docs/memory.md), and the
replay side in arkham.evreplay, loaded for a `since` and forgotten after it (its code is ~2 KB of
a Pico's heap while loaded: no table needs it between reconnects).
"""

from array import array

from arkham.compat import collect, const
from arkham.protocol import encode as _encode

_PIECE = const(256)  # bytes in one piece of the ring
_FALSE = const(1)  # packed values: a type byte, then its bytes
_TRUE = const(2)
_NULL = const(3)
_INT = const(4)  # zigzag varint
_STR = const(5)  # length (one byte), the UTF-8 bytes
_LIST = const(6)  # count (one byte), the values
_DICT = const(7)  # count, then key and value each
_SPACED = const(8)  # count, then each word (a string with spaces: its words)
_WORD0 = const(16)  # 16..127: WORDS[b - 16]
_SPOT0 = const(128)  # 128..255: spot b - 128 of the board
_PENDING = const(4)  # events waiting for flush(): more are packed at once (a Mythos phase's
# ~20 events held unpacked cost its heap peak: bench m32)
_DEEP = const(3)  # lists and dicts in lists and dicts: deeper ones keep the line

# keys and words of the events a busy table sends most (AH2e play, the bring-up board, Ritual,
# Final Hour), at most 112, each to its byte (16..127). Changing it changes no line: the ring
# lives in RAM only. A dict: a word is one look-up in C (`in` a tuple compared each string in
# turn, ~0.3 ms of a Pico's time a string: ~37 ms an action, bench pico).
WORDS = dict(zip((
    "ev", "spot", "present", "why", "inv", "to", "frm", "from", "do", "what", "at", "by", "kind",
    "turn", "card", "n", "monster", "clue", "gate", "name", "game", "pad", "phase", "type",
    "level", "marker", "world", "legal", "say", "try", "order", "first", "k", "ao", "where",
    "err", "fault", "count", "value", "player", "seat", "round", "step", "options", "misplaced",
    "put_right", "put_back", "prompt", "prompt_done", "inv_moved", "pads_differ", "pad_fault",
    "doom", "error", "calib", "sweep_done", "noisy", "stuck", "put", "right", "lift", "it",
    "nothing", "belongs", "here", "now:", "the", "a", "on", "of", "move", "place", "act", "and",
    "or", "not", "is", "for", "back", "token", "missing", "upkeep", "mythos", "movement",
    "encounter", "investigators", "monsters", "clues", "stamina", "sanity", "black", "white",
), range(_WORD0, 128)))


class EventLog:
    def __init__(self, seq=0, keep=256, keep_bytes=3072, names=None):
        self.seq = seq  # the last number given out
        self.names = names  # the board's spot names: a spot packs as its place there
        # The last `n` events (packed), byte after byte in a ring of keep_bytes: the oldest starts
        # at byte `at`, event s's line is _len[s % keep] bytes long and the next follows it
        # (wrapping to byte 0). The ring is pieces of _PIECE bytes, each made when the lines
        # first reach it and kept: a line is no object of its own (~30 on an AH2e table, each a
        # block let go long after it was made, left holes where a fragmented heap then lacked
        # 200 bytes in one piece: bench m32), no piece is a large block, and a bring-up table
        # with a few lines keeps a few pieces.
        self.ring = []
        self._len = array("H", bytes(2 * keep))
        self.at = 0
        self.n = 0
        self._bytes = 0
        self.keep_bytes = keep_bytes
        self.pending = []  # (event, its line) numbered, not yet in the ring (flush)

    def add(self, ev, fields):
        """Number and encode one event; returns its line (bytes). Its place in the ring waits
        for flush() (packing an action's events is ~5-10 ms of a Pico's time: the app does it
        after the replies are out, in the players' time)."""
        obj = {} if fields is None else dict(fields)
        obj["ev"] = ev
        obj["seq"] = self.seq + 1
        try:  # may raise TypeError: then no number is used up
            line = _encode(obj)  # (encode()'s first try inline: the Pico's stack is small)
        except MemoryError:
            line = encode(obj)
        self.seq += 1
        self.pending.append((obj, line))
        if len(self.pending) >= _PENDING:
            self.flush()
        return line

    def flush(self):
        """Pack the events numbered since the last flush into the ring, oldest first."""
        pending = self.pending
        names = self.names
        while pending:
            obj, line = pending[0]
            data = bytearray()
            try:  # (pack(obj, data, names, 0) with its dict's loop here: a call less deep)
                k = len(obj) - 1  # (its seq left out)
                if k > 127:
                    data = None
                else:
                    data.append(_DICT)
                    data.append(k)
                    for k in obj:
                        if k != "seq" and not (
                            type(k) is str
                            and pack(k, data, names, 1)
                            and pack(obj[k], data, names, 1)
                        ):
                            data = None  # (kept as its line)
                            break
            except MemoryError:
                data = None
            pending.pop(0)
            self.keep(obj["seq"], data, line)

    def keep(self, s, data, line):
        """Event s into the ring: packed (data), else as its line after a 0."""
        keep = len(self._len)
        size = len(data) if data is not None else 1 + len(line)
        if self.n == keep:
            self._clear(s - self.n, True)  # the oldest (its slot is the new line's)
        while self.n and self._bytes + size > self.keep_bytes:
            self._clear(s - self.n, True)
        if size > self.keep_bytes:  # (kept by nobody: the ring holds no part of a line)
            return
        if not self.n:
            self.at = 0
        p = (self.at + self._bytes) % self.keep_bytes
        if data is not None:
            self._put(p, data, None)
        else:
            self._put(p, b"\x00", None)
            self._put((p + 1) % self.keep_bytes, memoryview(line), None)
        self._len[s % keep] = size
        self.n += 1
        self._bytes += size

    def _put(self, p, line, out):
        """line's bytes into the ring from byte p on (out None), or the ring's bytes from p on
        into out (a line read back), piece by piece, wrapping at keep_bytes."""
        ring = self.ring
        i = 0
        size = len(line if out is None else out)
        while i < size:
            k = p // _PIECE
            at = p - k * _PIECE
            while len(ring) <= k:
                ring.append(bytearray(_PIECE))
            n = min(size - i, _PIECE - at, self.keep_bytes - p)
            if out is None:
                ring[k][at : at + n] = line[i : i + n]
            else:
                out[i : i + n] = ring[k][at : at + n]
            i += n
            p = (p + n) % self.keep_bytes

    def _clear(self, s, oldest):
        """Let event s's line go (the oldest kept, or the newest)."""
        size = self._len[s % len(self._len)]
        if oldest:
            self.at = (self.at + size) % self.keep_bytes
        self._bytes -= size
        self.n -= 1

    def oldest(self):
        """Number of the oldest buffered event (seq + 1 when the ring is empty)."""
        self.flush()
        return self.seq - self.n + 1

    def drop_after(self, seq):
        """Forget the events after `seq` (never saved nor sent): their numbers are given out
        again."""
        while self.seq > seq and self.pending:
            self.pending.pop()
            self.seq -= 1
        while self.seq > seq and self.n:
            self._clear(self.seq, self.n == 1)
            self.seq -= 1
        self.seq = seq


def pack(v, out, names, at):
    """Append v packed to out (a bytearray); False when it cannot be packed. at: its depth (0:
    an event, whose "seq" is left out). names: the board's spot names, or (spot names, their
    index(name) -> place or None: a dict's get, one call into C), or None."""
    if v is None:
        out.append(_NULL)
    elif v is True:
        out.append(_TRUE)
    elif v is False:
        out.append(_FALSE)
    elif type(v) is str:
        if " " in v:  # (no spot name or word has one)
            v = v.split(" ")
            if len(v) > 127:
                return False
            out.append(_SPACED)
            out.append(len(v))
            for w in v:
                if not pack(w, out, names, at):
                    return False
            return True
        k = None
        if type(names) is tuple:
            k = names[1](v)
        elif names is not None and v in names:
            k = names.index(v)
        if k is not None and k < 128:
            out.append(_SPOT0 + k)
        elif v in WORDS:
            out.append(WORDS[v])
        else:
            v = v.encode()
            if len(v) > 127:
                return False
            out.append(_STR)
            out.append(len(v))
            out.extend(v)
    elif type(v) is int:
        out.append(_INT)
        v = v * 2 if v >= 0 else -v * 2 - 1
        while v > 127:
            out.append(128 | (v & 127))
            v >>= 7
        out.append(v)
    elif at >= _DEEP:
        return False
    elif isinstance(v, (list, tuple)):
        if len(v) > 127:
            return False
        out.append(_LIST)
        out.append(len(v))
        for w in v:
            if not pack(w, out, names, at + 1):
                return False
    elif isinstance(v, dict):
        k = len(v) - (1 if not at and "seq" in v else 0)
        if k > 127:
            return False
        out.append(_DICT)
        out.append(k)
        for k in v:
            if type(k) is not str:
                return False
            if at or k != "seq":
                if not pack(k, out, names, 1) or not pack(v[k], out, names, at + 1):
                    return False
    else:
        return False  # (a float: its text differs between runtimes; encode refuses it anyway)
    return True


def encode(obj):
    """protocol.encode(obj), once more after a collection when the heap is short. A reply that
    still cannot be encoded becomes a short line that answers its command all the same (every
    command gets exactly one reply); anything else raises the MemoryError."""
    try:
        return _encode(obj)
    except MemoryError:
        collect()
    try:
        return _encode(obj)
    except MemoryError:
        if "re" not in obj:
            raise
    tag = obj["re"]
    if tag is None:
        t = b"null"
    elif isinstance(tag, int):
        t = b"%d" % tag
    else:
        t = b'"' + tag.encode() + b'"'  # (tags are letters, digits, _ and -)
    ok = b"true" if obj.get("ok") else b"false"
    return b'{"re":' + t + b',"ok":' + ok + b',"short":"out of memory: fields dropped"}\n'
