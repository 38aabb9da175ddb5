"""Arkham Ritual rules core: setup, turns, swaps, peeking, summoning, round end, game end."""
from collections import Counter

import pytest
from arkham.ritual import new_game
from arkham.ritual.cards import Cards
from ritual_play import names, ok, rig


def game(players=5, **opts):
    opts["players"] = players
    return new_game(7, opts)


# -- setup -------------------------------------------------------------------------------------
@pytest.mark.parametrize("players,dummies", [(3, 2), (4, 1), (5, 0), (6, 0), (7, 0)])
def test_dummies_fill_to_five_AR_SETUP_1(players, dummies):
    g = game(players)
    assert g.state["k"] == dummies
    assert len(g.state["held"]) == players + dummies
    assert len(g.state["sanity"]) == players  # dummies have no sanity
    assert all(1 <= p <= players for p in g.state["open"])  # dummies are never nominated


@pytest.mark.parametrize("players", [2, 8, "5", True])
def test_player_count_checked_AR_SETUP_1(players):
    with pytest.raises(ValueError):
        new_game(1, {"players": players})


def test_seven_sanity_each_AR_SETUP_2():
    assert game(6).state["sanity"] == [7] * 6


def test_deck_from_slots_first_game_AR_SETUP_3():
    c = Cards()
    assert len(c.deck) == 22
    assert c.slots == {"cult": "cultist", "ally": "investigator", "event": "orb", "goo": "cthulhu"}
    n = Counter(c.deck)
    assert n["gate"] == 2 and n["elder_sign"] == 1
    assert sum(v for f, v in n.items() if c.info[f]["type"] == "artifact") == 15
    for kind in ("book", "candle", "knife", "key", "clock"):
        assert n[kind + "_blue"] == 2 and n[kind + "_red"] == 1
    for chosen in ("cultist", "orb", "investigator", "cthulhu"):
        assert n[chosen] == 1
    for unused in ("mad_professor", "student", "trapezohedron", "hastur"):
        assert unused not in n  # stays in the box


def test_deck_other_slot_choices_AR_SETUP_3():
    c = Cards({"cult": "mad_professor", "goo": "yog_sothoth", "ally": "student"})
    assert len(c.deck) == 22
    assert "mad_professor" in c.deck and "cultist" not in c.deck and "yog_sothoth" in c.deck
    with pytest.raises(ValueError):
        new_game(1, {"slots": {"goo": "azathoth"}})
    with pytest.raises(ValueError):
        new_game(1, {"slots": {"weather": "rain"}})


def test_every_holder_draws_one_card_AR_SETUP_4():
    for seed in range(20):
        g = new_game(seed, {"players": 3 + seed % 5})
        s = g.state
        holders = s["n"] + s["k"]
        assert len(s["held"]) == holders
        # all 22 cards are somewhere: held, offered or in the deck
        assert Counter(s["held"] + s["deck"] + [s["offered"]]) == Counter(Cards().deck)
        assert s["deck_n"] == len(s["deck"]) == 22 - holders - 1
    a, b = new_game(3, {"players": 5}), new_game(3, {"players": 5})
    assert a.state_hash() == b.state_hash()  # the seed decides the deal
    assert new_game(4, {"players": 5}).state["held"] != a.state["held"]


def test_first_leader_chosen_by_group_AR_SETUP_5():
    assert game(5).state["leader"] == 1
    assert game(5, leader=4).state["leader"] == 4
    with pytest.raises(ValueError):
        game(5, leader=6)


# -- turns -------------------------------------------------------------------------------------
def test_leader_draws_followers_hands_on_table_AR_TURN_1():
    g = game(5, leader=2)
    s = g.state
    assert s["phase"] == "nominate" and s["leader"] == 2
    assert s["open"] == [3, 4, 5, 1]
    assert g.view(2)["top"] == s["offered"]  # the leader looks at it alone
    for p in (1, 3, 4, 5):
        assert "top" not in g.view(p)


def test_nominate_only_hands_on_table_AR_TURN_2():
    g = game(5)
    for bad in (1, 6, 0, "2", None):
        h = g.state_hash()
        good, why = g.apply({"a": "nominate", "seat": bad})
        assert not good and "cannot be nominated" in why
        assert g.state_hash() == h
    ev = ok(g, {"a": "nominate", "seat": 3})
    assert ev[0] == {"ev": "nominate", "seat": 3, "by": 1, "open": [2, 4, 5]}
    assert g.state["phase"] == "decide"


