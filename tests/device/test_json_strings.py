"""Strings in the canonical JSON (canon.dumps, protocol's encoder for replies and saved games):
the check in C for a plain string gives the bytes of the escape loop, character by character."""
from check import check, done, equal
from arkham import canon, protocol


def escaped(s):
    """The reference: every character by hand (JSON escapes, \\uXXXX, surrogate pairs)."""
    out = '"'
    for ch in s:
        o = ord(ch)
        if ch == '"' or ch == "\\":
            out += "\\" + ch
        elif o < 32 or o > 126:
            if o > 0xFFFF:
                o -= 0x10000
                out += "\\u%04x\\u%04x" % (0xD800 + (o >> 10), 0xDC00 + (o & 0x3FF))
            else:
                out += "\\u%04x" % o
        else:
            out += ch
    return out + '"'


cases = ["", "jenny_barnes", "a b", "{}[],:", "\x7f", "caf\u00e9", "\U0001f600", 'a"b', "a\\b",
         "\n"]
for o in list(range(0x100)) + [0x7FF, 0x800, 0xFFFD, 0xFFFF]:
    cases.append(chr(o))
    cases.append("ab" + chr(o) + "cd")
bad = [s for s in cases if protocol.dumps(s) != escaped(s)]
equal(bad, [], "protocol: the bytes of the escape loop for %d strings" % len(cases))
bad = [s for s in cases if canon.dumps(s) != escaped(s) and ord(max(s or " ")) <= 0xFFFF]
equal(bad, [], "canon: the same text (BMP)")
w = protocol.LineWriter(8)
got = bytearray()
w.stream({"k": cases[::8]}, got.extend)
check(bytes(got) == protocol.dumps({"k": cases[::8]}).encode(),
      "streamed through a small buffer: the same bytes")
done()
