"""Skill checks, combat, awakening, the final battle, victory and score (AH-CHECK, AH-COMBAT,
AH-AWAKE, AH-FINAL, AH-WIN, AH-SCORE)."""
from ah2e_helpers import bad, clear_board, game, names, ok, open_gate, put, to_need
from arkham.ah2e import rules
from arkham.ah2e.tables import LOST


def fresh(n=1, ao="azathoth", **kw):
    g = game(n, ao=ao, **kw)
    clear_board(g)
    return g


def card_check(g, skill, mod=0, difficulty=1, i=0):
    return ok(g, {"a": "check", "inv": i, "skill": skill, "mod": mod, "difficulty": difficulty})


def test_dice_are_skill_plus_modifier_AH_CHECK_1():
    g = fresh()
    g.s["inv"][0].update(sk=[1, 4, 1, 4, 1, 4], sl=[0, 0, 0], clues=0)  # Will 4
    ev = card_check(g, "will", -2)
    assert names(ev, "check")[0]["dice"] == 2
    assert g.need() == {"k": "roll", "inv": 0, "dice": 2, "check": "will"}
    ok(g, {"a": "roll", "dice": [5, 1]})
    # 0 or fewer dice: fails at once without clues
    ev = card_check(g, "will", -4)
    assert names(ev, "check_done")[0]["passed"] == 0


def test_the_faces_rolled_are_one_per_die_AH_CHECK_1():
    """Faces reported for a roll: exactly as many as the check has dice, each 1..6."""
    g = fresh()
    g.s["inv"][0].update(sk=[1, 4, 1, 4, 1, 4], sl=[0, 0, 0], clues=0)  # Will 4
    card_check(g, "will", -1)  # 3 dice
    for dice in ([5, 5], [5, 5, 5, 5], [], [5, 5, 7], "555", 5):
        assert bad(g, {"a": "roll", "dice": dice}), dice
    ev = ok(g, {"a": "roll", "dice": [5, 1, 6]})
    assert names(ev, "roll")[0]["successes"] == 2


def test_success_on_5_6_blessed_4_cursed_6_AH_CHECK_2():
    g = fresh()
    g.s["inv"][0].update(sk=[1, 4, 1, 4, 1, 4], sl=[0, 0, 0], clues=0)
    for bless, want in ((0, 2), (1, 3), (-1, 1)):
        g.s["inv"][0]["bless"] = bless
        card_check(g, "luck", -1)  # 3 dice
        ev = ok(g, {"a": "roll", "dice": [4, 5, 6]})
        assert names(ev, "roll")[0]["successes"] == want


def test_difficulty_needs_that_many_successes_AH_CHECK_3():
    g = fresh()
    g.s["inv"][0].update(sk=[1, 4, 1, 4, 1, 4], sl=[0, 0, 0], clues=0)
    card_check(g, "luck", 0, 2)
    ev = ok(g, {"a": "roll", "dice": [6, 1, 1, 1]})
    assert names(ev, "check_done")[0]["passed"] == 0
    card_check(g, "luck", 0, 2)
    ev = ok(g, {"a": "roll", "dice": [6, 5, 1, 1]})
    assert names(ev, "check_done")[0]["passed"] == 1


def test_clue_adds_a_die_even_from_zero_AH_CHECK_4():
    g = fresh()
    g.s["inv"][0].update(sk=[1, 4, 1, 4, 1, 4], sl=[0, 0, 0], clues=2)
    card_check(g, "lore", -5)  # no dice at all
    assert g.need()["k"] == "clue"
    ok(g, {"a": "spend_clue", "dice": [3]})
    assert g.s["inv"][0]["clues"] == 1 and g.need()["k"] == "clue"
    ev = ok(g, {"a": "spend_clue", "dice": [6]})
    assert names(ev, "check_done")[0]["passed"] == 1 and g.s["inv"][0]["clues"] == 0
    assert bad(g, {"a": "spend_clue"})


