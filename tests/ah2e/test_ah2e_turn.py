"""Upkeep, Movement, Arkham and Other World encounters (AH-UP, AH-MOVE, AH-ENC, AH-OW)."""
from ah2e_helpers import bad, clear_board, game, names, ok, open_gate, put, to_need
from arkham.ah2e.tables import LOST


def fresh(n=2, **kw):
    """Turn 1 upkeep on an empty board (no gates, no monsters)."""
    g = game(n, **kw)
    clear_board(g)
    return g


def passed(g):
    """After a passed roll the investigator may still spend clue tokens (AH-CHECK-4): accept."""
    if g.need() and g.need()["k"] == "clue":
        return ok(g, {"a": "accept"})
    return []


def at_move(g, i=0):
    need = to_need(g, "move")
    while need["inv"] != i:
        ok(g, {"a": "end_move", "clues": 0})
        need = to_need(g, "move")
    return need


# ---- upkeep ----------------------------------------------------------------------------------
def test_refresh_each_upkeep_AH_UP_1():
    g = fresh(2)
    to_need(g, "draw_mythos")
    ev = ok(g, {"a": "draw_mythos", "card": "blue_flu"})
    ev += ok(g, {"a": "draw_gate", "world": "abyss"})
    ev += ok(g, {"a": "draw_monster", "kind": "ghoul"})
    assert [e["inv"] for e in names(ev, "refresh")] == [1]  # first player passed to 1


def test_upkeep_rolls_retainer_loan_blessing_AH_UP_2():
    g = fresh(1)
    v = g.s["inv"][0]
    v.update(ret=1, loan=1, bless=1, money=0, items=["tommy_gun"])
    to_need(g, "upkeep")
    g2 = type(g)(snap=g.snapshot())
    # retainer: +$2 income, then its roll (1: discarded)
    to_need(g, "draw_mythos")
    ok(g, {"a": "draw_mythos", "card": "blue_flu"})
    ok(g, {"a": "draw_gate", "world": "abyss"})
    ev = ok(g, {"a": "draw_monster", "kind": "ghoul"})
    assert names(ev, "income")[0]["money"] == 2
    assert g.need() == {"k": "die", "inv": 0, "for": "retainer"}
    ev = ok(g, {"a": "roll", "die": 1})
    assert names(ev, "discarded") and v["ret"] == 0
    assert g.need()["for"] == "loan"
    ok(g, {"a": "roll", "die": 2})  # interest: $1 of the $2
    assert v["money"] == 1 and v["items"] == ["tommy_gun"]
    assert g.need()["for"] == "bless"
    ok(g, {"a": "roll", "die": 1})
    assert v["bless"] == 0
    # a loan that cannot be paid: all items lost, never another loan
    del g2
    g = fresh(1)
    v = g.s["inv"][0]
    v.update(loan=1, money=0, items=["a", "b"])
    to_need(g, "draw_mythos")
    ok(g, {"a": "draw_mythos", "card": "blue_flu"})
    ok(g, {"a": "draw_gate", "world": "abyss"})
    ok(g, {"a": "draw_monster", "kind": "ghoul"})
    ev = ok(g, {"a": "roll", "die": 3})
    assert v["items"] == [] and v["noloan"] == 1 and names(ev, "items_seized")
    assert bad(g, {"a": "effect", "inv": 0, "loan": True})


def test_roll_dropped_when_the_card_is_gone_AH_UP_2():
    g = fresh(1)
    g.s["inv"][0]["ret"] = 1
    to_need(g, "draw_mythos")
    ok(g, {"a": "draw_mythos", "card": "blue_flu"})
    ok(g, {"a": "draw_gate", "world": "abyss"})
    ok(g, {"a": "draw_monster", "kind": "ghoul"})
    assert g.need()["for"] == "retainer"
    ok(g, {"a": "effect", "inv": 0, "retainer": False})  # a card discarded it meanwhile
    assert g.need()["k"] == "upkeep"


def test_no_roll_in_the_first_upkeep_after_gaining_AH_UP_3():
    g = fresh(1)
    ok(g, {"a": "effect", "inv": 0, "bless": True, "retainer": True})
    to_need(g, "draw_mythos")
    ok(g, {"a": "draw_mythos", "card": "blue_flu"})
    ok(g, {"a": "draw_gate", "world": "abyss"})
    ev = ok(g, {"a": "draw_monster", "kind": "ghoul"})
    assert len(names(ev, "no_roll")) == 2 and g.need()["k"] == "upkeep"
    to_need(g, "draw_mythos")
    ok(g, {"a": "draw_mythos", "card": "ill_wind_grips_arkham"})
    ok(g, {"a": "draw_gate", "world": "abyss"})
    ok(g, {"a": "draw_monster", "kind": "ghoul"})
    assert g.need() == {"k": "die", "inv": 0, "for": "retainer"}


