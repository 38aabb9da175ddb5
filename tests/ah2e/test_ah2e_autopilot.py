"""The autopilot's choices (arkham_host.playtest.autopilot, issue 29): care instead of an encounter
when hurt, a deadly street avoided, and every choice is one of the legal actions it was given (or
the care's `effect`, a report the core accepts at any time)."""
import random

import pytest
from ah2e_helpers import ok, put
from test_ah2e_turn import at_move, fresh, passed

from arkham_host.playtest import autopilot


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


# ---- the odds it weighs ----------------------------------------------------------------------
def test_the_chance_of_k_successes_on_n_dice():
    assert autopilot.p_at_least(3, 1) == pytest.approx(1 - (2 / 3) ** 3)
    assert autopilot.p_at_least(2, 2) == pytest.approx(1 / 9)
    assert autopilot.p_at_least(3, 2, 1 / 2) == pytest.approx(0.5)
    assert autopilot.p_at_least(2, 3) == 0.0 and autopilot.p_at_least(0, 0) == 1.0


def test_blessed_and_cursed_dice_AH_CHECK_2():
    g = fresh(1)
    v = g.s["inv"][0]
    assert autopilot._p(g, 0) == pytest.approx(1 / 3)
    v["bless"] = 1
    assert autopilot._p(g, 0) == pytest.approx(1 / 2)
    v["bless"] = -1
    assert autopilot._p(g, 0) == pytest.approx(1 / 6)


def scene(kind, at="rivertown", **inv):
    g = fresh(1)
    v = g.s["inv"][0]
    v.update(at=at, **inv)
    return g, v, put(g, kind, at)


def test_it_fights_a_weak_monster_and_evades_a_strong_one():
    g, v, m = scene("cultist")  # Jenny: Fight 2 + 1 = 3 dice against toughness 1
    assert autopilot.fight_odds(g, 0, m) == pytest.approx(1 - (2 / 3) ** 3)
    assert autopilot.evade_odds(g, 0, m) == 0.0  # Sneak 3, awareness -3
    assert autopilot.safe_to_fight(g, 0, m) and autopilot.wants_fight(g, 0, m)
    at_move(g)
    assert autopilot.choose(g, g.legal_actions())["a"] == "fight"
    g, v, m = scene("zombie")  # 1 die against toughness 1; Sneak 3 + 1 to evade
    assert not autopilot.wants_fight(g, 0, m)
    at_move(g)
    a = autopilot.choose(g, g.legal_actions())
    assert a == {"a": "evade", "inv": 0, "monster": m}


def test_not_safe_when_the_horror_or_two_blows_could_knock_it_out():
    g, v, m = scene("cultist", san=2)  # horror 2
    assert not autopilot.safe_to_fight(g, 0, m)
    v.update(san=3, sta=2)  # combat damage 1: two blows = 2
    assert not autopilot.safe_to_fight(g, 0, m)
    v["sta"] = 3
    assert autopilot.safe_to_fight(g, 0, m)


def test_in_combat_it_flees_when_fleeing_is_likelier():
    g, v, m = scene("zombie")
    at_move(g)
    ok(g, {"a": "fight", "monster": m})
    ok(g, {"a": "roll", "successes": 1})  # the horror check passed
    passed(g)
    assert g.need()["k"] == "combat"
    assert autopilot.choose(g, g.legal_actions()) == {"a": "flee"}  # 0.80 against 0.33
    g, v, m = scene("cultist")
    at_move(g)
    ok(g, {"a": "fight", "monster": m})
    ok(g, {"a": "roll", "successes": 1})
    passed(g)
    assert autopilot.choose(g, g.legal_actions()) == {"a": "fight"}


# ---- clue tokens -----------------------------------------------------------------------------
def failing(g, clues, p, successes=0, difficulty=1):
    g.s["inv"][0]["clues"] = clues
    g.s["chk"] = {"i": 0, "p": p, "s": successes, "d": difficulty, "r": 1}
    need = {"k": "clue", "inv": 0, "successes": successes, "difficulty": difficulty}
    acts = [{"a": "spend_clue"}, {"a": "accept"}]
    return autopilot._clue(g, need, acts)["a"]


