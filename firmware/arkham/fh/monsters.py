"""Monster tokens: where they are, how they move (FH-MOVE) and appear (FH-SPAWN).

s["mon"][id] = [place, location, slot, damage]; place is "pool", "aside" (beside the pool),
"reserve" (special, beside the Ancient One sheet) or "board". Location/slot are 0 off the board.
"""

POOL = "pool"
ASIDE = "aside"
RESERVE = "reserve"
BOARD = "board"


class Lost(Exception):
    """The investigators lose at once (FH-LOSE-1, FH-MOVE-4): unwinds the running flow.
    args[0] says why."""


def wound(s, seat, ev, why):
    """An investigator loses 1 health; at 0 the investigators lose (FH-LOSE-1). (Here, not in
    activate, which is loaded for an activation only.)"""
    s["inv"][seat - 1]["hp"] -= 1
    ev.append({"e": "wounded", "inv": seat, "hp": s["inv"][seat - 1]["hp"], "why": why})
    if s["inv"][seat - 1]["hp"] <= 0:
        raise Lost("investigator_defeated")


def at(s, loc):
    """Monster ids on a location, by slot."""
    out = []
    for m in range(len(s["mon"])):
        t = s["mon"][m]
        if t[0] == BOARD and t[1] == loc:
            out.append((t[2], m))
    out.sort()
    return [m for _, m in out]


def free_slot(s, D, loc):
    """Lowest empty slot of a location (0-based), or -1 when it is full. A ruined slot (a
    destruction token on it) holds no monster (FH-RUIN-1)."""
    used = [r > 0 for r in s["ruin"][loc - 1]]
    for t in s["mon"]:
        if t[0] == BOARD and t[1] == loc:
            used[t[2]] = True
    for i in range(len(used)):
        if not used[i]:
            return i
    return -1


def ritual_full(s, D):
    return free_slot(s, D, s["ritual"]) < 0


def _put(s, D, m, loc, ev):
    slot = free_slot(s, D, loc)
    t = s["mon"][m]
    t[0] = BOARD
    t[1] = loc
    t[2] = slot
    ev.append({"e": "placed", "m": m, "loc": loc, "slot": slot})
    if loc == s["ritual"] and ritual_full(s, D):
        raise Lost("ritual_full")  # FH-LOSE-1: every slot of the ritual site is full


def defeat(s, D, m, ev, why):
    """A monster leaves the board: standard ones beside the pool (FH-SPAWN-3), special ones back
    to the reserve (ours: so FH-SPAWN-4 can bring them again)."""
    t = s["mon"][m]
    t[0] = RESERVE if D.special(m) else ASIDE
    t[1] = t[2] = t[3] = 0
    ev.append({"e": "defeated", "m": m, "why": why})


def _sealed(s, a, b):
    pair = [a, b] if a < b else [b, a]
    return pair in s["sealed"]


def transit(s, D, m, start, ev):
    """FH-MOVE-1..4: transitions along the arrow of the monster's colour from `start` until a
    location with an empty slot; none reachable: straight to the ritual site. The monster must
    already be off its slot (or not yet on the board: a spawn with no room)."""
    b = D.board
    arrow = b.arrow[D.colour(m)]
    cur = start
    seen = []
    chain = []
    for _ in range(b.n + 1):  # the arrows are a function: a walk repeats within n steps
        nxt = arrow[cur]
        if D.rules["seal_destroys"] and nxt in b.paths[cur] and _sealed(s, cur, nxt):
            s["sealed"].remove([cur, nxt] if cur < nxt else [nxt, cur])
            s["seals"] += 1
            ev.append({"e": "moved", "m": m, "path": chain + [nxt]})
            ev.append({"e": "seal_broken", "a": cur, "b": nxt})
            defeat(s, D, m, ev, "seal")
            return
        cur = nxt
        chain.append(cur)
        if free_slot(s, D, cur) >= 0:
            ev.append({"e": "moved", "m": m, "path": chain})
            _put(s, D, m, cur, ev)
            return
        if cur in seen:
            break
        seen.append(cur)
    ev.append({"e": "moved", "m": m, "path": chain + [s["ritual"]], "to_ritual": True})
    if ritual_full(s, D):
        t = s["mon"][m]  # it stays beside the full site: off the board
        t[0] = RESERVE if D.special(m) else ASIDE
        t[1] = t[2] = t[3] = 0
        raise Lost("ritual_full")  # FH-MOVE-4
    _put(s, D, m, s["ritual"], ev)  # FH-MOVE-3


def move(s, D, m, ev, forced=False):
    """One move of a monster on the board (a wanderer, or a card's push when forced).
    FH-MOVE-5: from the ritual site only when forced."""
    t = s["mon"][m]
    start = t[1]
    if start == s["ritual"] and not forced:
        ev.append({"e": "stays", "m": m, "loc": start})
        return
    t[0] = "moving"
    t[1] = t[2] = 0
    transit(s, D, m, start, ev)


def draw(s, D, rng, ev):
    """FH-SPAWN-1/3: a random token from the pool; an empty pool is refilled from beside it."""
    pool = [m for m in range(D.nstd) if s["mon"][m][0] == POOL]
    if not pool:
        for m in range(D.nstd):
            if s["mon"][m][0] == ASIDE:
                s["mon"][m][0] = POOL
                pool.append(m)
        ev.append({"e": "pool_refilled", "n": len(pool)})
        if not pool:
            ev.append({"e": "pool_empty"})
            return -1
    return pool[rng.below(len(pool))]


def reserve_of(s, D, kind):
    for m in range(D.nstd, len(D.token)):
        if D.token[m] == kind and s["mon"][m][0] == RESERVE:
            return m
    return -1


def spawn(s, D, rng, loc, ev, kind=None):
    """FH-SPAWN-1/2/4: one monster appears at `loc`: from the pool (kind None), the reserve
    (a special kind) or, for a standard kind named by a setup, that kind from the pool."""
    if kind is None:
        m = draw(s, D, rng, ev)
    elif kind not in D.specials:
        m = -1
        for i in range(D.nstd):
            if D.token[i] == kind and s["mon"][i][0] == POOL:
                m = i
                break
    else:
        m = reserve_of(s, D, kind)
        if m < 0:
            ev.append({"e": "no_special", "kind": kind, "loc": loc})  # FH-SPAWN-4
            return
    if m < 0:
        return
    ev.append({"e": "spawn", "m": m, "kind": D.token[m], "loc": loc})
    t = s["mon"][m]
    t[0] = "moving"
    t[3] = 0
    if free_slot(s, D, loc) >= 0:
        _put(s, D, m, loc, ev)
    else:
        transit(s, D, m, loc, ev)
