"""The ah2e mode inside the real app loop (fake hardware, the real ah2e board map): the `game`
event comes first, then the setup events; every accepted action is saved and a restart resumes
the game with its prompts; pad events reach the binding."""

import pathlib
import sys

from ah2e_fake import board

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "device"))
import fakehw


def start(storage=None):
    from arkham.app import App

    hw = fakehw.Bundle(board=board(), storage=storage)
    app = App(hw, hw.board, {})
    app.step(0)
    hw.stream.lines()
    return app, hw


def test_game_events_save_and_resume():
    app, hw = start()
    out = fakehw.ask(app, hw, "game ah2e seed=5 players=2", 10)
    # the game event and the reply, then (the same loop iteration's tick) the setup events
    assert [o.get("ev") for o in out][:3] == ["game", None, "setup"] and out[1]["ok"]
    names = [o.get("ev") for o in out]
    assert "prompt" in names and names.index("need") > names.index("prompt")
    r = fakehw.ask(app, hw, "#4 act upkeep", 20)
    assert r[-1] == {
        "re": 4,
        "ok": True,
        "done": "upkeep",
        "events": 1,
        "need": {"k": "upkeep", "inv": 1},
    }
    hw.pads.touch("easttown", True)  # a token where nothing belongs
    app.step(30)
    out = hw.stream.lines()
    assert [o["ev"] for o in out] == ["pad", "misplaced"]
    assert hw.led("easttown") in ((255, 0, 0), (0, 0, 0))  # flashing
    todo = dict(app.mode.sync.todo)
    h = app.mode.core.state_hash()
    app2, hw2 = start(hw.storage)
    assert app2.game == "ah2e" and app2.mode.core.state_hash() == h
    assert app2.mode.sync.todo == todo and "easttown" in app2.mode.sync.wrong
    app2.step(600)  # (commands wait for the pads check, 500 ms after the boot's scan)
    r = fakehw.ask(app2, hw2, "#5 help act", 620)
    assert r[-1]["ok"] and "legal" in r[-1]["help"]


def test_bad_game_options_keep_the_old_game():
    app, hw = start()
    fakehw.ask(app, hw, "game ah2e seed=5", 10)
    h = app.mode.core.state_hash()
    r = fakehw.ask(app, hw, "#2 game ah2e ao=dagon", 20)
    assert r[-1]["ok"] is False and "dagon" in r[-1]["err"]
    assert app.game == "ah2e" and app.mode.core.state_hash() == h


def test_a_command_right_after_a_resume_waits_for_the_pads_check_AH_TABLE_2():
    # A resumed game compares the pads with its state once they settled (PADS_SETTLE_MS after
    # the boot's first scan). A command sent at once (a host right after a Pico's restart) must
    # come after that check, or the check undoes it: `ok` confirms the setup prompts on bare
    # pads, then the check asks for every token again (seen on the emulated chip)
    app, hw = start()
    fakehw.ask(app, hw, "game ah2e seed=5 players=2", 10)
    app2, hw2 = start(hw.storage)  # the boot: one scan, the check set for 500 ms later
    assert app2.mode.check_at not in (None, -1)
    out = fakehw.ask(app2, hw2, "#2 ok", 20)
    assert not [o for o in out if o.get("re") == 2]  # waits
    out = []
    for t in range(40, 1000, 20):
        app2.step(t)
        out += hw2.stream.lines()
    names = [o.get("ev") or "re" for o in out]
    assert "re" in names and app2.mode.check_at is None
    assert "pads_differ" not in names  # the check first (the prompts were open), then `ok`
    r = fakehw.ask(app2, hw2, "#3 state", 1000)
    assert next(o for o in r if o.get("re") == 3)["todo"] == {}


def test_a_check_that_never_comes_holds_commands_one_second_at_most():
    app, hw = start()
    fakehw.ask(app, hw, "game ah2e seed=5 players=2", 10)
    app2, hw2 = start(hw.storage)
    app2.mode.tick = lambda now: None  # (a tick that never runs the check)
    at = app2.mode.check_at
    hw2.stream.send(b"#2 hello\n")
    got = []
    t = 20
    while not got and t < at + 3000:
        app2.step(t)
        got = [o for o in hw2.stream.lines() if o.get("re") == 2]
        t += 20
    assert got and at + 1000 <= t - 20 <= at + 1020


def test_a_game_switch_on_a_pico_restarts_once_saved_and_answered():
    app, hw = start()
    restarts = []
    hw.soft_reset = lambda: restarts.append(app.on_flash())
    out = fakehw.ask(app, hw, "game ah2e seed=5 players=2", 10)
    r = next(o for o in out if "re" in o)
    assert r["ok"] is True and r["restart"] is True
    assert app.running is False  # the loop stops; App.run then restarts the program
    app.run()  # (the loop has stopped: only the restart is left)
    assert restarts == [True]  # the new game was on flash first
    app2, hw2 = start(hw.storage)  # the boot after the restart resumes the new game
    assert app2.game == "ah2e" and len(app2.mode.core.s["inv"]) == 2


