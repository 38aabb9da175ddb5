"""The game's journal (arkham.app, docs/protocol.md "The journal"): a step whose only changes are
game lines of a mode with JOURNAL appends them as records to state.journal instead of saving the
whole game, which is saved every 8 records, for anything else (a pad, a core verb) and when an
append fails; the boot and a rollback run the records again on the whole save. A record cut
short by a power cut is dropped, and so is one written on top of another whole save. The fake
counter game stands in for AH2e (its JOURNAL switched on here). Real Storage on a folder."""

# ruff: noqa: I001  (import order matters in a 96k heap: the biggest first, on a clean heap)
import arkham.app  # noqa: F401
import os
import fakemode
from fakehw import ask, make
from arkham import games
from arkham.compat import IMPL, ticks_ms
from arkham.hw.storage import Storage
from check import check, done, equal

fakemode.Mode.JOURNAL = True  # (the counter's `add` is deterministic)
games.REGISTRY["counter"] = "fakemode"

root = "/tmp/arkham_journal_%s_%d" % (IMPL, ticks_ms() % 100000)
try:
    os.mkdir(root)
except OSError:
    pass
store = Storage(root)
JOURNAL = root + "/state.journal"
whole = [0]  # whole saves of the state file
real_save = store.save


def counted(name, data):
    whole[0] += 1
    real_save(name, data)


store.save = counted


def exists(path):
    try:
        os.stat(path)
        return True
    except OSError:
        return False


def read(path):
    with open(path, "rb") as f:
        return f.read()


def write(path, data):
    with open(path, "wb") as f:
        f.write(data)


def clean():
    for n in ("state.json", "state.json.bak", "state.json.tmp", "state.json.bad", "state.journal"):
        try:
            os.remove(root + "/" + n)
        except OSError:
            pass


def boot():
    """A table on the folder, its boot's lines."""
    app, hw = make(store)
    app.step(0)
    return app, hw, hw.stream.lines()


def count(app, hw):
    return ask(app, hw, "peek", 5)[0]["count"]


def reply(out):
    return [o for o in out if "re" in o][-1]


def records():
    return read(JOURNAL).count(b"\n") if exists(JOURNAL) else 0


clean()
app, hw = make(store, {"game": "counter"})
app.step(0)
hw.stream.lines()
w0 = whole[0]
seqs = []
for k in range(1, 4):
    out = ask(app, hw, "#%d add %d" % (k, k), 10 * k)
    seqs += [o["seq"] for o in out if "ev" in o]
    check(reply(out)["ok"], "add %d answered" % k)
equal(whole[0], w0, "three adds: no whole save")
equal(records(), 3, "three records in the journal")
equal(seqs, list(range(seqs[0], seqs[0] + 3)), "their events numbered without a gap")

# a boot runs the records again on the whole save: the game and the seq go on
app, hw, lines = boot()
equal([o["ev"] for o in lines], ["hello", "resumed"], "boot: hello, resumed")
equal(lines[0]["seq"], seqs[-1] + 1, "the seq goes on after the journal's last event")
equal(count(app, hw), 6, "the counter is 1 + 2 + 3 after the boot")
equal(records(), 0, "the boot's whole save removed the journal")

# every 8th record saves the whole game, and starts the journal again
w0 = whole[0]
for k in range(8):
    ask(app, hw, "add 1", 100 + k)
equal((whole[0] - w0, records()), (1, 0), "eight adds: one whole save, the journal gone")
ask(app, hw, "add 1", 200)
equal((whole[0] - w0, records()), (1, 1), "the next add: a record again")

# anything else than a game line is saved whole: a pad, a query answered at once
hw.pads.touch("pad_00")
app.step(210)
hw.stream.lines()
equal((whole[0] - w0, records()), (2, 0), "a pad's change: a whole save")
equal(ask(app, hw, "peek", 220)[0]["count"], 25, "the pad added 10")
equal((whole[0] - w0, records()), (2, 0), "a query saves nothing")

# a record cut short by a power cut is dropped: the game the host was told about comes back
ask(app, hw, "add 2", 300)
last = ask(app, hw, "add 3", 310)
good = read(JOURNAL)
saved = read(root + "/state.json")
write(JOURNAL, good[: len(good) - 5])  # (the last record's tail never reached the flash)
app, hw, lines = boot()
equal(lines[0]["seq"], last[0]["seq"], "a torn record: the seq goes on from the record before")
equal(count(app, hw), 27, "a torn record: its add is not there, the one before is")
write(root + "/state.json", saved)
write(JOURNAL, good[:-1] + bytes([good[-1] ^ 1]))  # (a flipped bit: its CRC does not match)
app2, hw2, lines = boot()
equal(count(app2, hw2), 27, "a damaged record is dropped too")

# a journal left from an earlier whole save (the power went before its removal) is not run
ask(app2, hw2, "add 4", 400)
old = read(JOURNAL)
hw2.pads.touch("pad_00")
app2.step(410)
hw2.stream.lines()
check(not exists(JOURNAL), "the whole save removed the journal")
write(JOURNAL, old)
app, hw, lines = boot()
equal(count(app, hw), 41, "a journal of another whole save is not run again")

# a rollback (a bug in a command) brings back the whole save and its journal
ask(app, hw, "add 5", 500)
ask(app, hw, "add 6", 510)
out = ask(app, hw, "boom", 520)
check(not reply(out)["ok"] and "internal error" in reply(out)["err"], "boom: an internal error")
equal(count(app, hw), 52, "the rollback kept the journaled adds")
ask(app, hw, "add 1", 530)
app, hw, lines = boot()
equal(count(app, hw), 53, "and the boot after it")

# an append that fails is saved whole instead; a whole save that fails takes the step back
w0 = whole[0]
real_append = store.append


def full(name, data):
    if data is not None:
        raise OSError(28, "no space left on device")
    real_append(name, data)


store.append = full
out = ask(app, hw, "add 2", 600)
check(reply(out)["ok"], "a failed append: the add is saved whole")
equal(whole[0] - w0, 1, "one whole save")
store.append = real_append
real_save2 = store.save


def nothing(name, data):
    raise OSError(28, "no space left on device")


store.save = nothing
for k in range(8):
    out = ask(app, hw, "add 1", 700 + k)
r = reply(out)
check(not r["ok"] and "not saved" in r["err"], "the 8th record's whole save fails")
store.save = real_save2
out = ask(app, hw, "add 1", 800)
check(reply(out)["ok"], "the next add is saved")
app, hw, lines = boot()
equal(count(app, hw), 63, "what was answered ok is what resumes")
clean()
done()