def test_skill_bonus_vs_check_bonus_AH_CHECK_5():
    g = fresh()
    g.s["inv"][0].update(sk=[1, 4, 1, 4, 1, 4], sl=[0, 0, 0], clues=0)
    base_will = rules.skill(g, 0, "will")
    base_horror = rules.skill(g, 0, "horror")
    ok(g, {"a": "effect", "inv": 0, "bonus": {"will": 1}})
    assert rules.skill(g, 0, "will") == base_will + 1
    assert rules.skill(g, 0, "horror") == base_horror + 1
    ok(g, {"a": "effect", "inv": 0, "bonus": {"will_check": 1}})
    assert rules.skill(g, 0, "will") == base_will + 2
    assert rules.skill(g, 0, "horror") == base_horror + 1
    assert rules.skill(g, 0, "sneak") == rules.skill(g, 0, "evade")


def test_never_blessed_and_cursed_AH_CHECK_6():
    g = fresh()
    ok(g, {"a": "effect", "inv": 0, "bless": True})
    assert g.s["inv"][0]["bless"] == 1
    ev = ok(g, {"a": "effect", "inv": 0, "bless": True})
    assert g.s["inv"][0]["bless"] == 1 and names(ev, "no_change")
    ok(g, {"a": "effect", "inv": 0, "curse": True})
    assert g.s["inv"][0]["bless"] == 0
    ok(g, {"a": "effect", "inv": 0, "curse": True})
    assert g.s["inv"][0]["bless"] == -1
    ok(g, {"a": "effect", "inv": 0, "bless": True})
    assert g.s["inv"][0]["bless"] == 0


def fail(g):
    if g.need()["k"] == "roll":
        ok(g, {"a": "roll", "successes": 0})
    if g.need()["k"] == "clue":
        ok(g, {"a": "accept"})


def encounter(g, kind, at="library"):
    """A monster appears in an encounter and the investigator chooses to fight it (AH-ENC-6):
    combat proper starts with the horror check."""
    g.s["inv"][0]["at"] = at
    to_need(g, "encounter")
    ev = ok(g, {"a": "monster_appears", "kind": kind})
    ok(g, {"a": "fight"})
    return names(ev, "combat")[0]["monster"]


def test_horror_check_costs_sanity_AH_COMBAT_1():
    g = fresh()
    g.s["inv"][0].update(clues=0, san=5)
    encounter(g, "zombie")  # horror -1, 1 sanity
    assert g.need()["check"] == "horror"
    ok(g, {"a": "roll", "successes": 0})
    assert g.s["inv"][0]["san"] == 4 and g.need()["k"] == "combat"


def test_flee_is_an_evade_check_failure_hurts_AH_COMBAT_2():
    g = fresh()
    g.s["inv"][0].update(clues=0, sta=5, san=5)
    g.s["inv"][0]["sk"][1] = 6
    encounter(g, "zombie")  # combat damage 2
    ok(g, {"a": "roll", "successes": 1})
    ev = ok(g, {"a": "flee"})
    assert names(ev, "check")[0]["check"] == "evade"
    ok(g, {"a": "roll", "successes": 0})
    assert g.s["inv"][0]["sta"] == 3 and g.need()["k"] == "combat"
    ok(g, {"a": "flee"})
    ok(g, {"a": "roll", "successes": 1})
    assert g.need()["k"] == "encounter"


def test_fight_vs_toughness_trophy_AH_COMBAT_3():
    g = fresh()
    g.s["inv"][0].update(clues=0, sta=7, san=7)
    g.s["inv"][0]["sk"][2] = 6
    m = encounter(g, "gug")  # toughness 3, combat damage 4, overwhelming 1
    ok(g, {"a": "roll", "successes": 1})
    ev = ok(g, {"a": "fight"})
    assert names(ev, "check")[0]["difficulty"] == 3
    ok(g, {"a": "roll", "successes": 2})
    assert g.s["inv"][0]["sta"] == 3 and g.need()["k"] == "combat"  # not enough: damage
    ok(g, {"a": "fight"})
    ok(g, {"a": "roll", "successes": 3})
    assert g.s["mon"][m] == "t0" and g.s["inv"][0]["sta"] == 2  # overwhelming 1


