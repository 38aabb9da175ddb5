"""The AH2e autopilot: investigators played as a careful player would, through the same legal
actions a table offers. `choose(g, actions, rnd)` picks one of `g.legal_actions()`.

What it prefers, and why (in a player's words):
- Healthy (stamina and sanity above 1), it heads for an open gate nobody else is seeing to, by
  the safest short way: gates are how the game is won, and each one open brings the Ancient One
  nearer. Two investigators do not go for the same gate; one in an Other World has its gate.
- A street or location with monsters costs more the likelier a failed evade is, and far more
  when that failure could knock it out (a dark young's street is walked round, not through).
- Hurt (stamina or sanity at 1, or at 2 with no gate to see to), it goes to St. Mary's Hospital
  or Arkham Asylum and takes the care there once, instead of that turn's encounter (back to full
  for $2, else one point free), staying until back to half. With every gate seen to, it gathers
  clue tokens for seals.
- It stops where it wants to be, and takes every clue token where its movement ends.
- A monster in the way: it fights it when the fight is likely won (at least even odds, or the
  odds of evading it if lower, and the horror and two blows cannot knock it out), else it
  evades; in combat it goes on fighting unless fleeing is the likelier way out.
- Back from an Other World it closes the gate with whichever of Fight and Lore gives more dice,
  and seals it whenever it holds the clue tokens: a sealed gate never opens again, and six seals
  win the game. In the upkeep it moves its sliders a step toward that skill there; in Arkham
  toward just the Speed its next goal needs, the rest in Sneak for evading.
- A failed check: it spends only the clue tokens above what a seal needs (a seal is worth more
  than any one check), except on a gate's closing when no seal is within reach anyway; in the
  final battle, every one.
- It answers chance with the dice, and takes each encounter as a card with no effect (`done`):
  the core does not know the printed cards, so simulated encounters stay neutral (no items,
  allies or money found; no clue token or healing from a card either). That caps how often it
  can win: see `bench ah2e_autopilot_win_rate_<n>` (about 1% where the box says 40-53%), and
  `tools/ah2e_caps.py` for what caps it (docs/ah2e.md): the clue tokens cards would give (one a
  card: 20% of 4 investigators' games won, by seals) and the monsters it cannot beat without the
  cards a table draws (a team that never met one: 30%).
`random_choice` is the old forecast's weak player (random where it matters), kept as
`--policy random`.
"""

from __future__ import annotations

import heapq
import json
import pathlib

HURT = 1  # stamina or sanity at most this: hurt (clue tokens rather than gates)
_ENCOUNTER = ("monster_appears", "gate_appears")  # card effects: the players' to report
# The care is taken once an encounter (AH-ENC-1: instead of the card): the state (and its action
# count) right after the last care reported, so the next decision in that encounter is `done`.
_cared = [None]
_CARE = json.loads((pathlib.Path(__file__).parent / "autopilot_care.json").read_text())


def care_here(g, i):
    """The care where investigator i stands ({what, max, have, free, full_cost}), or None."""
    if not _CARE["use"]:
        return None
    return _CARE["care"].get(g.s["inv"][i]["at"])


def care_action(g, i):
    """The `effect` a player reports for the care here, instead of the encounter: back to the
    maximum when that is worth its price (2 or more points missing and the money to pay), else
    the free point (None: nothing to heal)."""
    c = care_here(g, i)
    if c is None:
        return None
    v = g.s["inv"][i]
    missing = v[c["max"]] - v[c["have"]]
    if missing <= 0:
        return None
    if missing >= 2 and v["money"] >= c["full_cost"]:
        return {"a": "effect", "inv": i, c["what"]: missing, "money": -c["full_cost"]}
    return {"a": "effect", "inv": i, c["what"]: min(missing, c["free"])}


def p_at_least(n, k, p=1 / 3):
    """The chance of k or more successes on n dice, each a success with chance p (5-6)."""
    if k <= 0:
        return 1.0
    if n < k:
        return 0.0
    from math import comb

    return sum(comb(n, j) * p**j * (1 - p) ** (n - j) for j in range(k, n + 1))