def test_take_swaps_and_discards_AR_TURN_3():
    g = rig(game(5), ["key_blue", "book_red", "clock_blue", "knife_red", "candle_blue"],
            offered="orb", deck=["book_blue", "key_red"])
    ok(g, {"a": "nominate", "seat": 2})
    ev = ok(g, {"a": "take"})
    assert g.state["held"][1] == "orb"
    assert ev[0] == {"ev": "discard", "seat": 2, "card": "book_red", "to": "book", "why": "take"}
    assert names(ev) == ["discard", "turn"]  # the turn ends
    g = rig(game(5), ["key_blue", "orb", "clock_blue", "knife_red", "candle_blue"],
            offered="gate", deck=["book_blue", "key_red"])
    ok(g, {"a": "nominate", "seat": 2})
    ev = ok(g, {"a": "take"})
    assert ev[0]["to"] == "pile"  # non-artifacts share one pile
    assert g.state["phase"] == "orb"  # the Orb's "when discarded" effect resolves now


def test_elder_sign_discard_ends_round_AR_TURN_3_AR_ROUND_1():
    g = rig(game(5), ["key_blue", "elder_sign", "clock_blue", "knife_red", "candle_blue"],
            offered="orb", deck=["book_blue", "key_red", "gate"])
    ok(g, {"a": "nominate", "seat": 2})
    ev = ok(g, {"a": "take"})
    assert names(ev)[:4] == ["discard", "round_end", "reveal", "judged"]
    assert ev[1]["why"] == "elder_sign"


def test_orb_keep_or_remove_top_card_AR_TURN_3():
    def orb_game():
        g = rig(game(5), ["key_blue", "orb", "clock_blue", "knife_red", "candle_blue"],
                offered="gate", deck=["book_blue", "key_red"])
        ok(g, {"a": "nominate", "seat": 2})
        ok(g, {"a": "take"})
        return g
    g = orb_game()
    assert g.view(2)["orb_top"] == "key_red"
    assert "orb_top" not in g.view(1)
    ev = ok(g, {"a": "orb", "keep": False})
    assert ev[0] == {"ev": "orb", "seat": 2, "keep": False}
    assert g.state["removed"] == 1 and g.state["offered"] == "book_blue"
    g = orb_game()
    ok(g, {"a": "orb", "keep": True})
    assert g.state["offered"] == "key_red"
    assert not g.apply({"a": "orb", "keep": "yes"})[0]


def test_pass_lets_passer_nominate_AR_TURN_4():
    g = game(5)
    ok(g, {"a": "nominate", "seat": 3})
    ev = ok(g, {"a": "pass"})
    assert ev == [{"ev": "pass", "seat": 3, "open": [2, 4, 5]}]
    assert g.state["nominator"] == 3 and g.state["phase"] == "nominate"
    assert not g.apply({"a": "nominate", "seat": 3})[0]  # no longer on the table
    ev = ok(g, {"a": "nominate", "seat": 5})
    assert ev[0]["by"] == 3


def test_last_pass_discards_and_ends_round_AR_TURN_5():
    g = rig(game(3), ["key_blue", "book_red", "clock_blue", "knife_red", "candle_blue"],
            offered="key_red", deck=["book_blue", "orb"])
    for p in (2, 3):
        ok(g, {"a": "nominate", "seat": p})
        ev = ok(g, {"a": "pass"})
    assert names(ev)[:3] == ["pass", "discard", "round_end"]
    assert ev[1]["card"] == "key_red" and ev[1]["why"] == "all_passed"
    assert ev[2]["why"] == "all_passed"  # AR-ROUND-1: every follower passed on one card


def test_turn_is_one_card_not_one_nomination_AR_TURN_6():
    g = game(6)
    t = g.state["turn"]
    for p in (2, 3, 4):
        ok(g, {"a": "nominate", "seat": p})
        ok(g, {"a": "pass"})
    assert g.state["turn"] == t and g.state["leader"] == 1
    ok(g, {"a": "nominate", "seat": 5})
    ok(g, {"a": "take"})
    assert g.state["turn"] == t + 1


def test_next_leader_nearest_clockwise_with_hand_on_table_AR_TURN_7():
    g = rig(game(5, leader=4), ["key_blue", "book_red", "clock_blue", "knife_red", "candle_blue"],
            offered="orb", deck=["book_blue", "key_red", "gate"])
    ok(g, {"a": "nominate", "seat": 5})
    ok(g, {"a": "pass"})
    ok(g, {"a": "nominate", "seat": 1})
    ok(g, {"a": "take"})  # seat 5 and 1 are off the table; seat 2 is next clockwise with a hand
    assert g.state["leader"] == 2


def test_next_leader_when_no_hand_left_AR_TURN_7():
    g = rig(game(3, leader=2), ["key_blue", "book_red", "clock_blue", "knife_red", "candle_blue"],
            offered="key_red", deck=["book_blue", "candle_red"])
    ok(g, {"a": "nominate", "seat": 3})
    ok(g, {"a": "pass"})
    ok(g, {"a": "nominate", "seat": 1})
    ok(g, {"a": "take"})
    assert g.state["leader"] == 3  # nobody on the table: nearest clockwise follower


