"""Property tests over random legal games (hypothesis): markers conserved, clues never negative,
doom and terror in bounds, every game ends (AH-BOARD-4, AH-TERROR-4, AH-AWAKE-1).

Profiles: the default keeps the suite fast; HYPOTHESIS_PROFILE=ah2e-thorough plays thousands."""
import os

from ah2e_driver import AOS, play
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

settings.register_profile("ah2e-fast", max_examples=150, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("ah2e-thorough", max_examples=3000, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("ah2e-mutants", max_examples=25, deadline=None,  # tools/ah2e_mutants.py
                          suppress_health_check=[HealthCheck.too_slow])
PROFILE = os.environ.get("HYPOTHESIS_PROFILE", "ah2e-fast")
if not PROFILE.startswith("ah2e"):
    PROFILE = "ah2e-fast"
MAX_ACTIONS = 20000


def invariants(g):
    s = g.s
    d = g.d
    n = len(s["inv"])
    trophies = ["t%d" % i for i in range(n)]
    assert len(s["mon"]) == 60
    for m, p in enumerate(s["mon"]):
        ok = p in ("cup", "box", "outskirts") or d.is_arkham(p) or p in trophies or (
            p == "enc" and s["cmb"] is not None and s["cmb"]["m"] == m)
        assert ok, "monster %d at %r" % (m, p)
        assert not (d.is_arkham(p) and p in s["closed"]), "monster in a closed location"
    assert len(s["gm"]) == 16
    for k, p in enumerate(s["gm"]):
        assert p == "stack" or p in trophies or s["gates"].get(p) == k, "gate %d at %r" % (k, p)
    assert sorted(s["gates"].values()) == sorted(k for k, p in enumerate(s["gm"])
                                                  if p in s["gates"])
    for loc, c in s["clues"].items():
        assert c > 0 and loc in d.street_of
    for v in s["inv"]:
        assert v["clues"] >= 0 and v["money"] >= 0
        assert 0 <= v["san"] <= v["msan"] and 0 <= v["sta"] <= v["msta"]
        assert v["dead"] or (v["san"] > 0 and v["sta"] > 0)
        assert v["dead"] or v["at"] not in s["closed"]
    assert 0 <= s["doom"] <= g.ao["doom"]
    assert 0 <= s["terror"] <= 10
    assert set(s["signs"]).isdisjoint(s["gates"])


@settings(settings.get_profile(PROFILE))
@given(seed=st.integers(0, 2**30 - 1), n=st.integers(1, 8), ao=st.sampled_from(AOS),
       chance=st.sampled_from(["virtual", "physical", "mixed"]),
       effects=st.booleans())
# the lone investigator devoured (lost, Yog-Sothoth) and the Ancient One woken before a new one
# was chosen: the final battle had nobody in it and looped until the flow bound
@example(seed=366, n=1, ao="yog_sothoth", chance="physical", effects=True)
def test_random_games_keep_the_invariants_and_end_AH_BOARD_4(seed, n, ao, chance, effects):
    """AH-BOARD-4 (markers conserved, clues never negative), doom and terror in bounds
    (AH-TERROR-4, AH-AWAKE-1), and the game always ends."""
    if chance == "mixed":
        chance = ["dice", "cup"]

    def each(g, a, ok, ev):
        invariants(g)

    g = play(seed, n_inv=n, ao=ao, chance=chance, effects=effects, max_actions=MAX_ACTIONS,
             each=each)
    assert g.over(), "the game did not end in %d actions" % MAX_ACTIONS