def test_hands_and_spells_AH_COMBAT_4():
    g = fresh()
    g.s["inv"][0].update(clues=0, sta=7, san=7)
    encounter(g, "cultist")
    ok(g, {"a": "equip", "hands": 1, "bonus": 3})
    ok(g, {"a": "cast", "hands": 1, "bonus": 5, "mod": 0})
    ok(g, {"a": "roll", "successes": 0})  # the spell fails but holds its hand
    assert "hands" in bad(g, {"a": "equip", "hands": 1, "bonus": 2})
    ev = ok(g, {"a": "fight"})
    cm = g.s["inv"][0]
    assert names(ev, "check")[0]["mod"] == 1 + 3  # cultist +1, weapon +3, no spell bonus
    # a third hand for spells only
    g = fresh(investigators=["marie_lambeau"])
    g.s["inv"][0].update(clues=0, sta=7, san=7)
    encounter(g, "cultist")
    ok(g, {"a": "equip", "hands": 2, "bonus": 3})
    assert bad(g, {"a": "equip", "hands": 1, "bonus": 1})
    ok(g, {"a": "cast", "hands": 1, "bonus": 4})
    ok(g, {"a": "roll", "successes": 1})
    ev = ok(g, {"a": "fight"})
    assert names(ev, "check")[0]["mod"] == 1 + 3 + 4
    del cm
    # a bonus that takes no hand (an ally's, a ring's) adds to both hands full
    g = fresh()
    g.s["inv"][0].update(clues=0, sta=7, san=7)
    encounter(g, "cultist")
    ok(g, {"a": "equip", "hands": 2, "bonus": 3})
    ok(g, {"a": "equip", "hands": 0, "bonus": 2})
    ev = ok(g, {"a": "fight"})
    assert names(ev, "check")[0]["mod"] == 1 + 3 + 2
    # an item held for something else than its bonus (no bonus here) still takes its hand
    g = fresh()
    g.s["inv"][0].update(clues=0, sta=7, san=7)
    encounter(g, "cultist")
    ok(g, {"a": "equip", "hands": 1, "bonus": 0})
    assert bad(g, {"a": "equip", "hands": 2, "bonus": 4})
    assert bad(g, {"a": "equip", "hands": 0, "bonus": -2})  # a bonus is never a penalty


def test_resistance_halves_immunity_cancels_AH_COMBAT_5():
    g = fresh()
    g.s["inv"][0].update(clues=0, sta=9, san=9)
    encounter(g, "shoggoth")  # physical resistance, combat -1
    ok(g, {"a": "roll", "successes": 1})
    ok(g, {"a": "equip", "hands": 2, "bonus": 5})
    ev = ok(g, {"a": "fight"})
    assert names(ev, "check")[0]["mod"] == -1 + 3  # 5 halved, rounded up
    g = fresh()
    g.s["inv"][0].update(clues=0, sta=9, san=9)
    encounter(g, "fire_vampire")  # physical immunity, no horror rating
    ok(g, {"a": "equip", "hands": 1, "bonus": 4})
    ok(g, {"a": "equip", "hands": 1, "bonus": 3, "magical": True})
    ev = ok(g, {"a": "fight"})
    assert names(ev, "check")[0]["mod"] == -2 + 3


def test_damage_replaced_by_monster_ability_AH_COMBAT_6():
    g = fresh()
    open_gate(g, "graveyard", "abyss")
    open_gate(g, "science_building", "yuggoth")
    g.s["inv"][0].update(clues=0, sta=9, san=9)
    encounter(g, "nightgaunt", at="library")  # nearest gate: science_building
    ok(g, {"a": "roll", "successes": 1})
    ok(g, {"a": "fight"})
    fail(g)
    assert g.s["inv"][0]["at"] == "yuggoth_1" and g.s["inv"][0]["sta"] == 9
    assert not g.s["inv"][0]["delayed"]
    # met in an Other World: thrown back to Arkham through its gate, explored (Korean seed 4.5)
    ok(g, {"a": "monster_appears", "kind": "nightgaunt"})
    ok(g, {"a": "fight"})
    ok(g, {"a": "roll", "successes": 1})
    ok(g, {"a": "fight"})
    fail(g)
    assert g.s["inv"][0]["at"] == "science_building"
    assert g.s["inv"][0]["explored"] == "science_building"
    g = fresh()
    g.s["inv"][0].update(clues=0, sta=9, san=9)
    g.s["inv"][0]["sk"][3] = 6
    encounter(g, "dimensional_shambler")
    ok(g, {"a": "roll", "successes": 1})
    ok(g, {"a": "fight"})
    fail(g)
    assert g.s["inv"][0]["at"] == LOST