def test_clue_tokens_kept_for_a_seal_spent_above_it():
    from arkham.ah2e import turn

    g = fresh(1)
    seal = turn.seal_cost(g)
    assert failing(g, seal, "evade_move") == "accept"  # a seal's worth: kept
    assert failing(g, seal + 1, "evade_move") == "spend_clue"  # one spare
    assert failing(g, seal + 1, "evade_move", successes=1) == "accept"  # passed already
    assert failing(g, seal - 1, "close") == "spend_clue"  # no seal within reach: all on it
    assert failing(g, seal, "close") == "accept"  # a seal within reach: kept
    assert failing(g, 1, "final") == "spend_clue"  # the final battle: every one
    assert failing(g, seal + 3, "upkeep_roll") == "accept"  # not a check it spends on


# ---- the way ---------------------------------------------------------------------------------
def test_route_takes_the_shortest_way_and_skips_closed_locations():
    g = fresh(1)
    nxt, cost = autopilot.route(g, "northside", {"newspaper"})
    assert (nxt, cost) == ("newspaper", 1)
    nxt, cost = autopilot.route(g, "train_station", {"newspaper"})
    assert (nxt, cost) == ("northside", 2)
    g.s["closed"].append("newspaper")
    assert autopilot.route(g, "northside", {"newspaper"}) == (None, None)
    assert autopilot.route(g, "northside", set()) == (None, None)
    put(g, "cultist", "downtown")
    assert autopilot.route(g, "northside", {"downtown"}) == ("downtown", 3)  # (no investigator)


def test_two_investigators_go_for_different_gates():
    from ah2e_helpers import open_gate

    g = fresh(2)
    open_gate(g, "woods", "rlyeh")
    open_gate(g, "the_unnamable", "abyss")
    g.s["inv"][0]["at"] = g.s["inv"][1]["at"] = "merchant_district"
    at = "merchant_district"
    a = autopilot._reached(g, at, autopilot.goals_for(g, 0))  # where each heads
    b = autopilot._reached(g, at, autopilot.goals_for(g, 1))
    assert {a, b} == {"woods", "the_unnamable"}


def test_back_from_an_other_world_it_stays_and_closes_with_its_better_skill():
    from ah2e_helpers import open_gate
    from arkham.ah2e import rules

    g = fresh(1)
    open_gate(g, "woods", "rlyeh")
    v = g.s["inv"][0]
    v.update(at="woods", explored="woods")
    assert autopilot.goals_for(g, 0) == {"woods"}
    acts = [{"a": "close", "skill": "fight"}, {"a": "close", "skill": "lore"}]
    better = "fight" if rules.skill(g, 0, "fight") >= rules.skill(g, 0, "lore") else "lore"
    assert autopilot._close(g, 0, acts)["skill"] == better


def test_sliders_toward_its_closing_skill_in_an_other_world_AH_UP_4():
    g = fresh(1)
    v = g.s["inv"][0]
    v["at"] = "rlyeh_1"
    j = 1 if v["sk"][2] >= v["sk"][4] else 2
    acts = [{"a": "upkeep", "inv": 0}]
    for k in range(3):
        sl = list(v["sl"])
        sl[k] = min(3, sl[k] + 1)
        acts.append({"a": "upkeep", "inv": 0, "sliders": sl})
    a = autopilot._sliders(g, 0, acts)
    assert a["sliders"][j] == v["sl"][j] + 1


def test_play_reports_a_refused_action_as_a_fault():
    real = autopilot.POLICIES["autopilot"]
    autopilot.POLICIES["broken"] = lambda g, acts, rnd: {"a": "move", "to": "nowhere"}
    try:
        how, turns, k, faults = autopilot.play(1, 1, "cthulhu", "broken")
    finally:
        del autopilot.POLICIES["broken"]
    assert how == "unfinished" and k == 1 and faults and "refused" in faults[0]
    assert autopilot.POLICIES["autopilot"] is real


