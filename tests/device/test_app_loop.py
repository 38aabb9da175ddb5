"""The main loop with a fake hardware bundle: touch -> event -> lit in one step, render only on
change, pad notices as events, the bring-up scene."""

# ruff: noqa: I001  (import order matters in a 96k heap: the biggest first, on a clean heap)
import arkham.app  # noqa: F401
from fakehw import Storage, ask, make
from arkham import games
from arkham.games import bringup
from check import check, done, equal

games.REGISTRY["counter"] = "fakemode"  # a game slots in without touching the loop

store = Storage()
app, hw = make(store)
app.step(0)
boot = hw.stream.lines()
equal([o.get("ev") for o in boot], ["hello"], "boot says hello as an event")
equal(boot[0]["seq"], 1, "the first event is seq 1")
for k in ("proto", "fw", "impl", "board", "game", "seq", "mem_free"):
    check(k in boot[0], "hello has " + k)
equal(boot[0]["game"], "bringup", "bring-up is the default game")

# touch -> pad event -> lit, all in one step
hw.pads.touch("pad_01")
app.step(10)
out = hw.stream.lines()
equal(out, [{"seq": 2, "ev": "pad", "spot": "pad_01", "present": True}], "one pad event")
equal(hw.led("pad_01"), bringup.PRESENT, "its spot is lit (transmitted) in the same step")
equal(hw.led("lamp"), bringup.LIGHT_ONLY, "a light-only spot shows dim blue")
hw.pads.touch("pad_01", False)
app.step(20)
equal(hw.stream.lines()[0]["present"], False, "lift -> present false")
equal(hw.led("pad_01"), (0, 0, 0), "lifted spot goes dark")

# idle: no render, no save
r, t, s = hw.pixels.renders, hw.pixels.transmits, store.saves
for i in range(50):
    app.step(30 + i * 10)
equal(
    (hw.pixels.renders, hw.pixels.transmits, store.saves),
    (r, t, s),
    "an idle loop renders and saves nothing",
)
equal(hw.pads.scans > 50, True, "but it keeps scanning")
hw.pixels.anim = True
app.step(600)
equal(hw.pixels.renders, r + 1, "an animation renders every step")
hw.pixels.anim = False

# chip faults appear as events as they happen, and the scene shows them
hw.pads.set_faults([{"chip": "0x5B", "fault": "missing"}])
hw.pads.notice("chip_fault", {"chip": "0x5B", "err": "no ack"})
app.step(700)
ev = hw.stream.lines()
equal([o["ev"] for o in ev], ["chip_fault"], "a pad notice becomes an event")
equal(hw.led("pad_04"), bringup.CHIP_FAULT, "spots of the failing chip show red")
equal(hw.led("pad_01"), (0, 0, 0), "other spots unaffected")
hw.pads.set_faults([{"spot": "pad_02", "fault": "stuck"}])
hw.pads.notice("chip_ok", {"chip": "0x5B"})
app.step(710)
equal(hw.led("pad_02"), bringup.PAD_FAULT, "a stuck electrode shows amber")
equal(hw.led("pad_04"), (0, 0, 0), "the healed chip's spots go dark")
hw.pads.set_faults([])
hw.pads.notice("pad_ok", {"spot": "pad_02"})
app.step(720)
hw.stream.lines()

# bring-up verbs: light persists in the mode snapshot
out = ask(app, hw, "#4 light pad_03 10,20,30", 800)
equal(out, [{"re": 4, "ok": True, "spot": "pad_03", "rgb": [10, 20, 30]}], "light replies")
equal(hw.led("pad_03"), (10, 20, 30), "light shows in the same step")
out = ask(app, hw, "light pad_03 10,20", 810)
check(not out[0]["ok"] and "R,G,B" in out[0]["err"], "a bad colour is refused")
seq_before = app.events.seq

# bring-up's own bad input: one error each, nothing changes
before = (app.events.seq, store.saves, app.game)
for line in ("light", "light nowhere", "light pad_01 256,0,0", "unlight", "game bringup speed=3"):
    out = ask(app, hw, line, 900)
    check(len(out) == 1 and out[0]["ok"] is False and len(out[0]["err"]) > 10, "refused: " + line)
equal((app.events.seq, store.saves, app.game), before, "bring-up bad input changed nothing")
equal(hw.led("pad_03"), (10, 20, 30), "the lit spot is still lit")
done()
