"""Numbered events and the replay ring behind `since N`.

Every event gets the next `seq` (gap-free; the app persists the last one so numbering survives a
restart). The ring keeps the most recent events as the exact bytes sent, bounded both in count and
in bytes, so `since N` replays them identically.
"""

from arkham.compat import collect
from arkham.protocol import encode as _encode


class EventLog:
    def __init__(self, seq=0, keep=64, keep_bytes=3072):
        self.seq = seq  # the last number given out
        # the last `n` events' lines, event s at ring[s % keep]: one block of `keep` slots made at
        # boot, never grown nor shrunk (a list that grows needs a new block: on a fragmented heap
        # its 256-byte growth was an 8-investigator game's worst point in bench m32)
        self.ring = [None] * keep
        self.n = 0
        self._bytes = 0
        self.keep_bytes = keep_bytes

    def add(self, ev, fields):
        """Number and encode one event; returns its line (bytes)."""
        obj = {} if fields is None else dict(fields)
        obj["ev"] = ev
        obj["seq"] = self.seq + 1
        line = encode(obj)  # may raise TypeError: then no number is used up
        if self.n == len(self.ring):
            self._clear(self.oldest())  # (its slot is the new line's)
        self.seq += 1
        self.ring[self.seq % len(self.ring)] = line
        self.n += 1
        self._bytes += len(line)
        while self.n and self._bytes > self.keep_bytes:
            self._clear(self.oldest())
        return line

    def _clear(self, s):
        """Let event s's line go (the oldest or the newest kept)."""
        k = s % len(self.ring)
        self._bytes -= len(self.ring[k])
        self.ring[k] = None
        self.n -= 1

    def oldest(self):
        """Number of the oldest buffered event (seq + 1 when the ring is empty)."""
        return self.seq - self.n + 1

    def since(self, n):
        """The buffered lines after event n, or None when some of them are no longer buffered."""
        if n + 1 < self.oldest():
            return None
        keep = len(self.ring)
        return [self.ring[s % keep] for s in range(n + 1, self.seq + 1)]

    def drop_after(self, seq):
        """Forget the events after `seq` (never saved nor sent): their numbers are given out
        again."""
        while self.seq > seq and self.n:
            self._clear(self.seq)
            self.seq -= 1
        self.seq = seq


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
