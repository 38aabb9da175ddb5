"""The action vocabulary (docs/final-hour.md): checks, effects and the legal list.

Action cards, item cards and Reckoning effects are printed cards the core does not hold; the
players resolve them and tell the core each effect with one of the generic verbs below.
Investigators are seats 1..n (field "inv": who does it).
"""
from arkham.fh import monsters as mon
from arkham.fh import rounds
from arkham.fh.rounds import Reject, phase_of

EFFECTS_ACTION = ("move", "attack", "investigate", "seal", "heal", "wound", "activate", "push",
                  "spawn", "spawn_special", "repair")
EFFECTS_ANCIENT = ("activate", "push", "spawn", "spawn_special", "wound", "heal", "repair")
PHASE = {
    "priority": ("play",),
    "actions": EFFECTS_ACTION + ("next",),
    "ancient": EFFECTS_ANCIENT + ("end_round",),
    "end": ("attempt", "next_round"),
    "ritual": ("offer",),
    "choose": ("order", "victim"),
}
VERBS = ("activate", "attack", "attempt", "end_round", "heal", "investigate", "move", "next",
         "next_round", "offer", "order", "play", "push", "repair", "seal", "spawn",
         "spawn_special", "victim", "wound")
LEAD_VERBS = ("end_round", "attempt", "next_round")


def _int(a, field):
    v = a.get(field)
    if not isinstance(v, int) or isinstance(v, bool):
        raise Reject("%s needs an integer field %r" % (a["a"], field))
    return v


def check_player(s, a):
    """Guard 3: the right investigator."""
    seat = _int(a, "inv")
    n = len(s["inv"])
    if seat < 1 or seat > n:
        raise Reject("inv is a seat 1..%d" % n)
    verb = a["a"]
    if verb in LEAD_VERBS and seat != s["lead"]:
        raise Reject("only the lead investigator (seat %d) does %s" % (s["lead"], verb))
    if verb == "play" and seat != rounds.next_seat(s):
        raise Reject("seat %d plays the next priority card" % rounds.next_seat(s))
    if verb == "next" and seat != rounds.current(s)[0]:
        raise Reject("seat %d's card is being resolved; that seat says next"
                     % rounds.current(s)[0])
    if verb in ("order", "victim") and seat != s["act"]["inv"]:
        raise Reject("seat %d applies this activation" % s["act"]["inv"])
    return seat


def _loc(s, D, a, field):
    v = _int(a, field)
    if v < 1 or v > D.board.n:
        raise Reject("%s is a location 1..%d" % (field, D.board.n))
    return v


def _on_board(s, a):
    m = _int(a, "m")
    if m < 0 or m >= len(s["mon"]) or s["mon"][m][0] != mon.BOARD:
        raise Reject("monster %r is not on the board" % (m,))
    return m


def do(s, D, rng, a, seat, ev):
    """Guard 4 and the effect, on the live state: every branch raises Reject only before its
    first change (the core applies in place: no copy of the state in RAM)."""
    verb = a["a"]
    me = s["inv"][seat - 1]
    counted = verb in EFFECTS_ACTION or verb in EFFECTS_ANCIENT
    if counted and s["fx"] >= D.rules["max_effects"]:
        raise Reject("this phase has had its %d effects (rule max_effects); end it"
                     % D.rules["max_effects"])
    _do(s, D, rng, a, verb, seat, me, ev)
    if counted:
        s["fx"] += 1


