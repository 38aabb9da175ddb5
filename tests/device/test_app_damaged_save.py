"""A damaged save never stops the boot (issue 15): every damaged state.json (bytes that are not
UTF-8 near its start, broken JSON, a folder in its place, a seq that is negative, huge or not a
whole number, a snapshot the game refuses) boots the table, says `restore_failed` with the reason,
sets the damaged file aside as state.json.bad and restores the previous good save (state.json.bak)
where there is one. Real Storage on a temporary folder, the fake bundle around it."""

# ruff: noqa: I001  (import order matters in a 96k heap: the biggest first, on a clean heap)
import arkham.app  # noqa: F401
import os
from fakehw import ask, make
from arkham import games
from arkham.compat import IMPL, ticks_ms
from arkham.hw.storage import Storage
from check import check, done, equal

games.REGISTRY["counter"] = "fakemode"

root = "/tmp/arkham_damaged_%s_%d" % (IMPL, ticks_ms() % 100000)
try:
    os.mkdir(root)
except OSError:
    pass
store = Storage(root)
PATH = root + "/state.json"


def exists(path):
    try:
        os.stat(path)
        return True
    except OSError:
        return False


def clean():
    for n in ("state.json", "state.json.bak", "state.json.bad", "state.json.tmp"):
        p = root + "/" + n
        try:
            os.remove(p)
        except OSError:
            try:
                os.rmdir(p)
            except OSError:
                pass


def read(path):
    with open(path, "rb") as f:
        return f.read()


def write(path, data):
    with open(path, "wb") as f:
        f.write(data)


def good_saves():
    """Two good saves: counter 5 (kept as .bak), then counter 7 (state.json)."""
    clean()
    app, hw = make(store)
    app.step(0)
    ask(app, hw, "game counter", 10)
    ask(app, hw, "add 5", 20)
    seq5 = app.events.seq
    ask(app, hw, "add 2", 30)
    hw.stream.lines()
    return seq5, read(PATH), read(PATH + ".bak")


def boot():
    app, hw = make(store)
    app.step(0)
    out = hw.stream.lines()
    return app, hw, out


def evs(out):
    return [o.get("ev") for o in out]


def works(app, hw, what):
    out = ask(app, hw, "#9 hello", 100)
    equal((out[-1]["re"], out[-1]["ok"]), (9, True), what + ": the table answers")
    n = app.events.seq
    app.emit("probe", {})
    app.step(110)
    hw.stream.lines()
    check(exists(PATH) and app._saved_seq == n + 1, what + ": and saves again")


seq5, state7, state5 = good_saves()
check(b'"count":7' in state7 and b'"count":5' in state5, "two good saves: the last, the one before")

