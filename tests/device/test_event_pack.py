"""The `since` ring's packed events (arkham.events.pack, issue 32): an event packed and unpacked
is encoded to the very bytes of its line, on every runtime; busy play packs to a fraction of its
lines; what cannot be packed is refused (the ring keeps that line as it is)."""
from check import check, done, equal
from arkham import events, evreplay
from arkham.events import EventLog
from arkham.protocol import encode

SPOTS = ["pad_%02d" % k for k in range(140)] + ["northside", "arkham_asylum", "downtown"]


def packed(obj, names=SPOTS):
    out = bytearray()
    return bytes(out) if events.pack(obj, out, names, 0) else None


def unpacked(data, seq, names=SPOTS):
    return evreplay.unpack(data, [0], names, seq)


cases = [
    {"ev": "pad", "seq": 7, "present": True, "spot": "pad_03"},
    {"ev": "pad", "seq": 8, "present": False, "spot": "northside"},
    {"ev": "misplaced", "seq": 9, "present": True, "spot": "downtown",
     "why": "put arkham_asylum northside right first"},
    {"ev": "inv_moved", "seq": 10, "inv": 1, "frm": "arkham_asylum", "to": "downtown"},
    {"ev": "hello", "seq": 1, "fw": "0.1.0", "impl": "micropython", "mem_free": 123456,
     "proto": 1, "board": "ah2e", "emulated": True, "step_ms": {"scan": 3, "send": 0}},
    {"ev": "odd", "seq": 2 ** 40, "n": -1, "m": -(2 ** 33), "z": 0, "big": 2 ** 70, "none": None,
     "list": [1, "pad_139", "pad_127", "pad_128", [2, "k"], []], "d": {"k": [1, 2]}, "e": {}},
    {"ev": "an event no table sends", "seq": 3, "why": "  two  spaces ", "e": "",
     "u": "caf\u00e9 \u2603 \U0001f600", "q": 'a"b\\c', "c": "\n\t\x00", "sp": " "},
    {"ev": "pad", "seq": 4, "spot": "put right", "w": "spot present why"},
]
for obj in cases:
    data = packed(obj)
    check(data is not None, "packed: " + obj["ev"])
    if data is None:
        continue
    equal(encode(unpacked(data, obj["seq"])), encode(obj), "the same line again: " + obj["ev"])
    index = dict((name, k) for k, name in enumerate(SPOTS)).get
    again = packed(obj, (SPOTS, index))
    equal(again, data, "the board's index finds the same places: " + obj["ev"])
equal(len(packed(cases[0])), 8, "a pad event: 8 bytes (its line: 52)")
equal(len(encode(cases[0])), 52, "(its line)")
equal(packed({"ev": "x", "seq": 1, "a": [[["deep"]]]}), None, "nested too deep: not packed")
equal(packed({"ev": "x", "seq": 1, "s": "y" * 128}), None, "a string of 128 bytes: not packed")
equal(packed({"ev": "x", "seq": 1, "l": list(range(128))}), None, "128 items: not packed")
equal(packed({"ev": "x", "seq": 1, "d": {1: 2}}), None, "a key not a string: not packed")
equal(encode(unpacked(packed(cases[0], None), 7, None)), encode(cases[0]),
      "without a board: spot names as strings")
check(len(events.WORDS) <= 112 and len(set(events.WORDS)) == len(events.WORDS),
      "at most 112 words, each once")

# the ring: 3 KB of busy play (pad, misplaced, pad, put_right per touch) holds 256 events, its
# count's bound (as lines, 3 KB held 42); an event kept as its line replays as it was


def touch(i):
    """Busy play's event i: (ev, fields)."""
    k = i // 4
    a, b = SPOTS[k % 80], SPOTS[(k * 7) % 80]
    if i == 361:
        return "odd", {"a": [[["kept as its line"]]]}
    return (("pad", {"present": True, "spot": a}),
            ("misplaced", {"present": True, "spot": a, "why": "put %s %s right first" % (b, a)}),
            ("pad", {"present": False, "spot": a}),
            ("put_right", {"spot": a}))[i % 4]


def line(i):
    ev, fields = touch(i)
    fields["ev"] = ev
    fields["seq"] = i + 1
    return encode(fields)


log = EventLog(0, 256, 3072, SPOTS)
wrong = 0
for i in range(400):
    ev, fields = touch(i)
    if log.add(ev, fields) != line(i):
        wrong += 1
equal(wrong, 0, "each event's line as sent")
held = log.n
equal(held, 256, "busy play: 3 KB holds 256 events (as lines it held 42)")
n = log.seq - held
wrong = [s for s, got in enumerate(evreplay.lines(log, n), n) if got != line(s)]
equal(wrong, [], "since replays every held line, byte for byte (one kept as its line)")
r = evreplay.replay(log, n + 10)
wrong = [s for s, got in enumerate(r.lines(), n + 10) if got != line(s)]
check(len(r.data) <= 3072 and r.upto == 400, "a queued replay: at most the ring's bytes")
equal(wrong, [], "a queued replay: the same lines")
r.upto = 390
equal(len(list(r.lines())), 390 - (n + 10), "a queued replay cut at the saved seq")
check(n < log.oldest(), "one older is no longer buffered")
done()
