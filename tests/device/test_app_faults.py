"""A flood of lines, a bug in a game verb, a failing scan, a failing save: the loop never dies,
the scan keeps running, and each problem is reported once."""

# ruff: noqa: I001  (import order matters in a 96k heap: the biggest first, on a clean heap)
import arkham.app  # noqa: F401
from fakehw import Driver, ask, make
from arkham import games
from check import check, done, equal

games.REGISTRY["counter"] = "fakemode"

app, hw = make()
app.step(0)
hw.stream.lines()
driver = Driver(app, hw)
send = driver.send
unchanged = driver.unchanged


# a flood: bounded work per step, the scan keeps running, drops reported once with a count
scans = hw.pads.scans
hw.stream.send(b"#1 hello\n" * 200)
app.step(driver.t + 10)
first = hw.stream.lines()
equal(len(first), 4, "at most 4 commands run in one step")
equal(hw.pads.scans, scans + 1, "and the scan still ran")
out = first + send(b"")
errs = [o for o in out if not o["ok"]]
equal(len(out) - len(errs), 16, "16 queued lines were run")
equal(len(errs), 1, "one error for the rest")
equal(errs[0]["err"], "input flood: dropped 184 lines", "saying how many")
unchanged("a flood", (app.events.seq, hw.storage.saves, app.game))

# a bug in a game verb: an error reply and an event; the state goes back to the saved one
ask(app, hw, "game counter", driver.t)
ask(app, hw, "add 3", driver.t + 10)
out = ask(app, hw, "#6 boom", driver.t + 20)
equal([o.get("ev") for o in out], ["error", None], "a bug: an error event, then the reply")
check(
    out[1]["re"] == 6 and not out[1]["ok"] and "internal error in boom" in out[1]["err"],
    "the reply says internal error",
)
equal(out[0]["where"], "command", "the event says where")
equal(ask(app, hw, "peek", driver.t + 30)[0]["count"], 3, "the half-done change was rolled back")

# a failing scan: reported once, not every step; the loop and commands go on
hw.pads.fail_scan = True
evs = []
for i in range(20):
    app.step(driver.t + 100 + i * 10)
    evs += hw.stream.lines()
equal([(o["ev"], o["where"]) for o in evs], [("error", "scan")], "a failing scan: one event")
equal(ask(app, hw, "peek", driver.t + 400)[0]["ok"], True, "commands still work")
hw.pads.fail_scan = False

# a failing save: not fatal, and nothing is acknowledged that was not saved (issue 15)
hw.storage.fail = True
out = ask(app, hw, "#5 add 1", driver.t + 500)
equal([o.get("ev") for o in out], [None], "a failing save: one reply, no event")
err = out[0]["err"]
check(not out[0]["ok"] and err.startswith("not saved (OSError: disk full)"), "an error reply")
equal(ask(app, hw, "peek", driver.t + 510)[0]["count"], 3, "nothing changed")
hw.storage.fail = False
out = ask(app, hw, "add 1", driver.t + 6000)
evs = [o.get("ev") for o in out]
equal(evs, ["counted", None, "error"], "saving works again: the failure is told")
equal((out[0]["count"], out[2]["where"]), (4, "save"), "the change is made; where = save")
check('"count":4' in hw.storage.files["state.json"], "and saved")
done()
