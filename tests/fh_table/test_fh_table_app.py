"""FH-TABLE-2 inside the real app loop (fake hardware, the real final-hour board map): setup
prompts done by the pads, a refused action naming the spot, the prompt blinking on its LEDs, and
a restart that resumes the queue."""
import pathlib
import sys

from gamefakes import board, options

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "device"))
import fakehw


def start(storage=None):
    from arkham.app import App

    hw = fakehw.Bundle(board=board("final-hour"), storage=storage)
    app = App(hw, hw.board, {})
    app.step(0)
    hw.stream.lines()
    return app, hw


def test_setup_prompts_wait_for_pads_and_survive_a_restart_FH_TABLE_2():
    app, hw = start()
    out = fakehw.ask(app, hw, "game final-hour seed=4 players=2", 10)
    prompts = [o for o in out if o.get("ev") == "prompt"]
    assert len(prompts) == 1 and prompts[0]["do"] == "place"  # one step at a time
    spot = prompts[0]["spot"]
    r = fakehw.ask(app, hw, "#3 spawn 1 3", 20)
    rep = next(o for o in r if o.get("re") == 3)
    assert rep["ok"] is False and spot in rep["err"] and "waits for tokens" in rep["err"]
    app.step(30)
    assert hw.led(spot) in ((255, 255, 255), (0, 0, 0))  # blinking
    app2, hw2 = start(hw.storage)  # a power cut: the queue is saved with the game
    assert app2.game == "final-hour" and app2.mode.steps.wait == app.mode.steps.wait
    t = 40
    n = len(app2.mode.steps.prompts())
    out = []
    for _ in range(n + 5):  # the players put each prompted token down
        w = app2.mode.steps.wait
        if w is None:
            break
        spot = "location_%d" % w[2]
        if hw2.pads.present(spot):  # a token is there already: the pad cannot see it
            out += fakehw.ask(app2, hw2, "ok " + spot, t)
        else:
            hw2.pads.touch(spot, True)
        app2.step(t)
        t += 500
        app2.step(t)
        out += hw2.stream.lines()
    names = [o.get("ev") for o in out]
    assert names.count("prompt_done") == n and "settled" in names
    # the round's 4 priority cards (FH-ROUND-3), then an effect verb is open
    for k in range(4):
        la = fakehw.ask(app2, hw2, "#%d legal" % (10 + k), t)
        a = options(next(o for o in la if o.get("re") == 10 + k)["view"]["legal"])[0]  # (private)
        fakehw.ask(app2, hw2, "play %d %d" % (a["inv"], a["card"]), t)
    r = fakehw.ask(app2, hw2, "#4 spawn 1 3", t + 10)
    assert next(o for o in r if o.get("re") == 4)["ok"] is True
    assert "prompt" in [o.get("ev") for o in r]  # the new monster is prompted in turn


def test_a_new_game_that_fails_to_build_puts_the_saved_game_back(monkeypatch):
    """`new` drops the old game before building the new one (RAM on a Pico); a build that fails
    (no memory) leaves the game as last saved."""
    from arkham.games import fh

    app, hw = start()
    fakehw.ask(app, hw, "game final-hour seed=4 players=2", 10)
    fakehw.ask(app, hw, "ok all", 20)
    app.step(30)
    before = app.mode.snapshot()

    def no_room(opts, seed):
        raise MemoryError("memory allocation failed")

    monkeypatch.setattr(fh, "Game", no_room)
    out = fakehw.ask(app, hw, "#7 new players=3", 40)
    rep = next(o for o in out if o.get("re") == 7)
    assert rep["ok"] is False and "MemoryError" in rep["err"]
    assert app.mode.core is not None and app.mode.snapshot() == before


def test_game_final_hour_over_a_final_hour_game_drops_it_first(monkeypatch):
    """`game final-hour ...` over a Final Hour game: the old game's core goes before the new one
    is built (two games at once do not fit a Pico's heap); a build that fails (no memory) puts
    the game back as last saved, like `new`."""
    from arkham.games import fh

    app, hw = start()
    fakehw.ask(app, hw, "game final-hour seed=4 players=2", 10)
    fakehw.ask(app, hw, "ok all", 20)
    app.step(30)
    old = app.mode
    seen = []
    Game = fh.Game

    def build(opts, seed):
        seen.append(old.core)  # (the old game let go while the new one is built)
        return Game(opts, seed)

    monkeypatch.setattr(fh, "Game", build)
    out = fakehw.ask(app, hw, "#6 game final-hour seed=5 players=3", 40)
    assert next(o for o in out if o.get("re") == 6)["ok"] is True
    assert seen == [None] and len(app.mode.core.state["inv"]) == 3

    def no_room(opts, seed):
        raise MemoryError("memory allocation failed")

    fakehw.ask(app, hw, "ok all", 50)
    app.step(60)
    before = app.mode.snapshot()
    monkeypatch.setattr(fh, "Game", no_room)
    out = fakehw.ask(app, hw, "#7 game final-hour seed=6 players=2", 70)
    rep = next(o for o in out if o.get("re") == 7)
    assert rep["ok"] is False and "MemoryError" in rep["err"]
    assert app.mode.core is not None and app.mode.snapshot() == before
    bad = fakehw.ask(app, hw, "#8 game final-hour players=9", 80)  # refused: nothing dropped
    assert next(o for o in bad if o.get("re") == 8)["ok"] is False
    assert app.mode.snapshot() == before