DAMAGE = [
    ("non-UTF-8 bytes near the start", b'{"seq":\xff\xfe\x80,"table":' + state7[16:]),
    ("non-UTF-8 bytes in the game name", state7.replace(b"counter", b"c\xc3\x28unter")),
    ("a truncated file", state7[: len(state7) // 2]),
    ("an empty file", b""),
    ("zero bytes", b"\x00" * 64),
    ("a negative seq", b'{"seq":-3' + state7[state7.index(b",") :]),
    ("a huge seq", b'{"seq":99999999999999999999' + state7[state7.index(b",") :]),
    ("a fractional seq", b'{"seq":7.5' + state7[state7.index(b",") :]),
    ("a seq that is text", b'{"seq":"7"' + state7[state7.index(b",") :]),
    ("a seq that is true", b'{"seq":true' + state7[state7.index(b",") :]),
    ("no seq", b'{"table":' + state7[state7.index(b'"table":') + 8 :]),
    ("a list", b"[1,2,3]"),
    ("a table that is a number", b'{"seq":3,"table":4}'),
    ("an unknown game", state7.replace(b'"game":"counter"', b'"game":"nosuch"')),
    ("a snapshot the game refuses", state7.replace(b'"count":7', b'"count":"x"')),
    # damage that still parses (issue 32): the CRC says so
    ("a digit flipped (still parses)", state7.replace(b'"count":7', b'"count":6')),
    ("a key renamed (still parses)", state7.replace(b'"game":', b'"gale":') + b"  "),
    ("a seq digit flipped (still parses)", state7.replace(b'"seq":', b'"seq":1', 1)),
    ("the CRC changed", state7.replace(b'"crc":', b'"crc":1')),
    ("the crc key renamed", state7.replace(b'"crc":', b'"crb":')),
    ("the version changed", state7.replace(b'"v":2', b'"v":3')),
    ("bytes after the end", state7 + b" "),
]

for what, data in DAMAGE:
    # with a previous good save: it is restored
    seq5, state7, state5 = good_saves()
    write(PATH, data)
    app, hw, out = boot()
    equal(evs(out)[:3], ["hello", "restore_failed", "resumed"], what + ": boots, says so, resumes")
    fail = out[1] if len(out) > 1 else {}
    check(len(fail.get("err", "")) > 0, what + ": restore_failed gives the reason")
    equal(fail.get("aside"), "state.json", what + ": names the file set aside")
    equal(read(PATH + ".bad"), data, what + ": the damaged file is set aside as it was")
    equal((app.game, app.mode.count), ("counter", 5), what + ": the previous good save is back")
    equal(out[0]["seq"], seq5 + 1, what + ": seq goes on from the previous save")
    works(app, hw, what)
    # with no previous save: a fresh game
    clean()
    write(PATH, data)
    app, hw, out = boot()
    equal(evs(out)[:2], ["hello", "restore_failed"], what + ", no previous save: boots, says so")
    equal(app.game, "bringup", what + ", no previous save: a fresh game")
    equal(out[0]["seq"], 1, what + ", no previous save: seq starts again")
    works(app, hw, what + ", no previous save")

# every one-bit flip of the save (one per byte, the bit cycling): never resumed as it is
seq5, state7, state5 = good_saves()
caught = 0
for i in range(len(state7)):
    data = bytearray(state7)
    data[i] ^= 1 << (i % 8)
    write(PATH, data)
    write(PATH + ".bak", state5)
    app, hw, out = boot()
    if evs(out)[1:3] == ["restore_failed", "resumed"] and app.mode.count == 5:
        caught += 1
    clean()
equal(caught, len(state7), "every one-bit flip: refused, the previous save resumed")

# a save without a CRC (an older firmware's, or a host tool's): still resumed
seq5, state7, state5 = good_saves()
old = state7[: state7.index(b',"crc":')] + b',"v":1}'
write(PATH, old)
app, hw, out = boot()
equal(evs(out)[:2], ["hello", "resumed"], "a save without a CRC (v1): resumed")
equal(app.mode.count, 7, "a save without a CRC: its game")
works(app, hw, "a save without a CRC")

# a folder where the file should be
seq5, state7, state5 = good_saves()
os.remove(PATH)
os.mkdir(PATH)
app, hw, out = boot()
equal(evs(out)[:3], ["hello", "restore_failed", "resumed"], "a folder: boots, says so, resumes")
check(exists(PATH + ".bad") and out[1].get("aside") == "state.json", "a folder: set aside")
equal(app.mode.count, 5, "a folder: the previous good save is back")
works(app, hw, "a folder")

# both the file and its previous copy damaged: two reports, a fresh game
seq5, state7, state5 = good_saves()
write(PATH, b"\xff\xff")
write(PATH + ".bak", b'{"seq":1.5}')
app, hw, out = boot()
equal(evs(out)[:3], ["hello", "restore_failed", "restore_failed"], "both damaged: two reports")
asides = (out[1].get("aside"), out[2].get("aside"))
equal(asides, ("state.json", "state.json.bak"), "each set aside")
equal(app.game, "bringup", "both damaged: a fresh game")
works(app, hw, "both damaged")

# the previous copy alone (a cut between the two renames) and damaged in its head
clean()
write(PATH + ".bak", b"\xc0\xc1" + state5)
app, hw, out = boot()
equal(evs(out)[:2], ["hello", "restore_failed"], "a damaged .bak alone: boots, says so")
works(app, hw, "a damaged .bak alone")

clean()
os.rmdir(root)
done()