def _p(g, i):
    """A die's chance of a success for investigator i (AH-CHECK-2: blessed 4-6, cursed 6)."""
    b = g.s["inv"][i]["bless"]
    return 1 / 2 if b > 0 else (1 / 6 if b < 0 else 1 / 3)


def dice(g, i, check, mod=0):
    from arkham.ah2e import rules

    return max(0, rules.skill(g, i, check) + mod)


def healthy(v):
    """Fit for a gate's Other World: encounters there are neutral in a simulation, so only the
    monsters on the way hurt; a knock-out leaves 1 (nothing heals without encounters)."""
    return v["sta"] > HURT and v["san"] > HURT


# ---- monsters --------------------------------------------------------------------------------
def fight_odds(g, i, m):
    """The chance that one combat check defeats monster m."""
    from arkham.ah2e import rules

    n = dice(g, i, "combat", rules.stat(g, m, "combat_mod"))
    return p_at_least(n, rules.stat(g, m, "toughness"), _p(g, i))


def evade_odds(g, i, m):
    from arkham.ah2e import rules

    return p_at_least(dice(g, i, "evade", rules.stat(g, m, "awareness")), 1, _p(g, i))


def safe_to_fight(g, i, m):
    """The horror and two blows cannot knock the investigator out."""
    from arkham.ah2e import rules

    v = g.s["inv"][i]
    horror = rules.stat(g, m, "horror_dmg") or 0
    if rules.stat(g, m, "horror_mod") is None:
        horror = g.d.kstat(m, "nightmarish") or 0
    blow = rules.stat(g, m, "combat_dmg") or 0
    return v["san"] > horror and v["sta"] > 2 * blow


def wants_fight(g, i, m):
    return safe_to_fight(g, i, m) and fight_odds(g, i, m) >= min(0.5, evade_odds(g, i, m))


# ---- the way ---------------------------------------------------------------------------------
def step_cost(g, i, loc):
    """What stepping into `loc` costs investigator i, in steps: 1, plus for each monster there
    the risk of meeting it (a monster it would rather fight: 1 + the chance of losing the
    combat; else 1 + 2 x the chance of a failed evade, and 12 x when that failure's blows could
    knock it out: a failed evade is a combat round lost, AH-MOVE-4)."""
    from arkham.ah2e import rules

    s = g.s
    c = 1.0
    v = s["inv"][i]
    for m, p in enumerate(s["mon"]):
        if p != loc:
            continue
        if wants_fight(g, i, m):
            c += 1 + 2 * (1 - fight_odds(g, i, m))
            continue
        miss = 1 - evade_odds(g, i, m)
        blow = rules.stat(g, m, "combat_dmg") or 0
        c += 1 + miss * (12 if blow >= v["sta"] or v["sta"] <= HURT else 2 + blow)
    return c


def route(g, frm, goals, i=None):
    """The next area on the cheapest way from `frm` to one of `goals` (step_cost for
    investigator i, or 3 for an area with monsters when i is None), and that way's cost;
    (None, None) when none is reachable."""
    if not goals:
        return None, None
    s = g.s
    cost = {}
    best = {frm: 0}
    first = {frm: None}
    heap = [(0, frm)]
    while heap:
        c, a = heapq.heappop(heap)
        if c > best.get(a, 1 << 30):
            continue
        if a in goals:
            return first[a], c
        for b in g.d.adj.get(a, ()):
            if b in s["closed"]:
                continue
            if b not in cost:
                cost[b] = (step_cost(g, i, b) if i is not None else
                           (3 if b in s["mon"] else 1))
            nc = c + cost[b]
            if nc < best.get(b, 1 << 30):
                best[b] = nc
                first[b] = b if a == frm else first[a]
                heapq.heappush(heap, (nc, b))
    return None, None


def claimed(g, i):
    """Gates others see to: each investigator in an Other World claims the gates back from it,
    one at an explored gate that gate, and the others (in player order, before i) each the
    nearest gate still free, so that two do not go for the same gate."""
    from arkham.ah2e import rules

    s = g.s
    out = set()
    for j, w in enumerate(s["inv"]):
        if j == i or w["dead"]:
            continue
        world = g.d.world_of(w["at"])[0]
        for loc, marker in s["gates"].items():
            if loc == w["at"] or (world and g.d.gate_world[marker] == world):
                out.add(loc)
    for j in rules.order(g):
        if j == i:
            break
        w = s["inv"][j]
        if w["at"] in g.d.adj and healthy(w):
            free = set(s["gates"]) - out
            if free:
                out.add(_reached(g, w["at"], free))
    return out


