"""Persistence round trip (seq and game survive a restart), since N and the event ring, dump."""

# ruff: noqa: I001  (import order matters in a 96k heap: the biggest first, on a clean heap)
import arkham.app  # noqa: F401
from fakehw import Storage, ask, make
from arkham import games
from check import check, done, equal

games.REGISTRY["counter"] = "fakemode"  # a game slots in without touching the loop


def booted(store=None, options=None):
    app, hw = make(store, options)
    app.step(0)
    hw.stream.lines()
    return app, hw


store = Storage()
app, hw = booted(store)
ask(app, hw, "light pad_03 10,20,30", 800)
hw.pads.touch("pad_02")
app.step(810)
hw.stream.lines()
seq_before = app.events.seq
# persistence round trip: a new app on the same storage resumes seq and game state
app2, hw2 = make(store)
app2.step(0)
boot2 = hw2.stream.lines()
equal([o["ev"] for o in boot2], ["hello", "resumed"], "reboot: hello then resumed")
equal(boot2[0]["seq"], seq_before + 1, "seq continues without a gap after a restart")
equal(hw2.led("pad_03"), (10, 20, 30), "the lit spot is restored")
out = ask(app2, hw2, "since %d" % seq_before, 10)
equal([o.get("ev") for o in out], ["hello", "resumed", None], "since N replays the restart events")
equal(out[2]["count"], 2, "since reply counts them")
out = ask(app2, hw2, "since 1", 20)
check(not out[0]["ok"] and "send dump" in out[0]["err"], "since N older than the buffer: dump")
out = ask(app2, hw2, "since 999", 30)
check(not out[0]["ok"] and "send dump" in out[0]["err"], "since N newer than the table: dump")
d = ask(app2, hw2, "#8 dump", 40)[0]
equal((d["re"], d["ok"], d["game"], d["seq"]), (8, True, "bringup", app2.events.seq), "dump head")
equal(d["lit"]["pad_03"], [10, 20, 30], "dump shows what is lit")
equal(d["state"], {"manual": {"pad_03": [10, 20, 30]}}, "dump has the mode state")
hw2.pads.touch("pad_00")
app2.step(50)
hw2.stream.lines()
equal(
    ask(app2, hw2, "dump", 60)[0]["present"],
    ["pad_00"],
    "dump lists present spots (of this hardware)",
)

# the event ring is bounded and since works across it
app3, hw3 = make(None, {"ring": 4})
for i in range(10):
    hw3.pads.touch("pad_01", i % 2 == 0)
    app3.step(i * 10)
hw3.stream.lines()
equal(app3.events.seq, 11, "11 events")
out = ask(app3, hw3, "since 7", 200)
equal([o.get("seq") for o in out], [8, 9, 10, 11, None], "the last 4 are replayed in order")
out = ask(app3, hw3, "since 6", 210)
check(not out[0]["ok"] and "holds 8..11" in out[0]["err"], "one older is too old, with the range")
equal(ask(app3, hw3, "since 11", 220)[0]["count"], 0, "since the last seq: nothing, ok")

done()
