"""Playtests (issue 29): seeded whole games played by the autopilot (arkham_host.playtest.autopilot)
with 1, 2, 4 and 8 investigators against each Ancient One. After every action the invariants hold
(arkham_host.playtest.ah2e_invariants: the monster and Outskirts limits AH-LIMIT-1..3, gates against
gate markers and only at unstable locations AH-BOARD-2, doom AH-AWAKE-1, the shops closing at terror
3/6/9 AH-TERROR-2, the awakening), a knock-out ends movement (AH-MOVE-8) and nobody is knocked
out twice in one turn. The checker itself is tested to find each fault it names."""
import pytest

from arkham.ah2e.game import new_game
from arkham_host.playtest import ah2e_invariants, autopilot

AOS = ["azathoth", "cthulhu", "hastur", "ithaqua", "nyarlathotep", "shub_niggurath", "yig",
       "yog_sothoth"]


@pytest.mark.parametrize("cards", [0.0, 0.25])
@pytest.mark.parametrize("n", [1, 2, 4, 8])
@pytest.mark.parametrize("ao", AOS)
def test_autopilot_game_keeps_every_invariant(ao, n, cards):
    """cards 0.25: a quarter of the encounters are reported as a card's `monster_appears` or
    `gate_appears` (wherever the investigator is: the core must refuse a gate at a stable
    location). With the firmware before issue 29's fix, 23 of these 32 games opened a gate at
    St. Mary's Hospital (AH-BOARD-2) and the checker said so."""
    how, turns, k, faults = autopilot.play(29 + n, n, ao, check=ah2e_invariants.Checker(),
                                           cards=cards)
    assert faults == []
    assert how != "unfinished" and turns >= 1 and k > 0


def test_autopilot_closes_more_gates_than_random_play():
    """Better than random by a wide margin: gates closed over the same seeded games."""
    def closed(policy):
        total = 0
        for seed in range(6):
            g = new_game(seed, {"ao": "cthulhu", "investigators": autopilot.INVESTIGATORS[:2]})
            import random

            rnd = random.Random(seed)
            while not g.over():
                ok, ev = g.apply(autopilot.POLICIES[policy](g, g.legal_actions(), rnd))
                assert ok, ev
                total += sum(1 for e in ev if e.get("ev") == "gate_closed")
        return total

    a, r = closed("autopilot"), closed("random")
    print("gates closed in 6 games: autopilot %d, random %d" % (a, r))
    assert a >= 4 * max(1, r)


# ---- the checker finds what it names ---------------------------------------------------------
def game(n=2):
    return new_game(3, {"ao": "cthulhu", "investigators": autopilot.INVESTIGATORS[:n]})


def faults(g, events=()):
    return ah2e_invariants.Checker().after(g, None, events)


def test_checker_is_quiet_on_a_fresh_game():
    assert faults(game()) == []


def test_checker_finds_a_gate_at_a_stable_location_AH_BOARD_2():
    g = game()
    marker = g.s["gm"].index("stack")
    g.s["gm"][marker] = "st_marys_hospital"
    g.s["gates"]["st_marys_hospital"] = marker
    assert any("stable location" in f for f in faults(g))


def test_checker_finds_a_gate_marker_without_its_gate_AH_BOARD_3():
    g = game()
    loc, marker = next(iter(g.s["gates"].items()))
    del g.s["gates"][loc]
    assert any("without its gate" in f for f in faults(g))


def test_checker_finds_the_monster_and_outskirts_limits_AH_LIMIT_1_AH_LIMIT_3():
    g = game(8)  # limit 11 in Arkham, Outskirts 0
    cup = [m for m, p in enumerate(g.s["mon"]) if p == "cup"]
    for m in cup[:12]:
        g.s["mon"][m] = "woods"
    g.s["mon"][cup[12]] = "outskirts"
    f = faults(g)
    from arkham.ah2e import rules

    assert rules.arkham_count(g) >= 12  # (the setup's own monsters besides)
    assert "monster limit: %d in Arkham > 11" % rules.arkham_count(g) in f
    assert "Outskirts limit: 1 > 0" in f