# ---- what the mutation pass of issue 29 found untested ----------------------------------------
def test_a_deadly_streets_cost_in_figures():
    g, v, m = scene("dark_young", sta=2)  # 3 blows >= stamina 2: a failed evade knocks out
    miss = 1 - autopilot.evade_odds(g, 0, m)
    assert autopilot.step_cost(g, 0, "rivertown") == pytest.approx(2 + 12 * miss)
    v["sta"] = 5  # survives the blows: 2 + the blows
    assert autopilot.step_cost(g, 0, "rivertown") == pytest.approx(2 + 5 * miss)


def test_a_devoured_investigator_claims_no_gate():
    from ah2e_helpers import open_gate

    g = fresh(2)
    open_gate(g, "woods", "rlyeh")
    open_gate(g, "the_unnamable", "abyss")
    g.s["inv"][1].update(at="rlyeh_1", dead=1)  # (left there when devoured)
    g.s["inv"][0]["at"] = "uptown"
    assert autopilot.goals_for(g, 0) == {"woods", "the_unnamable"}
    g.s["inv"][1]["dead"] = 0  # alive in R'lyeh: the gate back is theirs
    assert autopilot.goals_for(g, 0) == {"the_unnamable"}


def test_with_no_gate_open_it_gathers_clue_tokens():
    g = fresh(1)
    g.s["clues"] = {"woods": 1, "graveyard": 2}
    g.s["inv"][0]["at"] = "uptown"
    assert autopilot.goals_for(g, 0) == {"woods", "graveyard"}
    g.s["clues"] = {}
    assert autopilot.goals_for(g, 0) == {"uptown"}  # nothing to go for: it stays


def test_care_wanted_away_from_it_and_kept_there_until_half():
    g = fresh(1)
    v = g.s["inv"][0]
    v.update(at="uptown", sta=2, san=v["msan"])
    assert autopilot.cares_for(g, 0) == {"st_marys_hospital"}  # 2: hurt, wanted
    v["sta"] = 3
    assert autopilot.cares_for(g, 0) == set()  # away and above 2: not wanted
    v.update(msta=7)
    assert autopilot.cares_for(g, 0) == set()  # 3 of 7, away: not wanted
    v["at"] = "st_marys_hospital"
    assert autopilot.cares_for(g, 0) == {"st_marys_hospital"}  # there: stays while below half
    v["sta"] = 4
    assert autopilot.cares_for(g, 0) == set()  # 4 of 7: half, on its way
    v.update(msta=8, sta=4)
    assert autopilot.cares_for(g, 0) == set()  # 4 of 8: exactly half is enough
    v.update(at="arkham_asylum", sta=3, msta=7)
    assert autopilot.cares_for(g, 0) == set()  # at the other care: not this one's


def test_it_takes_every_clue_token_where_it_stops_AH_MOVE_7():
    g = fresh(1)
    v = g.s["inv"][0]
    v["at"] = "woods"
    g.s["clues"] = {"woods": 2}
    at_move(g)
    a = autopilot.choose(g, g.legal_actions())
    assert a["a"] == "end_move" and "clues" not in a  # (no count: all of them)


def test_sliders_kept_when_already_where_it_wants_them():
    g = fresh(1)
    v = g.s["inv"][0]
    v["at"] = "rlyeh_1"
    j = 1 if v["sk"][2] >= v["sk"][4] else 2
    v["sl"][j] = 3
    keep = {"a": "upkeep", "inv": 0}
    same = {"a": "upkeep", "inv": 0, "sliders": list(v["sl"])}
    assert autopilot._sliders(g, 0, [keep, same]) is keep


def test_a_single_clue_token_is_spent_on_a_failing_closing():
    g = fresh(1)
    assert failing(g, 1, "close") == "spend_clue"


def test_a_whole_game_by_default_is_solo_against_cthulhu():
    a = autopilot.play(5)
    b = autopilot.play(5, 1, "cthulhu")
    assert a == b


def test_a_monster_without_blows_costs_only_the_evade():
    g, v, m = scene("nightgaunt", sta=5)  # combat damage 0 (it draws through instead)
    miss = 1 - autopilot.evade_odds(g, 0, m)
    if autopilot.wants_fight(g, 0, m):
        pytest.skip("fought, not evaded")
    assert autopilot.step_cost(g, 0, "rivertown") == pytest.approx(2 + 2 * miss)


