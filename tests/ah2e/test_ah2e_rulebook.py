"""Where the core differed from the rulebook (issue 10): each test failed before its fix."""
from ah2e_helpers import bad, clear_board, game, names, ok, open_gate, put, to_need
from arkham.ah2e import fight, tables


def fresh(n=1, ao="azathoth", **kw):
    g = game(n, ao=ao, **kw)
    clear_board(g)
    return g


def test_yog_sothoth_close_needs_one_more_success_not_a_die_less():
    """Yog-Sothoth's power: closing a gate is difficulty 2 at the gate's own modifier
    (game-data.md 3.1, errata); sealing costs the usual 5 clue tokens (AH-ENC-3, AH-ENC-4)."""
    g = fresh(1, ao="yog_sothoth")
    open_gate(g, "woods", "another_dimension")  # modifier +0
    g.s["inv"][0].update(at="woods", explored="woods", clues=5)
    to_need(g, "close")
    lore = fight.rules.skill(g, 0, "lore")
    ev = ok(g, {"a": "close", "skill": "lore"})
    chk = names(ev, "check")[0]
    assert (chk["dice"], chk["mod"], chk["difficulty"]) == (lore, 0, 2)
    ok(g, {"a": "roll", "successes": 1})
    assert g.need()["k"] == "clue"  # one success is not enough
    ok(g, {"a": "accept"})
    assert "woods" in g.s["gates"]
    to_need(g, "close")
    ok(g, {"a": "close", "skill": "lore"})
    ok(g, {"a": "roll", "successes": 2})
    ok(g, {"a": "accept"})
    assert "woods" not in g.s["gates"] and g.need()["k"] == "seal"
    ok(g, {"a": "seal"})
    assert g.s["signs"] == ["woods"] and g.s["inv"][0]["clues"] == 0


def _empty_cup(g):
    g.s["mon"] = ["box"] * len(g.s["mon"])


def test_empty_cup_awakens_when_an_encounter_monster_must_be_drawn_AH_AWAKE_3():
    for chance in ("physical", "virtual"):
        g = fresh(1, ao="cthulhu", chance=chance)
        g.s["inv"][0]["at"] = "library"
        to_need(g, "encounter")
        _empty_cup(g)
        ev = ok(g, {"a": "monster_appears"})
        assert names(ev, "awakens")[0]["why"] == "no_monster" and g.s["phase"] == "final"


def test_empty_cup_awakens_when_a_card_places_a_monster_AH_AWAKE_3():
    g = fresh(1, ao="cthulhu")
    _empty_cup(g)
    ev = ok(g, {"a": "place_monster", "at": "northside"})
    assert names(ev, "awakens")[0]["why"] == "no_monster"


def test_empty_cup_awakens_in_a_surge_AH_AWAKE_3():
    g = fresh(2, ao="cthulhu")
    open_gate(g, "woods", "abyss")
    to_need(g, "draw_mythos")
    _empty_cup(g)
    ev = ok(g, {"a": "draw_mythos", "card": "all_quiet_in_arkham"})  # gate: woods, open
    assert names(ev, "surge") and names(ev, "awakens")[0]["why"] == "no_monster"


def test_empty_gate_stack_awakens_with_physical_gates_too_AH_AWAKE_3():
    """AH-TABLE-4: physical and virtual gates give the same log when the stack is empty."""
    logs = []
    for chance in (["mythos", "gates"], ["mythos"]):
        g = fresh(1, ao="cthulhu", chance=chance)
        g.s["inv"][0]["at"] = "science_building"
        to_need(g, "encounter")
        g.s["gm"] = ["t0"] * 16
        ev = ok(g, {"a": "gate_appears"})
        assert names(ev, "awakens")[0]["why"] == "no_gate_marker"
        logs.append([e for e in ev if e["ev"] != "roll"])
    assert logs[0] == logs[1]