def _do(s, D, rng, a, verb, seat, me, ev):
    if verb == "move":
        to = _loc(s, D, a, "to")
        if to not in D.board.paths[me["loc"]]:
            raise Reject("no path from %d to %d" % (me["loc"], to))
        me["loc"] = to
        ev.append({"e": "inv_moved", "inv": seat, "to": to})
    elif verb == "attack":
        m = _on_board(s, a)
        dmg = _int(a, "dmg")
        if dmg < 1 or dmg > D.rules["max_damage"]:
            raise Reject("dmg is 1..%d" % D.rules["max_damage"])
        t = s["mon"][m]
        if t[1] != me["loc"]:
            raise Reject("monster %d is not in your location" % m)
        t[3] += dmg
        ev.append({"e": "hit", "m": m, "dmg": dmg})
        if t[3] >= D.hp(m):
            mon.defeat(s, D, m, ev, "attack")
    elif verb == "investigate":
        c = s["clues"][me["loc"] - 1]
        if c is None or c[1]:
            raise Reject("no face-down clue at location %d" % me["loc"])
        c[1] = True
        ev.append({"e": "clue", "loc": me["loc"], "face": c[0]})
    elif verb == "seal":
        to = _loc(s, D, a, "to")
        here = me["loc"]
        if to not in D.board.paths[here]:
            raise Reject("no path from %d to %d" % (here, to))
        pair = [here, to] if here < to else [to, here]
        if pair in s["sealed"]:
            raise Reject("that path is sealed already")
        if s["seals"] <= 0:
            raise Reject("no seal tokens left")
        s["seals"] -= 1
        s["sealed"].append(pair)
        s["sealed"].sort()
        ev.append({"e": "sealed", "a": pair[0], "b": pair[1]})
    elif verb == "heal":
        if me["hp"] >= me["max"]:
            raise Reject("seat %d has full health" % seat)
        me["hp"] += 1
        ev.append({"e": "healed", "inv": seat, "hp": me["hp"]})
    elif verb == "wound":
        mon.wound(s, seat, ev, "effect")
    elif verb == "activate":
        zone = a.get("zone")
        if zone not in D.board.zones:
            raise Reject("zone is one of: " + " ".join(D.board.zones))
        act = rounds.lazy("activate")  # (an activation's code: loaded for it, then dropped)
        act.start(s, D, seat, zone)
        act.run(s, D, ev)
    elif verb == "push":
        m = _on_board(s, a)
        if s["mon"][m][1] == s["ritual"] and s["phase"] != "actions":
            # FH-MOVE-5: only an item card or an action card's top effect (both played in the
            # Action phase) moves a monster off the ritual site (Russian seed, FH part, line 13)
            raise Reject("a monster at the ritual site leaves it only by an item card or an "
                         "action card's top effect (Action phase)")
        mon.move(s, D, m, ev, forced=True)  # FH-MOVE-5's exception
    elif verb == "spawn":
        mon.spawn(s, D, rng, _loc(s, D, a, "loc"), ev)
    elif verb == "spawn_special":
        loc = _loc(s, D, a, "loc")
        kind = a.get("kind")
        if not isinstance(kind, str) or kind not in D.specials:
            raise Reject("kind is a special monster: " + " ".join(specials(D)))
        if mon.reserve_of(s, D, kind) < 0:
            raise Reject("every %s is on the board: no more appear (FH-SPAWN-4)" % kind)
        mon.spawn(s, D, rng, loc, ev, kind)
    elif verb == "repair":
        loc = _loc(s, D, a, "loc")
        r = s["ruin"][loc - 1]
        if not sum(r):
            raise Reject("no destruction at location %d" % loc)
        for i in range(len(r)):
            if r[i]:
                r[i] -= 1
                s["ruin_supply"] += 1
                ev.append({"e": "repaired", "loc": loc, "slot": i})
                break
    elif verb == "play":
        rounds.play(s, D, rng, a, seat, ev)
    elif verb == "next":
        rounds.next_card(s, D, rng, ev)
    elif verb == "end_round":
        rounds.end_round(s, D, rng, ev)
    elif verb == "attempt":
        rounds.attempt(s, ev)
    elif verb == "next_round":
        rounds.next_round(s, ev)
    elif verb == "offer":
        rounds.lazy("ritual").offer(s, D, a, seat, ev)
    elif verb == "order":
        m = _int(a, "m")
        ask = s["act"]["ask"]
        if ask["k"] != "order" or m not in ask["ids"]:
            raise Reject("choose which monster activates next: %s" % _ask_text(ask))
        act = rounds.lazy("activate")
        act.pick(s, D, m)
        act.run(s, D, ev)
        _reckon_on(s, D, rng, ev)
    elif verb == "victim":
        who = _int(a, "who")
        ask = s["act"]["ask"]
        if ask["k"] != "victim" or who not in ask["invs"]:
            raise Reject("choose: %s" % _ask_text(ask))
        ask = s["act"]["ask"] = None
        mon.wound(s, who, ev, "killer")
        rounds.lazy("activate").run(s, D, ev)
        _reckon_on(s, D, rng, ev)


def _reckon_on(s, D, rng, ev):
    """A Reckoning's effects still to do after its activation's choice."""
    if s["reck"] and s["act"] is None:
        rounds.lazy("reckon").run(s, D, rng, ev)