def _reached(g, frm, goals):
    """Which of `goals` the cheapest way from `frm` leads to (breadth of route's search; of
    equally near ones, the first by name)."""
    best = None
    for loc in sorted(goals):
        if loc == frm:
            return loc
        _, c = route(g, frm, {loc})
        if c is not None and (best is None or c < best[0]):
            best = (c, loc)
    return best[1] if best else None


def goals_for(g, i):
    """Where investigator i wants to end movement: the gate they explored (to close it); else a
    gate nobody else is seeing to, when healthy or already holding a seal's clue tokens; else clue
    tokens (any gate when none are left)."""
    from arkham.ah2e import turn

    s = g.s
    v = s["inv"][i]
    if v["explored"] and v["explored"] == v["at"] and v["at"] in s["gates"]:
        return {v["at"]}  # back from the Other World: stay and close it
    gates = set(s["gates"])
    free = gates - claimed(g, i)
    clues = set(loc for loc, n in s["clues"].items() if n > 0 and loc not in gates)
    care = cares_for(g, i)
    if care and not healthy(v):
        return care
    if free and (healthy(v) or v["clues"] >= turn.seal_cost(g)):
        return free
    if care:
        return care
    # every gate seen to (or hurt): clue tokens for the seals, else help at any gate
    return clues or gates or {v["at"]}


def cares_for(g, i):
    """The care locations that heal what investigator i lacks: wanted when hurt, and kept
    (stayed at) until back to at least half the maximum and above HURT + 1."""
    if not _CARE["use"]:
        return set()
    v = g.s["inv"][i]
    out = set()
    for loc, c in _CARE["care"].items():
        have, top = v[c["have"]], v[c["max"]]
        if loc in g.s["closed"] or have >= top:
            continue
        if have <= HURT + 1 or (v["at"] == loc and 2 * have < top):
            out.add(loc)
    return out


# ---- the choice ------------------------------------------------------------------------------
def choose(g, acts, rnd=None):
    """The autopilot's pick among `acts` (= g.legal_actions(), not empty)."""
    need = g.need()
    k = need["k"] if need else None
    s = g.s
    plain = [a for a in acts if a["a"] not in _ENCOUNTER]
    if k == "move":
        return _move(g, need["inv"], acts)
    if k == "combat":
        cmb = s["cmb"]
        fl = [a for a in acts if a["a"] == "flee"]
        if fl and fight_odds(g, cmb["i"], cmb["m"]) < evade_odds(g, cmb["i"], cmb["m"]):
            return fl[0]
        return _first(acts, "fight")
    if k == "meet":
        cmb = s["cmb"]
        return _first(acts, "fight" if wants_fight(g, cmb["i"], cmb["m"]) else "evade")
    if k == "clue":
        return _clue(g, need, acts)
    if k == "close":
        return _close(g, need["inv"], acts)
    if k == "seal":
        return _first(acts, "seal")
    if k == "take_clue":
        return _first(acts, "take_clue")  # (the first investigator offered it)
    if k == "ao_loss":
        v = s["inv"][need["inv"]]
        return _first_where(acts, lambda a: a["what"] == (
            "max_sanity" if v["msan"] >= v["msta"] else "max_stamina"))
    if k == "return":
        return _return(g, need["inv"], acts)
    if k == "encounter" and not (_cared[0] and _cared[0][0] is s and _cared[0][1] == s["id"]):
        heal = care_action(g, need["inv"])  # (healed, or no money left: None, then `done`)
        if heal is not None:
            _cared[0] = (s, s["id"] + 1)  # the state after this report: no second care
            return heal  # instead of the encounter (then `done`)
    for a in plain:
        if a["a"] == "done":
            return a
    if plain and plain[0]["a"] == "upkeep":
        return _sliders(g, need["inv"], plain)
    return (plain or acts)[0]


