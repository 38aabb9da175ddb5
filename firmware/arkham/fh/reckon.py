"""The Reckoning (FH-ROUND-4): run once a round, imported then (arkham.fh.rounds.lazy)."""
from arkham.compat import forget
from arkham.fh import monsters as mon


def omens(s, D):
    n = 0
    for p in s["plays"]:
        n += int(D.prio_omens[p[1] - 1])
    return n


def reckoning(s, D, rng, ev):
    """Count the omens on the round's cards, discard them, resolve the band's effects the table
    tracks; the rest ("say") is named for the players."""
    n = omens(s, D)
    band = -1
    for i in range(len(D.bands)):
        if n >= D.bands[i]:
            band = i
    for p in s["plays"]:
        s["priority"]["discard"].append(p[1])
    ev.append({"e": "reckoning", "omens": n, "band": band + 1})
    if band >= 0:
        s["reck"] = [list(op) for op in D.reckoning[band]]
        run(s, D, rng, ev)


def run(s, D, rng, ev):
    """The Reckoning's effects still to do, one by one; an activation may stop for a choice
    (phase "choose"), after which the caller runs this again."""
    while s["reck"] and s["act"] is None:
        op = s["reck"].pop(0)
        k = op[0]
        if k == "say":
            ev.append({"e": "say", "text": op[1]})
        elif k == "activate":
            _activate(s, D, op[1], ev)
        elif k == "spawn" or k == "spawn_or_activate":
            loc = _where(s, D, op[2])
            if loc <= 0:
                ev.append({"e": "say", "text": "no %s on the board: nothing appears" % op[2][3:]})
                continue
            if k == "spawn_or_activate" and mon.reserve_of(s, D, op[1]) < 0:
                _activate(s, D, op[1], ev)  # all of them out: one activates (ours: all)
                continue
            for _ in range(op[3] if len(op) > 3 else 1):
                mon.spawn(s, D, rng, loc, ev, op[1])
        elif k == "ruin_ritual":
            ruin_ritual(s, op[1], ev)
        elif k == "unseal":
            for _ in range(op[1]):
                if s["sealed"]:
                    pair = s["sealed"].pop(0)  # ours: the lowest-numbered path
                    s["seals"] += 1
                    ev.append({"e": "unsealed", "a": pair[0], "b": pair[1]})


def _activate(s, D, kind, ev):
    from arkham.fh import activate as act  # (as rounds.lazy: loaded for it, then dropped)

    forget("arkham.fh.activate")
    act.start(s, D, s["lead"], None, kind)
    act.run(s, D, ev)


def _where(s, D, w):
    """A gate symbol, "fewest_gate" (the gate with the fewest tokens) or "at:KIND" (the
    lowest location holding that kind); 0 when there is none."""
    if w == "fewest_gate":
        best = None
        for g in s["gates"]:
            if best is None or g[2] < best[2]:
                best = g
        return best[1] if best else 0
    if w[:3] == "at:":
        locs = [t[1] for m, t in enumerate(s["mon"]) if t[0] == "board" and D.token[m] == w[3:]]
        return min(locs) if locs else 0
    for g in s["gates"]:
        if g[0] == w:
            return g[1]
    return 0


def ruin_ritual(s, n, ev):
    """Destruction tokens on the ritual site's free slots (FH-RUIN-1)."""
    r = s["ruin"][s["ritual"] - 1]
    taken = [t[2] for t in s["mon"] if t[0] == "board" and t[1] == s["ritual"]]
    for i in range(len(r)):
        if n <= 0 or s["ruin_supply"] <= 0:
            break
        if not r[i] and i not in taken:
            r[i] += 1
            s["ruin_supply"] -= 1
            n -= 1
            ev.append({"e": "destruction", "loc": s["ritual"], "slot": i})
