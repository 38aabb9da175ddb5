"""Arkham Ritual: the round's machinery (dealing, turn changes, Gates, round end, judgement, next
leader, game end). Shared by turns.py (the players' actions) and game.py (the Game object)."""
from arkham.compat import IMPL, collect, forget
from arkham.rng import Rng

NOMINATE = "nominate"
DECIDE = "decide"
ORB = "orb"
GATE = "gate"
REVEAL = "reveal"
ROUND_OVER = "round_over"
GAME_OVER = "game_over"
IN_ROUND = (NOMINATE, DECIDE, ORB, GATE)


class Reject(Exception):
    """An action that cannot be done; the state is untouched."""


def _once(name):
    """arkham.ritual.NAME for what runs once a round (ending, judge): imported then and, when its
    code came from a .mpy (cheap to load again), dropped from sys.modules so it leaves RAM after.
    Sources (compiled into the heap each time: a large transient block) and CPython keep it."""
    mod = __import__("arkham.ritual." + name, None, None, [name])
    forget("arkham.ritual." + name)
    if IMPL != "cpython":
        collect()  # (a compile from source leaves garbage among the game's objects)
    return mod


def _int(v, what):
    if isinstance(v, bool) or not isinstance(v, int):
        raise Reject("%s must be a whole number" % what)
    return v


def _need(s, *phases):
    if s["phase"] not in phases:
        raise Reject("not now: the table is in phase %s" % s["phase"])


def _clockwise(n, after):
    """Seats after `after` going clockwise, ending with `after` itself."""
    return [(after + i - 1) % n + 1 for i in range(1, n + 1)]


def _physical_card(s, cards, a, gone):
    """In physical mode a card that goes face up is named by the players; check it can exist."""
    face = a.get("card")
    cards.check_face(face)
    left = cards.count(face) - gone.count(face)
    if left <= 0:
        raise Reject("all %s cards are already face up" % face)
    return face


def _deal(s, cards, ev):
    """AR-SETUP-3/4: all 22 cards shuffled, one to each holder (dummies too)."""
    s["round"] += 1
    holders = s["n"] + s["k"]
    s["discards"] = []
    s["removed"] = 0
    s["shown"] = None
    s["result"] = None
    if s["mode"] == "virtual":
        deck = list(cards.deck)
        rng = Rng()
        rng.set_state(s["rng"])
        rng.shuffle(deck)
        s["rng"] = rng.state()
        s["held"] = [deck.pop() for _ in range(holders)]
        s["deck"] = deck
    s["deck_n"] = len(cards.deck) - holders
    ev.append({"ev": "round", "round": s["round"], "deck": s["deck_n"], "dummies": s["k"]})


def _start_turn(s, leader, ev):
    """AR-TURN-1: the leader takes the top card; every follower's hand goes on the table."""
    s["turn"] += 1
    s["leader"] = leader
    s["nominator"] = leader
    s["nominated"] = 0
    s["open"] = [p for p in _clockwise(s["n"], leader) if p != leader]
    _draw_offer(s)
    s["phase"] = NOMINATE
    ev.append({"ev": "turn", "round": s["round"], "turn": s["turn"], "leader": leader,
               "deck": s["deck_n"]})


def _draw_offer(s):
    s["deck_n"] -= 1
    if s["mode"] == "virtual":
        s["offered"] = s["deck"].pop()


def _discard(s, cards, face, seat, ev, why):
    s["discards"].append(face)
    info = cards.info[face]
    place = info["kind"] if info["type"] == "artifact" else "pile"
    ev.append({"ev": "discard", "seat": seat, "card": face, "to": place, "why": why})


def _turn_end(s, cards, ev):
    """AR-TURN-6/7: the card went round; the deck decides whether the round goes on."""
    if s["deck_n"] <= 0:
        _round_end(s, cards, ev, "deck_empty")
        return
    old = s["leader"]
    order = [p for p in _clockwise(s["n"], old) if p != old]
    nxt = order[0]
    for p in order:
        if p in s["open"]:
            nxt = p
            break
    _start_turn(s, nxt, ev)


def _round_end(s, cards, ev, why):
    _once("ending").round_end(s, cards, ev, why)


def _goo(s, cards, a, ev):
    """Physical cards: the players say who holds the Great Old One (0: nobody)."""
    _need(s, GATE)
    h = a.get("holder")
    if isinstance(h, bool) or not isinstance(h, int) or h < 0 or h > s["n"] + s["k"]:
        raise Reject("holder is 0 (nobody) or a holder 1..%d" % (s["n"] + s["k"]))
    then = s["gate_then"]
    s["gate_then"] = ""
    _gate_done(s, cards, ev, then, h)


def _gate_done(s, cards, ev, then, holder):
    if holder:
        _once("ending").summon(s, cards, ev, holder)
    elif then == "turn_end":
        _turn_end(s, cards, ev)
    else:
        _round_end(s, cards, ev, then)


def _reveal(s, cards, a, ev):
    _once("ending").reveal(s, cards, a, ev)


def _gate(s, cards, ev, then):
    """AR-GOO-1: a Gate is discarded; anyone holding a Great Old One summons it."""
    goo = cards.goo()
    if goo is None or goo in s["discards"]:
        _gate_done(s, cards, ev, then, 0)
        return
    if s["mode"] == "virtual":
        holder = 0
        for h in range(len(s["held"])):
            if s["held"][h] == goo:
                holder = h + 1
        _gate_done(s, cards, ev, then, holder)
    else:
        s["gate_then"] = then
        s["phase"] = GATE


def _check_end(s, ev):
    """AR-END-2: someone's sanity is used up; the most sanity left wins."""
    if min(s["sanity"]) > 0:
        return False
    best = max(s["sanity"])
    s["winners"] = [i + 1 for i in range(s["n"]) if s["sanity"][i] == best]
    s["phase"] = GAME_OVER
    s["open"] = []
    s["nominated"] = 0
    ev.append({"ev": "game_end", "winners": list(s["winners"]), "sanity": list(s["sanity"])})
    return True


def _next(s, cards, a, ev):
    _need(s, ROUND_OVER)
    _deal(s, cards, ev)
    _start_turn(s, s["next_leader"], ev)