def test_in_arkham_just_the_speed_its_goal_needs_the_rest_sneak_AH_UP_4():
    """Speed at slider p is Speed + p, Sneak - p (AH-UP-4): Speed just high enough to reach the
    goal this turn, all of it when the goal is farther, none when it is there."""
    g = fresh(1)
    v = g.s["inv"][0]
    v.update(at="uptown", sl=[1, 1, 1])
    v["sk"][0] = 1  # Speed 1 at slider 0
    up = [{"a": "upkeep", "inv": 0}]
    for k in range(3):
        for d in (-1, 1):
            sl = [1, 1, 1]
            sl[k] += d
            up.append({"a": "upkeep", "inv": 0, "sliders": sl})
    g.s["clues"] = {"library": 1}  # 2 steps: Speed 2 at slider 1, where it is
    assert autopilot._sliders(g, 0, up) is up[0]
    g.s["clues"] = {"independence_square": 1}  # 4 steps: slider 3 wanted, one step up
    assert autopilot._sliders(g, 0, up)["sliders"] == [2, 1, 1]
    g.s["clues"] = {"st_marys_hospital": 1}  # 1 step: Speed 1 at slider 0, Sneak up
    assert autopilot._sliders(g, 0, up)["sliders"] == [0, 1, 1]
    g.s["clues"] = {}  # nothing to go for: it stays, all in Sneak
    assert autopilot._sliders(g, 0, up)["sliders"] == [0, 1, 1]
    v["sk"][0] = 0
    g.s["clues"] = {"library": 1}  # 2 steps at Speed 0: slider 2, one step up
    assert autopilot._sliders(g, 0, up)["sliders"] == [2, 1, 1]


def test_steps_to_counts_movement_points_around_closed_locations():
    g = fresh(1)
    assert autopilot.steps_to(g, "uptown", {"uptown", "woods"}) == 0
    assert autopilot.steps_to(g, "uptown", {"woods"}) == 1
    assert autopilot.steps_to(g, "uptown", {"library"}) == 2  # through Miskatonic U.
    assert autopilot.steps_to(g, "uptown", {"independence_square"}) == 4
    g.s["closed"] = ["woods"]
    assert autopilot.steps_to(g, "uptown", {"woods"}) is None  # no way into a closed place
    assert autopilot.steps_to(g, "uptown", set()) is None


def test_nothing_matching_gives_the_first_action():
    acts = [{"a": "done"}, {"a": "pass"}]
    assert autopilot._first(acts, "fight") is acts[0]
    assert autopilot._first_where(acts, lambda a: False) is acts[0]
    assert autopilot._first_where(acts, lambda a: a["a"] == "pass") is acts[1]


# ---- the fresh autopilot pass of issue 29 (seed 30) found these untested ------------------------
def test_one_point_missing_is_the_free_point():
    g = fresh(1)
    v = g.s["inv"][0]
    v.update(at="arkham_asylum", san=v["msan"] - 1, money=9)
    assert autopilot.care_action(g, 0) == {"a": "effect", "inv": 0, "sanity": 1}  # not $2


def test_a_monster_without_a_horror_check_is_safe_even_at_sanity_1():
    g, v, m = scene("maniac", san=1)  # no horror check, not nightmarish
    assert autopilot.safe_to_fight(g, 0, m)


def test_good_odds_are_not_enough_when_the_horror_could_knock_it_out():
    g, v, m = scene("cultist", san=2)  # 0.70 to win, but horror 2 at sanity 2
    assert autopilot.fight_odds(g, 0, m) > 0.5
    assert not autopilot.wants_fight(g, 0, m)


def test_the_gate_it_heads_for_is_the_nearest_or_where_it_stands():
    g = fresh(1)
    assert autopilot._reached(g, "woods", {"woods", "newspaper"}) == "woods"
    assert autopilot._reached(g, "northside", {"woods", "newspaper"}) == "newspaper"
    assert autopilot._reached(g, "northside", set()) is None


def asked(g, need):
    g.need = lambda: need  # (the question, as the core would ask it)
    return g