def test_a_failed_fight_against_an_elder_thing_costs_a_weapon_or_spell():
    """Elder Thing's lose_weapon (game-data.md 3.2, data/monsters.json): each failed combat
    check against it tells the players to discard 1 Weapon or Spell; its damage still comes. A
    won fight, a failed flee and other monsters' failures do not."""
    g = fresh()
    g.s["inv"][0].update(clues=0, sta=9, san=9)
    m = encounter(g, "elder_thing")  # combat damage 1
    ok(g, {"a": "roll", "successes": 1})
    ok(g, {"a": "fight"})
    ev = ok(g, {"a": "roll", "successes": 0})
    assert names(ev, "discard_weapon") == [{"ev": "discard_weapon", "inv": 0, "monster": m,
                                             "kind": "elder_thing"}]
    assert g.s["inv"][0]["sta"] == 8 and g.need()["k"] == "combat"
    ok(g, {"a": "flee"})
    ev = ok(g, {"a": "roll", "successes": 0})
    assert not names(ev, "discard_weapon") and g.s["inv"][0]["sta"] == 7
    ok(g, {"a": "fight"})
    ev = ok(g, {"a": "roll", "successes": 2})
    assert not names(ev, "discard_weapon") and g.s["mon"][m] == "t0"
    g = fresh()
    g.s["inv"][0].update(clues=0, sta=9, san=9)
    encounter(g, "zombie")
    ok(g, {"a": "roll", "successes": 1})
    ok(g, {"a": "fight"})
    assert not names(ok(g, {"a": "roll", "successes": 0}), "discard_weapon")


def test_unconscious_insane_lost_AH_COMBAT_7():
    g = fresh()
    g.s["inv"][0].update(at="library", clues=5, items=["a", "b", "c", "d"], sta=1)
    ev = ok(g, {"a": "effect", "inv": 0, "stamina": -1})
    v = g.s["inv"][0]
    assert v["at"] == "st_marys_hospital" and v["sta"] == 1 and v["clues"] == 3
    assert len(v["items"]) == 2 and names(ev, "knocked_out")
    ok(g, {"a": "effect", "inv": 0, "sanity": -9})
    assert v["at"] == "arkham_asylum" and v["san"] == 1
    v["at"] = "yuggoth_2"
    ok(g, {"a": "effect", "inv": 0, "sanity": -9})
    assert v["at"] == LOST and v["delayed"]


def test_doom_track_full_awakens_AH_AWAKE_1():
    g = fresh(ao="cthulhu")
    g.s["doom"] = 12
    ev = ok(g, {"a": "doom", "n": 1})
    assert names(ev, "awakens")[0]["why"] == "doom" and g.s["phase"] == "final"


def test_too_many_gates_awaken_AH_AWAKE_2():
    for n, limit in ((1, 8), (2, 8), (3, 7), (4, 7), (5, 6), (6, 6), (7, 5), (8, 5)):
        g = fresh(n, ao="cthulhu")
        assert rules.gate_threshold(g) == limit
    g = fresh(3, ao="cthulhu")
    for loc, w in (("woods", "abyss"), ("graveyard", "abyss"), ("black_cave", "yuggoth"),
                   ("the_unnamable", "yuggoth"), ("unvisited_isle", "rlyeh"),
                   ("science_building", "rlyeh")):
        open_gate(g, loc, w)
    to_need(g, "draw_mythos")
    ok(g, {"a": "draw_mythos", "card": "horror_at_groundbreaking"})  # historical_society
    ev = ok(g, {"a": "draw_gate", "world": "dreamlands"})
    assert names(ev, "awakens")[0]["why"] == "gates"


