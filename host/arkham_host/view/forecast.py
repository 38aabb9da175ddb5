"""`arkham-table forecast LOG|PORT [--games N] [--policy autopilot|random]`: the odds of doom.
From the current AH2e state (a log played to its end on a fresh emulated table, or a table's
`dump`), play N continuations with the real rules core (arkham.ah2e, imported) and report how
likely the investigators are to win, how likely the Ancient One is to awaken within 1, 2, 3 ...
turns, and how many turns the game has left.

Each continuation:
  - the hidden order is drawn anew: the mythos deck shuffled, the table's generator reseeded (the
    monster cup and the gate stack are drawn through it), so only what is unseen varies;
  - chance is virtual throughout (dice, mythos, cup, gates), even when the table plays physical;
  - investigators follow the policy: by default the autopilot (arkham_host.autopilot: a careful
    player who heads for gates, fights weak monsters, closes and seals, spends clues on failing
    checks); `--policy random` keeps the old weak player (POLICY below). Either way encounters
    (Arkham and Other World) are taken as cards with no effect (`done`: the core does not know the
    printed cards), so the odds are those of a team that finds nothing in its encounters.
POLICY (random): upkeep keeps the sliders; an offered gate closing or sealing is always taken;
every other decision (where to move, fight or evade, flee, spend a clue) is a uniformly random
legal choice. A continuation stops at the end of the game (won, or lost at the awakening or in
the final battle), or after HORIZON turns (counted as not awakened).
Intervals: Wilson 95% for the probabilities, normal 95% for the mean turns left.
"""

from __future__ import annotations

import json
import math
import random
import sys
import time

HELP = "the odds of doom: random AH2e continuations from a log or a table (awakening by turn)"
DEFAULT_GAMES = 100
HORIZON = 40  # turns a continuation may run
MAX_ACTIONS = 6000  # per continuation: a bound, never reached by a real game
NO_EFFECT = ("monster_appears", "gate_appears")  # encounter card effects: the players' to report
TAKE = ("close", "seal")


POLICIES = ("autopilot", "random")


def policy(actions, rnd):
    """The random investigators' choice among the core's legal actions (see POLICY above)."""
    for a in actions:
        if a["a"] in TAKE and not a.get("pass"):
            return a
    plain = [a for a in actions if a["a"] not in NO_EFFECT]
    if any(a["a"] == "done" for a in plain):
        return next(a for a in plain if a["a"] == "done")
    if plain and plain[0]["a"] == "upkeep":
        return plain[0]  # keep the sliders
    return rnd.choice(plain or actions)


def _picker(name):
    if name == "random":
        return lambda g, acts, rnd: policy(acts, rnd)
    if name == "autopilot":
        from arkham_host.playtest import autopilot

        return autopilot.choose
    raise ValueError("policy is one of: " + " ".join(POLICIES))


def play_one(core_state, rnd, pick=None):
    """One continuation: (turns until awakening or None, turns until the game ended or the
    horizon, how it ended: won / awakened / over / horizon / stuck / bound). The autopilot plays
    unless `pick` (g, actions, rnd) says otherwise. An awakening is counted when it comes; the
    continuation plays on through the final battle (won there counts as won)."""
    pick = pick or _picker("autopilot")
    from arkham.ah2e.game import Game
    from arkham.jsoncopy import copy
    from arkham.rng import Rng

    s = copy(core_state)
    s["phys"] = []
    s["rng"] = Rng(rnd.randrange(1, 1 << 30)).state()
    rnd.shuffle(s["deck"])
    g = Game(snap=s, own=True)
    t0 = s["turn"]
    woke = None
    n = 0
    while n < MAX_ACTIONS:
        s = g.s
        if s.get("woke") and woke is None:
            woke = s["turn"] - t0 + 1
        if s["over"]:
            if s["over"]["won"]:
                return woke, s["turn"] - t0 + 1, "won"
            return woke, woke or s["turn"] - t0 + 1, "awakened" if woke else "over"
        if s["turn"] - t0 >= HORIZON and woke is None:
            return None, HORIZON, "horizon"
        acts = g.legal_actions()
        if not acts:
            return woke, s["turn"] - t0 + 1, "stuck"
        ok, _ = g.apply(pick(g, acts, rnd))
        n += 1
    return woke, g.s["turn"] - t0 + 1, "bound"


def wilson(k, n, z=1.96):
    if n == 0:
        return (0.0, 1.0)
    p = k / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return (max(0.0, c - h), min(1.0, c + h))


