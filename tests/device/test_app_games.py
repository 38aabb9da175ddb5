"""Game switching through the registry (a test mode slots in), game verbs, sweep."""

# ruff: noqa: I001  (import order matters in a 96k heap: the biggest first, on a clean heap)
import arkham.app  # noqa: F401
from fakehw import Storage, ask, make
from arkham import games
from arkham.games import bringup
from check import check, done, equal

games.REGISTRY["counter"] = "fakemode"  # a game slots in without touching the loop

store = Storage()
app2, hw2 = make(store)
app2.step(0)
hw2.stream.lines()
# game switching through the registry
out = ask(app2, hw2, "game chess", 100)
check(
    not out[0]["ok"] and "known:" in out[0]["err"] and "bringup" in out[0]["err"],
    "an unknown game lists the known ones",
)
out = ask(app2, hw2, "game counter start=x", 110)
check(not out[0]["ok"], "bad game options are refused")
equal(app2.game, "bringup", "and the old game stays")
seq0 = app2.events.seq
out = ask(app2, hw2, "#2 game counter start=5", 120)
equal([o.get("ev") for o in out], ["game", None], "a game event, then the reply")
equal(out[1], {"re": 2, "ok": True, "game": "counter", "options": {"start": "5"}}, "game reply")
equal(out[0]["seq"], seq0 + 1, "the game event is numbered")
out = ask(app2, hw2, "add 2", 130)
equal([out[0]["ev"], out[1]["count"]], ["counted", 7], "a game verb goes to the mode")
equal(hw2.led("pad_05"), (7, 0, 0), "and its scene is painted")
equal(ask(app2, hw2, "hello", 140)[0]["game"], "counter", "core verbs win over a mode's")
h = ask(app2, hw2, "help", 150)[0]
equal(sorted(h["verbs"]), ["add", "boom", "peek"], "help lists the game's verbs")
check("since" in h["core"] and "game" in h["core"], "and the core verbs")
hw2.pads.touch("pad_00")
app2.step(160)
hw2.stream.lines()
equal(ask(app2, hw2, "peek", 170)[0]["count"], 17, "pad changes reach the mode")
check(app2.mode.ticks > 0, "tick runs")
# a query (the mode's QUERIES: legal, state) is answered without the save check (which encodes
# the whole game) and without a repaint; a verb that may change the game gets both
snaps, renders = app2.mode.snapshots, hw2.pixels.renders
ask(app2, hw2, "peek", 172)
equal((app2.mode.snapshots, hw2.pixels.renders), (snaps, renders), "a query: no check, no paint")
ask(app2, hw2, "add 1", 174)
check(app2.mode.snapshots > snaps and hw2.pixels.renders > renders, "a change: checked, painted")
app4, hw4 = make(store)
app4.step(0)
hw4.stream.lines()
equal((app4.game, app4.mode.count), ("counter", 18), "a restart resumes the game and its state")
# a switch lets the saved game go before it builds the new one (a Pico holds one game); a new
# one that fails brings the old one back from its save, state and all
released = []
release = app4.mode.release
app4.mode.release = lambda: released.append(1) or release()
out = ask(app4, hw4, "game counter start=x", 20)
check(not out[0]["ok"] and "start" in out[0]["err"], "a bad option: refused, with the reason")
equal((app4.game, app4.mode.count), ("counter", 18), "and the old game is back as it was")
equal(released, [1], "(from its save: the old game had let go)")
equal(ask(app4, hw4, "add 1", 30)[0]["count"], 19, "and plays on")
app5, hw5 = make(store, {"game": "bringup"})
app5.step(0)
equal(app5.game, "bringup", "options game= overrides a saved game of another name")
equal(app5.events.seq, app4.events.seq + 1, "and seq still continues")

# sweep: non-blocking, every LED in turn, reports when done
app6, hw6 = make()
app6.step(0)
hw6.stream.lines()
out = ask(app6, hw6, "sweep ms=20", 1000)
equal(out, [{"re": None, "ok": True, "leds": 7, "ms": 20, "colour": "white"}], "sweep starts")
seen = []
t = 1000
while t < 1300:
    app6.step(t)
    lit = [i for i in range(7) if hw6.pixels.shown[i] != (0, 0, 0)]
    if lit and (not seen or seen[-1] != lit):
        seen.append(lit)
    if [o for o in hw6.stream.lines() if o.get("ev") == "sweep_done"]:
        seen.append("done")
        break
    t += 10
equal(seen, [[0], [1], [2], [3], [4], [5], [6], "done"], "one LED at a time, then done")
equal(hw6.led("lamp"), bringup.LIGHT_ONLY, "the scene comes back after the sweep")
out = ask(app6, hw6, "sweep colour=pink", 2000)
check(not out[0]["ok"] and "blue" in out[0]["err"], "an unknown colour lists the known ones")
ask(app6, hw6, "sweep", 2010)
equal(ask(app6, hw6, "sweep stop", 2020)[0]["stopped"], True, "sweep stop")
done()