def test_sliders_move_up_to_focus_AH_UP_4():
    g = fresh(1, investigators=["jenny_barnes"])  # focus 1
    assert g.need()["k"] == "upkeep"
    sl = list(g.s["inv"][0]["sl"])
    two = list(sl)
    two[0] += 1
    two[1] += 1
    assert "Focus" in bad(g, {"a": "upkeep", "sliders": two})
    one = list(sl)
    one[2] -= 1
    ok(g, {"a": "upkeep", "sliders": one})
    assert g.s["inv"][0]["sl"] == one


def test_lost_returns_in_upkeep_after_delay_AH_UP_5():
    g = fresh(1)
    ok(g, {"a": "effect", "inv": 0, "lost": True})
    assert g.s["inv"][0]["at"] == LOST and g.s["inv"][0]["delayed"]
    to_need(g, "draw_mythos")  # movement: stands up, still lost
    assert g.s["inv"][0]["at"] == LOST and not g.s["inv"][0]["delayed"]
    ok(g, {"a": "draw_mythos", "card": "blue_flu"})
    ok(g, {"a": "draw_gate", "world": "abyss"})
    ok(g, {"a": "draw_monster", "kind": "ghoul"})
    assert g.need() == {"k": "return", "inv": 0}
    assert bad(g, {"a": "return", "to": "rlyeh_1"})
    ok(g, {"a": "return", "to": "rivertown"})  # any street or location
    assert g.s["inv"][0]["at"] == "rivertown"


def mythos_phase(g, card="blue_flu"):
    """The Mythos phase drawn: the card, then whatever gate and monsters it asks for."""
    ev = ok(g, {"a": "draw_mythos", "card": card})
    while g.need()["k"] in ("draw_gate", "draw_monster"):
        k = g.need()["k"]
        ev += ok(g, {"a": k, "world": "abyss"} if k == "draw_gate" else {"a": k, "kind": "ghoul"})
    return ev


def test_lost_and_still_delayed_does_not_return_in_upkeep_AH_UP_5():
    """Lost in the Mythos phase: delayed through the next Upkeep (no return there: the delay is
    not over), stands up in that Movement, returns in the Upkeep after (issue 29: dropping
    `and not v["delayed"]` survived)."""
    g = fresh(1)
    to_need(g, "draw_mythos")
    ok(g, {"a": "effect", "inv": 0, "lost": True})
    v = g.s["inv"][0]
    assert v["at"] == LOST and v["delayed"]
    mythos_phase(g)
    assert g.s["phase"] == "upkeep" and g.need() != {"k": "return", "inv": 0}
    assert v["at"] == LOST and v["delayed"]  # still lost and delayed in this upkeep
    to_need(g, "draw_mythos")  # movement: stands up
    assert v["at"] == LOST and not v["delayed"]
    mythos_phase(g)
    assert g.need() == {"k": "return", "inv": 0}


def test_each_living_investigator_refreshes_once_in_player_order_AH_UP_1():
    """Every upkeep refreshes each investigator still in play once, from the first player; one
    devoured during the upkeep (a card; no sheet left to replace them) is skipped and the upkeep
    goes on to the next (issue 29: AH-UP-1's test checked only that a refresh named someone)."""
    from arkham.ah2e import tables

    g = fresh(3)
    to_need(g, "draw_mythos")
    g.s["gone"] = list(tables.investigator_names())  # no spare sheet: the seat stays empty
    ev = mythos_phase(g)
    first = g.s["first"]
    order = [(first + k) % 3 for k in range(3)]
    assert g.need() == {"k": "upkeep", "inv": first}
    ev += ok(g, {"a": "effect", "inv": order[1], "devour": True})  # the next in line
    asked = []
    while g.s["phase"] == "upkeep":
        asked.append(g.need()["inv"])
        ev += ok(g, {"a": "upkeep", "inv": asked[-1]})  # sliders kept
    assert asked == [order[0], order[2]]  # the devoured one is asked nothing
    assert [e["inv"] for e in names(ev, "refresh")] == [order[0], order[2]]
    assert g.s["phase"] == "movement"


