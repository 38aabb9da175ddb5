"""How often the AH2e autopilot (arkham_host.playtest.autopilot) wins, beside the box's figure.

ah2e_autopilot_win_rate_<n>     n = 1, 2, 4, 8 investigators: the share of GAMES seeded whole
                                games won, played by the autopilot with virtual chance, the
                                Ancient Ones taken in turn (GAMES / 8 games against each)
ah2e_autopilot_win_rate_<n>_seed  the box's figure for human players, from the Korean seed
                                (ah2e-overview-ko.txt line 5: 40% solo, 53% or more with two or
                                more players, rising with their number; 0.53 is printed for 2, 4
                                and 8 as the seed gives no more)
ah2e_autopilot_end_<n>_<how>    how those games ended (won_gates / won_seals / won_battle /
                                lost_devoured / lost_awakened ...), a count
ah2e_autopilot_turns_<n>        the mean number of turns of those games
ah2e_autopilot_win_rate_<n>_random  the same games played by the old random player
ah2e_autopilot_faults           invariants broken or actions refused in any game (must be empty)

Encounters are cards with no effect in a simulation (the core does not know the printed
cards): no item, ally, money or clue token is ever found in one. That caps the win rate far
below a human table's; the figures say by how much.
"""

from __future__ import annotations

GAMES = 200
SIZES = (1, 2, 4, 8)
AOS = ("azathoth", "cthulhu", "hastur", "ithaqua", "nyarlathotep", "shub_niggurath", "yig",
       "yog_sothoth")
SEED_WIN_RATE = {1: 0.40, 2: 0.53, 4: 0.53, 8: 0.53}


def games(n, policy="autopilot", count=GAMES, check=True):
    """(wins, {how: count}, mean turns, faults) over `count` seeded games of n investigators."""
    from arkham_host.playtest import ah2e_invariants, autopilot

    ends = {}
    turns = 0
    faults = []
    for k in range(count):
        ao = AOS[k % len(AOS)]
        chk = ah2e_invariants.Checker() if check else None
        how, t, _, f = autopilot.play(1000 + k, n, ao, policy, chk)
        ends[how] = ends.get(how, 0) + 1
        turns += t
        faults += ["%s %d investigators seed %d: %s" % (ao, n, 1000 + k, x) for x in f]
    wins = sum(c for how, c in ends.items() if how.startswith("won"))
    return wins, ends, turns / count, faults


def measure(count=GAMES) -> dict:
    out = {}
    faults = []
    for n in SIZES:
        wins, ends, turns, f = games(n, count=count)
        faults += f
        out["ah2e_autopilot_win_rate_%d" % n] = round(wins / count, 3)
        out["ah2e_autopilot_win_rate_%d_seed" % n] = SEED_WIN_RATE[n]
        out["ah2e_autopilot_turns_%d" % n] = round(turns, 1)
        for how, c in sorted(ends.items()):
            out["ah2e_autopilot_end_%d_%s" % (n, how)] = c
        rwins, _, _, _ = games(n, "random", count=count, check=False)
        out["ah2e_autopilot_win_rate_%d_random" % n] = round(rwins / count, 3)
    out["ah2e_autopilot_faults"] = faults
    return out


if __name__ == "__main__":
    import json

    print(json.dumps(measure(), indent=1))