def test_no_gate_marker_or_empty_cup_awakens_AH_AWAKE_3():
    g = fresh(ao="cthulhu")
    g.s["gm"] = ["t0"] * 16
    to_need(g, "draw_mythos")
    ev = ok(g, {"a": "draw_mythos", "card": "blue_flu"})
    assert names(ev, "awakens")[0]["why"] == "no_gate_marker"
    g = fresh(ao="cthulhu")
    g.s["mon"] = ["box"] * 60
    to_need(g, "draw_mythos")
    ok(g, {"a": "draw_mythos", "card": "blue_flu"})
    ev = ok(g, {"a": "draw_gate", "world": "abyss"})
    assert names(ev, "awakens")[0]["why"] == "no_monster"


def test_terror_10_and_twice_the_limit_awakens_AH_AWAKE_4():
    g = fresh(1, ao="cthulhu")  # limit 4: awakens at 8 in Arkham
    g.s["terror"] = 10
    for k in range(7):
        put(g, "cultist" if k < 6 else "zombie", g.d.streets[k])
    ev = ok(g, {"a": "place_monster", "at": "woods", "kind": "zombie"})
    assert names(ev, "awakens")[0]["why"] == "monsters"


def test_awakening_effects_AH_AWAKE_5():
    g = fresh(2, ao="cthulhu")
    g.s["inv"][1]["at"] = LOST
    g.s["rumor"] = g.d.card_id("the_great_ritual")
    g.s["deck"].remove(g.s["rumor"])
    ev = ok(g, {"a": "doom", "n": 13})
    assert g.s["inv"][1]["dead"] and g.s["env"] is None and g.s["rumor"] is None
    assert g.s["doom"] == 13 and g.s["fb"]["cm"] == -6
    g = fresh(1, ao="azathoth")
    ev = ok(g, {"a": "doom", "n": 14})
    assert g.over() == {"won": 0, "how": "awakened"} and names(ev, "game_over")


def final(n=2, ao="cthulhu"):
    g = fresh(n, ao=ao)
    for v in g.s["inv"]:
        v.update(clues=0, sta=5, san=5)
    ok(g, {"a": "doom", "n": 20})
    return g


def test_final_battle_rounds_AH_FINAL_1():
    g = final(1)
    assert g.need() == {"k": "final_adjust", "inv": 0}
    ok(g, {"a": "upkeep"})
    assert g.need()["k"] == "final_attack"
    ok(g, {"a": "cast", "hands": 1, "bonus": 3})
    ok(g, {"a": "roll", "successes": 1})
    g.s["inv"][0]["sk"][2] = 9
    ev = ok(g, {"a": "attack"})
    assert names(ev, "check")[0]["mod"] == -6 + 3
    ok(g, {"a": "roll", "successes": 0})
    ok(g, {"a": "lose", "what": "max_stamina"})  # Cthulhu's attack (AH-FINAL-6)
    ok(g, {"a": "upkeep"})
    ev = ok(g, {"a": "attack"})  # the spell must be cast again after the refresh
    assert names(ev, "check")[0]["mod"] == -6


def test_pooled_successes_AH_FINAL_2():
    g = final(4)
    doom = g.s["doom"]
    for _ in range(4):
        ok(g, {"a": "upkeep"})
    g.s["inv"][0]["sk"][2] = g.s["inv"][1]["sk"][2] = 12
    g.s["inv"][2]["sk"][2] = g.s["inv"][3]["sk"][2] = 12
    for got in (3, 2, 1, 1):  # 7 successes, 4 players
        ok(g, {"a": "attack"})
        ev = ok(g, {"a": "roll", "successes": got})
    assert g.s["doom"] == doom - 1
    assert names(ev, "pool_lost")[0]["successes"] == 3  # the 3 left over are lost
    assert g.s["fb"]["pool"] == 0


