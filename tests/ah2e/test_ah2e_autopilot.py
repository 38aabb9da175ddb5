"""The autopilot's choices (arkham_host.autopilot, issue 29): care instead of an encounter when
hurt, a deadly street avoided, and every choice is one of the legal actions it was given (or
the care's `effect`, a report the core accepts at any time)."""
import random

from ah2e_helpers import put
from test_ah2e_turn import at_move, fresh

from arkham_host import autopilot


def test_care_at_the_hospital_free_point_or_paid_to_the_maximum():
    g = fresh(1)
    v = g.s["inv"][0]
    v.update(at="st_marys_hospital", sta=1, money=5)
    a = autopilot.care_action(g, 0)
    assert a == {"a": "effect", "inv": 0, "stamina": v["msta"] - 1, "money": -2}
    v["money"] = 1
    assert autopilot.care_action(g, 0) == {"a": "effect", "inv": 0, "stamina": 1}
    v["sta"] = v["msta"]
    assert autopilot.care_action(g, 0) is None  # nothing to heal
    v["at"] = "train_station"
    v["sta"] = 1
    assert autopilot.care_action(g, 0) is None  # no care here


def test_a_hurt_investigator_heads_for_care():
    g = fresh(1)
    v = g.s["inv"][0]
    v.update(at="train_station", sta=1)
    assert "st_marys_hospital" in autopilot.goals_for(g, 0)


def test_a_deadly_street_costs_more_than_a_detour():
    g = fresh(1)
    v = g.s["inv"][0]
    v.update(sta=2)
    put(g, "dark_young", "rivertown")  # awareness -3, 3 blows: a failed evade knocks out
    assert autopilot.step_cost(g, 0, "rivertown") > 5  # a detour of 4 steps is cheaper
    assert autopilot.step_cost(g, 0, "northside") == 1


def test_every_choice_is_legal_in_a_whole_game():
    g = fresh(2)
    rnd = random.Random(4)
    for _ in range(400):
        if g.over():
            break
        acts = g.legal_actions()
        a = autopilot.choose(g, acts, rnd)
        assert a in acts or a["a"] == "effect"  # (care: a report, open-ended, never listed)
        ok, ev = g.apply(a)
        assert ok, ev
