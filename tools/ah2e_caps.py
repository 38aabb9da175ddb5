#!/usr/bin/env python3
"""What caps the AH2e autopilot's win rate (issue 29): seeded whole games, counted by how they end.

    .venv/bin/python tools/ah2e_caps.py                      # every variant, 200 games a size
    .venv/bin/python tools/ah2e_caps.py --games 80 --only autopilot no_monsters --sizes 4,8

The games are the bench's (`bench --only autopilot`): seeds 1000 + k, the Ancient Ones in turn,
virtual chance, the autopilot's choices. Each variant changes what the players report, never a
rule (every report is an action the core accepts at any time):

  autopilot     encounters are cards with no effect (the bench; issue 29's documented outcome)
  clue_cards    every Arkham encounter card (where no care is taken) gives 1 clue token
  clue_half     half of them do (seeded by the game's own random player, not the core's chance)
  money_cards   every Arkham encounter card gives $1 (money for the care)
  weapon3       every investigator holds a one-handed weapon +3 (a random starting possession
                the simulation never draws, AH-SETUP-6), equipped in every combat and final attack
  weapon6       the same with +6
  no_monsters   an upper bound, not play: before each upkeep and movement decision every monster
                in Arkham goes back to the cup (as if every monster met were beaten for nothing)

The card variants are assumptions for a sensitivity, not the seed's cards: the seeds give no
average outcome of an encounter (the Korean seed names clue tokens, items, money and monsters as
what cards give, without figures). Per size and variant it prints the win rate, how the games
ended, and per game: turns, gates opened / closed / sealed, clue tokens gained per turn, knock-outs,
the terror at the end and why the Ancient One woke.
"""
import argparse
import json
import pathlib
import random
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "host"), str(ROOT / "firmware")]

from arkham_host import autopilot  # noqa: E402
from arkham_host.bench.autopilot import AOS  # noqa: E402

COUNTED = ("gate_opened", "gate_closed", "sealed", "knocked_out")


def cards(effect, chance=1.0):
    """The autopilot, with `effect` reported once in an Arkham encounter it does not use for
    care, with the given chance (the care's own report comes first, then this one, then `done`)."""
    last = [None]

    def pick(g, acts, rnd):
        a = autopilot.choose(g, acts, rnd)
        need = g.need()
        if need and need["k"] == "encounter" and a["a"] == "done" and last[0] != (
                g.s, g.s["id"]):
            last[0] = (g.s, g.s["id"] + 1)
            if chance >= 1 or rnd.random() < chance:
                return dict({"a": "effect", "inv": need["inv"]}, **effect)
        return a

    return pick


def weapon(bonus):
    def pick(g, acts, rnd):
        need = g.need()
        s = g.s
        if need and need["k"] in ("combat", "final_attack"):
            held = s["cmb"] if s["cmb"] is not None else s["fb"]["eq"]
            if held["hw"] == 0:
                return {"a": "equip", "hands": 1, "bonus": bonus, "magical": False}
        return autopilot.choose(g, acts, rnd)

    return pick


def no_monsters(g, acts, rnd):
    need = g.need()
    if need and need["k"] in ("upkeep", "move"):
        for m, at in enumerate(g.s["mon"]):
            if at in g.d.adj or at == "sky":
                return {"a": "remove_monster", "monster": m, "to": "cup"}
    return autopilot.choose(g, acts, rnd)


VARIANTS = {"autopilot": lambda: autopilot.choose, "clue_cards": lambda: cards({"clues": 1}),
            "clue_half": lambda: cards({"clues": 1}, 0.5),
            "money_cards": lambda: cards({"money": 1}), "weapon3": lambda: weapon(3),
            "weapon6": lambda: weapon(6), "no_monsters": lambda: no_monsters}


def game(seed, n, ao, pick):
    """(how it ended, {figure: count}) for one seeded game."""
    from arkham.ah2e.game import new_game

    rnd = random.Random(seed)
    g = new_game(seed, {"ao": ao, "investigators": autopilot.INVESTIGATORS[:n]})
    out = dict.fromkeys(COUNTED, 0)
    out.update(clues=0, woke=None)
    k = 0
    while not g.over() and k < autopilot.MAX_ACTIONS:
        ok, ev = g.apply(pick(g, g.legal_actions(), rnd))
        k += 1
        if not ok:
            raise SystemExit("refused at seed %d: %s" % (seed, ev))
        for e in ev:
            if e["ev"] in COUNTED and (e["ev"] != "knocked_out" or g.s["phase"] != "final"):
                out[e["ev"]] += 1
            elif e["ev"] == "clues_taken":
                out["clues"] += e["n"]
            elif e["ev"] == "awakens":
                out["woke"] = e["why"]
    over = g.over()
    out["how"] = "unfinished" if not over else ("won_" if over["won"] else "lost_") + over["how"]
    out.update(turns=g.s["turn"], terror=g.s["terror"])
    return out


def measure(variant, n, games):
    pick = VARIANTS[variant]()
    rows = [game(1000 + k, n, AOS[k % len(AOS)], pick) for k in range(games)]
    ends, woke = {}, {}
    for r in rows:
        ends[r["how"]] = ends.get(r["how"], 0) + 1
        woke[r["woke"] or "asleep"] = woke.get(r["woke"] or "asleep", 0) + 1
    turns = sum(r["turns"] for r in rows)
    res = {"variant": variant, "investigators": n, "games": games,
           "win_rate": round(sum(c for h, c in ends.items() if h.startswith("won")) / games, 3),
           "ends": ends, "woke": woke, "turns": round(turns / games, 1),
           "clues_per_turn": round(sum(r["clues"] for r in rows) / max(1, turns), 2),
           "terror": round(sum(r["terror"] for r in rows) / games, 1)}
    for f in COUNTED:
        res[f] = round(sum(r[f] for r in rows) / games, 2)
    return res


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--sizes", default="1,2,4,8")
    ap.add_argument("--only", nargs="*", choices=sorted(VARIANTS))
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    for variant in args.only or list(VARIANTS):
        for n in (int(x) for x in args.sizes.split(",")):
            r = measure(variant, n, args.games)
            if args.json:
                print(json.dumps(r), flush=True)
                continue
            print("%-11s %d inv: won %5.1f%%  turns %4.1f  gates %4.2f opened %4.2f closed "
                  "%4.2f sealed  clues/turn %4.2f  KOs %5.2f  terror %4.1f  ends %s  woke %s" % (
                      variant, n, 100 * r["win_rate"], r["turns"], r["gate_opened"],
                      r["gate_closed"], r["sealed"], r["clues_per_turn"], r["knocked_out"],
                      r["terror"], r["ends"], r["woke"]), flush=True)


if __name__ == "__main__":
    main()
