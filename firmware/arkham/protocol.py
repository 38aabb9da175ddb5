"""Serial protocol v1: command lines in, JSON lines out (docs/protocol.md is the contract).

Host -> table: `[#tag] verb [args...] [key=value...]`, printable ASCII, `\\n` (or `\\r\\n`), at
most 512 bytes. Table -> host: one JSON object per line. This module only turns bytes into
commands and objects into bytes; it never touches the hardware or the game.
"""

import json
from collections import OrderedDict

from arkham.compat import const

MAX_LINE = const(512)  # bytes per command line, without the newline

_NL = const(10)
_CR = const(13)
_TAB = const(9)
_BS = const(8)
_DEL = const(127)

# top-level keys written first, in this order, so a human reads `{"re":3,"ok":true,...}` and
# `{"seq":9,"ev":"pad",...}`; every other key follows in sorted order (same bytes on every runtime)
_HEAD = const(("re", "ok", "err", "seq", "ev"))


class BadLine(Exception):
    """A line that is not a command; `tag` is its tag when one could be read, else None."""

    def __init__(self, msg, tag=None):
        super().__init__(msg)
        self.msg = msg
        self.tag = tag


_TAG_CHARS = const(b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-")
_MAX_TAG_LEN = const(16)


def _tag(text):
    """Tag text (after '#') -> int (digits, no leading zero, at most 9) or str; None if bad."""
    if not text or len(text) > _MAX_TAG_LEN:
        return None
    for c in text.encode():  # (bytes: a str's characters would each become a name for good)
        if c not in _TAG_CHARS:
            return None
    if text.isdigit() and len(text) <= 9 and (not text.startswith("0") or text == "0"):
        return int(text)
    return text


def peek_tag(raw):
    """The tag at the start of a raw (possibly broken) line of bytes, or None. Never raises."""
    if not raw or raw[0] != 35:  # '#'
        return None
    i = 1
    n = len(raw)
    while i < n and i <= _MAX_TAG_LEN + 1 and raw[i] != 32 and raw[i] != _TAB:
        if raw[i] < 32 or raw[i] > 126:
            return None
        i += 1
    if i < n and raw[i] != 32 and raw[i] != _TAB:
        return None
    return _tag(bytes(raw[1:i]).decode())


def _is_key(k):
    if not k or len(k) > 32:
        return False
    b = k.encode()  # ASCII letters, digits and _ (as bytes: see _tag)
    for c in b:
        if not (97 <= c <= 122 or 65 <= c <= 90 or 48 <= c <= 57 or c == 95):
            return False
    return not 48 <= b[0] <= 57


def parse(line):
    """A printable command line (str, no newline) -> (tag, verb, args, kw) or None when blank.

    tag: int or None; verb: lower-case str; args: list of str; kw: dict str -> str.
    Raises BadLine with a message a person can act on.
    """
    words = line.split()
    if not words:
        return None
    tag = None
    if words[0].startswith("#"):  # (not [0]: a character taken out is a name kept for good)
        tag = _tag(words[0][1:])  # `#17` -> 17, `#deploy` -> "deploy"
        if tag is None:
            raise BadLine(
                "bad tag %r: want #N (a number) or #WORD (letters, digits, _ -; at most %d)"
                % (words[0][:20], _MAX_TAG_LEN)
            )
        words = words[1:]
        if not words:
            raise BadLine("a tag needs a verb after it, e.g. #%s hello" % (tag,), tag)
    verb = words[0].lower()
    if not _is_key(verb):
        raise BadLine("bad verb %r: verbs are words like hello, help, dump" % words[0][:20], tag)
    args = []
    kw = {}
    for w in words[1:]:
        eq = w.find("=")
        if eq < 0:
            args.append(w)
            continue
        k = w[:eq].lower()
        if not _is_key(k):
            raise BadLine("bad option %r: want key=value" % w[:40], tag)
        if k in kw:
            raise BadLine("option %s given twice" % k, tag)
        kw[k] = w[eq + 1 :]
    return tag, verb, args, kw


_TOO_LONG = const("line too long (over %d bytes); dropped up to its newline")  # (% MAX_LINE)


class LineReader:
    """Cuts the incoming byte stream into command lines, with bounded memory and work.

    feed(data) takes whatever the link delivered; take() returns the next item or None:
      ("line", str)         a complete printable line (blank lines are skipped)
      ("bad", tag, msg)     a line that was dropped, with the one error to report
    Over-long lines give one error when they cross MAX_LINE; the rest of the line is dropped up to
    its newline. A half line stays pending until its newline arrives. At most `queue` items wait;
    lines beyond that are dropped and counted, and one ("bad", None, "input flood: ...") is
    reported once the queue has room again.
    """

    def __init__(self, queue=8):
        self._buf = bytearray(MAX_LINE + 1)
        self._len = 0
        self._over = 0  # >0: bytes of the current over-long line seen so far (being dropped)
        self._items = []
        self._max = queue
        self.dropped = 0  # lines dropped by the flood bound, not yet reported
        self.dropped_total = 0

    def pending(self):
        """Bytes of a half line waiting for its newline."""
        return self._len

    def idle(self):
        """Nothing waiting: no line, no half line, no drop to report."""
        return not (self._items or self._len or self._over or self.dropped)

    def feed(self, data):
        n = len(data)
        start = 0
        while start < n:
            nl = data.find(b"\n", start)
            end = n if nl < 0 else nl
            if end > start:
                self._take_bytes(data, start, end)
            if nl < 0:
                break
            self._end_line()
            start = nl + 1

    def _take_bytes(self, data, start, end):
        if self._over:
            self._over += end - start
            return
        room = MAX_LINE + 1 - self._len  # (+1: the \r of a \r\n ending)
        n = self._len + end - start
        if end - start <= room and not (n > MAX_LINE and data[end - 1] != _CR):
            self._buf[self._len : self._len + end - start] = data[start:end]
            self._len += end - start
            return
        # crossing the bound: report once now (garbage may never send a newline), drop the rest
        tag = peek_tag(self._buf[: self._len] if self._len else data[start:end])
        self._over = self._len + end - start
        self._len = 0
        self._put(("bad", tag, _TOO_LONG % MAX_LINE))

    def _end_line(self):
        if self._over:
            self._over = 0
            return
        n = self._len
        self._len = 0
        buf = self._buf
        if n and buf[n - 1] == _CR:
            n -= 1
        if n > MAX_LINE:  # (513 bytes ending in \r, then more before the \n)
            self._put(("bad", peek_tag(bytes(buf[:16])), _TOO_LONG % MAX_LINE))
            return
        edits = False
        for i in range(n):
            b = buf[i]
            if b < 32 or b > 126:
                if b == _BS or b == _DEL:
                    edits = True
                elif b != _TAB:
                    raw = bytes(buf[:n])
                    self._put(
                        (
                            "bad",
                            peek_tag(raw),
                            "non-printable byte 0x%02x at column %d; line dropped" % (b, i + 1),
                        )
                    )
                    return
        if edits:  # a person typing in a plain terminal: backspace erases the byte before it
            j = 0  # edit in place: j <= i always
            for i in range(n):
                b = buf[i]
                if b == _BS or b == _DEL:
                    if j:
                        j -= 1
                else:
                    buf[j] = b
                    j += 1
            text = bytes(buf[:j]).decode()
        else:
            text = bytes(buf[:n]).decode()
        if text.strip():
            self._put(("line", text))

    def _put(self, item):
        if len(self._items) >= self._max:
            self.dropped += 1
            self.dropped_total += 1
            return
        self._items.append(item)

    def take(self):
        if self._items:
            return self._items.pop(0)
        if self.dropped:
            n = self.dropped
            self.dropped = 0
            return ("bad", None, "input flood: dropped %d line%s" % (n, "" if n == 1 else "s"))
        return None


# ---- JSON out -------------------------------------------------------------------------------


def _put_str(s, out):
    # (_plain's test inline: the deepest call of an event's encoding, on the Pico's small stack)
    out.append(34)
    try:
        b = s.encode()
    except UnicodeError:  # (CPython: a lone surrogate)
        b = None
    if b is not None and (not b or (min(b) > 31 and max(b) < 127 and 34 not in b and 92 not in b)):
        out.extend(b)
        out.append(34)
        return
    try:
        b = s.encode()
    except UnicodeError:  # (CPython: a lone surrogate) character by character
        for ch in s:
            _put_code(ord(ch), out)
        out.append(34)
        return
    # the UTF-8 bytes decoded here, not the str's characters: a character taken out of a str
    # becomes a name (qstr) a Pico keeps for good
    i = 0
    n = len(b)
    while i < n:
        o = b[i]
        i += 1
        if o >= 0xC0:  # the lead byte of a multi-byte sequence: 2, 3 or 4 bytes
            more = 3 if o >= 0xF0 else 2 if o >= 0xE0 else 1
            o &= 0x3F >> more
            for _ in range(more):
                o = (o << 6) | (b[i] & 0x3F)
                i += 1
        _put_code(o, out)
    out.append(34)


def _put_code(c, out):
    """One character (its code point) of a JSON string: escaped unless printable ASCII."""
    if c == 34:
        out.extend(b'\\"')
    elif c == 92:
        out.extend(b"\\\\")
    elif c < 32 or c > 126:
        if c > 0xFFFF:  # outside the BMP: a surrogate pair, as JSON wants
            c -= 0x10000
            out.extend(b"\\u%04x\\u%04x" % (0xD800 + (c >> 10), 0xDC00 + (c & 0x3FF)))
        else:
            out.extend(b"\\u%04x" % c)
    else:
        out.append(c)


def _items():
    yield


_GENERATOR = type(_items())


def _put(obj, out, head=()):
    """obj's JSON into out; a dict's `head` keys first, in that order, then the rest sorted.
    A loop, not a call a level: the open lists and dicts wait in `todo` ([their items or keys,
    the dict or None, no item written yet]), so a nested state (a `dump`, a save's piece) takes
    no more of the Pico's small C stack than a flat line."""
    todo = []
    v = obj
    while True:
        if type(v) is str:
            _put_str(v, out)
        elif v is None:
            out.extend(b"null")
        elif v is True:
            out.extend(b"true")
        elif v is False:
            out.extend(b"false")
        elif isinstance(v, int):
            if 0 <= v < 100:  # most numbers of a game state: written without a bytes object (a
                if v > 9:  # saved AH2e game allocated 32 bytes a number, twice a save)
                    out.append(48 + v // 10)
                out.append(48 + v % 10)
            else:
                out.extend(b"%d" % v)
        elif isinstance(v, str):
            _put_str(v, out)
        elif isinstance(v, (list, tuple)) or type(v) is _GENERATOR:  # (a generator: a long
            out.append(91)  # list made item by item as it is written)
            todo.append([iter(v), None, True])
        elif isinstance(v, dict):
            out.append(123)
            keys = []
            for k in head:
                if k in v:
                    keys.append(k)
            for k in sorted(v):
                if k not in head:
                    keys.append(k)
            todo.append([iter(keys), v, True])
        else:
            raise TypeError(
                "cannot send %s as JSON (integers, strings, lists, dicts only)" % type(v).__name__
            )
        head = ()  # (the head keys: the outer dict's only)
        while todo:  # the next item, or the end of each list or dict done with
            top = todo[-1]
            for k in top[0]:
                break
            else:
                todo.pop()
                out.append(93 if top[1] is None else 125)
                continue
            if top[2]:
                top[2] = False
            else:
                out.append(44)
            if top[1] is None:
                v = k
            else:
                _put_str(k if type(k) is str else str(k), out)
                out.append(58)
                v = top[1][k]
            break
        else:
            return


def encode(obj):
    """One output line (bytes, ending in \\n): compact JSON, ASCII only, keys in a fixed order.

    Written through the table's one LineWriter (writer()), then copied once at its size (big
    replies go straight to the link through it: App.reply). Floats are refused (no floats in
    game state: their text differs between runtimes).
    """
    # Most lines are plain: strings, numbers, true/false/null, lists of them, a dict of them
    # (a game's options). C's json.dumps writes those, keys put in this order (sorted in a dict
    # within), when its line is the one written below: printable ASCII, no escape (no
    # backslash). Else the bytes are made here: ~10x slower on a Pico, 4 calls deeper.
    od = OrderedDict()
    for k in _HEAD:
        if k in obj:
            od[k] = None
    todo = []  # lists (and a dict's values) whose items are checked
    for k in sorted(obj):
        v = obj[k]
        t = type(v)
        if isinstance(v, dict):
            d = OrderedDict()
            for x in sorted(v):
                d[x] = v[x]
                if type(x) is not str:
                    k = None
            todo.append(d.values())
            v = d
        elif t is list or t is tuple:
            todo.append(v)
        elif not (t is str or t is int or t is bool or v is None):
            k = None
        if type(k) is not str:
            od = None
            break
        od[k] = v
    while od is not None and todo:
        for v in todo.pop():
            t = type(v)
            if t is list or t is tuple:
                todo.append(v)
            elif not (t is str or t is int or t is bool or v is None):
                od = None
                break
    if od is not None:
        b = json.dumps(od, separators=(",", ":")).encode()
        if 92 not in b and max(b) < 127:
            return b + b"\n"
    w = writer()
    if w._write is not None:  # (a line made while another is on its way: a buffer of its own)
        out = bytearray()
        _put(obj, out, _HEAD)
        out.append(10)
        return bytes(out)
    parts = []
    w.line(obj, parts.append, True)
    return parts[0] if len(parts) == 1 else b"".join(parts)


def writer():
    """The table's one LineWriter, made at the first call (the app's, at boot): the app's
    streamed replies and CRCs, the encoder's lines and the save's read-back take turns with its
    256 bytes, so none of them makes a block of its own (a line grown byte by byte in a bytearray
    was reallocated on the way and copied at the end: on an AH2e table's fragmented heap a
    215-byte event's copy found no block with 3.5 KB free, bench m32)."""
    if not _scratch:
        _scratch.append(LineWriter())
    return _scratch[0]


_scratch = []  # type: list[LineWriter]


class LineWriter:
    """Writes one JSON line straight to the link through a small fixed buffer, so a big reply
    (`dump`, `board`, `pads`) never needs one contiguous block of its own size: on a long-running
    Pico the heap is fragmented and a 5 KB block may not exist even with 50 KB free.
    It looks like a bytearray to the encoder (append, extend)."""

    def __init__(self, size=256):
        self.buf = bytearray(size)  # (others may borrow it between lines: Storage.crc32)
        self._mv = memoryview(self.buf)
        self._n = 0
        self._sent = False
        self._write = None
        self._copy = False

    def line(self, obj, write, copy=False):
        """Encode obj (a reply or event dict) as one line and write it, in pieces, with write()
        (copy: each piece as bytes of its own, not a view of the buffer)."""
        self._write = write
        self._copy = copy
        self._n = 0
        self._sent = False
        try:
            _put(obj, self, _HEAD)
            self.append(10)
            self._flush()
        except Exception:
            # (a float, say): end a line already half sent, so the error reply stands on its own
            if self._sent:
                write(b"\n")
            self._n = 0
            raise
        finally:
            self._write = None
            self._copy = False

    def stream(self, obj, write):
        """Canonical JSON of obj (the same bytes as dumps(obj)), written in pieces with write()
        (a file being saved, a checksum): a big game state never needs one block of its size.
        The pieces are views of one reused buffer: use each before the next arrives."""
        self._write = write
        self._n = 0
        try:
            _put(obj, self)
            self._flush()
        finally:
            self._n = 0
            self._write = None

    def append(self, b):
        if self._n == len(self.buf):
            self._flush()
        self.buf[self._n] = b
        self._n += 1

    def extend(self, data):
        n = len(data)
        if self._n + n > len(self.buf):
            self._flush()
            if n > len(self.buf):
                self._write(bytes(data) if self._copy else data)
                self._sent = True
                return
        self.buf[self._n : self._n + n] = data
        self._n += n

    def _flush(self):
        if self._n:
            piece = self._mv[: self._n]
            self._write(bytes(piece) if self._copy else piece)
            self._n = 0
            self._sent = True


def dumps(obj):
    """Canonical JSON text of any JSON-able object: sorted keys at every level, ASCII only."""
    out = bytearray()
    _put(obj, out)
    return bytes(out).decode()


# ---- argument helpers for verbs (raise games.CommandError) ---------------------------------


def int_arg(text, what, lo, hi):
    """`text` as an int in lo..hi, or CommandError naming `what`."""
    from arkham.games import CommandError

    t = text
    if t[:1] in ("-", "+"):
        t = t[1:]
    if not t or not t.isdigit() or len(t) > 9:
        raise CommandError("%s: want a whole number %d..%d, not %r" % (what, lo, hi, text[:20]))
    n = int(text)
    if n < lo or n > hi:
        raise CommandError("%s: %d is outside %d..%d" % (what, n, lo, hi))
    return n


def no_more(verb, args, kw, nargs=0, keys=()):
    """Reject extra positional args or unknown options (so a typo never passes silently)."""
    from arkham.games import CommandError

    if len(args) > nargs:
        raise CommandError("%s: unexpected argument %r" % (verb, args[nargs][:40]))
    for k in sorted(kw):
        if k not in keys:
            if keys:
                raise CommandError("%s: unknown option %s (known: %s)" % (verb, k, " ".join(keys)))
            raise CommandError("%s: takes no options (got %s=)" % (verb, k))


def describe(exc):
    """`Name: message` of an exception for an error reply or event (the messages of built-in
    errors differ between runtimes); a CommandError's message alone."""
    from arkham.games import CommandError

    if isinstance(exc, CommandError):
        return message(exc)
    args = getattr(exc, "args", ())
    text = " ".join(str(a) for a in args) if args else ""
    return type(exc).__name__ + (": " + text if text else "")


def message(exc):
    """An exception's message (its first argument), or the name of its type."""
    args = getattr(exc, "args", ())
    return str(args[0]) if args else type(exc).__name__