def test_deck_empty_after_turn_ends_round_AR_TURN_7_AR_ROUND_1():
    g = rig(game(5), ["key_blue", "book_red", "clock_blue", "knife_red", "candle_blue"],
            offered="key_red", deck=[])
    ok(g, {"a": "nominate", "seat": 2})
    ev = ok(g, {"a": "take"})
    assert names(ev)[:2] == ["discard", "round_end"] and ev[1]["why"] == "deck_empty"


# -- peeking -----------------------------------------------------------------------------------
def test_peek_own_card_AR_PEEK_1():
    g = rig(game(5), ["key_blue", "gate", "clock_blue", "cthulhu", "candle_blue"],
            offered="orb", deck=["book_blue", "key_red"])
    ev = ok(g, {"a": "peek", "seat": 2, "what": "held"})
    # discarded without effect: a Gate seen is not a Gate discarded (no summon)
    assert names(ev) == ["discard", "peek", "sanity"]
    assert ev[0]["card"] == "gate" and ev[0]["why"] == "peek"
    assert g.state["held"][1] == "key_red" and g.state["deck_n"] == 1
    assert g.state["sanity"][1] == 6
    assert g.state["phase"] == "nominate"


def test_peek_offered_card_AR_PEEK_1():
    g = rig(game(5), ["key_blue", "book_red", "clock_blue", "knife_red", "candle_blue"],
            offered="elder_sign", deck=["book_blue", "key_red"])
    assert not g.apply({"a": "peek", "seat": 2, "what": "offered"})[0]  # not offered to seat 2
    ok(g, {"a": "nominate", "seat": 2})
    assert not g.apply({"a": "peek", "seat": 3, "what": "offered"})[0]
    ev = ok(g, {"a": "peek", "seat": 2, "what": "offered"})
    assert ev[0]["card"] == "elder_sign"  # no effect: the round goes on
    assert g.state["offered"] == "key_red" and g.state["phase"] == "decide"
    assert g.state["sanity"][1] == 6


def test_peek_with_empty_deck_AR_PEEK_1():
    """Our reading: nothing can replace the card; a seen held card stays, an offered one goes."""
    g = rig(game(5), ["key_blue", "book_red", "clock_blue", "knife_red", "candle_blue"],
            offered="orb", deck=[])
    ev = ok(g, {"a": "peek", "seat": 3, "what": "held"})
    assert names(ev) == ["peek", "sanity"] and g.state["held"][2] == "clock_blue"
    ok(g, {"a": "nominate", "seat": 2})
    ev = ok(g, {"a": "peek", "seat": 2, "what": "offered"})
    assert "round_end" in names(ev)


def test_peek_can_end_the_game_AR_PEEK_1_AR_END_2():
    g = game(5)
    g.state["sanity"][3] = 1
    ev = ok(g, {"a": "peek", "seat": 4, "what": "held"})
    assert ev[-1]["ev"] == "game_end" and g.state["phase"] == "game_over"
    assert ev[-1]["winners"] == [1, 2, 3, 5]
    assert g.apply({"a": "nominate", "seat": 2}) == (False, "the game is over")


# -- Great Old Ones ----------------------------------------------------------------------------
def test_gate_discarded_while_goo_held_summons_AR_GOO_1():
    g = rig(game(5), ["key_blue", "gate", "cthulhu", "knife_red", "candle_blue"],
            offered="orb", deck=["book_blue", "key_red"])
    ok(g, {"a": "nominate", "seat": 2})
    ev = ok(g, {"a": "take"})
    assert names(ev)[:3] == ["discard", "summon", "judged"]
    assert ev[1] == {"ev": "summon", "goo": "cthulhu", "holder": 3}
    assert g.state["sanity"] == [3, 3, 7, 3, 3]  # AR-GOO-2: 4 victims, its holder spared


def test_gate_discarded_by_taking_goo_summons_AR_GOO_1():
    g = rig(game(5), ["key_blue", "gate", "clock_red", "knife_red", "candle_blue"],
            offered="cthulhu", deck=["book_blue", "key_red"])
    ok(g, {"a": "nominate", "seat": 2})
    ev = ok(g, {"a": "take"})
    assert ev[1] == {"ev": "summon", "goo": "cthulhu", "holder": 2}


def test_gate_without_goo_held_is_quiet_AR_GOO_1():
    g = rig(game(5), ["key_blue", "gate", "clock_red", "knife_red", "candle_blue"],
            offered="orb", deck=["book_blue", "cthulhu"])
    ok(g, {"a": "nominate", "seat": 2})
    ev = ok(g, {"a": "take"})
    assert names(ev) == ["discard", "turn"]