def _first(acts, verb):
    for a in acts:
        if a["a"] == verb:
            return a
    return acts[0]


def _first_where(acts, test):
    for a in acts:
        if test(a):
            return a
    return acts[0]


def _move(g, i, acts):
    s = g.s
    v = s["inv"][i]
    fights = [a for a in acts if a["a"] == "fight" and "monster" in a]
    evades = [a for a in acts if a["a"] == "evade"]
    if fights and not evades:  # may fight only (standing up, back from an Other World)
        for a in fights:
            if wants_fight(g, i, a["monster"]):
                return a
        return _first(acts, "end_move")
    if fights:
        m = fights[0]["monster"]
        if wants_fight(g, i, m):
            return fights[0]
        return next(a for a in evades if a["monster"] == m)
    goals = goals_for(g, i)
    if v["at"] not in goals:
        nxt, _ = route(g, v["at"], goals, i)
        for a in acts:
            if a["a"] == "move" and a["to"] == nxt:
                return a
    for a in acts:
        if a["a"] == "end_move" and "clues" not in a:
            return a  # every clue token here
    return acts[0]


def steps_to(g, frm, goals):
    """The fewest steps from `frm` to one of `goals` (the movement points it takes, monsters
    aside; closed locations are no way), or None."""
    seen = {frm}
    front = [frm]
    d = 0
    while front:
        if any(a in goals for a in front):
            return d
        d += 1
        nxt = []
        for a in front:
            for b in g.d.adj.get(a, ()):
                if b not in seen and b not in g.s["closed"]:
                    seen.add(b)
                    nxt.append(b)
        front = nxt
    return None


def _sliders(g, i, acts):
    """The sliders one step (the Focus most sheets have) toward what is next: on the way
    through an Other World, or back at the gate it explored, the better closing skill (Fight or
    Lore) up; in Arkham, Speed just high enough to reach its goal this turn (all of it when the
    goal is farther), the rest in Sneak, to evade what waits there (400 fresh games a
    size closed 3-41 % more gates than Speed up as far as Sneak stays 2, with fewer knock-outs)."""
    s = g.s
    v = s["inv"][i]
    world = g.d.world_of(v["at"])[0]
    want = list(v["sl"])
    if world or (v["explored"] and v["explored"] in s["gates"]):
        j = 1 if v["sk"][2] >= v["sk"][4] else 2  # Fight (slider 1) or Lore (slider 2)
        want[j] = 3
    else:
        d = steps_to(g, v["at"], goals_for(g, i))
        want[0] = min([p for p in range(4) if d is not None and v["sk"][0] + p >= d] or [3])
    for a in acts:
        sl = a.get("sliders")
        if sl and sum(abs(sl[j] - want[j]) for j in range(3)) < sum(
                abs(v["sl"][j] - want[j]) for j in range(3)):
            return a
    return acts[0]


def _clue(g, need, acts):
    """Spend clue tokens on a failing check: all of them for a gate's closing, only the spare
    ones (above a seal's cost) for others; the final battle's attack: every one; and every one
    against a Nightgaunt with no gate open (its blow draws through the nearest gate instead of
    harming, AH-COMBAT-6: with no dice, only clue tokens can end that combat)."""
    from arkham.ah2e import rules, turn

    s = g.s
    c = s["chk"]
    v = s["inv"][need["inv"]]
    spend = [a for a in acts if a["a"] == "spend_clue"]
    if not spend:
        return _first(acts, "accept")
    if c["p"] == "final":
        return spend[0]
    if need["successes"] >= need["difficulty"]:
        return _first(acts, "accept")
    keep = turn.seal_cost(g)
    if c["p"] == "close" and v["clues"] < keep:
        keep = 0  # no seal within reach: the closing is worth them all
    cmb = s["cmb"]
    if cmb is not None and not s["gates"] and rules.has(g, cmb["m"], "through_gate_on_damage"):
        keep = 0  # a lost round draws it through no gate: only clue tokens end this combat
    if c["p"] in ("evade_move", "flee", "horror", "combat", "evade_meet", "spell", "close"):
        if v["clues"] > keep:
            return spend[0]
    return _first(acts, "accept")


