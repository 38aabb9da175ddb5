"""Arkham Ritual: the end of a round (AR-ROUND-1, AR-GOO-1, AR-END-1): the judgement or a Great
Old One's summons, sanity, the next leader. Needed once a round, so imported then (with the
judgement) and dropped after on MicroPython (rounds._once): its code is not in RAM between. It
never calls back into rounds' wrappers that import it (no second copy while it runs)."""
from arkham.ritual.rounds import REVEAL, ROUND_OVER, Reject, _check_end, _clockwise, _need, _once


def round_end(s, cards, ev, why):
    """AR-ROUND-1: reveal every card, then the judgement."""
    s["open"] = []
    s["nominated"] = 0
    ev.append({"ev": "round_end", "round": s["round"], "why": why})
    if s["mode"] == "physical":
        s["phase"] = REVEAL
        return
    _judge_round(s, cards, ev, list(s["held"]))


def summon(s, cards, ev, holder):
    """AR-GOO-1: the holder of the Great Old One summons it: the round is over."""
    goo = cards.goo()
    ev.append({"ev": "summon", "goo": goo, "holder": holder})
    res = _once("judge").summon(goo, holder, s["n"] + s["k"], s["n"], cards.info, cards.rules)
    _round_over(s, cards, ev, "summon", res)


def reveal(s, cards, a, ev):
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
    judge = _once("judge")
    s["shown"] = held
    ev.append({"ev": "reveal", "cards": held})
    res = judge.judge(held, s["n"], cards.info, cards.rules)
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


def _next_round_leader(s):
    """AR-END-1: lowest sanity; a tie goes to the one nearest clockwise to the last leader
    (our reading: the last leader himself comes last in that order)."""
    low = min(s["sanity"])
    for p in _clockwise(s["n"], s["leader"]):
        if s["sanity"][p - 1] == low:
            return p
    return s["leader"]
