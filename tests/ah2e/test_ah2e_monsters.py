"""Each monster ability in data/monsters.json with a test that fails when it is broken
(AH-COMBAT-5, AH-COMBAT-6 and the abilities the data names)."""
from ah2e_helpers import clear_board, game, names, ok
from arkham.ah2e import fight, rules


def fresh(ao="azathoth"):
    g = game(1, ao=ao)
    clear_board(g)
    g.s["inv"][0].update(clues=0, san=9, sta=9, msan=9, msta=9, at="library")
    g.s["inv"][0]["sk"] = [6, 6, 6, 6, 6, 6]
    return g


def meet(g, kind):
    """A monster appears in an encounter; the investigator fights it: its horror check."""
    from ah2e_helpers import to_need

    to_need(g, "encounter")
    ev = ok(g, {"a": "monster_appears", "kind": kind})
    m = names(ev, "combat")[0]["monster"]
    ev = ok(g, {"a": "fight"})
    return m, ev


def test_ambush_no_fleeing():
    g = fresh()
    m, _ = meet(g, "ghoul")
    ok(g, {"a": "roll", "successes": 1})
    assert {"a": "flee"} not in g.legal_actions()
    good, why = g.apply({"a": "flee"})
    assert not good and "ambush" in why
    g = fresh()
    meet(g, "zombie")
    ok(g, {"a": "roll", "successes": 1})
    assert {"a": "flee"} in g.legal_actions()


def test_endless_back_to_the_cup_maniac_at_terror_6():
    g = fresh()
    g.s["terror"] = 6
    m, _ = meet(g, "maniac")  # no horror rating
    assert rules.stat(g, m, "combat_mod") == -2 and rules.stat(g, m, "combat_dmg") == 3
    ok(g, {"a": "fight"})
    ok(g, {"a": "roll", "successes": 2})  # Azathoth: maniacs toughness 2
    assert g.s["mon"][m] == "cup"  # endless: never a trophy
    g = fresh()
    g.s["terror"] = 5
    m, _ = meet(g, "maniac")
    assert rules.stat(g, m, "combat_mod") == 1 and not rules.has(g, m, "endless")
    ok(g, {"a": "fight"})
    ok(g, {"a": "roll", "successes": 2})
    assert g.s["mon"][m] == "t0"


def test_nightmarish_costs_sanity_even_when_the_horror_check_passes():
    g = fresh()
    meet(g, "dark_young")  # nightmarish 1
    ok(g, {"a": "roll", "successes": 1})
    assert g.s["inv"][0]["san"] == 8
    g = fresh()
    meet(g, "zombie")
    ok(g, {"a": "roll", "successes": 1})
    assert g.s["inv"][0]["san"] == 9


def test_overwhelming_costs_stamina_even_when_the_fight_is_won():
    g = fresh()
    m, _ = meet(g, "flying_polyp")  # overwhelming 1, toughness 3
    ok(g, {"a": "roll", "successes": 1})
    ok(g, {"a": "fight"})
    ok(g, {"a": "roll", "successes": 3})
    assert g.s["mon"][m] == "t0" and g.s["inv"][0]["sta"] == 8


def test_box_on_defeat():
    g = fresh()
    m, _ = meet(g, "mi_go")
    ok(g, {"a": "roll", "successes": 1})
    ok(g, {"a": "fight"})
    ok(g, {"a": "roll", "successes": 1})
    assert g.s["mon"][m] == "box"


def test_magical_resistance_and_immunity_AH_COMBAT_5():
    for kind, want in (("witch", 2), ("high_priest", 0), ("zombie", 3)):
        g = fresh()
        m, _ = meet(g, kind)
        if g.need()["k"] == "roll":
            ok(g, {"a": "roll", "successes": 1})
        ok(g, {"a": "equip", "hands": 1, "bonus": 3, "magical": True})
        ev = ok(g, {"a": "fight"})
        assert names(ev, "check")[0]["mod"] == rules.stat(g, m, "combat_mod") + want, kind
    assert fight.defense_of(g, m) == []


def test_endless_monsters_go_back_to_the_cup_never_a_trophy():
    """Endless (the masks, Nyarlathotep's cultists): defeated, back to the cup, no trophy."""
    for kind, toughness in (("the_black_man", 1), ("cultist", 1)):
        g = fresh("nyarlathotep")
        m, _ = meet(g, kind)
        if g.need()["k"] == "roll":
            ok(g, {"a": "roll", "successes": 1})  # the horror check
        ok(g, {"a": "fight"})
        ok(g, {"a": "roll", "successes": toughness})
        assert g.s["mon"][m] == "cup" and "t0" not in g.s["mon"], kind
    g = fresh("cthulhu")
    m, _ = meet(g, "cultist")
    ok(g, {"a": "roll", "successes": 1})  # Cthulhu's cultists have a horror rating
    ok(g, {"a": "fight"})
    ok(g, {"a": "roll", "successes": 1})
    assert g.s["mon"][m] == "t0"
