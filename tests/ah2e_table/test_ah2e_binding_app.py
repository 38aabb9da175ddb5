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
    r = fakehw.ask(app2, hw2, "#5 help act", 40)
    assert r[-1]["ok"] and "legal" in r[-1]["help"]


def test_bad_game_options_keep_the_old_game():
    app, hw = start()
    fakehw.ask(app, hw, "game ah2e seed=5", 10)
    h = app.mode.core.state_hash()
    r = fakehw.ask(app, hw, "#2 game ah2e ao=dagon", 20)
    assert r[-1]["ok"] is False and "dagon" in r[-1]["err"]
    assert app.game == "ah2e" and app.mode.core.state_hash() == h
