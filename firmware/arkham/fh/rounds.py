"""The round (FH-ROUND-1..4) and the ritual (FH-WIN-1..2): priority cards, the order of the 4
actions, the Reckoning, the gate step (FH-SPAWN-1), the team's one attempt.

Phases: "priority" (4 cards are played, lead first, round the table) -> "actions" (the cards
resolve from the lowest number: top half for the first `top_cards`, bottom for the rest; the
players apply each card's effects with the generic verbs, then `next`) -> "ancient" (the
Reckoning has run; the players resolve what it names, then `end_round`: the gate step, the lead
passes) -> "end" (`attempt` or `next_round`; after round 8 straight to "ritual") -> "ritual"
(each investigator offers priority cards from hand, secretly; the last offer decides).
"""
from arkham.fh import activate as act
from arkham.fh import monsters as mon


class Reject(Exception):
    pass


# ---- playing priority cards (FH-ROUND-3) ------------------------------------------------------
def next_seat(s):
    """Who plays the next priority card: the lead, then round the table, again if needed."""
    return (s["lead"] - 1 + len(s["plays"])) % len(s["inv"]) + 1


def play(s, D, rng, a, seat, ev):
    card = a.get("card")
    hand = s["priority"]["hands"][seat - 1]
    if not isinstance(card, int) or isinstance(card, bool) or card not in hand:
        raise Reject("card is a priority card in seat %d's hand: %s"
                     % (seat, " ".join([str(c) for c in hand])))
    action = a.get("action", 0)
    if not isinstance(action, int) or isinstance(action, bool) or not \
            0 <= action <= D.action_cards:
        raise Reject("action is the action card 1..%d (0: not said)" % D.action_cards)
    hand.remove(card)
    s["plays"].append([seat, card, action])
    ev.append({"e": "played", "inv": seat, "card": card, "n": len(s["plays"])})
    if D.rules["draw_after_play"] == "priority":
        c = _draw(s, rng)
        if c:
            hand.append(c)
            hand.sort()
    if len(s["plays"]) >= D.rules["actions_per_round"]:
        s["plays"].sort(key=lambda p: p[1])  # resolved from the lowest number up
        s["phase"] = "actions"
        s["turn"] = 0
        s["fx"] = 0
        ev.append({"e": "phase", "phase": "actions", "round": s["round"]})
        _announce(s, D, ev)


def _draw(s, rng):
    p = s["priority"]
    if not p["deck"]:
        p["deck"] = p["discard"]
        p["discard"] = []
        rng.shuffle(p["deck"])
    return p["deck"].pop() if p["deck"] else 0


def current(s):
    """The play being resolved: [seat, card, action]."""
    return s["plays"][s["turn"]]


def half(s, D):
    return "top" if s["turn"] < D.rules["top_cards"] else "bottom"


def _announce(s, D, ev):
    seat, card, action = current(s)
    ev.append({"e": "resolve", "inv": seat, "card": card, "action": action, "half": half(s, D),
               "n": s["turn"] + 1})


def next_card(s, D, rng, ev):
    """The card being resolved is done; after the last, the Ancient One phase and its
    Reckoning."""
    s["turn"] += 1
    if s["turn"] < len(s["plays"]):
        _announce(s, D, ev)
        return
    s["phase"] = "ancient"
    s["fx"] = 0
    ev.append({"e": "phase", "phase": "ancient", "round": s["round"]})
    reckoning(s, D, rng, ev)


# ---- the Reckoning (FH-ROUND-4) ---------------------------------------------------------------
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


# ---- the gate step and the end of the round (FH-SPAWN-1, FH-WIN-2) ----------------------------
def end_round(s, D, rng, ev):
    """Draw one gate token, add it to its gate, spawn at that gate one monster per token on it
    (one at a time, FH-SPAWN-2); the lead passes; then the attempt (compulsory after the last
    round)."""
    if s["gate_stack"]:
        sym = s["gate_stack"].pop()
        hit = None
        for g in s["gates"]:
            if g[0] == sym:
                g[2] += 1
                hit = g
                ev.append({"e": "gate_grows", "gate": sym, "loc": g[1], "tokens": g[2]})
        if hit is None:
            s["gate_out"].append(sym)  # ours: a token for a gate not on this board
            ev.append({"e": "gate_unused", "gate": sym})
        else:
            for _ in range(hit[2]):
                mon.spawn(s, D, rng, hit[1], ev)
    s["lead"] = s["lead"] % len(s["inv"]) + 1
    if s["round"] >= D.rules["rounds"] or not s["gate_stack"]:
        s["phase"] = "ritual"  # FH-WIN-2
        ev.append({"e": "phase", "phase": "ritual", "round": s["round"], "compulsory": True})
    else:
        s["phase"] = "end"
        ev.append({"e": "phase", "phase": "end", "round": s["round"]})


def next_round(s, ev):
    s["round"] += 1
    s["phase"] = "priority"
    s["plays"] = []
    s["turn"] = 0
    s["fx"] = 0
    ev.append({"e": "round", "round": s["round"], "lead": s["lead"]})


def attempt(s, ev):
    s["phase"] = "ritual"
    ev.append({"e": "phase", "phase": "ritual", "round": s["round"], "compulsory": False})


# ---- the ritual (FH-WIN-1) --------------------------------------------------------------------
def offer_size(s, D, seat):
    return min(D.rules["ritual_cards"], len(s["priority"]["hands"][seat - 1]))


def offer(s, D, a, seat, ev):
    if s["offers"][seat - 1] is not None:
        raise Reject("seat %d has already offered its cards" % seat)
    cards = a.get("cards")
    hand = s["priority"]["hands"][seat - 1]
    k = offer_size(s, D, seat)
    if not isinstance(cards, list) or len(cards) != k:
        raise Reject("cards is a list of %d priority cards from the hand" % k)
    for i in range(k):
        c = cards[i]
        if not isinstance(c, int) or isinstance(c, bool) or c not in hand or c in cards[:i]:
            raise Reject("cards are %d different cards of seat %d's hand" % (k, seat))
    s["offers"][seat - 1] = sorted(cards)
    ev.append({"e": "offered", "inv": seat})  # secret: only that it was done
    if None in s["offers"]:
        return
    parts = s["ritual_parts"]
    shown = []
    hits = 0
    for o in s["offers"]:
        for c in o:
            shown.append(c)
            if D.clue_symbols[int(D.prio_symbols[c - 1])] in parts:
                hits += 1
    need = D.rules["ritual_need"][str(s["players"])]
    won = hits >= need
    ev.append({"e": "ritual", "parts": sorted(parts), "cards": sorted(shown), "matches": hits,
               "need": need, "won": won})
    s["result"] = "won" if won else "lost"
    s["why"] = "ritual_reversed" if won else "ritual_failed"
    if not won:
        ev.append({"e": "lost", "why": "ritual_failed"})
