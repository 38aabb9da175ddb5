"""protocol.encode: a plain line (strings, numbers, true/false/null, lists of them, a dict of
them) is written by C's json.dumps, byte for byte the line of the encoder in Python (keys in
the protocol's order, sorted within; printable ASCII, escapes as \\uXXXX); anything else goes to
the Python encoder, which refuses floats. The same bytes on every runtime."""
from check import check, done, equal
from arkham import protocol


def slow(obj):
    out = bytearray()
    protocol._put(obj, out, ("re", "ok", "err", "seq", "ev"))
    out.append(10)
    return bytes(out)


plain = [
    {"seq": 3, "ev": "pad", "spot": "rivertown", "present": True},
    {"re": 5, "ok": True, "done": "move inv=0 to=x", "events": 4, "need": None,
     "zz": [1, "a", None, False], "big": -123456789, "t": (1, 2), "e": [], "s": ""},
    {"re": None, "ok": False, "err": "no such verb"},
    {"seq": 9, "ev": "game", "game": "ah2e", "options": {"seed": "7", "players": "8"}},
    {"seq": 9, "ev": "need", "k": "surge", "plan": {"rivertown": [1, 2], "sky": [3]}},
    {"seq": 9, "ev": "x", "l": [[1, [2, ["x"]]]], "m": {}},
    {"seq": 12, "ev": "many", "a": 1, "b": 2, "c": 3, "d": 4, "e": 5, "f": 6, "g": 7, "h": 8,
     "i": 9, "j": 10, "k": 11, "say": "{curly} [square], colon: ok"},
]
other = [  # escapes, a dict two deep, a dict in a list, a key not a string
    {"seq": 1, "ev": "x", "txt": 'a "quote"'},
    {"seq": 1, "ev": "x", "txt": "caf\u00e9"},
    {"seq": 1, "ev": "x", "txt": "a\x7fb"},
    {"seq": 1, "ev": "x", "txt": "a\\b"},
    {"seq": 1, "ev": "x", "tab": ["a\tb"]},
    {"seq": 1, "ev": "x", "d": {"b": {"z": 1, "a": 2}, "a": 2}},
    {"seq": 1, "ev": "x", "l": [{"b": 1, "a": 2}]},
    {"seq": 1, "ev": "x", "d": {1: 2}},
]
equal([protocol.encode(o) == slow(o) for o in plain + other], [True] * 15,
      "encode(): the Python encoder's bytes")
for o in plain + other:
    print(protocol.encode(o).decode().rstrip())

# the plain lines never reach the Python encoder: with it gone they are written all the same
want = [slow(o) for o in plain]
keep = protocol._put, protocol._put_str


def gone(*args):
    raise RuntimeError("the Python encoder")


protocol._put = protocol._put_str = gone
try:
    equal([protocol.encode(o) for o in plain], want, "the plain lines: C's json.dumps")
    got = []
    for o in other:
        try:
            protocol.encode(o)
            got.append("C")
        except RuntimeError:
            got.append("Python")
    equal(got, ["Python"] * len(other), "the others: the Python encoder")
finally:
    protocol._put, protocol._put_str = keep
for bad in ({"x": 1.5}, {"x": [1.5]}, {"x": {"y": 1.5}}, {"x": {"y": [1.5]}}, {"x": object()}):
    try:
        protocol.encode(bad)
        check(False, "a float or an object refused")
    except TypeError:
        pass
done()
