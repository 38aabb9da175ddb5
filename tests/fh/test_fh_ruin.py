"""Destruction (FH-RUIN-1): a ruined slot holds no monster, the destroyer leaves it, the ritual
site can be ruined, a repair is a reported card effect."""
from fh_board import kinds, ok, pool_only, put, small, where


def test_a_ruined_slot_holds_no_monster_FH_RUIN_1():
    g = small()
    g.state["ruin"][0][0] = 1  # location 1: slot 0 ruined, slot 1 free
    g.state["ruin_supply"] -= 1
    pool_only(g, "blue_plain_1")
    ev = ok(g, {"a": "spawn", "inv": 1, "loc": 1})
    m = kinds(ev, "spawn")[0]["m"]
    assert g.state["mon"][m][1:3] == [1, 1]
    ev = ok(g, {"a": "spawn", "inv": 1, "loc": 1})  # 1 is now full: on along blue 1>2
    assert where(g, kinds(ev, "spawn")[0]["m"]) == 2


def test_the_destroyer_leaves_its_ruined_slot_FH_RUIN_1():
    g = small()
    d = put(g, "blue_destroyer_1", 1)  # location 1 has 2 slots
    ev = ok(g, {"a": "activate", "inv": 1, "zone": "a"})
    assert g.state["ruin"][0] == [1, 0]
    assert g.state["mon"][d][1:3] == [1, 1] and kinds(ev, "shifted")
    ev = ok(g, {"a": "activate", "inv": 1, "zone": "a"})  # again: no free slot left here
    assert g.state["ruin"][0] == [1, 1]
    assert where(g, d) == 2 and kinds(ev, "moved")[0]["path"] == [2]  # blue 1>2


def test_the_ritual_site_can_be_ruined_and_fills_sooner_FH_RUIN_1():
    g = small()
    g.state["ruin"][4] = [1, 0]  # the ritual site (5): one of its 2 slots ruined
    g.state["ruin_supply"] -= 1
    for i, loc in enumerate((1, 1, 3)):  # the red loop 1>3>1 full
        put(g, "blue_plain_1", loc, nth=i + 1)
    pool_only(g, "red_plain_1")
    ok(g, {"a": "spawn", "inv": 1, "loc": 1})  # to the ritual site's one usable slot: lost
    assert g.state["result"] == "lost" and g.state["why"] == "ritual_full"


def test_repair_is_a_reported_effect_FH_RUIN_1():
    g = small()
    h = g.state_hash()
    good, why = g.apply({"a": "repair", "inv": 1, "loc": 2})
    assert not good and "no destruction" in why and g.state_hash() == h
    g.state["ruin"][1][0] = 1
    g.state["ruin_supply"] -= 1
    assert {"a": "repair", "inv": 1, "loc": 2} in g.legal_actions()
    ok(g, {"a": "repair", "inv": 1, "loc": 2})
    assert g.state["ruin"][1] == [0] and g.state["ruin_supply"] == 18
