"""Arkham Ritual: the round's machinery (dealing, turn changes, Gates, round end, judgement, next
leader, game end). Shared by turns.py (the players' actions) and game.py (the Game object)."""
from arkham.compat import IMPL
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


def _judge():
    """arkham.ritual.judge, needed once a round (the judgement, a summons): imported then and
    dropped from sys.modules on MicroPython, so its code leaves RAM after."""
    from arkham.ritual import judge

    if IMPL != "cpython":
        import sys

        sys.modules.pop("arkham.ritual.judge", None)
        pkg = sys.modules.get("arkham.ritual")
        if pkg is not None and "judge" in pkg.__dict__:
            delattr(pkg, "judge")
        import gc

        gc.collect()  # (a compile from source leaves garbage among the game's objects)
    return judge


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
    """AR-ROUND-1: reveal every card, then the judgement."""
    s["open"] = []
    s["nominated"] = 0
    ev.append({"ev": "round_end", "round": s["round"], "why": why})
    if s["mode"] == "physical":
        s["phase"] = REVEAL
        return
    _judge_round(s, cards, ev, list(s["held"]))


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
        goo = cards.goo()
        ev.append({"ev": "summon", "goo": goo, "holder": holder})
        res = _judge().summon(goo, holder, s["n"] + s["k"], s["n"], cards.info, cards.rules)
        _round_over(s, cards, ev, "summon", res)
    elif then == "turn_end":
        _turn_end(s, cards, ev)
    else:
        _round_end(s, cards, ev, then)


def _reveal(s, cards, a, ev):
    """Physical cards: the players read out every held card, seats first, then dummies."""
    _need(s, REVEAL)
    held = a.get("cards")
    holders = s["n"] + s["k"]
    if not isinstance(held, list) or len(held) != holders:
        raise Reject("reveal needs %d cards: seats 1..%d then dummies" % (holders, s["n"]))
    for face in held:
        cards.check_face(face)
    gone = list(s["discards"])
    for face in held:
        if cards.count(face) - gone.count(face) <= 0:
            raise Reject("too many %s cards (the deck has %d)" % (face, cards.count(face)))
        gone.append(face)
    _judge_round(s, cards, ev, held)


def _judge_round(s, cards, ev, held):
    s["shown"] = held
    ev.append({"ev": "reveal", "cards": held})
    res = _judge().judge(held, s["n"], cards.info, cards.rules)
    _round_over(s, cards, ev, "judge", res)


def _round_over(s, cards, ev, why, res):
    cap = cards.rules["heal_cap"]
    for i in range(s["n"]):
        v = s["sanity"][i] + res["delta"][i]
        s["sanity"][i] = max(0, min(v, max(cap, s["sanity"][i])))
    res["sanity"] = list(s["sanity"])
    s["result"] = res
    s["open"] = []
    s["nominated"] = 0
    s["offered"] = None
    out = {"ev": "judged"}
    for k in res:
        out[k] = res[k]
    ev.append(out)
    if _check_end(s, ev):
        return
    s["next_leader"] = _next_round_leader(s)
    s["phase"] = ROUND_OVER
    ev.append({"ev": "round_over", "next_leader": s["next_leader"]})


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


def _next_round_leader(s):
    """AR-END-1: lowest sanity; a tie goes to the one nearest clockwise to the last leader
    (our reading: the last leader himself comes last in that order)."""
    low = min(s["sanity"])
    for p in _clockwise(s["n"], s["leader"]):
        if s["sanity"][p - 1] == low:
            return p
    return s["leader"]


def _next(s, cards, a, ev):
    _need(s, ROUND_OVER)
    _deal(s, cards, ev)
    _start_turn(s, s["next_leader"], ev)
