"""Rounds and losing (FH-ROUND-1..2, FH-LOSE-1), the guards and bad input."""
import pytest
from fh_board import kinds, ok, play_cards, play_round, pool_only, put, resolve, small

from arkham.fh import new_game


def test_action_phase_then_ancient_one_phase_FH_ROUND_1():
    g = small(at="priority")
    assert g.phase() == "priority"
    play_cards(g)
    assert g.phase() == "actions"
    verbs = {a["a"] for a in g.legal_actions()}
    assert {"move", "activate", "spawn", "seal", "next"} <= verbs
    resolve(g)
    assert g.phase() == "ancient"
    verbs = {a["a"] for a in g.legal_actions()}
    assert "move" not in verbs and "investigate" not in verbs and "end_round" in verbs
    good, why = g.apply({"a": "move", "inv": 1, "to": 4})
    assert not good and "ancient phase" in why
    ev = ok(g, {"a": "end_round", "inv": 1})
    assert kinds(ev, "spawn")  # monsters appear at the drawn gate
    assert g.phase() == "end"
    ok(g, {"a": "next_round", "inv": 2})
    assert g.state["round"] == 2 and g.phase() == "priority"
    assert g.state["lead"] == 2  # the lead passes


def test_the_rounds_option_shortens_the_game_FH_ROUND_2():
    g = small(at="priority", rules={"rounds": 2})
    play_round(g)
    play_round(g)
    assert g.phase() == "ritual"  # the compulsory attempt after the last round (FH-WIN-2)


def test_an_investigator_out_of_health_loses_at_once_FH_LOSE_1():
    g = small()
    put(g, "red_killer_1", 1)
    g.state["inv"][1]["loc"] = 1
    g.state["inv"][1]["hp"] = 1
    put(g, "blue_wanderer_2", 3)  # would still move, were the game not over
    ev = ok(g, {"a": "activate", "inv": 1, "zone": "a"})
    assert g.state["result"] == "lost" and g.state["why"] == "investigator_defeated"
    assert not [e for e in ev if e["e"] == "moved"]  # stopped at once
    assert g.state["act"] is None


def test_the_ritual_sites_last_slot_filled_loses_at_once_FH_LOSE_1():
    g = small()
    put(g, "blue_plain_1", 5)  # one of the ritual site's two slots taken
    for i, loc in enumerate((1, 1, 3)):  # the red loop 1>3>1 full
        put(g, "blue_plain_1", loc, nth=i + 1)
    pool_only(g, "red_plain_1")
    ev = ok(g, {"a": "spawn", "inv": 1, "loc": 1})
    assert kinds(ev, "placed")[-1]["loc"] == 5
    assert g.state["result"] == "lost" and g.state["why"] == "ritual_full"


def test_guards_in_order():
    g = small()
    h = g.state_hash()
    assert "unknown action" in g.apply({"a": "fly"})[1]
    assert "not an action of the actions phase" in g.apply({"a": "end_round", "inv": 1})[1]
    seat = g.state["plays"][0][0]
    assert "being resolved" in g.apply({"a": "next", "inv": 3 - seat})[1]
    assert "seat 1..2" in g.apply({"a": "move", "inv": 3, "to": 4})[1]
    assert "no path" in g.apply({"a": "move", "inv": 1, "to": 1})[1]
    assert g.state_hash() == h


@pytest.mark.parametrize("action", [
    None, [], {"a": 3}, {"a": "move"}, {"a": "move", "inv": True, "to": 4},
    {"a": "move", "inv": 1, "to": "4"}, {"a": "attack", "inv": 1, "m": 0, "dmg": 1},
    {"a": "attack", "inv": 1, "m": 999, "dmg": 1}, {"a": "investigate", "inv": 1},
    {"a": "heal", "inv": 1}, {"a": "activate", "inv": 1, "zone": "z"},
    {"a": "spawn", "inv": 1, "loc": 0}, {"a": "seal", "inv": 1, "to": 2},
    {"a": "repair", "inv": 1, "loc": 3}, {"a": "play", "inv": 1, "card": 1},
    {"a": "offer", "inv": 1, "cards": [1, 2, 3]}, {"a": "order", "inv": 1, "m": 0},
])
def test_bad_actions_change_nothing(action):
    g = small()
    h = g.state_hash()
    good, why = g.apply(action)
    assert not good and isinstance(why, str) and why
    assert g.state_hash() == h


def test_attack_defeats_at_its_health_and_only_here():
    g = small()
    m = put(g, "red_killer_2", 5)
    ev = ok(g, {"a": "attack", "inv": 1, "m": m, "dmg": 1})
    assert g.state["mon"][m] == ["board", 5, 0, 1] and not kinds(ev, "defeated")
    ok(g, {"a": "attack", "inv": 1, "m": m, "dmg": 1})
    assert g.state["mon"][m][0] == "aside"
    far = put(g, "red_killer_2", 1, nth=1)
    good, why = g.apply({"a": "attack", "inv": 1, "m": far, "dmg": 3})
    assert not good and "not in your location" in why


def test_investigate_reveals_the_clue_once():
    g = small()
    ok(g, {"a": "move", "inv": 1, "to": 4})
    face = g.state["clues"][3][0]
    ev = ok(g, {"a": "investigate", "inv": 1})
    assert kinds(ev, "clue") == [{"e": "clue", "loc": 4, "face": face}]
    assert g.public()["clues"][3] == face
    assert not g.apply({"a": "investigate", "inv": 1})[0]


def test_a_seal_destroys_the_next_monster_crossing_its_path():
    """Ours (game-data.md, unverified; rule option seal_destroys)."""
    g = small()
    ok(g, {"a": "move", "inv": 1, "to": 4})
    ok(g, {"a": "seal", "inv": 1, "to": 1})
    assert g.state["sealed"] == [[1, 4]] and g.state["seals"] == 7
    m = put(g, "blue_wanderer_2", 4)  # blue 4>1 crosses the sealed path
    ev = ok(g, {"a": "push", "inv": 1, "m": m})
    assert g.state["mon"][m][0] == "aside" and kinds(ev, "seal_broken")
    assert g.state["sealed"] == [] and g.state["seals"] == 8


def test_effects_per_phase_are_bounded():
    g = small(rules={"max_effects": 2})
    ok(g, {"a": "move", "inv": 1, "to": 4})
    ok(g, {"a": "move", "inv": 1, "to": 5})
    good, why = g.apply({"a": "move", "inv": 1, "to": 4})
    assert not good and "max_effects" in why
    assert [a["a"] for a in g.legal_actions()] == ["next"]


def test_snapshot_restore_round_trip():
    g = new_game(3, {"players": 3, "ancient": "umordhoth"})
    play_cards(g)
    ok(g, {"a": "spawn", "inv": 1, "loc": 3})
    snap = g.snapshot()
    g2 = new_game(0, {})
    g2.restore(snap)
    assert g2.state_hash() == g.state_hash()
    assert g2.legal_actions() == g.legal_actions()
    ok(g, {"a": "spawn", "inv": 1, "loc": 3})
    ok(g2, {"a": "spawn", "inv": 1, "loc": 3})
    assert g2.state_hash() == g.state_hash()
