"""Rules the seeds state that the core did not play (issue 29): a delayed investigator may still
fight (AH-MOVE-3), one back from an Other World onto a gate with a monster may fight it now
(AH-MOVE-2), and an encounter that sends the investigator to a location with an open gate draws
them through (AH-ENC-2)."""
from ah2e_helpers import bad, names, ok, open_gate, put, to_need
from test_ah2e_turn import at_move, fresh

CHANCE = ["dice", "cup", "gates", "mythos"]


def test_a_delayed_investigator_may_fight_the_monsters_there_AH_MOVE_3():
    """ah2e-overview-ko.txt line 65: standing up is all a delayed investigator's movement is,
    besides fighting monsters and trading."""
    g = fresh(1, chance=CHANCE)
    v = g.s["inv"][0]
    v.update(at="rivertown", delayed=1, clues=0)
    m = put(g, "zombie", "rivertown")
    need = to_need(g, "move")
    assert need["points"] == 0 and v["delayed"] == 0
    acts = g.legal_actions()
    assert {"a": "fight", "inv": 0, "monster": m} in acts
    assert {"a": "end_move", "inv": 0} in acts and not [a for a in acts if a["a"] in (
        "evade", "move")]
    assert "only fight" in bad(g, {"a": "evade", "monster": m})
    assert "movement points" in bad(g, {"a": "move", "to": "easttown"})
    ok(g, {"a": "fight", "monster": m})
    ok(g, {"a": "roll", "successes": 1})  # horror
    ok(g, {"a": "fight"})
    ok(g, {"a": "roll", "successes": 1})  # the zombie: a trophy
    assert g.s["mon"][m] == "t0"
    ok(g, {"a": "end_move"})
    # and they need not fight: end_move leaves the monster where it is
    g = fresh(1, chance=CHANCE)
    g.s["inv"][0].update(at="rivertown", delayed=1)
    m = put(g, "zombie", "rivertown")
    to_need(g, "move")
    ok(g, {"a": "end_move"})
    assert g.s["mon"][m] == "rivertown" and g.need()["k"] != "move"


def test_a_delayed_investigator_with_no_monster_only_stands_up_AH_MOVE_3():
    g = fresh(2)
    g.s["inv"][0]["delayed"] = 1
    to_need(g, "move")
    assert g.need()["inv"] == 1


def test_back_from_an_other_world_a_monster_at_the_gate_may_be_fought_now_AH_MOVE_2():
    """ah2e-overview-ko.txt line 74: a monster at the gate: fight it now or on the next turn."""
    for gates in (["woods"], ["woods", "graveyard"]):
        g = fresh(1, chance=CHANCE)
        for loc in gates:
            open_gate(g, loc, "rlyeh")
        v = g.s["inv"][0]
        v.update(at="rlyeh_2", clues=0)
        m = put(g, "zombie", "woods")
        need = to_need(g, "return" if len(gates) > 1 else "move")
        if len(gates) > 1:
            ok(g, {"a": "return", "to": "woods"})
        assert v["at"] == "woods" and v["explored"] == "woods"
        assert g.need()["k"] == "move" and g.need()["points"] == 0
        assert {a["a"] for a in g.legal_actions()} == {"fight", "end_move"}
        ok(g, {"a": "fight", "monster": m})
        ok(g, {"a": "roll", "successes": 1})
        ok(g, {"a": "fight"})
        ok(g, {"a": "roll", "successes": 1})
        assert g.s["mon"][m] == "t0"
        ok(g, {"a": "end_move"})
        assert g.need()["k"] == "close"  # explored: they may close the gate now
    # or leave it for the next turn
    g = fresh(1, chance=CHANCE)
    open_gate(g, "woods", "rlyeh")
    g.s["inv"][0]["at"] = "rlyeh_2"
    m = put(g, "zombie", "woods")
    to_need(g, "move")
    ok(g, {"a": "end_move"})
    assert g.s["mon"][m] == "woods" and g.need()["k"] == "close"


def test_an_encounter_that_sends_to_an_open_gate_draws_through_AH_ENC_2():
    """ah2e-overview-ko.txt line 89: an encounter may move the investigator to a location with
    a gate (and a monster), to have an encounter there: the gate's, drawn through."""
    g = fresh(1, chance=CHANCE)
    open_gate(g, "woods", "abyss")
    g.s["inv"][0]["at"] = "general_store"
    to_need(g, "encounter")
    ev = ok(g, {"a": "move_to", "inv": 0, "to": "woods"})
    assert g.s["inv"][0]["at"] == "abyss_1" and not g.s["inv"][0]["delayed"]
    assert names(ev, "inv_moved")[-1]["why"] == "gate"
    assert g.need() is None or g.need()["k"] != "encounter"
    # to a location without a gate: the encounter there, as before
    g = fresh(1, chance=CHANCE)
    g.s["inv"][0]["at"] = "general_store"
    to_need(g, "encounter")
    ok(g, {"a": "move_to", "inv": 0, "to": "woods"})
    assert g.need() == {"k": "encounter", "inv": 0, "at": "woods"}