# ---- movement --------------------------------------------------------------------------------
def test_movement_points_equal_speed_AH_MOVE_1():
    from arkham.ah2e import rules

    g = fresh(1)
    g.s["inv"][0]["at"] = "northside"
    need = at_move(g)
    speed = rules.skill(g, 0, "speed")
    assert need["points"] == speed
    path = ["downtown", "easttown", "rivertown", "french_hill", "southside"]
    for k in range(speed):
        ok(g, {"a": "move", "to": path[k]})
    assert "movement points" in bad(g, {"a": "move", "to": path[speed]})
    assert bad(g, {"a": "move", "to": "woods"})  # not adjacent


def test_other_world_areas_and_return_AH_MOVE_2():
    g = fresh(1)
    open_gate(g, "woods", "rlyeh")
    open_gate(g, "graveyard", "rlyeh")
    g.s["inv"][0]["at"] = "rlyeh_1"
    to_need(g, "other")
    assert g.s["inv"][0]["at"] == "rlyeh_2"
    to_need(g, "draw_mythos")
    ok(g, {"a": "draw_mythos", "card": "blue_flu"})
    ok(g, {"a": "draw_gate", "world": "abyss"})
    ok(g, {"a": "draw_monster", "kind": "ghoul"})
    to_need(g, "return")
    assert [a["to"] for a in g.legal_actions()] == ["graveyard", "woods"]
    ok(g, {"a": "return", "to": "woods"})
    assert g.s["inv"][0]["at"] == "woods" and g.s["inv"][0]["explored"] == "woods"
    # no gate open to that world: lost in time and space
    g = fresh(1)
    g.s["inv"][0]["at"] = "yuggoth_2"
    to_need(g, "draw_mythos")
    assert g.s["inv"][0]["at"] == LOST


def test_delayed_only_stands_up_AH_MOVE_3():
    g = fresh(2)
    g.s["inv"][0]["delayed"] = 1
    to_need(g, "move")
    assert g.need()["inv"] == 1 and g.s["inv"][0]["delayed"] == 0


def test_no_movement_points_in_other_worlds_AH_MOVE_4():
    g = fresh(1)
    g.s["inv"][0]["at"] = "abyss_1"
    assert bad(g, {"a": "effect", "inv": 0, "moves": 2})
    # a lasting +2 movement bonus (a card): counted in Arkham, never in an Other World
    g.s["inv"][0]["bonus"]["moves"] = 2
    ev = []
    while g.need()["k"] != "other":
        ev += ok(g, {"a": "upkeep"})
    assert g.s["inv"][0]["at"] == "abyss_2" and not names(ev, "movement")
    g = fresh(1)
    g.s["inv"][0]["at"] = "northside"
    g.s["inv"][0]["bonus"]["moves"] = 2
    from arkham.ah2e import rules

    assert at_move(g)["points"] == rules.skill(g, 0, "speed") + 2


def test_one_at_a_time_passing_through_allowed_AH_MOVE_5():
    g = fresh(2)
    g.s["inv"][0]["sk"][0] = 3  # Speed 4 at slider 1
    g.s["inv"][0]["at"] = "northside"
    g.s["inv"][1]["at"] = "downtown"
    at_move(g, 0)
    assert "turn" in bad(g, {"a": "move", "inv": 1, "to": "northside"})
    ok(g, {"a": "move", "to": "downtown"})  # meeting there is fine
    ok(g, {"a": "move", "to": "easttown"})  # and passing through


def test_trade_money_and_items_never_clues_AH_MOVE_6():
    g = fresh(2)
    g.s["inv"][0]["at"] = g.s["inv"][1]["at"] = "northside"
    g.s["inv"][0]["items"] = ["lamp"]
    at_move(g, 0)
    m0, m1 = g.s["inv"][0]["money"], g.s["inv"][1]["money"]
    ok(g, {"a": "trade", "inv": 0, "to": 1, "money": 1, "item": "lamp"})
    assert "lamp" in g.s["inv"][1]["items"] and g.s["inv"][1]["money"] == m1 + 1
    assert g.s["inv"][0]["money"] == m0 - 1
    assert bad(g, {"a": "trade", "inv": 0, "to": 1, "clues": 1})
    g.s["inv"][1]["at"] = "downtown"
    assert bad(g, {"a": "trade", "inv": 1, "to": 0, "money": 1})


