"""Each Ancient One's sheet: worshippers, powers, the start of the final battle and its attack
(AH-FINAL-6), each with a test that fails when that line of the sheet is broken."""
import pytest
from ah2e_helpers import clear_board, game, names, ok, open_gate, put, to_need
from arkham.ah2e import fight, rules


def fresh(ao, n=1, **kw):
    g = game(n, ao=ao, **kw)
    clear_board(g)
    return g


def battle(ao, n=1, **inv):
    """The final battle of `ao` with n investigators holding what the start needs to survive
    (a clue, a monster trophy, a gate trophy)."""
    g = fresh(ao, n)
    for i, v in enumerate(g.s["inv"]):
        v.update(clues=1, san=5, sta=5, msan=5, msta=5)
        v.update(inv)
        g.s["gm"][i] = "t%d" % i
        put(g, "zombie", "t%d" % i)
    ok(g, {"a": "doom", "n": 20})
    return g


def to_ao_check(g):
    """Through the investigators' turn of a round to the first Ancient One check."""
    while True:
        need = g.need()
        if need["k"] == "roll" and g.s["chk"]["p"] == "ao":
            return names(g.ev, "check") if g.ev else need
        if need["k"] in ("final_adjust",):
            ok(g, {"a": "upkeep"})
        elif need["k"] == "final_attack":
            ok(g, {"a": "attack"})
        elif need["k"] == "roll":
            ok(g, {"a": "roll", "successes": 0})
        elif need["k"] == "clue":
            ok(g, {"a": "accept"})
        else:
            return need


def ao_check(g):
    need = to_ao_check(g)
    c = g.s["chk"]
    return c["c"], c["n"] - rules.skill(g, c["i"], c["c"])


CHECKS = [("hastur", "luck"), ("ithaqua", "fight"), ("nyarlathotep", "lore"),
          ("shub_niggurath", "sneak"), ("yig", "speed"), ("yog_sothoth", "will")]


@pytest.mark.parametrize("ao,skill", CHECKS)
def test_attack_check_worsens_each_round_AH_FINAL_6(ao, skill):
    g = battle(ao, clues=1 if ao == "nyarlathotep" else 0, sk=[4, 4, 4, 4, 4, 4])
    for mod in (1, 0, -1):  # round 1, 2, 3: one worse each round
        assert ao_check(g) == (skill, mod)
        ok(g, {"a": "roll", "successes": 1})  # passed: nothing lost
        if g.need()["k"] == "clue":
            ok(g, {"a": "accept"})
        assert not g.s["inv"][0]["dead"]


@pytest.mark.parametrize("ao,cost", [
    ("hastur", {"san": 3, "sta": 5}), ("ithaqua", {"san": 5, "sta": 3}),
    ("yig", {"san": 4, "sta": 4}), ("nyarlathotep", {"clues": 1}),
])
def test_attack_failure_costs_what_the_sheet_says_AH_FINAL_6(ao, cost):
    g = battle(ao, clues=2)
    ao_check(g)
    ok(g, {"a": "roll", "successes": 0})
    ok(g, {"a": "accept"})
    v = g.s["inv"][0]
    assert {k: v[k] for k in cost} == cost and not v["dead"]


def test_nyarlathotep_devours_who_has_no_clue_AH_FINAL_6():
    g = battle("nyarlathotep", 2)
    g2 = battle("nyarlathotep", 2, clues=0)
    assert g2.over() == {"won": 0, "how": "devoured"}  # none at the start
    ao_check(g)
    ok(g, {"a": "roll", "successes": 0})
    ok(g, {"a": "accept"})  # investigator 0 loses their last clue ...
    ok(g, {"a": "roll", "successes": 1})
    ok(g, {"a": "accept"})
    assert g.s["inv"][0]["dead"] and not g.s["inv"][1]["dead"]  # ... and is devoured after


@pytest.mark.parametrize("ao,place,back", [("shub_niggurath", "mon", "cup"),
                                           ("yog_sothoth", "gm", "stack")])