def test_ancient_one_attack_devours_AH_FINAL_3():
    g = final(2, ao="hastur")  # Luck (+1) or lose 2 sanity
    g.s["inv"][0]["san"] = 2
    ok(g, {"a": "upkeep"})
    ok(g, {"a": "upkeep"})
    ok(g, {"a": "attack"})
    ok(g, {"a": "roll", "successes": 0})
    ok(g, {"a": "attack"})
    ok(g, {"a": "roll", "successes": 0})
    ev = ok(g, {"a": "roll", "successes": 0})  # investigator 0 fails the Luck check
    assert names(ev, "devoured")[0]["inv"] == 0 and g.s["inv"][0]["dead"] == 1
    ok(g, {"a": "roll", "successes": 1})
    assert g.need() == {"k": "final_adjust", "inv": 1}


def test_no_doom_wins_all_devoured_lose_AH_FINAL_4():
    g = final(1)
    g.s["doom"] = 1
    ok(g, {"a": "upkeep"})
    g.s["inv"][0]["sk"][2] = 12
    ok(g, {"a": "attack"})
    ok(g, {"a": "roll", "successes": 1})
    assert g.over()["won"] == 1 and g.over()["how"] == "battle"
    g = final(1)
    to_need(g, "ao_loss")
    ok(g, {"a": "effect", "inv": 0, "sanity": -9})
    assert g.over() == {"won": 0, "how": "devoured"}
    assert bad(g, {"a": "lose", "what": "max_sanity"}) == "the game is over"


def test_last_gate_closed_with_enough_trophies_wins_AH_WIN_1():
    g = fresh(2, ao="cthulhu")
    open_gate(g, "woods", "dreamlands")
    g.s["gm"][0] = "t1"  # one trophy already
    g.s["inv"][0].update(at="woods", explored="woods", clues=0)
    to_need(g, "close")
    ok(g, {"a": "close", "skill": "lore"})
    ok(g, {"a": "roll", "successes": 1})
    assert g.over()["won"] == 1 and g.over()["how"] == "gates"


def test_six_elder_signs_win_AH_WIN_2():
    g = fresh(1, ao="cthulhu")
    g.s["signs"] = ["black_cave", "graveyard", "hibbs_roadhouse", "science_building", "woods"]
    open_gate(g, "the_unnamable", "dreamlands")
    open_gate(g, "unvisited_isle", "abyss")
    g.s["inv"][0].update(at="the_unnamable", explored="the_unnamable", clues=5)
    to_need(g, "close")
    ok(g, {"a": "close", "skill": "lore"})
    ok(g, {"a": "roll", "successes": 1})
    ok(g, {"a": "accept"})  # clue tokens could still be spent (AH-CHECK-4)
    ok(g, {"a": "seal"})
    assert g.over()["how"] == "seals"


def test_defeating_the_ancient_one_wins_AH_WIN_3():
    g = final(2)
    g.s["doom"] = 1
    ok(g, {"a": "upkeep"})
    ok(g, {"a": "upkeep"})
    g.s["inv"][0]["sk"][2] = 12
    ok(g, {"a": "attack"})
    ok(g, {"a": "roll", "successes": 2})
    assert g.over()["how"] == "battle" and g.over()["won"] == 1


def test_score_AH_SCORE_1():
    g = fresh(2, ao="cthulhu")
    g.s["terror"] = 2
    g.s["gm"][3] = "t0"
    g.s["gm"][4] = "t1"
    for k in range(7):
        g.s["mon"][k] = "t0"
    g.s["inv"][1]["loan"] = 1
    g.s["signs_used"] = 1
    ok(g, {"a": "score", "n": 2})
    # 13 - 2 + 2 gate trophies + 7 // 3 + 2 survivors - 1 loan - 1 elder sign + 2
    assert rules.score(g) == 13 - 2 + 2 + 2 + 2 - 1 - 1 + 2
    # monsters in Arkham at places whose names start with t are nobody's trophies
    for k, at in enumerate(("train_station", "the_unnamable", "the_witch_house")):
        g.s["mon"][7 + k] = at
    assert rules.score(g) == 13 - 2 + 2 + 2 + 2 - 1 - 1 + 2