def forecast(core_state, games=DEFAULT_GAMES, seed=1, turns=None, policy_name="autopilot"):
    """{turn, phase, doom, games, policy, win, win_ci, within: [P(awake within 1..K)],
    within_ci, awaken, awaken_ci, expected_turns, ci, ends, seconds}."""
    if core_state.get("over") or core_state.get("woke"):
        raise ValueError(
            "the game is over or the Ancient One is already awake: nothing to forecast"
        )
    t = time.perf_counter()
    rnd = random.Random(seed)
    pick = _picker(policy_name)
    results = [play_one(core_state, rnd, pick) for _ in range(games)]
    secs = time.perf_counter() - t
    awake = [r[0] for r in results]
    lengths = [r[1] for r in results]
    K = turns or max([a for a in awake if a is not None] + [1])
    within = [sum(1 for a in awake if a is not None and a <= k) for k in range(1, K + 1)]
    n = len(results)
    mean = sum(lengths) / n
    sd = math.sqrt(sum((x - mean) ** 2 for x in lengths) / (n - 1)) if n > 1 else 0.0
    half = 1.96 * sd / math.sqrt(n) if n > 1 else 0.0
    ends = {}
    for r in results:
        ends[r[2]] = ends.get(r[2], 0) + 1
    k_all = sum(1 for a in awake if a is not None)
    won = ends.get("won", 0)
    return {
        "policy": policy_name,
        "win": won / n,
        "win_ci": wilson(won, n),
        "turn": core_state.get("turn"),
        "phase": core_state.get("phase"),
        "doom": core_state.get("doom"),
        "games": n,
        "within": [w / n for w in within],
        "within_ci": [wilson(w, n) for w in within],
        "awaken": k_all / n,
        "awaken_ci": wilson(k_all, n),
        "expected_turns": mean,
        "ci": (mean - half, mean + half),
        "ends": ends,
        "seconds": secs,
    }


def text(fc) -> str:
    lines = [
        "forecast from turn %s (%s), doom %s: %d %s continuations in %.1f s"
        % (fc["turn"], fc["phase"], fc["doom"], fc["games"], fc.get("policy", "autopilot"),
           fc["seconds"]),
        "the investigators win: %.0f%% [%.0f-%.0f%%]"
        % (100 * fc["win"], 100 * fc["win_ci"][0], 100 * fc["win_ci"][1]),
        "the Ancient One awakens: %.0f%% [%.0f-%.0f%%] (the rest: %s)"
        % (100 * fc["awaken"], 100 * fc["awaken_ci"][0], 100 * fc["awaken_ci"][1],
           ", ".join("%s %d" % kv for kv in sorted(fc["ends"].items()) if kv[0] != "awakened")
           or "none"),
    ]
    for k, (p, ci) in enumerate(zip(fc["within"], fc["within_ci"]), 1):
        lines.append("  within %2d turn%s: %3.0f%%  [%.0f-%.0f%%]"
                     % (k, " " if k == 1 else "s", 100 * p, 100 * ci[0], 100 * ci[1]))
    lo, hi = fc["ci"]
    lines.append("expected turns left: %.1f (95%% CI %.1f-%.1f)" % (fc["expected_turns"], lo, hi))
    if fc.get("policy") == "random":
        lines.append("investigators play by a simple random policy (docs/view.md): real players "
                     "do better, so read these odds as an upper bound on doom")
    else:
        lines.append("investigators play by the autopilot (a careful player; encounters find "
                     "nothing, as the core does not know the cards): docs/view.md")
    return "\n".join(lines)


def state_from(source, board=None) -> dict:
    """The AH2e `dump` state of a log's end (played again) or of a table now."""
    import os

    if os.path.isfile(source):
        from arkham_host.view import gamelog

        w = gamelog.replay(source, board=board)
        try:
            reply = w.link.request("dump", timeout=15)
        finally:
            w.close()
    else:
        from arkham_host.wire.link import Link

        link = Link(source)
        try:
            reply = link.request("dump", timeout=15)
        finally:
            link.close()
    if reply.get("game") != "ah2e":
        raise ValueError("%s: the table plays %r, not ah2e" % (source, reply.get("game")))
    return reply["state"]


def add_arguments(p):
    p.add_argument("source", metavar="LOG|PORT", help="a log from `arkham-table log`, or a port")
    p.add_argument("--games", type=int, default=DEFAULT_GAMES,
                   help="continuations to play (default %d)" % DEFAULT_GAMES)
    p.add_argument("--seed", type=int, default=1, help="the continuations' own seed (default 1)")
    p.add_argument("--board", help="board map for the log (default: the one its hello names)")
    p.add_argument("--json", action="store_true", help="print the figures as JSON")
    p.add_argument("--policy", choices=POLICIES, default="autopilot",
                   help="how the investigators play (default autopilot; random: the old weak "
                        "player)")


def run(args) -> int:
    if not 1 <= args.games <= 100000:
        print("arkham-table forecast: --games wants 1..100000", file=sys.stderr)
        return 2
    try:
        st = state_from(args.source, args.board)
        fc = forecast(st["core"], args.games, args.seed, policy_name=args.policy)
    except (OSError, ValueError, KeyError, AssertionError) as e:
        print("arkham-table forecast: %s" % e, file=sys.stderr)
        return 1
    print(json.dumps(fc) if args.json else text(fc))
    return 0