def test_trophy_or_devoured_AH_FINAL_6(ao, place, back):
    g = battle(ao, 2, clues=0)
    assert not g.s["inv"][0]["dead"]
    ao_check(g)
    held = g.s[place].index("t0")
    ok(g, {"a": "roll", "successes": 0})  # a trophy goes ...
    assert g.s[place][held] == back
    ok(g, {"a": "roll", "successes": 1})
    assert g.s["inv"][0]["dead"]  # ... and with none left after the attack: devoured
    # none at the start of the battle: devoured at once
    g = fresh(ao, 2)
    g.s[place][0] = "t1"
    ev = ok(g, {"a": "doom", "n": 20})
    assert [e["inv"] for e in names(ev, "devoured")] == [0]


def test_yig_curses_and_devours_the_cursed_AH_FINAL_6():
    g = fresh("yig", 3)
    g.s["inv"][1]["bless"] = 1
    g.s["inv"][2]["bless"] = -1
    ok(g, {"a": "doom", "n": 20})
    assert [v["bless"] for v in g.s["inv"]] == [-1, 0, 0]
    assert [v["dead"] for v in g.s["inv"]] == [0, 0, 1]


def test_ithaqua_rolls_for_each_item_AH_FINAL_6():
    g = fresh("ithaqua", 1)
    g.s["inv"][0]["items"] = ["tommy_gun", "lamp"]
    ok(g, {"a": "doom", "n": 20})
    assert g.need() == {"k": "die", "inv": 0, "for": "item"}
    ok(g, {"a": "roll", "die": 5})
    ok(g, {"a": "roll", "die": 4})
    assert g.s["inv"][0]["items"] == ["tommy_gun"] and g.need()["k"] == "final_adjust"


def test_cthulhu_lowers_a_maximum_and_heals_AH_FINAL_6():
    g = battle("cthulhu", 1, msan=1, san=1)
    g.s["doom"] = 10
    to_need(g, "ao_loss")
    assert {"a": "lose", "inv": 0, "what": "max_stamina"} in g.legal_actions()
    ok(g, {"a": "lose", "what": "max_stamina"})
    assert g.s["inv"][0]["msta"] == 4 and g.s["doom"] == 11
    to_need(g, "ao_loss")
    ev = ok(g, {"a": "lose", "what": "max_sanity"})  # to 0: devoured (AH-DEV-2)
    assert g.over() == {"won": 0, "how": "devoured"} and names(ev, "devoured")


def test_ithaqua_cancels_weather_and_chills_the_streets():
    g = fresh("ithaqua", 1)
    g.s["inv"][0]["at"] = "northside"
    sta = g.s["inv"][0]["sta"]
    to_need(g, "draw_mythos")
    ev = ok(g, {"a": "draw_mythos", "card": "icy_conditions"})
    ev += ok(g, {"a": "draw_gate", "world": "abyss"})
    ev += ok(g, {"a": "draw_monster", "kind": "ghoul"})
    assert names(ev, "environment_cancelled") and g.s["env"] != g.d.card_id("icy_conditions")
    assert g.s["inv"][0]["sta"] == sta - 1  # in a street at the end of the Mythos phase
    g = fresh("cthulhu", 1)
    to_need(g, "draw_mythos")
    ok(g, {"a": "draw_mythos", "card": "icy_conditions"})
    ok(g, {"a": "draw_gate", "world": "abyss"})
    ok(g, {"a": "draw_monster", "kind": "ghoul"})
    assert g.s["env"] == g.d.card_id("icy_conditions")


# ---- worshippers and powers ------------------------------------------------------------------
def worshipper(ao, kind="cultist"):
    g = fresh(ao)
    return g, put(g, kind, "northside")


@pytest.mark.parametrize("ao,field,value", [
    ("cthulhu", "horror_mod", -2), ("cthulhu", "horror_dmg", 2), ("hastur", "combat_mod", -2),
    ("hastur", "move", "flying"), ("ithaqua", "toughness", 3), ("yig", "combat_mod", 0),
    ("yig", "combat_dmg", 4), ("yog_sothoth", "combat_mod", -1), ("azathoth", "toughness", 2),
    ("shub_niggurath", "toughness", 2),
])
def test_worshippers(ao, field, value):
    g, m = worshipper(ao, "maniac" if ao == "azathoth" else "cultist")
    assert rules.stat(g, m, field) == value
    g2, m2 = worshipper("cthulhu" if ao != "cthulhu" else "hastur", g.d.kind_of(m))
    assert rules.stat(g2, m2, field) != value or field == "toughness" and ao == "shub_niggurath"


