"""Protocol v1 parsing: command lines, tags, options; and the JSON out format."""

from arkham import protocol
from arkham.protocol import BadLine, dumps, encode, parse
from check import check, done, equal, raises

equal(parse("hello"), (None, "hello", [], {}), "a bare verb")
equal(parse("  HELLO  "), (None, "hello", [], {}), "verbs are case-insensitive, spaces trimmed")
equal(parse("#17 since 5"), (17, "since", ["5"], {}), "a tag and an argument")
equal(
    parse("#0 game ah2e players=3\tseed=9"),
    (0, "game", ["ah2e"], {"players": "3", "seed": "9"}),
    "options key=value, tabs separate words",
)
equal(
    parse("calib set pad_01 touch=12 release=6"),
    (None, "calib", ["set", "pad_01"], {"touch": "12", "release": "6"}),
    "calib set line",
)
equal(parse("x k="), (None, "x", [], {"k": ""}), "an empty value is a value")
equal(parse("   "), None, "a blank line is nothing")
equal(parse("#deploy repl"), ("deploy", "repl", [], {}), "a word tag is a string")
equal(parse("#007 hello")[0], "007", "a number with a leading zero stays a string")
equal(parse("#1234567890 hello")[0], "1234567890", "over 9 digits: a string")
equal(parse("#0 hello")[0], 0, "#0 is the number 0")
for bad, what in (
    ("#a.b hello", "a tag with a dot"),
    ("#abcdefghijklmnopq hello", "a tag over 16 characters"),
    ("# hello", "a bare #"),
    ("#5", "a tag without a verb"),
    ("h-llo", "a verb with a dash"),
    ("9lives", "a verb starting with a digit"),
    ("game =3", "an option without a key"),
    ("game a=1 a=2", "an option given twice"),
    ("game x-y=1", "a key with a dash"),
):
    e = raises(BadLine, lambda: parse(bad), "rejected: " + what)
    check(e is not None and len(e.msg) > 10, "with a message: " + what)
e = raises(BadLine, lambda: parse("#5"), "tagged error")
equal(e.tag, 5, "an error on a tagged line keeps its tag")
equal(protocol.peek_tag(b"#42 \x03junk"), 42, "peek_tag reads the tag of a broken line")
equal(protocol.peek_tag(b"#42x junk\x03"), "42x", "peek_tag reads word tags")
equal(protocol.peek_tag(b"#4\x032 junk"), None, "peek_tag: no tag when the tag itself is broken")
equal(protocol.peek_tag(b"hello"), None, "no tag")

# JSON out: head keys first, then sorted; ASCII only; the same bytes on every runtime
equal(
    encode({"ok": True, "re": 3, "b": [1, None, False], "a": {"z": 1, "y": "q"}}),
    b'{"re":3,"ok":true,"a":{"y":"q","z":1},"b":[1,null,false]}\n',
    "reply layout",
)
equal(
    encode({"spot": "x", "ev": "pad", "seq": 9, "present": True}),
    b'{"seq":9,"ev":"pad","present":true,"spot":"x"}\n',
    "event layout",
)
equal(
    encode({"s": 'a"b\\c\n\x7f\u00e9'}),
    b'{"s":"a\\"b\\\\c\\u000a\\u007f\\u00e9"}\n',
    "strings escaped to ASCII",
)
equal(dumps({"b": 1, "a": [{"d": 2, "c": 3}]}), '{"a":[{"c":3,"d":2}],"b":1}', "dumps sorts")
raises(TypeError, lambda: encode({"x": 1.5}), "floats are refused")
equal(protocol.int_arg("-3", "n", -5, 5), -3, "int_arg takes a sign")
from arkham.games import CommandError

for bad in ("", "x", "1.5", "99", "12345678901"):
    raises(CommandError, lambda: protocol.int_arg(bad, "n", 0, 10), "int_arg rejects %r" % bad)
raises(CommandError, lambda: protocol.no_more("v", ["a"], {}), "no_more: an extra argument")
raises(CommandError, lambda: protocol.no_more("v", [], {"k": "1"}, 0, ("j",)), "no_more: bad key")

# LineWriter: the same bytes as encode(), written in pieces through a small buffer
big = {"ok": True, "re": "x", "pads": [{"spot": "pad_%02d" % i, "delta": i * 7} for i in range(30)]}
chunks = []
w = protocol.LineWriter(16)
w.line(big, lambda b: chunks.append(bytes(b)))
equal(b"".join(chunks), encode(big), "LineWriter writes what encode builds")
check(max(len(c) for c in chunks) <= 16, "in pieces no bigger than its buffer")
chunks = []
w.line({"re": 1, "ok": True, "huge": "z" * 40}, lambda b: chunks.append(bytes(b)))
equal(b"".join(chunks), encode({"re": 1, "ok": True, "huge": "z" * 40}), "a long string too")
chunks = []
raises(
    TypeError,
    lambda: w.line({"a": "y" * 40, "b": 0.5}, lambda b: chunks.append(bytes(b))),
    "LineWriter refuses a float",
)
check(b"".join(chunks).endswith(b"\n"), "and ends the half-sent line")

# encode() takes turns with the table's one LineWriter (protocol.writer()): a line longer than its
# buffer comes out whole, and a line encoded while that writer is busy with another (an event
# made while a reply is streamed) is right and leaves the other line whole
long = {"re": 1, "ok": True, "huge": "z" * 600}
equal(encode(long), b'{"re":1,"ok":true,"huge":"' + b"z" * 600 + b'"}\n', "a line over 256 bytes")
inner = []


def items_encoding_an_event():
    for i in range(3):
        inner.append(encode({"ev": "pad", "seq": i, "spot": "pad_%02d" % i}))
        yield {"spot": "pad_%02d" % i}


chunks = []
protocol.writer().line({"re": 2, "ok": True, "pads": items_encoding_an_event()},
                       lambda b: chunks.append(bytes(b)))
equal(b"".join(chunks), b'{"re":2,"ok":true,"pads":[{"spot":"pad_00"},{"spot":"pad_01"},'
      b'{"spot":"pad_02"}]}\n', "a streamed reply stays whole while lines are encoded")
equal(inner[2], b'{"seq":2,"ev":"pad","spot":"pad_02"}\n', "and those lines are right")
equal(encode({"ev": "pad", "seq": 3}), b'{"seq":3,"ev":"pad"}\n', "the writer is free again")
done()
