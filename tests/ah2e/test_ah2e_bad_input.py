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