def test_clues_may_be_spent_after_a_passed_roll_AH_CHECK_4():
    g = fresh()
    g.s["inv"][0].update(sk=[1, 4, 1, 4, 1, 4], sl=[0, 0, 0], clues=2)
    ok(g, {"a": "check", "inv": 0, "skill": "luck", "mod": 0, "difficulty": 1})
    ok(g, {"a": "roll", "successes": 1})  # passed already
    assert g.need() == {"k": "clue", "inv": 0, "successes": 1, "difficulty": 1}
    ok(g, {"a": "spend_clue", "successes": 1})
    ev = ok(g, {"a": "accept"})
    done = names(ev, "check_done")[0]
    assert done["passed"] == 1 and done["successes"] == 2 and g.s["inv"][0]["clues"] == 1
    # without clue tokens a passed check is done at once
    g.s["inv"][0]["clues"] = 0
    ok(g, {"a": "check", "inv": 0, "skill": "luck"})
    ev = ok(g, {"a": "roll", "successes": 1})
    assert names(ev, "check_done")[0]["passed"] == 1


def test_resistance_halves_rounded_up_AH_COMBAT_5():
    for bonus, got in ((1, 1), (3, 2), (5, 3), (4, 2)):
        assert fight.bonus(None, bonus, 0, ["physical_resistance"]) == got
        assert fight.bonus(None, 0, bonus, ["magical_resistance"]) == got
    assert fight.bonus(None, 5, 5, ["physical_immunity", "magical_resistance"]) == 3


def test_sanity_and_stamina_zero_together_devour_AH_DEV_2():
    g = fresh(2)
    g.s["inv"][0].update(at="library", san=2, sta=2)
    ev = ok(g, {"a": "effect", "inv": 0, "sanity": -2, "stamina": -3})
    assert g.s["inv"][0]["dead"] == 1 and names(ev, "devoured")
    assert not names(ev, "knocked_out")


def test_maximum_reduced_to_zero_devours_AH_DEV_2():
    g = fresh(2)
    v = g.s["inv"][0]
    v.update(at="library", msan=1, san=1)
    ev = ok(g, {"a": "effect", "inv": 0, "max_sanity": -1})
    assert v["dead"] == 1 and names(ev, "devoured")[0]["why"] == "max"
    g = fresh(2)
    g.s["inv"][1].update(msta=2, sta=2)
    ev = ok(g, {"a": "effect", "inv": 1, "max_stamina": -5})  # not refused: to 0, devoured
    assert g.s["inv"][1]["dead"] == 1 and g.s["inv"][1]["msta"] == 0


def test_encounter_monster_may_be_evaded_before_combat_AH_ENC_6():
    """AH-ENC-6, AH-COMBAT-1: evade first; the horror check only when the investigator fights
    (or fails the evade)."""
    g = fresh()
    g.s["inv"][0].update(at="library", clues=0, san=5, sta=5)
    to_need(g, "encounter")
    ev = ok(g, {"a": "monster_appears", "kind": "zombie"})
    m = names(ev, "combat")[0]["monster"]
    assert not names(ev, "check")  # no horror check yet
    assert g.need() == {"k": "meet", "inv": 0, "monster": m}
    assert {"a": "evade"} in g.legal_actions() and {"a": "fight"} in g.legal_actions()
    ev = ok(g, {"a": "evade"})
    assert names(ev, "check")[0]["check"] == "evade"
    ev = ok(g, {"a": "roll", "successes": 1})
    assert g.s["mon"][m] == "cup" and g.need()["k"] == "encounter"
    assert g.s["inv"][0]["san"] == 5 and not names(ev, "lose")
    # fighting: horror check first
    ev = ok(g, {"a": "monster_appears", "kind": "zombie"})
    ev = ok(g, {"a": "fight"})
    assert names(ev, "check")[0]["check"] == "horror"
    ok(g, {"a": "roll", "successes": 1})
    assert g.need()["k"] == "combat"
    # a failed evade: combat damage, then the horror check and combat
    g = fresh()
    g.s["inv"][0].update(at="abyss_1", clues=0, san=5, sta=5)
    to_need(g, "other")
    ok(g, {"a": "monster_appears", "kind": "zombie"})
    ok(g, {"a": "evade"})
    ev = ok(g, {"a": "roll", "successes": 0})
    assert g.s["inv"][0]["sta"] == 3 and names(ev, "check")[-1]["check"] == "horror"