def test_checker_finds_an_open_shop_at_terror_3_AH_TERROR_2():
    g = game()
    g.s["terror"] = 3
    assert any("still open" in f for f in faults(g))


def test_checker_finds_a_full_doom_track_with_the_ancient_one_asleep_AH_AWAKE_1():
    g = game()
    g.s["doom"] = g.ao["doom"]
    assert any("sleeps" in f for f in faults(g))


def test_checker_finds_a_second_knock_out_in_one_movement_AH_MOVE_8():
    g = game()
    c = ah2e_invariants.Checker()
    g.s["phase"] = "movement"
    ko = [{"ev": "knocked_out", "inv": 0}]
    c.after(g, None, ko)
    assert any("twice" in f for f in c.after(g, None, ko))


def test_checker_takes_doom_0_and_finds_doom_below_it_AH_AWAKE_1():
    g = game()
    g.s["doom"] = 0
    assert faults(g) == []
    g.s["doom"] = -1
    assert any("doom -1" in f for f in faults(g))


def test_checker_takes_a_location_with_no_clue_token_and_finds_one_below_AH_BOARD_4():
    g = game()
    g.s["clues"]["black_cave"] = 0
    assert faults(g) == []
    g.s["clues"]["black_cave"] = -1
    assert any("below zero at black_cave" in f for f in faults(g))


def test_checker_finds_a_move_after_a_knock_out_and_not_another_investigators_AH_MOVE_8():
    """(The mutation pass of issue 29, seed 35: the checker's "moves on" test was never met.)"""
    from test_ah2e_turn import at_move, fresh

    g = fresh(2)
    need = at_move(g)
    assert need["inv"] == 0 and need["points"] > 0
    c = ah2e_invariants.Checker()
    assert any("0 moves on after a knock-out" in f for f in
               c.after(g, None, [{"ev": "knocked_out", "inv": 0}]))
    c = ah2e_invariants.Checker()
    assert not any("moves on" in f for f in c.after(g, None, [{"ev": "knocked_out", "inv": 1}]))


# ---- each check finds its fault and stays quiet where the rule allows it -----------------------
def test_checker_lifts_the_monster_limit_at_terror_10_and_in_the_final_battle_AH_TERROR_3():
    g = game(8)
    cup = [m for m, p in enumerate(g.s["mon"]) if p == "cup"]
    for m in cup[:12]:
        g.s["mon"][m] = "woods"
    g.s["terror"] = 9
    assert any("monster limit" in f for f in faults(g))
    g.s["terror"] = 10
    g.s["closed"] = [shop for _, shop in g.d.closes]
    assert not any("monster limit" in f for f in faults(g))
    g.s.update(terror=9, phase="final", woke="gates")  # the awakening ends the limit too
    assert not any("monster limit" in f for f in faults(g))
    from arkham.ah2e import rules

    g.s.update(terror=0, phase="mythos")
    woods = cup[:12]
    while rules.arkham_count(g) > rules.limit(g):
        g.s["mon"][woods.pop()] = "cup"
    assert not any("monster limit" in f for f in faults(g))  # at the limit (AH-LIMIT-1)


def test_checker_takes_the_outskirts_full_to_their_limit_AH_LIMIT_3():
    g = game(4)  # Outskirts limit 4
    cup = [m for m, p in enumerate(g.s["mon"]) if p == "cup"]
    for m in cup[:4]:
        g.s["mon"][m] = "outskirts"
    assert faults(g) == []
    g.s["mon"][cup[4]] = "outskirts"
    assert "Outskirts limit: 5 > 4" in faults(g)


def test_checker_finds_a_monster_marker_in_no_known_place_AH_BOARD_4():
    g = game()
    g.s["mon"][0] = "nowhere"
    assert "monster 0 at an unknown place 'nowhere'" in faults(g)


