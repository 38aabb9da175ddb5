"""Priority cards and the 4 actions a round (FH-ROUND-3), the Reckoning (FH-ROUND-4)."""
import pytest
from fh_board import kinds, ok, play_cards, put, resolve, small

from arkham.fh import new_game
from arkham.fh.load import read

EMPTY = {"ritual": 12, "gates": {"tesseract": 8, "heptagram": 15, "trinity": 1}, "others": 0,
         "monsters": []}


@pytest.mark.parametrize("players, lead, seats", [
    (2, 1, [1, 2, 1, 2]), (3, 2, [2, 3, 1, 2]), (4, 3, [3, 4, 1, 2]), (1, 2, [2, 1, 2, 1])])
def test_four_cards_a_round_lead_first_round_the_table_FH_ROUND_3(players, lead, seats):
    g = new_game(3, {"players": players, "lead": lead, "setup": EMPTY})
    got = []
    while g.phase() == "priority":
        la = g.legal_actions()
        assert {a["inv"] for a in la} == {seats[len(got)]}  # only the seat whose turn it is
        ok(g, la[-1])
        got.append(la[-1]["inv"])
    assert got == seats and len(g.state["plays"]) == 4
    assert [len(h) for h in g.state["priority"]["hands"]] == [4] * len(g.state["inv"])  # drawn


def test_cards_resolve_lowest_first_top_then_bottom_FH_ROUND_3():
    g = small(at="priority")
    hands = g.state["priority"]["hands"]
    hands[0][:] = [3, 20, 21, 22]
    hands[1][:] = [1, 9, 25, 26]
    seq = [(1, 20, 4), (2, 1, 0), (1, 3, 7), (2, 26, 2)]
    ev = []
    for seat, card, action in seq:
        ev += ok(g, {"a": "play", "inv": seat, "card": card, "action": action})
    res = kinds(ev, "resolve")
    assert res == [{"e": "resolve", "inv": 2, "card": 1, "action": 0, "half": "top", "n": 1}]
    halves = [(res[0]["card"], res[0]["half"])]
    while g.phase() == "actions":
        seat = g.state["plays"][g.state["turn"]][0]
        ev = ok(g, {"a": "next", "inv": seat})
        for e in kinds(ev, "resolve"):
            halves.append((e["card"], e["half"]))
    assert halves == [(1, "top"), (3, "top"), (20, "bottom"), (26, "bottom")]
    assert g.phase() in ("ancient", "choose")


def test_a_card_not_in_hand_or_out_of_turn_is_refused_FH_ROUND_3():
    g = small(at="priority")
    h = g.state_hash()
    hand = g.state["priority"]["hands"][0]
    other = [c for c in range(1, 31) if c not in hand][0]
    for bad in ({"a": "play", "inv": 1, "card": other}, {"a": "play", "inv": 2,
                "card": g.state["priority"]["hands"][1][0]},
                {"a": "play", "inv": 1, "card": hand[0], "action": 11},
                {"a": "play", "inv": 1, "card": str(hand[0])},
                {"a": "move", "inv": 1, "to": 4}):
        good, why = g.apply(bad)
        assert not good and why
    assert g.state_hash() == h


def test_the_omens_select_a_band_FH_ROUND_4():
    omens = read("game")["priority_omens"]
    for cards, band in (([11, 13, 14, 15], 0), ([2, 4, 13, 14], 1), ([1, 4, 13, 14], 2),
                        ([1, 3, 13, 14], 2), ([1, 3, 5, 14], 3), ([1, 3, 5, 7], 4)):
        g = new_game(1, {"setup": EMPTY, "players": 2})
        n = sum(int(omens[c - 1]) for c in cards)
        g.state["priority"]["hands"] = [sorted(cards[0::2] + [16, 17]),
                                        sorted(cards[1::2] + [18, 20])]
        for i, c in enumerate(cards):
            ok(g, {"a": "play", "inv": i % 2 + 1, "card": c})
        ev = []
        while g.phase() == "actions":
            ev += ok(g, {"a": "next", "inv": g.state["plays"][g.state["turn"]][0]})
        r = kinds(ev, "reckoning")[0]
        assert r["omens"] == n and r["band"] == band, cards
        assert sorted(g.state["priority"]["discard"]) == sorted(cards)  # the cards discarded


def test_cthulhu_rising_tide_activates_deep_ones_then_two_appear_FH_ROUND_4():
    g = new_game(1, {"setup": EMPTY, "players": 2})
    d = put(g, "deep_one", 3)  # red wanderer: 3 > 13
    g.state["priority"]["hands"] = [[4, 11, 16, 17], [13, 14, 18, 20]]  # 1 omen: band 1-2
    for seat, c in ((1, 4), (2, 13), (1, 11), (2, 14)):
        ok(g, {"a": "play", "inv": seat, "card": c})
    ev = []
    while g.phase() == "actions":
        ev += ok(g, {"a": "next", "inv": g.state["plays"][g.state["turn"]][0]})
    assert kinds(ev, "reckoning")[0]["band"] == 1
    assert kinds(ev, "activated")[0]["m"] == d and g.state["mon"][d][1] == 13
    sp = kinds(ev, "spawn")
    assert [(e["kind"], e["loc"]) for e in sp] == [("deep_one", 1), ("deep_one", 1)]  # Trinity
    assert g.phase() == "ancient"


