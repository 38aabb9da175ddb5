"""A knock-out ends the turn's movement (AH-MOVE-8, AH-COMBAT-7): the investigator wakes at St.
Mary's Hospital (or Arkham Asylum) and meets no monster there again this turn, so a failed evade
or a lost combat can never loop (issue 29: 49 knock-outs in a row at St. Mary's Hospital)."""
from ah2e_helpers import bad, names, ok, put
from test_ah2e_turn import at_move, fresh


def hospital_with(kind="ghoul", sta=1):
    """Issue 29's scene: one investigator at St. Mary's Hospital, stamina 1, 4 clues, 4 items,
    a monster there, in their movement."""
    g = fresh(1, chance=["dice", "cup", "gates", "mythos"])
    v = g.s["inv"][0]
    v.update(at="st_marys_hospital", sta=sta, clues=4, items=["a", "b", "c", "d"])
    m = put(g, kind, "st_marys_hospital")
    at_move(g)
    return g, v, m


def test_failed_evade_that_knocks_out_starts_no_combat_AH_MOVE_8_AH_COMBAT_7():
    g, v, m = hospital_with()
    ok(g, {"a": "evade", "monster": m})  # 0 dice (Sneak - 3): failed
    ev = ok(g, {"a": "accept"})
    assert len(names(ev, "knocked_out")) == 1 and not names(ev, "combat")
    assert v["at"] == "st_marys_hospital" and v["clues"] == 2 and len(v["items"]) == 2
    need = g.need()
    assert need["k"] == "move" and need["points"] == 0  # movement is over
    acts = g.legal_actions()
    assert {a["a"] for a in acts} == {"end_move"}  # no evade or fight of the ghoul again
    assert "evaded" in bad(g, {"a": "evade", "monster": m})
    ok(g, {"a": "end_move"})
    assert v["clues"] == 2 and len(v["items"]) == 2 and g.need()["k"] == "encounter"


def test_combat_lost_in_movement_ends_it_at_the_hospital_AH_MOVE_8_AH_COMBAT_7():
    g, v, m = hospital_with()
    ok(g, {"a": "fight", "monster": m})
    ok(g, {"a": "roll", "successes": 1})  # the horror check passed
    ok(g, {"a": "accept"})
    ok(g, {"a": "fight"})
    ok(g, {"a": "roll", "successes": 0})
    ev = ok(g, {"a": "accept"})  # failed: combat damage 1, knocked out
    assert len(names(ev, "knocked_out")) == 1 and g.s["cmb"] is None
    assert g.need() == {"k": "move", "inv": 0, "points": 0}
    assert {a["a"] for a in g.legal_actions()} == {"end_move"}


def test_knocked_out_elsewhere_meets_no_monster_at_the_hospital_AH_MOVE_8():
    """Knocked out in a street, woken at the hospital where another monster is: movement is
    over there and that monster is not met this turn."""
    g = fresh(1, chance=["dice", "cup", "gates", "mythos"])
    v = g.s["inv"][0]
    v.update(at="northside", sta=1, clues=0)
    v["sk"][0] = 6  # Speed 7: points left after the knock-out
    z = put(g, "zombie", "downtown")
    h = put(g, "ghoul", "st_marys_hospital")
    at_move(g)
    ok(g, {"a": "move", "to": "downtown"})
    ok(g, {"a": "evade", "monster": z})
    ev = ok(g, {"a": "roll", "successes": 0})
    assert names(ev, "knocked_out") and not names(ev, "combat")
    assert v["at"] == "st_marys_hospital" and v["mp"] < 1 and h in v["ev"]
    assert "movement points" in bad(g, {"a": "move", "to": "uptown"})
    assert {a["a"] for a in g.legal_actions()} == {"end_move"}


def test_no_movement_points_after_a_combat_AH_MOVE_8():
    """Korean seed 3.2 (ah2e-overview-ko.txt line 73): after a combat, won or lost, movement
    points are 0 and no more can be gained; `effect moves:+2` is refused."""
    g = fresh(1, chance=["dice", "cup", "gates", "mythos"])
    v = g.s["inv"][0]
    v.update(at="northside", clues=0)
    v["sk"][0] = 6  # Speed 7
    z = put(g, "zombie", "downtown")
    at_move(g)
    assert g.apply({"a": "effect", "inv": 0, "moves": 1})[0]  # before a combat: fine
    ok(g, {"a": "move", "to": "downtown"})
    ok(g, {"a": "fight", "monster": z})
    ok(g, {"a": "roll", "successes": 1})  # horror check
    ok(g, {"a": "fight"})
    ok(g, {"a": "roll", "successes": 1})  # zombie defeated
    assert g.need()["points"] == 0
    assert "movement is over" in bad(g, {"a": "effect", "inv": 0, "moves": 2})
    assert "movement points" in bad(g, {"a": "move", "to": "easttown"})
    ok(g, {"a": "effect", "inv": 0, "moves": -1})  # a loss is no gain: accepted, still over
    assert "movement is over" in bad(g, {"a": "effect", "inv": 0, "moves": 2})
    ok(g, {"a": "end_move"})


def test_no_movement_points_after_a_knock_out_AH_MOVE_8_AH_COMBAT_7():
    g, v, m = hospital_with()
    ok(g, {"a": "evade", "monster": m})
    ok(g, {"a": "accept"})
    assert "movement is over" in bad(g, {"a": "effect", "inv": 0, "moves": 3})
