"""Many random games: invariants, and the two ways of knowing the cards agree."""
import random
from collections import Counter

from arkham.ritual import new_game
from arkham.ritual.cards import Cards
from ritual_play import answer_physical, ok, physical_twin, play, public_part, random_action

GAMES = 150


def test_cards_are_conserved_and_games_end():
    full = Counter(Cards().deck)
    ended = 0
    for seed in range(GAMES):
        g = new_game(seed, {"players": 3 + seed % 5})
        rnd = random.Random(seed)
        for _ in range(3000):
            s = g.state
            if s["phase"] == "game_over":
                ended += 1
                break
            a = random_action(g, rnd)
            ok(g, a)
            s = g.state
            if s["phase"] in ("nominate", "decide", "orb"):
                seen = Counter(s["held"] + s["deck"] + s["discards"])
                if s["offered"]:
                    seen[s["offered"]] += 1
                assert not (seen - full), seen - full
                assert sum(seen.values()) + s["removed"] == 22
                assert s["deck_n"] == len(s["deck"])
                assert s["leader"] not in s["open"]
            assert all(0 <= v <= 7 for v in s["sanity"])
    assert ended == GAMES


def test_virtual_and_physical_reach_the_same_judgement():
    """The same game played with virtual cards and with physical cards (players telling the table
    only what became public) judges every round the same: sanity, leaders, winners."""
    rounds = 0
    for seed in range(GAMES):
        players = 3 + seed % 5
        opts = {"players": players, "leader": 1 + seed % players}
        if seed % 3 == 0:
            opts["slots"] = {"cult": "mad_professor", "ally": "student"}
        v = new_game(seed, opts)
        p = new_game(seed, dict(opts, mode="physical"))
        rnd = random.Random(1000 + seed)
        while v.state["phase"] != "game_over":
            a = random_action(v, rnd)
            ev = ok(v, a)
            ok(p, physical_twin(a, ev))
            answer_physical(p, ev)
            assert public_part(p) == public_part(v), (seed, a)
            rounds += any(e["ev"] == "judged" for e in ev)
        assert p.state["phase"] == "game_over"
        assert p.state["winners"] == v.state["winners"]
    assert rounds > GAMES * 2


def test_physical_checks_what_players_say():
    p = new_game(1, {"players": 5, "mode": "physical"})
    ok(p, {"a": "nominate", "seat": 2})
    for bad in ({"a": "take"}, {"a": "take", "card": "azathoth"}):
        assert not p.apply(bad)[0]
    ok(p, {"a": "take", "card": "gate"})
    assert p.state["phase"] == "gate"  # who holds the Great Old One?
    assert not p.apply({"a": "goo", "holder": 6})[0]
    ok(p, {"a": "goo", "holder": 0})
    ok(p, {"a": "nominate", "seat": p.state["open"][0]})
    ok(p, {"a": "take", "card": "gate"})
    ok(p, {"a": "goo", "holder": 0})
    ok(p, {"a": "nominate", "seat": p.state["open"][0]})
    good, why = p.apply({"a": "take", "card": "gate"})
    assert not good and "already face up" in why


def test_replay_is_deterministic():
    for seed in (1, 2, 3):
        g1, log1 = play(seed)
        g2, log2 = play(seed)
        assert g1.state_hash() == g2.state_hash() and log1 == log2
