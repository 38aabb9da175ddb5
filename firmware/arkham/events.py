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
        self.ring = []  # encoded lines, oldest first; the last one has number self.seq
        self._bytes = 0
        self.keep = keep
        self.keep_bytes = keep_bytes

    def add(self, ev, fields):
        """Number and encode one event; returns its line (bytes)."""
        obj = {} if fields is None else dict(fields)
        obj["ev"] = ev
        obj["seq"] = self.seq + 1
        line = encode(obj)  # may raise TypeError: then no number is used up
        self.seq += 1
        ring = self.ring
        ring.append(line)
        self._bytes += len(line)
        while ring and (len(ring) > self.keep or self._bytes > self.keep_bytes):
            self._bytes -= len(ring.pop(0))
        return line

    def oldest(self):
        """Number of the oldest buffered event (seq + 1 when the ring is empty)."""
        return self.seq - len(self.ring) + 1

    def since(self, n):
        """The buffered lines after event n, or None when some of them are no longer buffered."""
        first = self.oldest()
        if n + 1 < first:
            return None
        return self.ring[len(self.ring) - (self.seq - n) :] if n < self.seq else []


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
