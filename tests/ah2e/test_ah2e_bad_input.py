"""Bad input gets a clear reason and changes nothing (design: rules cores), whatever it is:
hypothesis throws arbitrary action dicts at games in random situations."""
import os
import random

from hypothesis import HealthCheck, given, settings, strategies as st

from arkham.ah2e.actions import VERBS
from arkham.ah2e.game import new_game
from ah2e_driver import INVESTIGATORS, choose

VALUES = st.one_of(st.none(), st.booleans(), st.integers(-3, 70),
                   st.sampled_from(["woods", "downtown", "rlyeh_1", "ghoul", "lore", "fight",
                                    "heat_wave", "abyss", "", "x" * 40, "é"]),
                   st.lists(st.integers(-1, 7), max_size=5),
                   st.dictionaries(st.sampled_from(["will", "luck_check", "x"]),
                                   st.integers(-2, 2), max_size=2))
KEYS = ["inv", "to", "monster", "kind", "card", "world", "dice", "successes", "die", "sliders",
        "clues", "skill", "hands", "bonus", "mod", "n", "at", "colour", "money", "item",
        "sanity", "stamina", "result", "difficulty", "magical", "elder_sign", "lost", "bless"]
ACTION = st.builds(lambda verb, kv: dict(kv, a=verb),
                   st.sampled_from(sorted(VERBS) + ["nonsense"]),
                   st.dictionaries(st.sampled_from(KEYS), VALUES, max_size=4))


@settings(max_examples=30 if os.environ.get("HYPOTHESIS_PROFILE") == "ah2e-mutants" else 300,
          deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10000), steps=st.integers(0, 150), chance=st.booleans(),
       junk=st.lists(ACTION, min_size=1, max_size=6))
def test_junk_actions_are_refused_cleanly_or_done(seed, steps, chance, junk):
    rnd = random.Random(seed)
    g = new_game(seed, {"investigators": INVESTIGATORS[:3],
                        "chance": "physical" if chance else "virtual"})
    for _ in range(steps):
        if g.over():
            break
        g.apply(choose(g, rnd, False))
    for a in junk:
        before = g.snapshot()
        ok, out = g.apply(a)
        if not ok:
            assert isinstance(out, str) and out
            assert g.snapshot() == before, "refused %r changed the state" % (a,)
        else:
            assert isinstance(out, list)
    assert g.apply("not a dict")[0] is False


def test_a_few_refusals_exactly():
    """Dice faces, booleans where numbers belong, a return through a gate to another world."""
    import sys

    sys.path.insert(0, __file__.rsplit("/", 1)[0])
    from ah2e_helpers import bad, clear_board, game, ok, open_gate, to_need

    g = game(1, ao="azathoth")
    clear_board(g)
    g.s["inv"][0].update(sk=[1, 4, 1, 4, 1, 4], sl=[0, 0, 0], clues=0)
    ok(g, {"a": "check", "inv": 0, "skill": "luck"})
    assert "faces" in bad(g, {"a": "roll", "dice": [7, 1, 1, 1]})
    assert "faces" in bad(g, {"a": "roll", "dice": [0, 1, 1, 1]})
    ok(g, {"a": "roll", "dice": [6, 1, 1, 1]})
    assert bad(g, {"a": "effect", "inv": True, "clues": 1})
    assert bad(g, {"a": "effect", "inv": 0, "clues": True})
    g2 = game(2, ao="azathoth")  # true is not investigator 1, false not investigator 0
    for inv in (True, False):
        assert "number" in bad(g2, {"a": "effect", "inv": inv, "clues": 1})
        assert "number" in bad(g2, {"a": "move_to", "inv": inv, "to": "woods"})
    assert bad(g, {"a": "doom", "n": 21}) and bad(g, {"a": "doom", "n": -(g.s["doom"] + 1)})
    g = game(1, ao="azathoth")
    clear_board(g)
    open_gate(g, "woods", "rlyeh")
    open_gate(g, "graveyard", "abyss")
    open_gate(g, "black_cave", "rlyeh")
    g.s["inv"][0]["at"] = "rlyeh_2"
    assert to_need(g, "return") == {"k": "return", "inv": 0}
    reason = bad(g, {"a": "return", "to": "graveyard"})
    assert "black_cave woods" in reason
    ok(g, {"a": "return", "to": "woods"})
