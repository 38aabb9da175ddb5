"""Activating a colour zone (FH-ACT-1..4), as a bounded loop that may stop for a choice.

s["act"] = {"inv": who applies the effect, "zone", "locs": locations still to do (ascending),
"done": monsters activated by this effect, "m": the monster applying its symbols (-1: none),
"left": its symbols still to apply, "ask": None or the choice the players must make}.
Choices (seed: the investigator picks the order within a group; ours: who a killer wounds):
  {"k": "order", "ids": [...]}   which monster of the first group activates next
  {"k": "victim", "invs": [...]} which investigator (seat) the killer wounds
"""
from arkham.fh.facts import SYMS
from arkham.fh.monsters import at, free_slot, move, transit, wound


def group(syms):
    """FH-ACT-3: a monster's place in a location's order is its leftmost symbol."""
    return SYMS.index(syms[0]) if syms else len(SYMS)


def start(s, D, inv, zone, kind=None):
    """A zone's monsters, or (zone None) every monster of one kind, location by location
    (a Reckoning effect, FH-ROUND-4)."""
    if zone is None:
        locs = sorted(set([t[1] for m, t in enumerate(s["mon"])
                           if t[0] == "board" and D.token[m] == kind]))
    else:
        locs = D.board.zone_locations(zone)
    s["act"] = {"inv": inv, "zone": zone, "kind": kind, "locs": locs, "done": [],
                "m": -1, "left": [], "ask": None}


def _symbol(s, D, m, sym, ev):
    """FH-ACT-2. Returns False when it stopped for a choice."""
    t = s["mon"][m]
    if t[0] != "board":
        return True  # defeated meanwhile (a seal): nothing left to do
    loc = t[1]
    ev.append({"e": "activated", "m": m, "sym": sym, "loc": loc})
    if sym == "killer":
        here = [i + 1 for i in range(len(s["inv"])) if s["inv"][i]["loc"] == loc]
        if len(here) == 1:
            wound(s, here[0], ev, "killer")
        elif len(here) > 1:
            s["act"]["ask"] = {"k": "victim", "invs": here}
            return False
    elif sym == "wanderer":
        move(s, D, m, ev)
    elif sym == "destroyer":
        if s["ruin_supply"] > 0:
            s["ruin_supply"] -= 1
            s["ruin"][loc - 1][t[2]] += 1
            ev.append({"e": "destruction", "loc": loc, "slot": t[2]})
            if D.rules["destroyer_leaves"]:
                _leave(s, D, m, loc, ev)
        else:
            ev.append({"e": "no_destruction_left", "loc": loc})
    return True


def _leave(s, D, m, loc, ev):
    """FH-RUIN-1: the destroyer leaves its ruined slot for another free one here; with none,
    it transitions (FH-MOVE-1..4). At the ritual site it stays (FH-MOVE-5; ours)."""
    t = s["mon"][m]
    t[0] = "moving"
    free = free_slot(s, D, loc)
    t[0] = "board"
    if free >= 0:
        t[2] = free
        ev.append({"e": "shifted", "m": m, "loc": loc, "slot": free})
    elif loc != s["ritual"]:
        t[0] = "moving"
        t[1] = t[2] = 0
        transit(s, D, m, loc, ev)


def _interchangeable(s, D, ids):
    """Order does not matter among equal symbol lists without a wanderer (killers and
    destroyers touch only investigators and their own slot): no need to ask."""
    first = D.syms(ids[0])
    if "wanderer" in first:
        return False
    for m in ids:
        if D.syms(m) != first:
            return False
    return True


def pick(s, D, m):
    a = s["act"]
    a["done"].append(m)
    a["m"] = m
    a["left"] = list(D.syms(m))
    a["ask"] = None


def run(s, D, ev):
    """Go on until the zone is done (act None) or a choice is asked. Bounded: every pass
    consumes a symbol, a monster or a location."""
    a = s["act"]
    for _ in range(64 * D.board.n):
        if a["ask"] is not None:
            return
        if a["m"] >= 0:
            if a["left"]:
                sym = a["left"].pop(0)
                _symbol(s, D, a["m"], sym, ev)
                continue
            a["m"] = -1
        if not a["locs"]:
            s["act"] = None
            ev.append({"e": "zone_done", "zone": a["zone"], "kind": a.get("kind")})
            return
        loc = a["locs"][0]
        kind = a.get("kind")
        todo = [m for m in at(s, loc) if m not in a["done"] and (kind is None
                                                                  or D.token[m] == kind)]
        if not todo:
            a["locs"].pop(0)
            continue
        best = len(SYMS) + 1
        for m in todo:
            best = min(best, group(D.syms(m)))
        first = [m for m in todo if group(D.syms(m)) == best]
        if len(first) == 1 or _interchangeable(s, D, first):
            pick(s, D, first[0])
        else:
            a["ask"] = {"k": "order", "ids": first}
            return
    raise RuntimeError("activation did not finish")
