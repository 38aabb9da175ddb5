"""Never lose a game when memory is short: a save that hits MemoryError while the state is being
written leaves the previous save readable (and no tmp), the app reports it and saves again
later; a big state is written in pieces (no string of its size); the file is canonical JSON."""

# ruff: noqa: I001  (import order matters in a 96k heap: the biggest first, on a clean heap)
import arkham.app  # noqa: F401
import json
import os

from fakehw import ask, make
from arkham import games
from arkham.compat import IMPL, ticks_ms
from arkham.hw.storage import Storage
from check import check, done, equal

games.REGISTRY["counter"] = "fakemode"

root = "/tmp/arkham_savemem_%s_%d" % (IMPL, ticks_ms() % 100000)
try:
    os.mkdir(root)
except OSError:
    pass


def exists(path):
    try:
        os.stat(path)
        return True
    except OSError:
        return False


class ShortOfMemory(Storage):
    """Real Storage whose next `fail` saves run out of memory after `after` pieces were written."""

    def __init__(self, root):
        Storage.__init__(self, root)
        self.fail = 0
        self.after = 2
        self.pieces = []  # pieces per save that got through

    def save(self, name, data):
        if not callable(data):
            return Storage.save(self, name, data)
        n = [0]
        failing = self.fail > 0

        def fill(write):
            def counted(piece):
                n[0] += 1
                if failing and n[0] > self.after:
                    raise MemoryError("memory allocation failed")
                write(piece)

            data(counted)

        if failing:
            self.fail -= 1
        Storage.save(self, name, fill)
        self.pieces.append(n[0])


st = ShortOfMemory(root)
st.remove("state.json")
app, hw = make(st, {"game": "counter"})
app.step(0)
hw.stream.lines()
ask(app, hw, "add 5", 10)
good = st.load_json("state.json")
equal(good["table"]["mode"], {"count": 5}, "a first save")
seq_good = good["seq"]

# the next two attempts run out of memory midway (the app tries once more after a collection):
# an error reply, nothing changed (issue 15: acknowledged means saved)
st.fail = 2
out = ask(app, hw, "add 2", 20)
equal([o.get("ev") for o in out], [None], "the failed save: only a reply")
check(not out[0]["ok"] and "MemoryError" in out[0]["err"], "an error reply: a MemoryError")
again = st.load_json("state.json")
equal((again["seq"], again["table"]["mode"]), (seq_good, {"count": 5}), "previous save intact")
check(not exists(root + "/state.json.tmp"), "no partial tmp left behind")
with open(root + "/state.json") as f:
    json.loads(f.read())  # (raises if the file were cut)
check(True, "the saved file is whole JSON")
equal(app.mode.count, 5, "the game is as saved")

# with memory back, the command sent again is saved, and the failure told
out = ask(app, hw, "add 2", 30)
errs = [o for o in out if o.get("ev") == "error"]
equal([e.get("where") for e in errs], ["save"], "the failed save is reported")
check("MemoryError" in errs[0]["err"], "as a MemoryError")
now = st.load_json("state.json")
equal(now["table"]["mode"], {"count": 7}, "the game is saved")
check(now["seq"] > seq_good, "with the newer seq")

# a one-off failure is absorbed by the immediate retry: no error at all
st.fail = 1
out = ask(app, hw, "add 1", 9000)
equal([o.get("ev") for o in out if o.get("ev") == "error"], [], "one failure: retried at once")
equal(st.load_json("state.json")["table"]["mode"], {"count": 8}, "and saved")

# restart from the file: the game is there
app2, hw2 = make(st)
app2.step(0)
evs = [o.get("ev") for o in hw2.stream.lines()]
equal(evs, ["hello", "resumed"], "a restart resumes the saved game")
equal(app2.mode.count, 8, "with its state")
app2 = hw2 = None


# a save that cannot be restored for lack of memory is kept: nothing is saved over it
class NoRoomToLoad(ShortOfMemory):
    def load_json(self, name):
        raise MemoryError("memory allocation failed")


kept = NoRoomToLoad(root)
with open(root + "/state.json") as f:
    before = f.read()
app3, hw3 = make(kept)
app3.step(0)
out = hw3.stream.lines()
fails = [o for o in out if o.get("ev") == "restore_failed"]
check(len(fails) == 1 and fails[0].get("kept") is True, "restore out of memory: reported, kept")
ask(app3, hw3, "light pad_01 1,2,3", 10)
with open(root + "/state.json") as f:
    equal(f.read(), before, "events and changes do not overwrite the kept save")
out = ask(app3, hw3, "#9 game counter", 20)
check([o["ok"] for o in out if o.get("re") == 9] == [True], "a new game chosen by the players...")
with open(root + "/state.json") as f:
    check(f.read() != before, "...replaces the kept save")
app3 = hw3 = None

# a big state goes out in many small pieces, and reads back the same (canonical JSON)
big = {"names": ["investigator_%03d" % i for i in range(150)], "n": 7}
st.pieces = []
st.save("big.json", lambda write: app._writer.stream(big, write))
check(st.pieces[0] > 10, "a 3 KB state is written in pieces of at most 256 bytes")
equal(st.load_json("big.json"), big, "and loads back equal")
with open(root + "/big.json") as f:
    equal(f.read(), arkham.protocol.dumps(big), "the file is the canonical JSON")
for name in ("state.json", "big.json"):
    st.remove(name)
done()
