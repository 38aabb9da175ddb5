"""Acknowledged means saved (issue 15): while saving fails, a command that changes the game gets
an error reply and changes nothing, no event is sent (so after a power cut the host never holds a
seq the table has forgotten), a game switch is refused, a pad change is reported again once
saving works, and the failure is told (event `error`, where "save") with the first good save."""

# ruff: noqa: I001  (import order matters in a 96k heap: the biggest first, on a clean heap)
import arkham.app  # noqa: F401
from fakehw import Storage, ask, make
from arkham import games
from check import check, done, equal

games.REGISTRY["counter"] = "fakemode"

store = Storage()
app, hw = make(store)
app.step(0)
ask(app, hw, "game counter", 10)
ask(app, hw, "add 3", 20)
hw.stream.lines()
seen = [app.events.seq]  # the highest seq the host has seen


def step(t, text=None):
    out = ask(app, hw, text, t) if text else (app.step(t) or hw.stream.lines())
    for o in out:
        if "seq" in o and "ev" in o:
            seen.append(o["seq"])
    return out


store.fail = True
for i in range(3):
    out = step(100 + i * 10, "#%d add 2" % (i + 1))
    equal(len(out), 1, "save failing, add %d: only a reply" % (i + 1))
    refused = not out[0]["ok"] and "nothing changed" in out[0]["err"]
    check(refused, "add %d: an error reply" % (i + 1))
equal(step(200, "peek")[0]["count"], 3, "the game is as last saved")
out = step(210, "game bringup")
check(not out[-1]["ok"] and app.game == "counter", "a game switch is refused, the game stays")
hw.pads.touch("pad_00")
out = step(220)
equal(out, [], "a pad change while saving fails: nothing sent")
equal(app.mode.count, 3, "and nothing changed")

# a power cut now: the table restarts from its save; the host never saw a seq beyond it
app2, hw2 = make(store)
store.fail = False
app2.step(0)
boot = hw2.stream.lines()
check(boot[0]["seq"] == max(seen) + 1, "after a power cut the seq goes on from what the host saw")
equal(app2.mode.count, 3, "and the game is the saved one")

# saving works again (no power cut): the pad change is reported and counted, the failure told
out = step(300)
evs = [o.get("ev") for o in out]
equal(evs, ["pad", "error"], "saving works: the pad change comes, then the failure")
told = (out[1]["where"], out[1].get("repeats"))
equal(told, ("save", 4), "where = save, repeats: the 5 failed saves after the first")
equal(step(310, "peek")[0]["count"], 13, "the token counted once")
out = step(320, "#9 add 1")
equal([o.get("ev") for o in out], ["counted", None], "commands are acknowledged again")
check(out[1]["ok"] and '"count":14' in store.files["state.json"], "and saved")
seqs = [s for s in seen]
check(seqs == sorted(seqs) and len(set(seqs)) == len(seqs), "the host saw every seq once, in order")
done()