def test_first_citizen_AH_SCORE_2():
    g = fresh(3, ao="cthulhu")
    g.s["gm"][0] = g.s["gm"][1] = "t1"
    g.s["gm"][2] = g.s["gm"][3] = "t2"
    g.s["mon"][0] = "t2"
    assert rules.first_citizen(g) == [2]
    g.s["mon"][1] = g.s["mon"][2] = "t1"
    assert rules.first_citizen(g) == [1]
    g.s["mon"][3] = "t2"  # the same counts: no one ahead, both named
    assert rules.first_citizen(g) == [1, 2]


def test_seal_before_the_gate_victory_and_the_no_seal_win_flag_AH_WIN_2():
    """The last gate closed with enough trophies: the seal is offered first (it still counts),
    then AH-WIN-1; an Ancient One whose data forbids the seal victory (no_seal_win) keeps
    playing at six elder signs."""
    g = fresh(1, ao="cthulhu")
    open_gate(g, "woods", "dreamlands")
    g.s["inv"][0].update(at="woods", explored="woods", clues=5)
    to_need(g, "close")
    ok(g, {"a": "close", "skill": "lore"})
    ok(g, {"a": "roll", "successes": 1})
    ok(g, {"a": "accept"})
    assert g.over() is None and g.need()["k"] == "seal"
    ok(g, {"a": "seal"})
    assert g.over()["how"] == "gates" and g.s["signs"] == ["woods"]
    g = fresh(1, ao="cthulhu")
    g.ao = dict(g.ao, power=dict(g.ao["power"], no_seal_win=1))
    g.s["signs"] = ["black_cave", "graveyard", "hibbs_roadhouse", "science_building", "woods"]
    open_gate(g, "the_unnamable", "dreamlands")
    open_gate(g, "unvisited_isle", "abyss")
    g.s["inv"][0].update(at="the_unnamable", explored="the_unnamable", clues=5)
    to_need(g, "close")
    ok(g, {"a": "close", "skill": "lore"})
    ok(g, {"a": "roll", "successes": 1})
    ok(g, {"a": "accept"})
    ok(g, {"a": "seal"})
    assert len(g.s["signs"]) == 6 and g.over() is None


def test_a_weapon_or_spell_let_go_frees_its_hands_and_stops_helping_AH_COMBAT_4():
    """final-hour-and-ah2e-ru.txt (AH2e part) line 70: cards may be changed during combat; a
    weapon or spell let go stops helping. A failed two-handed spell no longer blocks the hands for
    the rest of the combat."""
    g = fresh()
    g.s["inv"][0].update(clues=0, sta=7, san=7)
    encounter(g, "cultist")
    ok(g, {"a": "cast", "hands": 2, "bonus": 5})
    ok(g, {"a": "roll", "successes": 0})  # failed: no bonus, both hands held
    assert "hands" in bad(g, {"a": "equip", "hands": 1, "bonus": 3})
    assert "held" in bad(g, {"a": "release", "hands": 2, "bonus": 5, "spell": True})
    assert "held" in bad(g, {"a": "release", "hands": 1, "bonus": 0})  # no weapon held
    assert bad(g, {"a": "release", "hands": 2, "bonus": 0, "spell": "yes"})
    ok(g, {"a": "release", "hands": 2, "bonus": 0, "spell": True})
    ok(g, {"a": "equip", "hands": 2, "bonus": 3})
    ev = ok(g, {"a": "fight"})
    assert names(ev, "check")[0]["mod"] == 1 + 3
    # a weapon let go: its bonus no longer counts
    g = fresh()
    g.s["inv"][0].update(clues=0, sta=7, san=7)
    encounter(g, "cultist")
    ok(g, {"a": "equip", "hands": 1, "bonus": 3})
    ok(g, {"a": "equip", "hands": 1, "bonus": 2, "magical": True})
    ok(g, {"a": "release", "hands": 1, "bonus": 3})
    ev = ok(g, {"a": "fight"})
    assert names(ev, "check")[0]["mod"] == 1 + 2
