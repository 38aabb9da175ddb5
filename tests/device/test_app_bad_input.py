"""Bad input through the whole app: each gets one clear error (or is dropped with one error),
nothing crashes, nothing changes (no event, no save), and the next good command works."""

# ruff: noqa: I001  (import order matters in a 96k heap: the biggest first, on a clean heap)
import arkham.app  # noqa: F401
from fakehw import Driver, make
from arkham import games
from check import check, done, equal

games.REGISTRY["counter"] = "fakemode"

app, hw = make(None, {"game": "counter"})  # (bring-up's own bad input: test_app_loop)
app.step(0)
hw.stream.lines()
driver = Driver(app, hw)
send = driver.send
unchanged = driver.unchanged


CASES = (
    (b"frobnicate\n", "unknown verb"),
    (b"#3 since\n", "since without N"),
    (b"since -1\n", "since with a negative N"),
    (b"since lots\n", "since with a word"),
    (b"hello extra\n", "hello with an argument"),
    (b"dump k=v\n", "dump with an option"),
    (b"pads 0x99\n", "pads with a chip not on the board"),
    (b"pads zz\n", "pads with a bad chip"),
    (b"calib set nowhere touch=5 release=2\n", "calib set on an unknown spot"),
    (b"calib set lamp touch=5 release=2\n", "calib set on a spot without a pad"),
    (b"calib set pad_01 touch=5\n", "calib set without release"),
    (b"calib set pad_01 touch=2 release=5\n", "calib set with release over touch"),
    (b"calib set pad_01 touch=999 release=5\n", "calib set out of range"),
    (b"calib bake\n", "calib with an unknown word"),
    (b"sweep ms=1\n", "sweep too fast"),
    (b"game nosuch\n", "an unknown game"),
    (b"repl now\n", "repl with an argument"),
    (b"add 10\n", "a game verb out of range"),
    (b"add 1 2\n", "a game verb with an extra argument"),
    (b"game counter start=x\n", "a game with a bad option"),
    (b"help nosuch\n", "help on an unknown verb"),
    (b"#a.c hello\n", "a bad tag"),
    (b"#12\n", "a tag alone"),
    (b"#abc\n", "a word tag alone (issue 15: was an internal error)"),
    (b"#abc   \r\n", "a word tag alone with spaces and CR"),
    (b"h@llo\n", "a verb with a symbol"),
    (b"game a=1 a=2\n", "an option twice"),
    (b"\x03\n", "0x03"),
    (b"\x04\n", "0x04"),
    (b"\x00\x01\x02\xff\xfe\n", "binary garbage"),
    (b"hello\x03\n", "a Ctrl-C inside a line"),
    (b"x" * 600 + b"\n", "a line over 512 bytes"),
    (b"#5 " + b"y" * 1000 + b"\n", "a tagged line of 1000 bytes"),
)
for raw, what in CASES:
    before = (app.events.seq, hw.storage.saves, app.game)
    out = send(raw)
    equal(len(out), 1, what + ": one reply")
    o = out[0] if out else {}
    check(o.get("ok") is False and len(o.get("err", "")) > 10, what + ": a clear error")
    check("seq" not in o, what + ": not an event")
    unchanged(what, before)
o = send(b"#3 since\n")[0]
equal(o["re"], 3, "a tagged bad command echoes its tag")
o = send(b"#5 " + b"y" * 1000 + b"\n")[0]
equal(o["re"], 5, "an over-long line's error keeps its tag")
o = send(b"#abc\n")[0]
equal(o["re"], "abc", "a word tag alone: its error carries the tag")

# 512 bytes without the newline are allowed, also when the line ends in \r\n (docs/protocol.md)
for end in (b"\n", b"\r\n"):
    line = b"#7 hello" + b" " * 504
    out = send(line + end)
    equal((len(line), out[0]["re"], out[0]["ok"]), (512, 7, True), "512 bytes + %r: run" % end)
    out = send(line + b"x" + end)
    check(not out[0]["ok"] and "too long" in out[0]["err"], "513 bytes + %r: too long" % end)

# half lines stay pending; a newline completes them
before = (app.events.seq, hw.storage.saves, app.game)
equal(send(b"#9 hel"), [], "a half line: nothing yet")
out = send(b"lo\n")
equal((out[0]["re"], out[0]["ok"]), (9, True), "completed later, it runs")

# garbage without a newline: one error at the bound, then the next line after a newline works
out = send(b"\x1b[A" * 300)
equal(len(out), 1, "endless garbage: one error")
out = send(b"\nhello\n")
equal([o["ok"] for o in out], [True], "a newline resyncs")

done()