def test_clues_picked_up_where_movement_ends_AH_MOVE_7():
    g = fresh(1)
    g.s["inv"][0]["at"] = "uptown"
    g.s["clues"] = {"woods": 3}
    at_move(g)
    ok(g, {"a": "move", "to": "woods"})
    assert bad(g, {"a": "end_move", "clues": 4})
    clues = g.s["inv"][0]["clues"]
    ok(g, {"a": "end_move", "clues": 2})
    assert g.s["inv"][0]["clues"] == clues + 2 and g.s["clues"]["woods"] == 1
    # where there are none, none to pick up
    g = fresh(1)
    g.s["inv"][0]["at"] = "uptown"
    g.s["clues"] = {}
    at_move(g)
    ok(g, {"a": "move", "to": "woods"})
    assert bad(g, {"a": "end_move", "clues": 1})
    ok(g, {"a": "end_move", "clues": 0})


def test_monsters_must_be_evaded_to_leave_AH_MOVE_8():
    g = fresh(1, chance=["dice", "cup", "gates", "mythos"])
    g.s["inv"][0].update(at="northside", clues=0)
    g.s["inv"][0]["sk"][0] = 6  # Speed 7: points left when the combat comes
    m = put(g, "zombie", "downtown")
    at_move(g)
    ok(g, {"a": "move", "to": "downtown"})
    assert "evade" in bad(g, {"a": "move", "to": "easttown"})
    assert bad(g, {"a": "end_move", "clues": 0})
    ok(g, {"a": "evade", "monster": m})
    ok(g, {"a": "roll", "successes": 1})
    ok(g, {"a": "move", "to": "easttown"})
    # a failed evade: combat damage, combat, and then movement ends
    n = put(g, "zombie", "rivertown")
    ok(g, {"a": "move", "to": "rivertown"})
    ok(g, {"a": "evade", "monster": n})
    assert g.s["inv"][0]["mp"] == 4
    sta = g.s["inv"][0]["sta"]
    ev = ok(g, {"a": "roll", "successes": 0})
    assert names(ev, "evade_failed") and g.s["inv"][0]["sta"] == sta - 2
    ok(g, {"a": "roll", "successes": 1})  # horror check passed
    assert g.need()["k"] == "combat"
    ok(g, {"a": "fight"})
    ok(g, {"a": "roll", "successes": 1})  # zombie toughness 1: defeated
    assert g.s["mon"][n] == "t0" and g.need()["points"] == 0
    assert "movement points" in bad(g, {"a": "move", "to": "french_hill"})


def test_explored_marker_lost_on_leaving_or_closing_AH_MOVE_9():
    g = fresh(1)
    open_gate(g, "woods", "rlyeh")
    g.s["inv"][0]["at"] = "woods"
    g.s["inv"][0]["explored"] = "woods"
    at_move(g)
    ev = ok(g, {"a": "move", "to": "uptown"})
    assert names(ev, "explored_lost") and g.s["inv"][0]["explored"] is None
    g.s["inv"][0]["at"] = "woods"
    g.s["inv"][0]["explored"] = "woods"
    ev = ok(g, {"a": "close_gate", "at": "woods"})
    assert g.s["inv"][0]["explored"] is None


# ---- Arkham encounters -----------------------------------------------------------------------
def test_location_encounter_AH_ENC_1():
    g = fresh(1)
    g.s["inv"][0]["at"] = "library"
    need = to_need(g, "encounter")
    assert need == {"k": "encounter", "inv": 0, "at": "library"}
    ok(g, {"a": "effect", "inv": 0, "clues": 2})  # what the card said
    ok(g, {"a": "done"})


def test_no_arkham_encounter_in_a_street_AH_ENC_1():
    """Arkham encounters are at locations: an investigator who ends the movement in a street
    has none; the phase goes on without waiting for them."""
    g = fresh(1)
    g.s["inv"][0]["at"] = "northside"
    at_move(g)
    ev = ok(g, {"a": "end_move", "clues": 0})
    assert not names(ev, "encounter")
    assert g.need() is None or g.need()["k"] not in ("encounter", "other")


def test_open_gate_draws_through_AH_ENC_2():
    g = fresh(1)
    open_gate(g, "woods", "yuggoth")
    g.s["inv"][0]["at"] = "woods"
    to_need(g, "other")
    assert g.s["inv"][0]["at"] == "yuggoth_1" and not g.s["inv"][0]["delayed"]


