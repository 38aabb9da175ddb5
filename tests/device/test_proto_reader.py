"""The line reader: every kind of bad input gives one clear error (or nothing) and bounded memory."""

from arkham.protocol import MAX_LINE, LineReader
from check import check, done, equal


def items(r):
    out = []
    while True:
        it = r.take()
        if it is None:
            return out
        out.append(it)


r = LineReader(8)
r.feed(b"hello\n")
equal(items(r), [("line", "hello")], "one line")
r.feed(b"#1 dump\r\n\n   \n")
equal(items(r), [("line", "#1 dump")], "CRLF accepted; blank lines skipped")
r.feed(b"since")
equal(items(r), [], "a half line stays pending")
equal(r.pending(), 5, "pending bytes counted")
r.feed(b" 4")
r.feed(b"\n")
equal(items(r), [("line", "since 4")], "the half line completes later")

# over-long: one error when it crosses the bound, the rest dropped up to the newline
r.feed(b"#7 " + b"x" * 600)
it = items(r)
equal(len(it), 1, "an over-long line gives one error before its newline arrives")
equal(it[0][:2], ("bad", 7), "the error keeps the line's tag")
check("too long" in it[0][2], "the error says the line is too long")
r.feed(b"y" * 3000)
r.feed(b"zzz\nhello\n")
equal(items(r), [("line", "hello")], "the rest of the long line dropped; the next line works")
r.feed(b"a" * MAX_LINE + b"\n")
equal(items(r), [("line", "a" * MAX_LINE)], "exactly MAX_LINE bytes is allowed")
r.feed(b"a" * (MAX_LINE + 1) + b"\n")
equal([x[0] for x in items(r)], ["bad"], "MAX_LINE + 1 is too long")

# non-printable bytes: 0x03, 0x04, binary garbage
for raw, what in (
    (b"\x03\n", "Ctrl-C"),
    (b"\x04\n", "Ctrl-D"),
    (b"hel\x00lo\n", "NUL"),
    (b"\xff\xfe\x80\n", "bytes over 0x7f"),
    (b"\x1e1 place x\n", "RS"),
    (b"#9 he\x1bllo\n", "an escape sequence"),
):
    r.feed(raw)
    it = items(r)
    equal([x[0] for x in it], ["bad"], "one error for " + what)
    check("non-printable" in it[0][2], "the error names the byte: " + what)
r.feed(b"#9 he\x1bllo\n")
equal(items(r)[0][1], 9, "a tag survives in the error of a binary line")
r.feed(b"\x03\x03\x03\x04\x04hello\n\x03")
equal([x[0] for x in items(r)], ["bad"], "a burst of control bytes is one error")
r.feed(b"\nhello\n")
equal([x[0] for x in items(r)], ["bad", "line"], "the next good line works")

# a person at a plain terminal: backspace and DEL erase
r.feed(b"helo\x08lo\x7f\n")
equal(items(r), [("line", "hell")], "backspace erases the byte before it")

# a flood: bounded queue, drops counted and reported once
r = LineReader(8)
r.feed(b"hello\n" * 50)
it = items(r)
equal(len(it), 9, "8 lines queued plus one error")
equal(it[8], ("bad", None, "input flood: dropped 42 lines"), "the error says how many")
equal(items(r), [], "reported once")
r.feed(b"hello\n")
equal(items(r), [("line", "hello")], "works after a flood")
done()
