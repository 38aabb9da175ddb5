"""Canonical JSON and state hashes, byte-identical on every runtime.

MicroPython dicts do not keep insertion order and its json has no sort_keys, so anything that is
hashed, compared across runtimes or written to a golden file goes through `dumps` here.
"""
import binascii


def _enc(obj, out):
    if obj is None:
        out.append("null")
    elif obj is True:
        out.append("true")
    elif obj is False:
        out.append("false")
    elif isinstance(obj, int):
        out.append(str(obj))
    elif isinstance(obj, str):
        _enc_str(obj, out)
    elif isinstance(obj, (list, tuple)):
        out.append("[")
        first = True
        for v in obj:
            if not first:
                out.append(",")
            first = False
            _enc(v, out)
        out.append("]")
    elif isinstance(obj, dict):
        out.append("{")
        first = True
        for k in sorted(obj):
            if not first:
                out.append(",")
            first = False
            _enc_str(str(k), out)
            out.append(":")
            _enc(obj[k], out)
        out.append("}")
    elif isinstance(obj, float):
        raise TypeError("floats are not canonical; use integers")
    else:
        raise TypeError("cannot encode %r" % (obj,))


def _enc_str(s, out):
    if _plain(s):  # printable ASCII, no quote or backslash (the usual case): one list entry
        out.append('"' + s + '"')
        return
    out.append('"')
    for ch in s:
        o = ord(ch)
        if ch == '"':
            out.append('\\"')
        elif ch == "\\":
            out.append("\\\\")
        elif o < 0x20 or o > 0x7E:
            out.append("\\u%04x" % o)
        else:
            out.append(ch)
    out.append('"')


def _plain(s):
    """Checked in C (min, max, in), not by a loop over the characters in Python (as
    protocol._put_str: canon does not load the protocol module on a small heap)."""
    try:
        b = s.encode()
    except UnicodeError:  # (CPython: a lone surrogate)
        return False
    return not b or (min(b) > 31 and max(b) < 127 and 34 not in b and 92 not in b)


def dumps(obj):
    """Compact JSON with sorted keys and ASCII only: the same bytes on every runtime."""
    out = []
    _enc(obj, out)
    return "".join(out)


def state_hash(obj):
    """8 hex digits: CRC-32 of the canonical JSON (enough to find the first diverging step)."""
    return "%08x" % (binascii.crc32(dumps(obj).encode()) & 0xFFFFFFFF)