def test_close_gate_fight_or_lore_retry_AH_ENC_3():
    g = fresh(1)
    open_gate(g, "woods", "rlyeh")
    g.s["inv"][0].update(at="woods", explored="woods")
    g.s["inv"][0]["sk"][2] = 5  # Fight 5+: dice to roll against R'lyeh's -3
    need = to_need(g, "close")
    assert need["at"] == "woods"
    ev = ok(g, {"a": "close", "skill": "lore"})
    assert names(ev, "check")[0]["mod"] == -3  # R'lyeh's modifier
    if g.need()["k"] == "roll":
        ok(g, {"a": "roll", "successes": 0})
    if g.need()["k"] == "clue":
        ok(g, {"a": "accept"})
    assert "woods" in g.s["gates"] and g.s["inv"][0]["explored"] == "woods"
    to_need(g, "close")  # next turn, marker kept: try again
    ok(g, {"a": "close", "skill": "fight"})
    ok(g, {"a": "roll", "successes": 1})
    passed(g)
    assert "woods" not in g.s["gates"]


def test_seal_costs_5_clues_8_against_hastur_AH_ENC_4():
    for ao, cost in (("cthulhu", 5), ("hastur", 8)):
        g = fresh(1, ao=ao)
        open_gate(g, "woods", "dreamlands")
        open_gate(g, "graveyard", "abyss")
        g.s["inv"][0].update(at="woods", explored="woods", clues=cost)
        to_need(g, "close")
        ok(g, {"a": "close", "skill": "lore"})
        ok(g, {"a": "roll", "successes": 1})
        passed(g)
        assert g.need()["k"] == "seal"
        ok(g, {"a": "seal"})
        assert g.s["signs"] == ["woods"] and g.s["inv"][0]["clues"] == 0
    # no seal offered without the clues
    g = fresh(1)
    open_gate(g, "woods", "dreamlands")
    g.s["inv"][0].update(at="woods", explored="woods", clues=4)
    to_need(g, "close")
    ok(g, {"a": "close", "skill": "lore"})
    ok(g, {"a": "roll", "successes": 1})
    passed(g)
    assert g.need() is None or g.need()["k"] != "seal"


def test_closing_returns_matching_monsters_AH_ENC_5():
    g = fresh(1)
    open_gate(g, "woods", "yuggoth")  # circle
    g.s["inv"][0]["sk"][2] = 6
    open_gate(g, "graveyard", "abyss")
    g.s["inv"][0].update(at="woods", explored="woods")
    a = put(g, "byakhee", "sky")
    b = put(g, "witch", "northside")
    c = put(g, "warlock", "outskirts")
    d = put(g, "ghoul", "rivertown")  # hexagon stays
    to_need(g, "close")
    ok(g, {"a": "close", "skill": "fight"})
    ev = ok(g, {"a": "roll", "successes": 1})
    ev += passed(g)
    assert [g.s["mon"][m] for m in (a, b, c, d)] == ["cup", "cup", "cup", "rivertown"]
    assert g.s["gm"][names(ev, "gate_closed")[0]["marker"]] == "t0"


def test_encounter_monster_never_on_board_AH_ENC_6():
    g = fresh(1, ao="azathoth")  # cultists as printed: no horror rating
    g.s["inv"][0].update(at="library", clues=0)
    to_need(g, "encounter")
    ev = ok(g, {"a": "monster_appears", "kind": "zombie"})
    m = names(ev, "combat")[0]["monster"]
    ok(g, {"a": "fight"})
    ok(g, {"a": "roll", "successes": 1})  # horror
    ok(g, {"a": "flee"})
    ok(g, {"a": "roll", "successes": 1})
    assert g.s["mon"][m] == "cup" and g.need()["k"] == "encounter"
    ev = ok(g, {"a": "monster_appears", "kind": "cultist"})  # no horror rating
    m = names(ev, "combat")[0]["monster"]
    ok(g, {"a": "fight"})
    ok(g, {"a": "fight"})
    ok(g, {"a": "roll", "successes": 1})
    assert g.s["mon"][m] == "t0"


def test_gate_appears_draws_through_delayed_AH_ENC_7():
    g = fresh(1)
    g.s["inv"][0]["at"] = "science_building"
    to_need(g, "encounter")
    doom = g.s["doom"]
    ok(g, {"a": "gate_appears", "world": "plateau_of_leng"})
    ev = ok(g, {"a": "draw_monster", "kind": "gug"})
    assert g.s["gates"]["science_building"] >= 0 and g.s["doom"] == doom + 1
    assert g.s["inv"][0]["at"] == "plateau_of_leng_1" and g.s["inv"][0]["delayed"]
    assert names(ev, "monster_moved")[0]["to"] == "science_building" and not names(ev, "combat")