def test_a_clue_token_offered_is_taken():
    g = asked(fresh(2), {"k": "take_clue", "who": [1, 0]})
    acts = [{"a": "take_clue", "inv": 1}, {"a": "take_clue", "inv": 0}, {"a": "leave_clue"}]
    assert autopilot.choose(g, acts) is acts[0]
    assert autopilot.choose(g, acts[::-1])["a"] == "take_clue"


def test_the_ancient_ones_loss_comes_off_the_larger_maximum():
    g = fresh(1)
    v = g.s["inv"][0]
    asked(g, {"k": "ao_loss", "inv": 0})
    acts = [{"a": "lose", "inv": 0, "what": "max_stamina"},
            {"a": "lose", "inv": 0, "what": "max_sanity"}]
    v.update(msan=5, msta=5)
    assert autopilot.choose(g, acts)["what"] == "max_sanity"  # a tie: sanity
    v.update(msan=4, msta=5)
    assert autopilot.choose(g, acts)["what"] == "max_stamina"


def test_an_encounter_is_taken_as_a_card_with_no_effect():
    g = asked(fresh(1), {"k": "encounter", "inv": 0})
    g.s["inv"][0]["at"] = "newspaper"  # no care here
    acts = [{"a": "monster_appears", "kind": "ghoul", "inv": 0}, {"a": "pass"},
            {"a": "done", "inv": 0}]
    assert autopilot.choose(g, acts) == {"a": "done", "inv": 0}


def test_after_its_gate_closed_the_sliders_go_back_to_speed():
    g = fresh(1)
    v = g.s["inv"][0]
    v.update(at="woods", explored="woods", sl=[1, 1, 1])  # explored, but no gate there now
    v["sk"][1] = 4
    up = [{"a": "upkeep", "inv": 0}]
    for k in range(3):
        sl = [1, 1, 1]
        sl[k] += 1
        up.append({"a": "upkeep", "inv": 0, "sliders": sl})
    assert autopilot._sliders(g, 0, up)["sliders"] == [2, 1, 1]


def test_the_random_player_never_reports_a_card_while_it_has_a_choice():
    acts = [{"a": "move", "to": "a"}, {"a": "monster_appears", "kind": "ghoul"},
            {"a": "move", "to": "b"}]
    rnd = random.Random(3)
    picks = [autopilot.random_choice(None, acts, rnd) for _ in range(60)]
    assert {a["a"] for a in picks} == {"move"}
    assert {a["to"] for a in picks} == {"a", "b"}  # at random between them


# ---- and the seed-31 pass ---------------------------------------------------------------------
def test_evading_needs_one_success_and_a_fought_monsters_cost():
    g, v, m = scene("zombie")  # Sneak 3, awareness +1: 4 dice, 1 success evades
    assert autopilot.evade_odds(g, 0, m) == pytest.approx(1 - (2 / 3) ** 4)
    g, v, m = scene("cultist")  # fought: 1 + 1 + 2 x the chance of losing the combat
    assert autopilot.step_cost(g, 0, "rivertown") == pytest.approx(
        2 + 2 * (1 - autopilot.fight_odds(g, 0, m)))


def test_no_care_wanted_at_the_maximum_however_low():
    g = fresh(1)
    v = g.s["inv"][0]
    v.update(at="uptown", msta=2, sta=2)
    assert "st_marys_hospital" not in autopilot.cares_for(g, 0)


def test_back_to_arkham_it_picks_a_gate_where_no_monster_waits():
    g = fresh(1)
    put(g, "zombie", "woods")
    acts = [{"a": "return", "to": "woods"}, {"a": "return", "to": "graveyard"}]
    assert autopilot._return(g, 0, acts)["to"] == "graveyard"
    assert autopilot._return(g, 0, acts[:1])["to"] == "woods"  # no other way back


def test_the_random_player_keeps_its_sliders():
    acts = [{"a": "upkeep", "inv": 0}, {"a": "upkeep", "inv": 0, "sliders": [2, 1, 1]}]
    assert autopilot.random_choice(None, acts, random.Random(1)) is acts[0]


