"""Property tests over many random legal games (CPython, hypothesis): every legal action is
accepted, tokens are conserved, values stay in bounds, and every game ends within its rounds."""
import random
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from arkham import canon
from arkham.fh import new_game

AOS = ["cthulhu", "shudde_mell", "umordhoth"]
LEVELS = ["easy", "normal", "hard"]
# a legal game is bounded: 8 rounds x (2 phases x max_effects + activation choices) + 16
STEP_CAP = 8 * (2 * 40 + 2 * 40 * 12 + 4 + 4 + 2) + 16


def play_action(g, rnd):
    """A random legal action; attempting early and self-wounding rarely, so games last."""
    la = g.legal_actions()
    calm = [a for a in la if a["a"] not in ("attempt", "wound")]
    if calm and rnd.random() < 0.97:
        la = calm
    return rnd.choice(la)


def check_invariants(g, start):
    s = g.state
    D = g.D
    b = D.board
    # monsters: every token in exactly one place; slots unique and in range; kinds where they go
    seen = set()
    for m, t in enumerate(s["mon"]):
        assert t[0] in ("pool", "aside", "reserve", "board"), t
        if t[0] == "board":
            assert 1 <= t[1] <= b.n and 0 <= t[2] < b.slots[t[1]]
            assert (t[1], t[2]) not in seen
            seen.add((t[1], t[2]))
            assert 0 <= t[3] < D.hp(m)
        else:
            assert t[1:] == [0, 0, 0]
        if D.special(m):
            assert t[0] in ("reserve", "board")
        else:
            assert t[0] in ("pool", "aside", "board")
    assert len(s["mon"]) == len(D.token) == len(start["mon"])
    # tokens and supplies
    assert sum(sum(r) for r in s["ruin"]) + s["ruin_supply"] == 18
    assert len(s["sealed"]) + s["seals"] == 8 and s["seals"] >= 0
    gates = Counter(s["gate_stack"] + s["gate_box"] + s["gate_out"])
    for sym, _loc, n in s["gates"]:
        gates[sym] += n
    assert gates == Counter({"heptagram": 4, "tesseract": 4, "trinity": 4})
    clues = Counter(s["ritual_parts"] + s["clues_unplaced"])
    for c in s["clues"]:
        if c is not None:
            clues[c[0]] += 1
    assert sum(clues.values()) == 13 and clues["key"] == 3
    assert s["ritual_parts"] == start["ritual_parts"]
    p = s["priority"]  # FH-ROUND-3: every priority card in one place
    held = [c for c in p["deck"] + p["discard"] + sum(p["hands"], [])]
    if s["phase"] in ("priority", "actions"):
        held += [x[1] for x in s["plays"]]
    assert sorted(held) == list(range(1, 31))
    assert len(s["plays"]) <= 4
    # bounds
    assert 1 <= s["round"] <= 8
    for i in s["inv"]:
        assert 0 <= i["hp"] <= i["max"] and 1 <= i["loc"] <= b.n
        if i["hp"] == 0:
            assert s["result"] == "lost"
    ritual_used = sum(1 for t in s["mon"] if t[0] == "board" and t[1] == s["ritual"])
    if ritual_used == b.slots[s["ritual"]]:
        assert s["result"] == "lost"
    if s["result"] is not None:
        assert s["act"] is None and g.legal_actions() == []


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**30 - 1), ao=st.sampled_from(AOS), level=st.sampled_from(LEVELS),
       players=st.integers(1, 4), policy=st.integers(0, 2**30))
def test_random_legal_games_conserve_and_end(seed, ao, level, players, policy):
    """FH-ROUND-2: every game ends by round 8; FH-SPAWN-3 and FH-LOSE-1 hold throughout."""
    g = new_game(seed, {"ancient": ao, "level": level, "players": players})
    start = g.snapshot()
    rnd = random.Random(policy)
    steps = 0
    while g.state["result"] is None:
        a = play_action(g, rnd)
        good, ev = g.apply(a)
        assert good, (a, ev)
        check_invariants(g, start)
        steps += 1
        if steps % 17 == 0:  # the piecewise hash is canon's hash of the whole state
            assert g.state_hash() == canon.state_hash(g.state)
        assert steps <= STEP_CAP
    assert g.state["round"] <= 8


JUNK_VERBS = ["move", "attack", "investigate", "seal", "heal", "wound", "activate", "push",
              "spawn", "spawn_special", "order", "victim", "next", "end_round", "play", "offer",
              "attempt", "next_round", "repair", "fly"]
BOARD_VERBS = ("activate", "push", "spawn", "spawn_special", "repair")


def _junk(rnd, g):
    a = {"a": rnd.choice(JUNK_VERBS), "inv": rnd.choice([0, 1, 2, 3, 5, "1", None])}
    for k in ("to", "m", "dmg", "loc", "who"):
        if rnd.random() < 0.7:
            a[k] = rnd.choice([-1, 0, 1, 2, 3, 4, 5, 8, 12, 15, 16, 40, 47, True, "x"])
    if rnd.random() < 0.5:
        a["zone"] = rnd.choice(g.D.board.zones + ["pink", 3])
    if rnd.random() < 0.3:
        a["kind"] = rnd.choice(["deep_one", "chthonian", "ghoul_horde", "blue_plain_1"])
    if rnd.random() < 0.3:
        a["card"] = rnd.choice([0, 1, 5, 17, 30, 31, "2", None])
    if rnd.random() < 0.3:
        a["cards"] = [rnd.randint(0, 31) for _ in range(rnd.choice([0, 2, 3, 4]))]
    return a


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6), policy=st.integers(0, 10**6))
def test_junk_is_refused_unchanged_or_is_a_legal_action(seed, policy):
    """Bad input changes nothing; anything accepted is in legal_actions (board effects are
    listed once, under the lead's seat, though any seat may apply them)."""
    g = new_game(seed, {"players": 2 + seed % 3, "ancient": AOS[seed % 3]})
    rnd = random.Random(policy)
    for _ in range(300):
        if g.state["result"] is not None:
            break
        if rnd.random() < 0.5:
            a = play_action(g, rnd)
        else:
            a = _junk(rnd, g)
        legal = g.legal_actions()
        h = g.state_hash()
        snap = g.snapshot()
        good, ev = g.apply(a)
        if good:
            probe = dict(a)
            if probe["a"] in BOARD_VERBS:
                probe["inv"] = snap["lead"]
            norm = [{k: x[k] for k in x} for x in legal]
            assert any(_same(probe, x) for x in norm), a
        else:
            assert isinstance(ev, str) and g.state_hash() == h and g.snapshot() == snap


def _same(a, b):
    """An accepted action matches a listed one (extra junk fields are ignored by the core)."""
    for k in b:
        if k == "cards" and isinstance(a.get(k), list) and sorted(a[k]) == sorted(b[k]):
            continue
        if a.get(k) != b[k] or type(a.get(k)) is not type(b[k]):
            return False
    return True