def test_last_pass_of_a_gate_summons_AR_GOO_1():
    """Our reading (rule pass_out_summons): a Gate discarded by the last pass is discarded too."""
    g = rig(game(3), ["cthulhu", "book_red", "clock_blue", "knife_red", "candle_blue"],
            offered="gate", deck=["book_blue"])
    for p in (2, 3):
        ok(g, {"a": "nominate", "seat": p})
        ev = ok(g, {"a": "pass"})
    assert "summon" in names(ev)
    g = new_game(7, {"players": 3, "rules": {"pass_out_summons": False}})
    rig(g, ["cthulhu", "book_red", "clock_blue", "knife_red", "candle_blue"],
        offered="gate", deck=["book_blue"])
    for p in (2, 3):
        ok(g, {"a": "nominate", "seat": p})
        ev = ok(g, {"a": "pass"})
    assert "summon" not in names(ev) and "reveal" in names(ev)


# -- round end and game end --------------------------------------------------------------------
def test_lowest_sanity_leads_next_round_AR_END_1():
    g = rig(game(5, leader=3), ["key_blue", "book_red", "clock_blue", "knife_red", "candle_blue"],
            offered="key_red", deck=[])
    ok(g, {"a": "nominate", "seat": 4})
    ev = ok(g, {"a": "take"})  # seat 4 now holds key_red: key_blue & key_red resonate
    assert g.state["sanity"] == [4, 4, 7, 4, 7]  # book_red (unique red) dies too: 3 victims
    # tie 1, 2, 4 at 4: nearest clockwise to the last leader (3) is seat 4
    assert ev[-1] == {"ev": "round_over", "next_leader": 4}
    ev = ok(g, {"a": "next"})
    assert names(ev) == ["round", "turn"] and g.state["leader"] == 4
    assert g.state["round"] == 2 and g.state["deck_n"] == 16


def test_game_ends_when_sanity_used_up_AR_END_2():
    g = rig(game(5), ["key_blue", "book_red", "clock_blue", "knife_red", "candle_blue"],
            offered="key_red", deck=[])
    g.state["sanity"] = [2, 3, 7, 6, 6]
    ok(g, {"a": "nominate", "seat": 4})
    ev = ok(g, {"a": "take"})
    assert ev[-1]["ev"] == "game_end"
    assert g.state["sanity"] == [0, 0, 7, 3, 6] and ev[-1]["winners"] == [3]


def test_investigator_heal_capped():
    g = rig(game(5), ["investigator", "book_red", "clock_blue", "knife_red", "candle_blue"],
            offered="key_red", deck=[])
    ok(g, {"a": "nominate", "seat": 4})
    ok(g, {"a": "take"})
    assert g.state["sanity"][0] == 7  # AR-JUDGE-5 heal, our reading: not above the start


# -- the rules-core contract -------------------------------------------------------------------
@pytest.mark.parametrize("action", [
    None, {}, {"a": 3}, {"a": "fly"}, {"a": "take"}, {"a": "orb", "keep": True},
    {"a": "next"}, {"a": "peek", "seat": 9, "what": "held"}, {"a": "peek", "seat": 1},
    {"a": "goo", "holder": 1}, {"a": "reveal", "cards": []},
])
def test_rejected_action_changes_nothing(action):
    g = game(5)
    before = g.snapshot()
    good, why = g.apply(action)
    assert not good and isinstance(why, str) and why
    assert g.snapshot() == before


def test_snapshot_restore_and_hash():
    g = game(5)
    ok(g, {"a": "nominate", "seat": 2})
    snap, h = g.snapshot(), g.state_hash()
    ok(g, {"a": "take"})
    assert g.state_hash() != h
    g.restore(snap)
    assert g.state_hash() == h
    from arkham.ritual.game import Game
    assert Game(state=snap).state_hash() == h


def test_virtual_mode_refuses_named_cards():
    g = game(5)
    ok(g, {"a": "nominate", "seat": 2})
    good, why = g.apply({"a": "take", "card": "gate"})
    assert not good and "knows the card" in why


def test_a_new_game_with_the_same_slots_shares_the_cards():
    """(RAM on a Pico) the table's next game reads the card data again only when its cards
    differ; the game itself is the same either way."""
    from arkham.ritual.game import Game

    old = Game({"players": 5}, 3)
    same = Game({"players": 6}, 8, like=old)
    assert same.cards is old.cards
    fresh = Game({"players": 6}, 8)
    assert same.state == fresh.state and same.start_events == fresh.start_events
    other = Game({"players": 6, "slots": {"goo": "hastur"}}, 8, like=old)
    assert other.cards is not old.cards and other.cards.slots["goo"] == "hastur"