# ---- issue 29, what was left ------------------------------------------------------------------
def test_the_care_is_taken_once_an_encounter_AH_ENC_1():
    """The board's care is used instead of the encounter, once: with no money for the full
    care, one free point, then `done` (it took a free point per decision, healing to the
    maximum for nothing)."""
    g = fresh(1)
    v = g.s["inv"][0]
    v.update(at="st_marys_hospital", sta=1, money=0)
    at_move(g)
    ok(g, autopilot.choose(g, g.legal_actions()))  # stays: care wanted
    assert g.need()["k"] == "encounter"
    a = autopilot.choose(g, g.legal_actions())
    assert a == {"a": "effect", "inv": 0, "stamina": 1}
    ok(g, a)
    assert autopilot.choose(g, g.legal_actions())["a"] == "done"
    assert v["sta"] == 2


# ---- and the seed-34 pass ---------------------------------------------------------------------
def test_of_two_equally_near_gates_the_first_by_name_is_claimed():
    g = fresh(1)
    assert autopilot._reached(g, "rivertown", {"graveyard", "black_cave"}) == "black_cave"
    assert autopilot._reached(g, "rivertown", {"graveyard", "woods"}) == "graveyard"  # nearer


def test_a_location_listed_with_no_clue_token_is_no_goal_AH_BOARD_4():
    """The checker takes a location kept at 0 clue tokens (AH-BOARD-4); the autopilot does not
    walk there for clues."""
    g = fresh(1)
    g.s["clues"] = {"woods": 0, "graveyard": 1}
    g.s["inv"][0]["at"] = "uptown"
    assert autopilot.goals_for(g, 0) == {"graveyard"}


def test_in_combat_equal_odds_it_fights_on():
    """Fleeing only when it is the likelier way out: at equal odds, the fight (a trophy)."""
    g, v, m = scene("zombie")
    at_move(g)
    ok(g, {"a": "fight", "monster": m})
    ok(g, {"a": "roll", "successes": 1})  # the horror check passed
    passed(g)
    from arkham.ah2e import rules

    evade = autopilot.dice(g, 0, "evade", rules.stat(g, m, "awareness"))
    v["sk"][2] += evade - autopilot.dice(g, 0, "combat", rules.stat(g, m, "combat_mod"))
    assert rules.stat(g, m, "toughness") == 1
    assert autopilot.fight_odds(g, 0, m) == pytest.approx(autopilot.evade_odds(g, 0, m))
    assert autopilot.fight_odds(g, 0, m) > 0
    assert autopilot.choose(g, g.legal_actions()) == {"a": "fight"}


# ---- and the seed-35 pass ---------------------------------------------------------------------
def test_at_even_odds_it_fights_AH_CHECK_2():
    """A blessed die succeeds on 4-6 (AH-CHECK-2): one die against toughness 1 is even odds,
    and even odds are enough to fight (when the horror and two blows cannot knock it out)."""
    from arkham.ah2e import rules

    g, v, m = scene("zombie", bless=1, sta=5)
    v["sk"][2] += 1 - autopilot.dice(g, 0, "combat", rules.stat(g, m, "combat_mod"))
    assert autopilot.fight_odds(g, 0, m) == pytest.approx(0.5)
    assert autopilot.evade_odds(g, 0, m) > 0.5 and autopilot.safe_to_fight(g, 0, m)
    assert autopilot.wants_fight(g, 0, m)


def test_a_hurt_investigator_claims_no_gate():
    from ah2e_helpers import open_gate

    g = fresh(2)
    g.s["first"] = 0
    open_gate(g, "woods", "rlyeh")
    g.s["inv"][0].update(at="uptown", sta=1)  # hurt: on its way to care, not to the gate
    g.s["inv"][1]["at"] = "southside"
    assert autopilot.claimed(g, 1) == set()
    g.s["inv"][0]["sta"] = 3
    assert autopilot.claimed(g, 1) == {"woods"}