def test_named_effects_are_said_for_the_players_FH_ROUND_4():
    g = new_game(1, {"setup": EMPTY, "players": 2})
    g.state["priority"]["hands"] = [[1, 3, 16, 17], [13, 14, 18, 20]]  # 4 omens: band 3-4
    for seat, c in ((1, 1), (2, 13), (1, 3), (2, 14)):
        ok(g, {"a": "play", "inv": seat, "card": c})
    ev = []
    while g.phase() == "actions":
        ev += ok(g, {"a": "next", "inv": g.state["plays"][g.state["turn"]][0]})
    assert kinds(ev, "reckoning")[0]["band"] == 2
    assert "Glimpse" in kinds(ev, "say")[0]["text"]


def test_shudde_mell_7_plus_ruins_the_ritual_site_FH_ROUND_4_FH_RUIN_1():
    g = new_game(1, {"ancient": "shudde_mell", "level": "easy", "players": 2,
                     "setup": {"ritual": 14, "gates": {"tesseract": 9, "heptagram": 1,
                                                       "trinity": 11}, "others": 0,
                               "monsters": []}})
    g.state["priority"]["hands"] = [[1, 3, 16, 17], [5, 7, 18, 20]]  # 8 omens
    for seat, c in ((1, 1), (2, 5), (1, 3), (2, 7)):
        ok(g, {"a": "play", "inv": seat, "card": c})
    resolve(g)
    assert g.state["ruin"][13] == [1, 1, 0]  # 2 destruction tokens on the ritual site's slots
    assert g.state["ruin_supply"] == 16


def test_umordhoth_removes_a_seal_and_spawns_at_a_ghoul_horde_FH_ROUND_4():
    g = small(at="priority")
    g.state["sealed"] = [[1, 2], [3, 4]]
    g.state["seals"] = 6
    g.state["priority"]["hands"] = [[1, 11, 16, 17], [5, 14, 18, 20]]  # 4 omens: band 3-5
    for seat, c in ((1, 1), (2, 5), (1, 11), (2, 14)):
        ok(g, {"a": "play", "inv": seat, "card": c})
    ev = []
    while g.phase() == "actions":
        ev += ok(g, {"a": "next", "inv": g.state["plays"][g.state["turn"]][0]})
    assert kinds(ev, "unsealed") == [{"e": "unsealed", "a": 1, "b": 2}]
    assert g.state["sealed"] == [[3, 4]] and g.state["seals"] == 7
    g = small(at="priority")
    put(g, "ghoul_horde", 3)
    g.state["priority"]["hands"] = [[1, 3, 16, 17], [5, 14, 18, 20]]  # 6 omens: band 6+
    for seat, c in ((1, 1), (2, 5), (1, 3), (2, 14)):
        ok(g, {"a": "play", "inv": seat, "card": c})
    ev = []
    while g.phase() == "actions":
        ev += ok(g, {"a": "next", "inv": g.state["plays"][g.state["turn"]][0]})
    assert [e["loc"] for e in kinds(ev, "spawn")] == [3, 3]


def test_every_ancient_one_has_bands_and_effects_as_data_FH_ROUND_4():
    g = read("game")
    assert len(g["priority_omens"]) == 30 and len(g["priority_symbols"]) == 30
    for ao, bands in (("cthulhu", [1, 3, 5, 7]), ("shudde_mell", [1, 3, 5, 7]),
                      ("umordhoth", [1, 3, 6])):
        assert g["ancient_ones"][ao]["bands"] == bands
        assert len(g["ancient_ones"][ao]["reckoning"]) == len(bands)


def test_shudde_mell_1_2_a_chthonian_at_the_fewest_gate_or_one_activates_FH_ROUND_4():
    setup = {"ritual": 14, "gates": {"tesseract": 9, "heptagram": 1, "trinity": 11},
             "others": 0, "monsters": []}
    for out in (False, True):
        g = new_game(1, {"ancient": "shudde_mell", "players": 2, "setup": setup})
        for gt in g.state["gates"]:
            if gt[0] != "tesseract":
                gt[2] = 2  # heptagram (1) and trinity (11): 2 tokens; tesseract (9) the fewest
        if out:  # every Chthonian is on the board already
            for i, m in enumerate(range(g.D.nstd, len(g.D.token))):
                g.state["mon"][m] = ["board", 5, i, 0]
        g.state["priority"]["hands"] = [[4, 11, 16, 17], [13, 14, 18, 20]]  # 1 omen
        for seat, c in ((1, 4), (2, 13), (1, 11), (2, 14)):
            ok(g, {"a": "play", "inv": seat, "card": c})
        ev = []
        while g.phase() == "actions":
            ev += ok(g, {"a": "next", "inv": g.state["plays"][g.state["turn"]][0]})
        while g.phase() == "choose":
            ev += ok(g, g.legal_actions()[0])
        if out:
            assert not kinds(ev, "spawn") and kinds(ev, "activated")
        else:
            sp = kinds(ev, "spawn")
            assert [(e["kind"], e["loc"]) for e in sp] == [("chthonian", 9)]
