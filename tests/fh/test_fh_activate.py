"""Activating a colour zone (FH-ACT-1..4) on the small board (zone a = locations 1 and 3)."""
from fh_board import kinds, ok, play_cards, put, small, where


def _at(g, seat, loc):
    g.state["inv"][seat - 1]["loc"] = loc


def test_locations_in_ascending_number_each_finished_first_FH_ACT_1():
    g = small()
    k3 = put(g, "blue_killer_1", 3)
    k1 = put(g, "blue_killer_1", 1, nth=1)
    d1 = put(g, "blue_destroyer_1", 1)
    _at(g, 1, 1)
    _at(g, 2, 3)
    ev = ok(g, {"a": "activate", "inv": 1, "zone": "a"})
    assert [e["m"] for e in kinds(ev, "activated")] == [k1, d1, k3]
    assert [e["inv"] for e in kinds(ev, "wounded")] == [1, 2]
    assert g.state["act"] is None and kinds(ev, "zone_done")


def test_each_symbol_does_its_effect_FH_ACT_2():
    g = small()
    plain = put(g, "red_plain_1", 1)
    killer = put(g, "red_killer_1", 1)
    _at(g, 1, 1)
    hp = g.state["inv"][0]["hp"]
    ok(g, {"a": "activate", "inv": 1, "zone": "a"})
    assert g.state["inv"][0]["hp"] == hp - 1  # killer: an investigator there loses 1 health
    assert where(g, plain) == 1 and where(g, killer) == 1  # none: nothing
    g = small()
    w = put(g, "blue_wanderer_2", 1)
    put(g, "red_destroyer_1", 3)
    ev = ok(g, {"a": "activate", "inv": 1, "zone": "b"})  # nobody in zone b: nothing happens
    assert not kinds(ev, "activated")
    ev = ok(g, {"a": "activate", "inv": 1, "zone": "a"})
    assert where(g, w) == 2  # wanderer: one transition (blue 1>2)
    assert g.state["ruin"][2][0] == 1 and g.state["ruin_supply"] == 17  # destroyer's slot
    assert kinds(ev, "destruction") == [{"e": "destruction", "loc": 3, "slot": 0}]


def test_killers_then_wanderers_then_destroyers_FH_ACT_3():
    g = small()
    d = put(g, "blue_destroyer_1", 1)
    w = put(g, "blue_wanderer_2", 1)
    ev = ok(g, {"a": "activate", "inv": 1, "zone": "a"})
    assert [(e["m"], e["sym"]) for e in kinds(ev, "activated")] == [(w, "wanderer"),
                                                                      (d, "destroyer")]
    g = small()
    d = put(g, "blue_destroyer_1", 1)
    k = put(g, "blue_killer_1", 1)
    ev = ok(g, {"a": "activate", "inv": 1, "zone": "a"})
    assert [e["m"] for e in kinds(ev, "activated")] == [k, d]


def test_several_symbols_left_to_right_leftmost_decides_the_place_FH_ACT_3():
    from arkham.fh import new_game

    g = new_game(1, {"ancient": "shudde_mell", "board": small().state["opts"]["board"],
                     "setup": {"ritual": 5, "gates": {"trinity": 1}, "monsters": []},
                     "rules": {"destroyer_leaves": False}})
    play_cards(g)
    c = put(g, "chthonian", 1)  # wanderer, destroyer
    k = put(g, "blue_killer_1", 1)
    ev = ok(g, {"a": "activate", "inv": 1, "zone": "a"})
    acts = [(e["m"], e["sym"]) for e in kinds(ev, "activated")]
    assert acts == [(k, "killer"), (c, "wanderer"), (c, "destroyer")]
    assert where(g, c) == 2  # blue 1>2, then its destruction token goes in its new slot
    assert g.state["ruin"][1][0] == 1 and sum(g.state["ruin"][0]) == 0


def test_the_investigator_chooses_the_order_within_a_group_FH_ACT_3():
    g = small()
    red = put(g, "red_wanderer_2", 1)
    blue = put(g, "blue_wanderer_2", 1)
    ok(g, {"a": "activate", "inv": 2, "zone": "a"})
    assert g.phase() == "choose"
    assert sorted(a["m"] for a in g.legal_actions()) == sorted([red, blue])
    good, why = g.apply({"a": "order", "inv": 1, "m": red})
    assert not good and "seat 2" in why  # the one applying the effect chooses
    ok(g, {"a": "order", "inv": 2, "m": blue})
    assert where(g, blue) == 2 and where(g, red) == 3
    assert g.phase() == "actions"


def test_a_monster_is_activated_once_per_effect_FH_ACT_4():
    g = small()
    w = put(g, "red_wanderer_2", 1)  # red 1>3: a location of the same zone still to come
    ev = ok(g, {"a": "activate", "inv": 1, "zone": "a"})
    assert where(g, w) == 3
    assert [e["m"] for e in kinds(ev, "activated")] == [w]  # not again at 3
    ev = ok(g, {"a": "activate", "inv": 1, "zone": "a"})  # a new effect: once more
    assert where(g, w) == 1


def test_killer_with_two_investigators_there_asks_who():
    """Ours: the seed says 'an investigator'; the one applying the effect picks who."""
    g = small()
    k = put(g, "red_killer_1", 1)
    _at(g, 1, 1)
    _at(g, 2, 1)
    ok(g, {"a": "activate", "inv": 1, "zone": "a"})
    assert g.legal_actions() == [{"a": "victim", "inv": 1, "who": 1},
                                 {"a": "victim", "inv": 1, "who": 2}]
    h = g.state_hash()
    good, _ = g.apply({"a": "victim", "inv": 1, "who": 3})
    assert not good and g.state_hash() == h
    ev = ok(g, {"a": "victim", "inv": 1, "who": 2})
    assert kinds(ev, "wounded")[0]["inv"] == 2 and g.state["act"] is None
    assert where(g, k) == 1