def test_final_battle_trades_anywhere_and_first_player_passes_AH_FINAL_5():
    g = fresh(3, ao="cthulhu")
    g.s["inv"][0]["at"] = "library"
    g.s["inv"][1]["at"] = "woods"
    g.s["inv"][2]["at"] = "northside"
    for v in g.s["inv"]:
        v.update(clues=0, sta=5, san=5, money=3)
    ok(g, {"a": "doom", "n": 20})
    assert g.s["first"] == 0
    ok(g, {"a": "trade", "inv": 0, "to": 1, "money": 2})  # not in one area
    assert g.s["inv"][1]["money"] == 5
    for _ in range(3):  # Cthulhu's attack: each lowers a maximum
        to_need(g, "ao_loss")
        ok(g, {"a": "lose", "what": "max_stamina"})
    assert g.s["first"] == 1 and g.need() == {"k": "final_adjust", "inv": 1}
    # outside the final battle, trading still needs one area (AH-MOVE-6)
    g = fresh(2)
    g.s["inv"][1]["at"] = "woods"
    to_need(g, "move")
    assert bad(g, {"a": "trade", "inv": 0, "to": 1, "money": 1})


def kate(n=2, **kw):
    g = fresh(n, ao="cthulhu", investigators=["kate_winthrop", "jenny_barnes"][:n], **kw)
    return g


def test_kate_winthrop_stops_gates_and_monsters_where_she_is_AH_ENC_10():
    g = kate()
    to_need(g, "draw_mythos")
    g.s["inv"][0]["at"] = "woods"
    doom = g.s["doom"]
    ev = ok(g, {"a": "draw_mythos", "card": "all_quiet_in_arkham"})  # gate: woods
    assert names(ev, "no_gate")[0]["why"] == "kate_winthrop"
    assert "woods" not in g.s["gates"] and g.s["doom"] == doom
    # a surge centred on her gate is cancelled
    g = kate()
    open_gate(g, "woods", "abyss")
    to_need(g, "draw_mythos")
    g.s["inv"][0]["at"] = "woods"
    ev = ok(g, {"a": "draw_mythos", "card": "all_quiet_in_arkham"})
    assert not names(ev, "surge") and names(ev, "no_gate")
    # a surge elsewhere places nothing at her gate
    g = kate()
    open_gate(g, "woods", "abyss")
    open_gate(g, "graveyard", "yuggoth")
    to_need(g, "draw_mythos")
    g.s["inv"][0]["at"] = "woods"
    ev = ok(g, {"a": "draw_mythos", "card": "ill_wind_grips_arkham"})  # gate: graveyard
    ev += ok(g, {"a": "draw_monster", "kind": "ghoul"})
    ev += ok(g, {"a": "draw_monster", "kind": "ghoul"})
    assert [e["to"] for e in names(ev, "monster_moved") if e["frm"] == "cup"] == ["graveyard"] * 2
    # cards: no monster and no gate appear where she is
    g = kate()
    g.s["inv"][0]["at"] = "science_building"
    assert "Kate" in bad(g, {"a": "place_monster", "at": "science_building", "kind": "zombie"})
    to_need(g, "encounter")
    assert "Kate" in bad(g, {"a": "monster_appears", "kind": "zombie"})
    assert "Kate" in bad(g, {"a": "gate_appears", "world": "abyss"})
    # anyone else: as usual
    g = kate(chance="physical")
    g.s["inv"][1]["at"] = "library"
    ok(g, {"a": "place_monster", "at": "library", "kind": "zombie"})


def test_kate_winthrop_is_never_drawn_through_AH_ENC_10():
    g = kate(1)
    open_gate(g, "science_building", "yuggoth")
    g.s["inv"][0].update(at="miskatonic_u", clues=0, sta=5, san=5)
    g.s["inv"][0]["sk"][2] = 6  # Fight: dice against the nightgaunt's -2
    m = put(g, "nightgaunt", "miskatonic_u")  # it was there: it did not appear where she is
    to_need(g, "move")
    ok(g, {"a": "fight", "monster": m})
    ok(g, {"a": "roll", "successes": 1})
    ok(g, {"a": "fight"})
    ok(g, {"a": "roll", "successes": 0})  # the nightgaunt's blow: no gate for her
    assert g.s["inv"][0]["at"] == "miskatonic_u" and g.need()["k"] == "combat"


