"""How the game is won and how monsters come through the gates: the team's one ritual attempt at
the end of a round (FH-WIN-1), compulsory after round 8 (FH-WIN-2, FH-ROUND-2), the gate step
(FH-SPAWN-1) and the 3 gates of every Ancient One (FH-SETUP-11)."""
import pytest
from fh_board import kinds, ok, play_round

from arkham.fh import new_game
from arkham.fh.load import read

EMPTY = {"ritual": 12, "gates": {"tesseract": 8, "heptagram": 15, "trinity": 1}, "others": 0,
         "monsters": []}


def quiet(seed=1, **opts):
    o = {"setup": EMPTY, "players": 2}
    o.update(opts)
    return new_game(seed, o)


def _symbol(g, card):
    return g.D.clue_symbols[int(g.D.prio_symbols[card - 1])]


def _offer(g, seat, good):
    """Seat's 3 cards: as many showing a component as `good` wants (as the hand allows)."""
    parts = g.state["ritual_parts"]
    hand = g.state["priority"]["hands"][seat - 1]
    hit = [c for c in hand if _symbol(g, c) in parts]
    miss = [c for c in hand if _symbol(g, c) not in parts]
    pick = (hit + miss)[:3] if good else (miss + hit)[:3]
    return sorted(pick)


def _rig_hands(g, matches):
    """Give the hands cards so that exactly `matches` offered cards show a component."""
    parts = g.state["ritual_parts"]
    deck = list(range(1, 31))
    hit = [c for c in deck if _symbol(g, c) in parts]
    miss = [c for c in deck if _symbol(g, c) not in parts]
    hands = g.state["priority"]["hands"]
    for i in range(len(hands)):
        take = min(matches, 3)
        matches -= take
        hands[i] = sorted(hit[:take] + miss[:4 - take])
        hit = hit[take:]
        miss = miss[4 - take:]


def test_the_attempt_comes_only_at_the_end_of_a_round_FH_WIN_1():
    g = quiet()
    assert g.phase() == "priority"
    for verb in ("attempt", "offer", "reverse"):
        good, why = g.apply({"a": verb, "inv": 1, "cards": [1, 2, 3]})
        assert not good
    play_round(g, attempt=True)
    assert g.phase() == "end"
    verbs = sorted({a["a"] for a in g.legal_actions()})
    assert verbs == ["attempt", "next_round"]
    ok(g, {"a": "attempt", "inv": g.state["lead"]})
    assert g.phase() == "ritual"


@pytest.mark.parametrize("players, need", [(1, 3), (2, 4), (3, 6), (4, 8)])
def test_success_needs_twice_the_players_in_matching_cards_FH_WIN_1(players, need):
    for matches, result in ((need, "won"), (need - 1, "lost")):
        g = quiet(players=players)
        play_round(g, attempt=True)
        ok(g, {"a": "attempt", "inv": g.state["lead"]})
        _rig_hands(g, matches)
        n = len(g.state["inv"])
        for seat in range(1, n + 1):
            assert g.state["result"] is None
            ev = ok(g, {"a": "offer", "inv": seat, "cards": _offer(g, seat, True)})
            assert not [e for e in ev if e.get("cards")] or seat == n  # secret until all
        rit = kinds(ev, "ritual")[0]
        assert rit["matches"] == matches and rit["need"] == need
        assert g.state["result"] == result
        assert g.state["why"] == ("ritual_reversed" if result == "won" else "ritual_failed")


def test_a_double_component_counts_each_matching_card_once_FH_WIN_1():
    g = quiet()
    play_round(g, attempt=True)
    ok(g, {"a": "attempt", "inv": g.state["lead"]})
    g.state["ritual_parts"] = ["moon", "moon"]
    _rig_hands(g, 4)
    for seat in (1, 2):
        ev = ok(g, {"a": "offer", "inv": seat, "cards": _offer(g, seat, True)})
    assert kinds(ev, "ritual")[0]["matches"] == 4 and g.state["result"] == "won"


def test_offers_are_checked_and_secret_FH_WIN_1():
    g = quiet()
    play_round(g, attempt=True)
    ok(g, {"a": "attempt", "inv": g.state["lead"]})
    hand = g.state["priority"]["hands"][0]
    other = [c for c in range(1, 31) if c not in hand]
    h = g.state_hash()
    for bad in (hand[:2], hand[:3] + [hand[3]], [other[0]] + hand[:2], [hand[0]] * 3, "abc"):
        good, why = g.apply({"a": "offer", "inv": 1, "cards": bad})
        assert not good and why
    assert g.state_hash() == h
    ok(g, {"a": "offer", "inv": 1, "cards": hand[:3]})
    assert "offers" not in g.public() and g.public()["offered"] == [1]
    good, why = g.apply({"a": "offer", "inv": 1, "cards": hand[:3]})
    assert not good and "already" in why


def test_after_round_8_the_attempt_is_compulsory_FH_WIN_2_FH_ROUND_2():
    g = quiet()
    for r in range(1, 8):
        assert g.state["round"] == r
        play_round(g)
        for t in g.state["mon"]:  # the players defeat every monster (no ritual_full loss)
            if t[0] == "board":
                t[:] = ["aside", 0, 0, 0]
    assert g.state["round"] == 8 and g.state["result"] is None
    play_round(g)
    assert not g.state["gate_stack"]  # the last gate token is placed
    assert g.phase() == "ritual"  # no choice: the attempt
    assert "next_round" not in {a["a"] for a in g.legal_actions()}
    for seat in (1, 2):
        ok(g, {"a": "offer", "inv": seat, "cards": g.state["priority"]["hands"][seat - 1][:3]})
    assert g.state["result"] in ("won", "lost")


def test_the_gate_step_spawns_only_at_the_drawn_gate_FH_SPAWN_1():
    g = quiet()
    g.state["gate_stack"][-1] = "heptagram"  # the top token
    for gt in g.state["gates"]:
        if gt[0] == "tesseract":
            gt[2] = 3  # another gate with more tokens: no monster there
    ev = play_round(g)
    grown = kinds(ev, "gate_grows")
    assert grown == [{"e": "gate_grows", "gate": "heptagram", "loc": 15, "tokens": 2}]
    spawns = kinds(ev, "spawn")
    assert [e["loc"] for e in spawns] == [15, 15]  # one per token on that gate
    assert len(g.state["gate_stack"]) == 7


def test_every_ancient_one_has_a_ritual_site_and_three_gates_FH_SETUP_11():
    data = read("game")
    for ao in ("cthulhu", "shudde_mell", "umordhoth"):
        for level in ("easy", "normal", "hard"):
            st = data["ancient_ones"][ao][level]
            assert sorted(st["gates"]) == ["heptagram", "tesseract", "trinity"]
            locs = list(st["gates"].values()) + [st["ritual"]]
            assert len(set(locs)) == 4
            g = new_game(1, {"ancient": ao, "level": level, "players": 2})
            s = g.state
            assert len(s["gates"]) == 3 and s["gate_out"] == []
            assert len(s["gate_stack"]) == 8 and len(s["gate_box"]) == 1
            assert s["clues_unplaced"] == [] and sum(c is not None for c in s["clues"]) == 11