def test_closed_location_no_entry_no_encounter_AH_ENC_8():
    g = fresh(1)
    g.s["inv"][0]["at"] = "rivertown"
    g.s["closed"] = ["general_store"]
    at_move(g)
    assert "closed" in bad(g, {"a": "move", "to": "general_store"})


def test_streets_and_other_worlds_no_arkham_encounter_AH_ENC_9():
    g = fresh(2)
    g.s["inv"][0]["at"] = "northside"
    g.s["inv"][1]["at"] = "abyss_1"
    need = to_need(g, "other")
    assert need["inv"] == 1  # nobody had an Arkham encounter
    # drawn through by a card: delayed until the next movement phase
    g = fresh(1)
    g.s["inv"][0]["at"] = "science_building"
    to_need(g, "encounter")
    ok(g, {"a": "gate_appears", "world": "plateau_of_leng"})
    ok(g, {"a": "draw_monster", "kind": "gug"})
    to_need(g, "draw_mythos")
    assert g.s["inv"][0]["at"] == "plateau_of_leng_1" and g.s["inv"][0]["delayed"]


# ---- Other Worlds ----------------------------------------------------------------------------
def test_gate_cards_until_a_matching_colour_AH_OW_1():
    g = fresh(1)
    g.s["inv"][0]["at"] = "great_hall_of_celeano_1"  # blue, green
    to_need(g, "other")
    ev = ok(g, {"a": "gate_card", "colour": "red"})
    assert names(ev, "gate_card")[0]["match"] is False
    ev = ok(g, {"a": "gate_card", "colour": "green"})
    assert names(ev, "gate_card")[0]["match"] is True
    ok(g, {"a": "done"})


def test_other_world_monster_leaves_play_AH_OW_2():
    g = fresh(1, ao="azathoth")
    g.s["inv"][0].update(at="abyss_1", clues=0)
    g.s["inv"][0]["sk"][1] = 7  # Sneak: dice against the cultist's -3 awareness
    to_need(g, "other")
    ev = ok(g, {"a": "monster_appears", "kind": "cultist"})
    m = names(ev, "combat")[0]["monster"]
    ok(g, {"a": "evade"})
    ok(g, {"a": "roll", "successes": 1})
    assert g.s["mon"][m] == "cup"


def test_elder_sign_card_closes_seals_and_takes_a_doom_token_if_any():
    """The Elder Sign unique item: no roll, the gate closed and sealed, 1 sanity and 1 stamina,
    a doom token off the track (none to take off at 0)."""
    for doom in (2, 0):
        g = fresh(1)
        open_gate(g, "woods", "abyss")
        open_gate(g, "graveyard", "yuggoth")  # not the last gate (AH-WIN-1 is not the point)
        g.s["inv"][0].update(at="woods", explored="woods", san=5, sta=5)
        g.s["doom"] = doom
        to_need(g, "close")
        ok(g, {"a": "close", "elder_sign": True})
        assert "woods" not in g.s["gates"] and "woods" in g.s["signs"]
        assert g.s["doom"] == max(0, doom - 1), doom
        assert (g.s["inv"][0]["san"], g.s["inv"][0]["sta"]) == (4, 4)


def test_no_gate_appears_at_a_stable_location_AH_BOARD_2():
    """Issue 29: a gate opened at St. Mary's Hospital. Gates open only at unstable locations
    (board.json says which); an encounter's gate elsewhere is refused and changes nothing."""
    g = fresh(1)
    for at in ("st_marys_hospital", "library", "general_store"):
        g.s["inv"][0]["at"] = at
        to_need(g, "encounter")
        assert "stable" in bad(g, {"a": "gate_appears", "world": "abyss"})
        assert at not in g.s["gates"]
        ok(g, {"a": "done"})
        to_need(g, "upkeep")
    g.s["inv"][0]["at"] = "woods"  # unstable: the gate opens
    to_need(g, "encounter")
    clear_board(g)
    ok(g, {"a": "gate_appears", "world": "abyss"})
    assert "woods" in g.s["gates"]


def test_every_mythos_gate_is_at_an_unstable_location_AH_BOARD_2():
    from arkham.ah2e import tables

    d = tables.get()
    at = [d.card_at(c, 2) for c in range(d.ncards)]
    assert [x for x in at if x is not None and x not in d.unstable] == []
    assert len(set(x for x in at if x)) >= 10