def test_a_resumed_game_uses_the_datas_own_place_names_and_is_the_same_game():
    # the parse makes each place name its own string; a fresh game shares the data's (those
    # copies, let go as the game moves, left holes: a resumed game's worst point was higher)
    import json

    from arkham.ah2e import tables
    from arkham.games import ah2e_resume

    app, hw = start()
    fakehw.ask(app, hw, "game ah2e seed=5 players=2", 10)
    s = json.loads(json.dumps(app.mode.core.s))
    h = app.mode.core.state_hash()
    data = {k: k for k in tables.get().adj}
    at = s["inv"][0]["at"]
    gate = next(iter(s["gates"]))
    assert data[at] is not at and data[gate] is not gate  # (the parse's own copies)
    ah2e_resume.share({"core": s})
    assert s["inv"][0]["at"] is data[at] and next(iter(s["gates"])) is data[gate]
    app.mode.core.s = s
    assert app.mode.core.state_hash() == h


def test_a_new_game_never_loads_the_resume_part_a_resume_does():
    """Issue 28: a Pico makes every name of each module it loads, for good. A resume's own code
    (ah2e_resume: the state's words, its shape check) is loaded only at a resume, so a new game
    makes none of its names (CPython keeps a loaded module: it shows which were loaded)."""
    import arkham.games

    sys.modules.pop("arkham.games.ah2e_resume", None)  # (as compat.forget: module, attribute)
    arkham.games.__dict__.pop("ah2e_resume", None)
    app, hw = start()
    fakehw.ask(app, hw, "game ah2e seed=5 players=2", 10)
    for cmd in ("#2 act upkeep", "#3 legal", "#4 state"):
        fakehw.ask(app, hw, cmd, 20)
    assert "arkham.games.ah2e_resume" not in sys.modules
    app2, hw2 = start(hw.storage)  # the boot resumes the game
    assert app2.game == "ah2e" and "arkham.games.ah2e_resume" in sys.modules


def test_a_new_game_is_set_up_at_its_tick_and_a_cut_before_it_resumes_the_same_game():
    """The `game` reply's save holds the options only ("core": null): the setup and its first
    Mythos phase run at the loop's tick, shallow on the Pico's C stack, not under the save. A
    power cut right after that save resumes a game set up the same way (the seed is saved)."""
    import json

    app, hw = start()
    app.run_line("#1 game ah2e seed=5 players=8", 10)
    app._persist(10)  # (the step's save that sends the reply, before its tick)
    saved = json.loads(hw.storage.load("state.json"))
    assert saved["table"]["mode"]["core"] is None and saved["table"]["mode"]["opts"]["seed"] == 5
    app._flush()
    app.step(20)  # the tick sets the game up and saves it whole
    h = app.mode.core.state_hash()
    assert json.loads(hw.storage.load("state.json"))["table"]["mode"]["core"] is not None

    cut, hw_cut = start()
    cut.run_line("#1 game ah2e seed=5 players=8", 10)
    cut._persist(10)
    from arkham.app import App

    hw2 = fakehw.Bundle(board=board(), storage=hw_cut.storage)  # the power cut: a new boot
    again = App(hw2, hw2.board, {})
    assert again.game == "ah2e" and again.mode._core is None
    again.step(0)  # its first tick sets the game up
    assert again.mode._core is not None and again.mode.core.state_hash() == h
    names = [o.get("ev") for o in hw2.stream.lines()]
    assert "setup" in names and "need" in names  # (its setup's events: never sent before)


def test_a_pad_change_lights_as_a_whole_repaint_would_AH_TABLE_1():
    """After a pad change that only flags, prompts or takes a token in hand, the scene lays the
    table's own state on the rows it last painted for the game (a touch's light ~10 ms sooner on
    the emulated chip); the LEDs then show exactly what a whole repaint shows, through random
    touches, actions, queries and moves by token."""
    import random

    from arkham.hw.lights import Lights
    from arkham.hw.pixels import Pixels

    b = board()
    hw = fakehw.Bundle(board=b)
    hw.pixels = Pixels(b.led_count)  # (the real ones: the partial paint is theirs)
    hw.lights = Lights(b, hw.pixels)
    from arkham.app import App

    app = App(hw, b, {})
    app.step(0)
    now = 10
    fakehw.ask(app, hw, "game ah2e seed=3 players=3", now)
    whole = Lights(b, Pixels(b.led_count))
    laid = []
    scene = type(app.mode).scene

    def spy(mode, lights, now_ms, changes=None):
        laid.append(bool(changes) and mode._base is not None)
        return scene(mode, lights, now_ms, changes)

    app.mode.scene = spy.__get__(app.mode)
    rnd = random.Random(5)
    spots = [sp.name for sp in b.spots if sp.chip is not None]
    for n in range(300):
        now += 10
        if rnd.random() < 0.15:  # (its pad change, below, in the same loop iteration)
            line = rnd.choice(["act 1", "legal", "state", "ok all", "override all"])
            hw.stream.send(line.encode() + b"\n")
        r = rnd.random()
        if r < 0.1:
            pass
        elif r < 0.2:
            need = app.mode.core.need() or {}
            if need.get("k") == "move":  # the mover's token: lifted, put down next door
                at = app.mode.core.s["inv"][need["inv"]]["at"]
                hw.pads.touch(at, False)
                app.step(now)
                now += 10
                dests = app.mode._destinations(need["inv"])
                hw.pads.touch(rnd.choice(dests) if dests else at, True)
        else:
            spot = rnd.choice(spots)
            hw.pads.touch(spot, not hw.pads.present(spot))
        app.step(now)
        whole.clear()
        type(app.mode).scene(app.mode, whole, now)
        assert hw.pixels.rgb == whole.pixels.rgb and hw.pixels.anim == whole.pixels.anim, n
        if app.mode.core.over():
            break
    assert laid.count(True) > 50 and laid.count(False) > 10, "both paths taken"