def test_worshipper_abilities():
    for ao, kind, ability in (("nyarlathotep", "cultist", "endless"),
                              ("shub_niggurath", "dark_young", "endless"),
                              ("yog_sothoth", "cultist", "magical_immunity")):
        g, m = worshipper(ao, kind)
        assert rules.has(g, m, ability)
        g, m = worshipper("cthulhu", kind)
        assert not rules.has(g, m, ability)


def test_shub_niggurath_all_monsters_tougher():
    g, m = worshipper("shub_niggurath", "zombie")
    assert rules.stat(g, m, "toughness") == 2
    g, m = worshipper("cthulhu", "zombie")
    assert rules.stat(g, m, "toughness") == 1


def test_cthulhu_lowers_maxima_at_setup():
    g = fresh("cthulhu")
    g2 = fresh("hastur")
    assert g.s["inv"][0]["msan"] == g2.s["inv"][0]["msan"] - 1
    assert g.s["inv"][0]["msta"] == g2.s["inv"][0]["msta"] - 1


def test_nyarlathotep_puts_the_masks_in_the_cup():
    g, n = fresh("cthulhu"), fresh("nyarlathotep")
    masks = [m for m in range(60) if g.d.kabil(m, "mask")]
    assert len(masks) == 5
    assert all(n.s["mon"][m] != "box" for m in masks)
    assert all(g.s["mon"][m] == "box" for m in masks)


def test_yig_doom_for_a_defeated_cultist_and_the_lost():
    g = fresh("yig")
    g.s["inv"][0].update(at="northside", clues=0)
    g.s["inv"][0]["sk"][2] = 6
    m = put(g, "cultist", "northside")
    to_need(g, "move")
    doom = g.s["doom"]
    ok(g, {"a": "fight", "monster": m})
    ok(g, {"a": "fight"})
    ok(g, {"a": "roll", "successes": 1})
    assert g.s["mon"][m] == "t0" and g.s["doom"] == doom + 1
    ok(g, {"a": "effect", "inv": 0, "lost": True})
    assert g.s["doom"] == doom + 2
    g = fresh("cthulhu")
    doom = g.s["doom"]
    ok(g, {"a": "effect", "inv": 0, "lost": True})
    assert g.s["doom"] == doom


def test_yog_sothoth_devours_the_lost():
    g = fresh("yog_sothoth", 2)
    ev = ok(g, {"a": "effect", "inv": 0, "lost": True})
    assert names(ev, "devoured")[0]["why"] == "lost" and g.s["inv"][0]["dead"]


def test_hastur_seal_costs_8_and_combat_is_minus_terror():
    g = fresh("hastur")
    g.s["terror"] = 4
    ok(g, {"a": "doom", "n": 20})
    assert g.s["fb"]["cm"] == -4


def test_azathoth_ends_the_game_on_awakening():
    g = fresh("azathoth")
    ok(g, {"a": "doom", "n": 20})
    assert g.over() == {"won": 0, "how": "awakened"}


def test_ancient_one_defense_in_the_final_battle():
    for ao, kw, want in (("hastur", {}, 2), ("nyarlathotep", {"magical": True}, 2),
                         ("shub_niggurath", {}, 0), ("yog_sothoth", {"magical": True}, 0),
                         ("ithaqua", {}, 3)):
        g = battle(ao)
        to_need(g, "final_attack")
        ok(g, dict({"a": "equip", "hands": 1, "bonus": 3}, **kw))
        ev = ok(g, {"a": "attack"})
        assert names(ev, "check")[0]["mod"] == g.s["fb"]["cm"] + want, ao
    assert fight and open_gate


def test_an_ancient_one_without_an_attack_in_the_data_is_reported_AH_FINAL_3():
    g = battle("hastur")
    g.ao = dict(g.ao)
    del g.ao["attack"]  # a sheet the data does not play: the players report the losses
    need = to_need(g, "ao_attack")
    assert need == {"k": "ao_attack"} and g.legal_actions() == [{"a": "done"}]
    ok(g, {"a": "effect", "inv": 0, "sanity": -1})
    ok(g, {"a": "done"})
    assert g.need()["k"] == "final_adjust"
