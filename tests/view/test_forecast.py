"""`arkham-table forecast LOG|PORT [--games N]` (issue 12): random continuations with the real
AH2e rules core. Probabilities by turn never fall, stay in [0, 1] with their intervals; a doom
track near full awakens sooner; the given state is not changed; the CLI answers for a log."""

import json
import subprocess
import sys

from arkham.ah2e import game as core
from arkham.ah2e.game import new_game
from arkham.jsoncopy import copy
from arkham_host.view import forecast


def two():
    return new_game(7, {"investigators": ["jenny_barnes", "joe_diamond"]})


def test_odds_by_turn_never_fall_and_intervals_hold():
    fc = forecast.forecast(two().s, games=30, seed=2)
    w = fc["within"]
    assert all(0 <= p <= 1 for p in w) and w == sorted(w)
    for p, (lo, hi) in zip(w, fc["within_ci"]):
        assert lo <= p <= hi
    lo, hi = fc["ci"]
    assert lo <= fc["expected_turns"] <= hi and fc["games"] == 30
    assert sum(fc["ends"].values()) == 30


def test_a_fuller_doom_track_awakens_sooner():
    g = two()
    near = copy(g.s)
    near["doom"] = g.ao["doom"] - 1
    calm = forecast.forecast(g.s, games=30, seed=3)
    close = forecast.forecast(near, games=30, seed=3)
    assert close["expected_turns"] < calm["expected_turns"]
    assert close["within"][1] > calm["within"][1]  # within 2 turns


def test_the_given_state_is_not_changed_and_the_core_is_the_real_one():
    s = two().s
    before = json.dumps(s, sort_keys=True)
    forecast.forecast(s, games=5)
    assert json.dumps(s, sort_keys=True) == before
    assert forecast.play_one.__code__.co_names.count("Game") >= 1
    assert core.Game.__module__ == "arkham.ah2e.game"  # imported from the firmware package


def test_policy_takes_closings_and_skips_effects():
    import random

    rnd = random.Random(1)
    acts = [{"a": "pass"}, {"a": "close", "skill": "lore"}]
    assert forecast.policy(acts, rnd)["a"] == "close"
    acts = [{"a": "monster_appears", "kind": "ghoul"}, {"a": "done"}]
    assert forecast.policy(acts, rnd) == {"a": "done"}


def test_a_finished_game_is_refused():
    s = copy(two().s)
    s["woke"] = "doom"
    try:
        forecast.forecast(s, games=3)
    except ValueError as e:
        assert "awake" in str(e)
    else:
        raise AssertionError("no error")


def test_forecast_command_on_a_log(ah2e_log):
    r = subprocess.run([sys.executable, "-m", "arkham_host.cli", "forecast", str(ah2e_log),
                        "--games", "20", "--json"], capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    fc = json.loads(r.stdout)
    assert fc["games"] == 20 and fc["turn"] >= 3 and fc["within"]
    r = subprocess.run([sys.executable, "-m", "arkham_host.cli", "forecast", str(ah2e_log),
                        "--games", "0"], capture_output=True, text=True)
    assert r.returncode == 2 and "--games" in r.stderr


def test_default_games_figure():
    """Prints the time of the default forecast from a fresh 2-investigator game (a figure, no
    timed assertion)."""
    fc = forecast.forecast(two().s)
    print("forecast: %d games in %.2f s" % (fc["games"], fc["seconds"]))
    assert fc["games"] == forecast.DEFAULT_GAMES


def test_status_counts_monsters_on_the_board_only():
    """Trophies (t0, t1 ...), the cup and the box are not monsters in Arkham."""
    from arkham_host.view import status

    s = copy(two().s)
    s["mon"] = ["cup", "t0", "box", "woods", "sky", "outskirts", "woods"]
    st = status.ah2e({"core": s})
    assert set(st["monsters"]) == {"woods", "sky", "outskirts"}
    assert st["in_arkham"] == 2