def test_checker_finds_an_investigators_clue_tokens_or_money_below_zero_AH_BOARD_4():
    g = game()
    v = g.s["inv"][1]
    v.update(clues=-1, money=3)
    assert any("investigator 1 below zero" in f for f in faults(g))
    v.update(clues=0, money=-1)
    assert any("investigator 1 below zero" in f for f in faults(g))
    v["money"] = 0
    assert faults(g) == []


def test_checker_finds_a_gate_whose_marker_is_elsewhere_AH_BOARD_3():
    g = game()
    loc, marker = next(iter(g.s["gates"].items()))
    other = g.s["gm"].index("stack")
    g.s["gates"][loc] = other  # the gate names a marker still in the stack
    assert "gate at %s: its marker %d is at 'stack'" % (loc, other) in faults(g)


def test_checker_finds_the_awakenings_gates_open_and_the_ancient_one_asleep_AH_AWAKE_2():
    from ah2e_helpers import clear_board, open_gate
    from arkham.ah2e import rules

    g = game(2)
    clear_board(g)
    n = rules.gate_threshold(g)  # 8 with 2 investigators
    for loc in sorted(g.d.unstable)[:n - 1]:
        open_gate(g, loc, g.d.gate_world[g.s["gm"].index("stack")])
    assert faults(g) == []  # one short of it
    open_gate(g, sorted(g.d.unstable)[n - 1], g.d.gate_world[g.s["gm"].index("stack")])
    assert "%d gates open (threshold %d) and not awake" % (n, n) in faults(g)
    g.s.update(phase="final", woke="gates")
    assert faults(g) == []  # awake: the final battle


def test_checker_takes_a_full_doom_track_in_the_final_battle_AH_AWAKE_1():
    g = game()
    g.s.update(doom=g.ao["doom"] - 1)
    assert faults(g) == []
    g.s.update(doom=g.ao["doom"], phase="final", woke="doom")
    assert faults(g) == []
    g.s["doom"] = g.ao["doom"] + 1
    assert any("outside 0..%d" % g.ao["doom"] in f for f in faults(g))


def test_checker_finds_the_final_battle_without_an_awakening_AH_AWAKE_5():
    g = game()
    g.s.update(phase="final", woke=None)
    assert "the final battle without an awakening" in faults(g)


def test_checker_takes_the_shops_closed_at_their_terror_AH_TERROR_2():
    g = game()
    g.s["terror"] = 2
    assert faults(g) == []  # nothing closes before 3
    g.s["terror"] = 3
    g.s["closed"] = sorted(shop for level, shop in g.d.closes if level <= 3)
    assert faults(g) == []


def test_checker_takes_one_knock_out_in_a_movement_and_a_dead_investigators_AH_MOVE_8():
    from test_ah2e_turn import at_move, fresh

    g = fresh(2)
    at_move(g)
    c = ah2e_invariants.Checker()
    g.s["inv"][0]["dead"] = 1  # devoured: no more moves of theirs to find
    assert c.after(g, None, [{"ev": "knocked_out", "inv": 0}]) == []
    g = game()
    g.s["phase"] = "movement"
    c = ah2e_invariants.Checker()
    assert c.after(g, None, [{"ev": "knocked_out", "inv": 0}]) == []  # once is the rule's case
    g.s["phase"] = "encounter"
    assert c.after(g, None, [{"ev": "knocked_out", "inv": 0}]) == []  # not in the movement


def test_checker_finds_a_knocked_out_investigator_offered_more_than_the_end_of_movement_AH_MOVE_8():
    """No movement points left and only `end_move` offered: the knock-out ended the movement;
    any other action (a move, a fight) still offered means it did not."""
    g = game()
    g.s["phase"] = "movement"
    need = {"k": "move", "inv": 0, "points": 0}
    g.need = lambda: need
    ko = [{"ev": "knocked_out", "inv": 0}]
    g.legal_actions = lambda: [{"a": "end_move", "clues": 0}]
    assert ah2e_invariants.Checker().after(g, None, ko) == []
    g.legal_actions = lambda: [{"a": "end_move", "clues": 0}, {"a": "fight", "monster": 3}]
    assert "investigator 0 moves on after a knock-out" in ah2e_invariants.Checker().after(
        g, None, ko)