def _ask_text(ask):
    if ask["k"] == "order":
        return "order m in " + " ".join([str(m) for m in ask["ids"]])
    return "victim who in " + " ".join([str(i) for i in ask["invs"]])


def specials(D):
    return D.specials


def legal(s, D):
    """Every accepted action (attack lists each damage 1..max_damage). Board effects are listed
    once, under the lead's seat, though another seat may do the same: RAM on a Pico."""
    return list(each(s, D))


def each(s, D):
    """legal(s, D) one action at a time (the table labels each as it comes: ~130 actions held as
    dicts are ~7 KB of a Pico's heap)."""
    ph = phase_of(s)
    if ph == "over":
        return
    if ph == "choose":
        a = s["act"]
        if a["ask"]["k"] == "order":
            for m in a["ask"]["ids"]:
                yield {"a": "order", "inv": a["inv"], "m": m}
        else:
            for who in a["ask"]["invs"]:
                yield {"a": "victim", "inv": a["inv"], "who": who}
        return
    lead = s["lead"]
    if ph == "priority":
        seat = rounds.next_seat(s)
        for c in s["priority"]["hands"][seat - 1]:
            yield {"a": "play", "inv": seat, "card": c}
        return
    if ph == "end":
        yield {"a": "attempt", "inv": lead}
        yield {"a": "next_round", "inv": lead}
        return
    if ph == "ritual":
        for seat in range(1, len(s["inv"]) + 1):
            if s["offers"][seat - 1] is None:
                yield from _offers(seat, s["priority"]["hands"][seat - 1],
                                   rounds.offer_size(s, D, seat))
        return
    if s["fx"] < D.rules["max_effects"]:
        verbs = EFFECTS_ACTION if ph == "actions" else EFFECTS_ANCIENT
        board = [m for m in range(len(s["mon"])) if s["mon"][m][0] == mon.BOARD]
        for seat in range(1, len(s["inv"]) + 1):
            me = s["inv"][seat - 1]
            here = me["loc"]
            if "move" in verbs:
                for to in D.board.paths[here]:
                    yield {"a": "move", "inv": seat, "to": to}
            if "attack" in verbs:
                for m in board:
                    if s["mon"][m][1] == here:
                        for d in range(1, D.rules["max_damage"] + 1):
                            yield {"a": "attack", "inv": seat, "m": m, "dmg": d}
            if "investigate" in verbs:
                c = s["clues"][here - 1]
                if c is not None and not c[1]:
                    yield {"a": "investigate", "inv": seat}
            if "seal" in verbs and s["seals"] > 0:
                for to in D.board.paths[here]:
                    if sorted([here, to]) not in s["sealed"]:
                        yield {"a": "seal", "inv": seat, "to": to}
            if me["hp"] < me["max"]:
                yield {"a": "heal", "inv": seat}
            yield {"a": "wound", "inv": seat}
        for z in D.board.zones:
            yield {"a": "activate", "inv": lead, "zone": z}
        for m in board:
            if ph == "actions" or s["mon"][m][1] != s["ritual"]:  # (FH-MOVE-5: do's check)
                yield {"a": "push", "inv": lead, "m": m}
        kinds_left = [k for k in specials(D) if mon.reserve_of(s, D, k) >= 0]
        for loc in range(1, D.board.n + 1):
            yield {"a": "spawn", "inv": lead, "loc": loc}
            for k in kinds_left:
                yield {"a": "spawn_special", "inv": lead, "loc": loc, "kind": k}
            if sum(s["ruin"][loc - 1]):
                yield {"a": "repair", "inv": lead, "loc": loc}
    if ph == "actions":
        yield {"a": "next", "inv": rounds.current(s)[0]}
    else:
        yield {"a": "end_round", "inv": lead}


def _offers(seat, hand, k):
    """Every choice of k cards of the hand (4 choose 3 = 4 by default)."""
    n = len(hand)
    idx = list(range(k))
    while True:
        yield {"a": "offer", "inv": seat, "cards": [hand[i] for i in idx]}
        i = k - 1
        while i >= 0 and idx[i] == n - k + i:
            i -= 1
        if i < 0:
            return
        idx[i] += 1
        for j in range(i + 1, k):
            idx[j] = idx[j - 1] + 1