def _close(g, i, acts):
    """Close with whichever of Fight and Lore gives more dice at the gate's modifier."""
    s = g.s
    v = s["inv"][i]
    world = g.d.gate_world[s["gates"][v["at"]]]
    mod = g.d.worlds[world][1]
    f = dice(g, i, "fight", mod)
    lo = dice(g, i, "lore", mod)
    skill = "fight" if f >= lo else "lore"
    return _first_where(acts, lambda a: a["a"] == "close" and a.get("skill") == skill)


def _return(g, i, acts):
    """Back to Arkham: a gate where no monster waits, the nearest to the others' business."""
    s = g.s
    for a in acts:
        if a.get("to") and a["to"] not in s["mon"]:
            return a
    return acts[0]


def random_choice(g, acts, rnd):
    """The forecast's old weak player: closing and sealing always taken, encounters `done`, the
    sliders kept, and every other choice uniformly at random."""
    for a in acts:
        if a["a"] in ("close", "seal"):
            return a
    plain = [a for a in acts if a["a"] not in _ENCOUNTER]
    if any(a["a"] == "done" for a in plain):
        return next(a for a in plain if a["a"] == "done")
    if plain and plain[0]["a"] == "upkeep":
        return plain[0]
    return rnd.choice(plain or acts)


POLICIES = {"autopilot": choose, "random": random_choice}


# ---- whole games -----------------------------------------------------------------------------
INVESTIGATORS = ["jenny_barnes", "joe_diamond", "amanda_sharpe", "ashcan_pete", "bob_jenkins",
                 "carolyn_fern", "darrell_simmons", "dexter_drake"]
MAX_ACTIONS = 20000  # a bound no real game reaches


def play(seed, n=1, ao="cthulhu", policy="autopilot", check=None, cards=0.0):
    """One seeded whole game, virtual chance: (how it ended, turns, actions, faults). `check`:
    an ah2e_invariants.Checker run after every action (its faults are returned, the game goes
    on). A refused action is a fault too (the policy picks only legal ones). `cards`: the
    chance that an encounter's card, as the players report it, says a monster appears or (in
    Arkham) a gate appears, the card effects the core is told of (playtests; the bench and the
    forecast keep encounters neutral). The core must refuse a gate at a stable location
    (AH-BOARD-2): that refusal is no fault, the encounter then goes on."""
    import random

    from arkham.ah2e.game import new_game

    rnd = random.Random(seed)
    pick = POLICIES[policy]
    g = new_game(seed, {"ao": ao, "investigators": INVESTIGATORS[:n]})
    faults = list(check.after(g, None, g.setup_events)) if check else []
    k = 0
    while not g.over() and k < MAX_ACTIONS:
        acts = g.legal_actions()
        if not acts:
            faults.append("no legal action at %r" % (g.need(),))
            break
        a = None
        need = g.need()
        if cards and need and need["k"] in ("encounter", "other") and rnd.random() < cards:
            a = card_report(g, need, acts, rnd)
        if a is None:
            a = pick(g, acts, rnd)
        ok, ev = g.apply(a)
        k += 1
        if not ok and a["a"] == "gate_appears" and g.s["inv"][a["inv"]]["at"] not in g.d.unstable:
            continue  # rightly refused: no gate at a stable location (AH-BOARD-2)
        if not ok:
            faults.append("refused %r: %s" % (a, ev))
            break
        if check:
            faults += ["action %d %r: %s" % (k, a, f) for f in check.after(g, a, ev)]
    over = g.over()
    how = "unfinished" if not over else ("won_" if over["won"] else "lost_") + str(over["how"])
    return how, g.s["turn"], k, faults


def card_report(g, need, acts, rnd):
    """A card's `monster_appears` (as legal_actions offers it) or, in Arkham, `gate_appears`
    (to a world whose marker is still in the stack), chosen at random; None: no such report."""
    s = g.s
    out = [a for a in acts if a["a"] == "monster_appears"]
    if need["k"] == "encounter":
        worlds = sorted(set(g.d.gate_world[m] for m, p in enumerate(s["gm"]) if p == "stack"))
        if worlds:
            out.append({"a": "gate_appears", "inv": need["inv"], "world": rnd.choice(worlds)})
    return rnd.choice(out) if out else None
