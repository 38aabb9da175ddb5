"""The round (FH-ROUND-1..4) and the ritual (FH-WIN-1..2): priority cards, the order of the 4
actions, the Reckoning, the gate step (FH-SPAWN-1), the team's one attempt.

Phases: "priority" (4 cards are played, lead first, round the table) -> "actions" (the cards
resolve from the lowest number: top half for the first `top_cards`, bottom for the rest; the
players apply each card's effects with the generic verbs, then `next`) -> "ancient" (the
Reckoning has run; the players resolve what it names, then `end_round`: the gate step, the lead
passes) -> "end" (`attempt` or `next_round`; after round 8 straight to "ritual") -> "ritual"
(each investigator offers priority cards from hand, secretly; the last offer decides).
"""
from arkham.compat import forget
from arkham.fh import monsters as mon


class Reject(Exception):
    pass


def lazy(name):
    """A module that runs once a round or once a game (the Reckoning, the ritual, data loading,
    setup): imported when needed and dropped from sys.modules on MicroPython, so its code leaves
    RAM after."""
    mod = __import__("arkham.fh." + name, None, None, [name])
    forget("arkham.fh." + name)  # (from a .mpy only: a source would be compiled again each time)
    return mod


def phase_of(s):
    """The phase (here, not in actions: the table asks it without loading the actions' code)."""
    if s["result"] is not None:
        return "over"
    if s["act"] is not None:
        return "choose"
    return s["phase"]


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
    lazy("reckon").reckoning(s, D, rng, ev)


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


def offer_size(s, D, seat):
    return min(D.rules["ritual_cards"], len(s["priority"]["hands"][seat - 1]))