# ---- devoured --------------------------------------------------------------------------------
def test_devoured_player_chooses_a_new_investigator_AH_DEV_1():
    g = fresh(1, ao="cthulhu")  # solo: a devour is not the end of the game
    g.s["inv"][0].update(at="library")
    to_need(g, "encounter")
    ev = ok(g, {"a": "effect", "inv": 0, "devour": True})
    assert names(ev, "devoured") and g.over() is None
    assert g.need() == {"k": "new_investigator", "inv": 0}
    la = g.legal_actions()
    assert {"a": "new_investigator", "inv": 0, "name": "kate_winthrop"} in la
    assert {"a": "new_investigator", "inv": 0, "name": "jenny_barnes"} not in la  # devoured
    assert bad(g, {"a": "new_investigator", "name": "jenny_barnes"})
    assert bad(g, {"a": "new_investigator", "name": "nobody"})
    assert bad(g, {"a": "done"})
    ev = ok(g, {"a": "new_investigator", "name": "kate_winthrop"})
    v = g.s["inv"][0]
    assert v["name"] == "kate_winthrop" and v["at"] == "science_building" and not v["dead"]
    assert v["msan"] == tables.investigators()["kate_winthrop"]["sanity"] - 1  # Cthulhu: -1
    assert names(ev, "new_investigator")[0]["sheet"] == "kate_winthrop"
    # the players' own sheet is welcome too
    g = fresh(2, ao="yig")
    ok(g, {"a": "effect", "inv": 1, "devour": True})  # chosen after the upkeep step under way
    assert to_need(g, "new_investigator")["inv"] == 1
    own = {"name": "my_own", "sanity": 4, "stamina": 4, "focus": 2, "money": 3, "clues": 2,
           "home": "library", "skills": [1, 3, 2, 2, 2, 2], "sliders": [0, 0, 0]}
    ok(g, {"a": "new_investigator", "inv": 1, "sheet": own})
    assert g.s["inv"][1]["name"] == "my_own" and g.s["inv"][1]["at"] == "library"


def test_no_new_investigator_once_the_ancient_one_is_awake_AH_DEV_1():
    g = fresh(2, ao="cthulhu")
    ok(g, {"a": "doom", "n": 20})
    ok(g, {"a": "effect", "inv": 0, "devour": True})
    assert g.need()["k"] == "final_adjust" and g.need()["inv"] == 1
    ok(g, {"a": "effect", "inv": 1, "devour": True})
    assert g.over() == {"won": 0, "how": "devoured"}


def test_a_devoured_investigator_loses_nothing_more_AH_DEV_1():
    """Devoured: out of play; a loss that still reaches them (what they were resolving) changes
    nothing and is not announced."""
    from arkham.ah2e import rules

    g = fresh(2, ao="cthulhu")
    ok(g, {"a": "effect", "inv": 0, "devour": True})
    v = dict(g.s["inv"][0])
    g.ev = []
    rules.lose_both(g, 0, 1, 1, "combat")
    assert g.s["inv"][0]["san"] == v["san"] and g.s["inv"][0]["sta"] == v["sta"]
    assert not names(g.ev, "lose")


def test_devoured_cards_clues_trophies_discarded_AH_DEV_3():
    g = fresh(2, ao="cthulhu")
    v = g.s["inv"][0]
    v.update(items=["tommy_gun"], clues=4)
    g.s["gm"][3] = "t0"
    m = put(g, "ghoul", "t0")
    ev = ok(g, {"a": "effect", "inv": 0, "devour": True})
    assert g.s["gm"][3] == "stack" and g.s["mon"][m] == "cup"
    assert v["items"] == [] and v["clues"] == 0
    assert names(ev, "discarded_all")[0]["gate_trophies"] == [3]
    ok(g, {"a": "new_investigator", "inv": 0, "name": "vincent_lee"})
    w = g.s["inv"][0]
    assert w["clues"] == tables.investigators()["vincent_lee"]["clues"] and "t0" not in g.s["gm"]
