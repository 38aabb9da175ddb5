"""Numbered events and the replay ring behind `since N`.

Every event gets the next `seq` (gap-free; the app persists the last one so numbering survives a
restart). The ring keeps the most recent events, bounded both in count and in bytes, each packed
(arkham.evpack: its content, a spot or a common word one byte; issue 32: as lines, 3 KB held ~42
events of busy play, under a second) and encoded again on replay, so `since N` replays exactly
the bytes sent. An event that cannot be packed is kept as its line.
"""

from array import array

from arkham.compat import collect, const
from arkham.evpack import pack, unpack
from arkham.protocol import encode as _encode

_PIECE = const(256)  # bytes in one piece of the ring


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

    def add(self, ev, fields):
        """Number and encode one event; returns its line (bytes)."""
        obj = {} if fields is None else dict(fields)
        obj["ev"] = ev
        obj["seq"] = self.seq + 1
        try:  # may raise TypeError: then no number is used up
            line = _encode(obj)  # (encode()'s first try inline: the Pico's stack is small)
        except MemoryError:
            line = encode(obj)
        try:
            data = pack(obj, self.names)
        except MemoryError:
            data = None  # (kept as its line)
        obj = None
        keep = len(self._len)
        size = len(data) if data is not None else 1 + len(line)  # (0, then the line)
        if self.n == keep:
            self._clear(self.oldest())  # (its slot is the new line's)
        while self.n and self._bytes + size > self.keep_bytes:
            self._clear(self.oldest())
        self.seq += 1
        if size > self.keep_bytes:  # (kept by nobody: the ring holds no part of a line)
            return line
        if not self.n:
            self.at = 0
        p = (self.at + self._bytes) % self.keep_bytes
        if data is not None:
            self._put(p, data, None)
        else:
            self._put(p, b"\x00", None)
            self._put((p + 1) % self.keep_bytes, memoryview(line), None)
        self._len[self.seq % keep] = size
        self.n += 1
        self._bytes += size
        return line

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

    def _clear(self, s):
        """Let event s's line go (the oldest or the newest kept)."""
        size = self._len[s % len(self._len)]
        if s == self.oldest():
            self.at = (self.at + size) % self.keep_bytes
        self._bytes -= size
        self.n -= 1

    def oldest(self):
        """Number of the oldest buffered event (seq + 1 when the ring is empty)."""
        return self.seq - self.n + 1

    def since(self, n):
        """The buffered lines after event n (a list), or None when some of them are no longer
        buffered."""
        if n + 1 < self.oldest():
            return None
        return list(self.lines(n))

    def lines(self, n):
        """The buffered lines after event n, one at a time, each encoded when it is asked for
        (n + 1 >= oldest(): see since()). The ring must not change meanwhile."""
        keep = len(self._len)
        p = self.at
        for s in range(self.oldest(), self.seq + 1):
            size = self._len[s % keep]
            if s > n:
                out = bytearray(size)
                self._put(p, None, out)
                if out[0] == 0:
                    yield bytes(out[1:])
                else:
                    yield _encode(unpack(out, s, self.names))
            p = (p + size) % self.keep_bytes

    def replay(self, n):
        """The buffered events after n (n + 1 >= oldest()) as a Replay: their packed bytes copied
        (at most the ring's), each line encoded when the Replay is written."""
        keep = len(self._len)
        count = self.seq - n
        sizes = array("H", bytes(2 * count))
        p = self.at
        total = 0
        for s in range(self.oldest(), self.seq + 1):
            size = self._len[s % keep]
            if s > n:
                sizes[s - n - 1] = size
                total += size
            else:
                p = (p + size) % self.keep_bytes
        data = bytearray(total)
        self._put(p, None, data)
        return Replay(n + 1, sizes, data, self.names)

    def drop_after(self, seq):
        """Forget the events after `seq` (never saved nor sent): their numbers are given out
        again."""
        while self.seq > seq and self.n:
            self._clear(self.seq)
            self.seq -= 1
        self.seq = seq


class Replay:
    """A `since` reply's events waiting in the app's out queue (the end of the step): packed, so
    ~250 events take the ring's 3 KB, not ~20 KB of lines. upto: the last one to write (a save
    that failed takes back the events after the saved seq)."""

    def __init__(self, first, sizes, data, names):
        self.first = first
        self.upto = first + len(sizes) - 1
        self.sizes = sizes
        self.data = data
        self.names = names

    def lines(self):
        at = 0
        for k in range(self.upto - self.first + 1):
            size = self.sizes[k]
            part = self.data[at : at + size]
            at += size
            if part[0] == 0:
                yield bytes(part[1:])
            else:
                yield _encode(unpack(part, self.first + k, self.names))


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
