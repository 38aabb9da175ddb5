"""The replay side of the `since` ring (arkham.events): the packed events made lines again, and
the `since` verb itself.

Loaded for a `since` and forgotten after it (verbs.handler): between reconnects no table needs
this code, nor its names, in its heap. unpack() is pack()'s inverse; protocol.encode() of what it
gives is the line first sent (the content alone makes the bytes).
"""

from array import array

from arkham.compat import const
from arkham.events import WORDS
from arkham.games import CommandError
from arkham.protocol import encode as _encode
from arkham.protocol import int_arg, no_more

_TRUE = const(2)  # (as arkham.events packs them)
_FALSE = const(1)
_NULL = const(3)
_INT = const(4)
_STR = const(5)
_LIST = const(6)
_SPACED = const(8)
_WORD0 = const(16)
_SPOT0 = const(128)

_WORD_OF = [""] * 112  # byte - _WORD0 -> its word (events.WORDS the other way round)
for _w in WORDS:
    _WORD_OF[WORDS[_w] - _WORD0] = _w


def since(app, tag, args, kw, now):
    """`since N`: the events after N again, as they were sent."""
    no_more("since", args, kw, 1)
    if not args:
        raise CommandError("since: want N, the last seq you have (e.g. since 0)")
    n = int_arg(args[0], "since", 0, 1 << 30)
    ev = app.events
    if n > ev.seq:
        raise CommandError(
            "since %d: the table's last event is %d (it restarted fresh?); send dump" % (n, ev.seq)
        )
    if n + 1 < ev.oldest():
        held = "the buffer is empty" if ev.oldest() > ev.seq else "the buffer holds %d..%d" % (
            ev.oldest(), ev.seq)
        raise CommandError(
            "since %d: events after %d are no longer buffered (%s); send dump" % (n, n, held)
        )
    count = ev.seq - n
    if not app.out and not app._check_game and ev.seq == app._saved_seq:
        # nothing queued nor unsaved (a reconnect's lone `since`): each line made and sent in
        # turn, so ~250 replayed events never sit in the heap at once (~20 KB as lines)
        write = app.hw.stream.write
        for line in lines(ev, n):
            write(line)
    elif count:
        app.out.append(replay(ev, n))  # (written after the step's save, line by line)
    return {"from": n + 1, "to": ev.seq, "count": count}


def lines(log, n):
    """The buffered lines after event n, one at a time, each encoded when it is asked for
    (n + 1 >= oldest(): see since()). The ring must not change meanwhile."""
    log.flush()
    keep = len(log._len)
    p = log.at
    for s in range(log.oldest(), log.seq + 1):
        size = log._len[s % keep]
        if s > n:
            out = bytearray(size)
            log._put(p, None, out)
            if out[0] == 0:
                yield bytes(out[1:])
            else:
                yield _encode(unpack(out, [0], log.names, s))
        p = (p + size) % log.keep_bytes


def replay(log, n):
    """The buffered events after n (n + 1 >= oldest()) as a Replay: their packed bytes copied
    (at most the ring's), each line encoded when the Replay is written."""
    log.flush()
    keep = len(log._len)
    count = log.seq - n
    sizes = array("H", bytes(2 * count))
    p = log.at
    total = 0
    for s in range(log.oldest(), log.seq + 1):
        size = log._len[s % keep]
        if s > n:
            sizes[s - n - 1] = size
            total += size
        else:
            p = (p + size) % log.keep_bytes
    data = bytearray(total)
    log._put(p, None, data)
    return Replay(n + 1, sizes, data, log.names)


class Replay:
    """A `since` reply's events waiting in the app's out queue (the end of the step): packed, so
    ~250 events take the ring's 3 KB, not ~20 KB of lines. upto: the last one to write (a save
    that failed takes back the events after the saved seq)."""

    def __init__(self, first, n, data, names):
        self.first = first
        self.upto = first + len(n) - 1
        self._len = n  # each event's bytes (an array; n: a name the firmware has, not a new one)
        self.data = data
        self.names = names

    def lines(self):
        at = 0
        for k in range(self.upto - self.first + 1):
            size = self._len[k]
            part = self.data[at : at + size]
            at += size
            if part[0] == 0:
                yield bytes(part[1:])
            else:
                yield _encode(unpack(part, [0], self.names, self.first + k))


def unpack(data, at, names, seq):
    """The value packed at data[at[0]:] (at, a list of one, moves past it); seq >= 0: an event,
    whose seq it was (put back), else -1."""
    b = data[at[0]]
    at[0] += 1
    if b >= _SPOT0:
        return (names[0] if type(names) is tuple else names)[b - _SPOT0]
    if b >= _WORD0:
        return _WORD_OF[b - _WORD0]
    if b == _NULL:
        return None
    if b == _TRUE:
        return True
    if b == _FALSE:
        return False
    if b == _INT:
        v = 0
        k = 0
        while True:
            c = data[at[0]]
            at[0] += 1
            v |= (c & 127) << k
            if c < 128:
                return v >> 1 if not v & 1 else -((v + 1) >> 1)
            k += 7
    k = data[at[0]]  # a count or a length
    at[0] += 1
    if b == _STR:
        v = bytes(data[at[0] : at[0] + k]).decode()
        at[0] += k
        return v
    if b == _SPACED:
        return " ".join([unpack(data, at, names, -1) for _ in range(k)])
    if b == _LIST:
        return [unpack(data, at, names, -1) for _ in range(k)]
    v = {} if seq < 0 else {"seq": seq}
    for _ in range(k):
        w = unpack(data, at, names, -1)
        v[w] = unpack(data, at, names, -1)
    return v