def test_it_never_reports_a_card_effect_of_its_own():
    """Card effects are the players' to report: offered first, a card's `monster_appears` is
    passed over for the plain action."""
    from ah2e_helpers import to_need

    g = fresh(1)
    to_need(g, "draw_mythos")  # (physical mythos: the table says which card came)
    acts = [{"a": "monster_appears"}, {"a": "draw_mythos", "card": "blue_flu"}]
    assert autopilot.choose(g, acts) == {"a": "draw_mythos", "card": "blue_flu"}


def test_sliders_toward_lore_when_its_lore_is_the_better_closing_skill_AH_UP_4():
    g = fresh(1)
    v = g.s["inv"][0]
    v.update(at="rlyeh_1", sl=[1, 1, 1])
    v["sk"][2], v["sk"][3], v["sk"][4] = 1, 4, 3  # Fight 1, Will 4, Lore 3
    acts = [{"a": "upkeep", "inv": 0}, {"a": "upkeep", "inv": 0, "sliders": [1, 2, 1]},
            {"a": "upkeep", "inv": 0, "sliders": [1, 1, 2]}]
    assert autopilot._sliders(g, 0, acts)["sliders"] == [1, 1, 2]  # Lore up, not Fight


# ---- a combat that never ends ------------------------------------------------------------------
def test_against_a_harmless_blow_and_no_gate_it_spends_its_clue_tokens_AH_COMBAT_6():
    """A Nightgaunt's blow draws through the nearest open gate instead of damage (AH-COMBAT-6);
    with no gate open a lost round costs nothing, so with no dice the combat never ends: the
    autopilot spends clue tokens it keeps for a seal to get out (a bench game, seed 1088 with
    clue cards, ran to the action bound fighting one with 3 clue tokens kept)."""
    g, v, m = scene("nightgaunt", clues=3)
    at_move(g)
    ok(g, {"a": "fight", "monster": m})  # (the horror check waits: the combat is on)
    assert g.s["cmb"] is not None and not g.s["gates"]
    assert failing(g, 3, "combat", difficulty=2) == "spend_clue"
    assert failing(g, 3, "flee") == "spend_clue"
    assert failing(g, 1, "flee") == "spend_clue"  # the last one too
    from ah2e_helpers import open_gate

    open_gate(g, "woods", "rlyeh")  # now a lost round draws it through: the combat ends
    assert failing(g, 3, "combat", difficulty=2) == "accept"


# ---- and the seed-36 pass: sanity hurts as stamina does ------------------------------------------
def test_hurt_by_sanity_it_claims_no_gate_and_heads_for_the_asylum():
    """Hurt is stamina or sanity at 1: either way it is not fit for an Other World, leaves the
    gate to the others and goes to the care that heals what it lacks (Arkham Asylum)."""
    from ah2e_helpers import open_gate

    g = fresh(2)
    g.s["first"] = 0
    open_gate(g, "woods", "rlyeh")
    v = g.s["inv"][0]
    v.update(at="uptown", san=1)  # full stamina
    assert not autopilot.healthy(v)
    assert autopilot.goals_for(g, 0) == {"arkham_asylum"}
    g.s["inv"][1]["at"] = "southside"
    assert autopilot.claimed(g, 1) == set()
    v["san"] = 2
    assert autopilot.healthy(v) and autopilot.claimed(g, 1) == {"woods"}
    v.update(at="arkham_asylum", san=1, money=5)
    assert autopilot.care_action(g, 0) == {"a": "effect", "inv": 0, "sanity": v["msan"] - 1,
                                           "money": -2}


# ---- and the seed-37 pass ---------------------------------------------------------------------
def test_it_closes_with_lore_when_lore_gives_more_dice_not_passing():
    """Closing a gate is taken whenever offered, with the skill that gives more dice: Lore here,
    though `pass` is offered first."""
    from ah2e_helpers import open_gate

    g = fresh(1)
    open_gate(g, "woods", "rlyeh")
    v = g.s["inv"][0]
    v.update(at="woods", explored="woods")
    v["sk"][2], v["sk"][4] = 1, 5  # Fight 1, Lore 5
    acts = [{"a": "pass"}, {"a": "close", "skill": "fight"}, {"a": "close", "skill": "lore"}]
    assert autopilot._close(g, 0, acts) == {"a": "close", "skill": "lore"}
