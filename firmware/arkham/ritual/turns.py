"""Arkham Ritual: the players' actions within a round (nominate, take, pass, the Orb, peeking)
and the list of legal actions."""
from arkham.ritual.rounds import (
    DECIDE,
    GATE,
    IN_ROUND,
    NOMINATE,
    ORB,
    REVEAL,
    ROUND_OVER,
    Reject,
    _check_end,
    _discard,
    _draw_offer,
    _gate,
    _goo,
    _need,
    _next,
    _physical_card,
    _reveal,
    _round_end,
    _turn_end,
)


def _nominate(s, cards, a, ev):
    """AR-TURN-2 / AR-TURN-4: only a follower whose hand is still on the table."""
    _need(s, NOMINATE)
    seat = a.get("seat")
    if seat not in s["open"]:
        raise Reject("seat %r cannot be nominated; hands on the table: %s"
                     % (seat, " ".join([str(p) for p in s["open"]]) or "none"))
    s["open"].remove(seat)
    s["nominated"] = seat
    s["phase"] = DECIDE
    ev.append({"ev": "nominate", "seat": seat, "by": s["nominator"], "open": list(s["open"])})


def _take(s, cards, a, ev):
    """AR-TURN-3: swap; the old card is discarded and its "when discarded" effect resolves."""
    _need(s, DECIDE)
    seat = s["nominated"]
    if s["mode"] == "virtual":
        if "card" in a:
            raise Reject("virtual cards: the table knows the card, do not name it")
        old = s["held"][seat - 1]
        s["held"][seat - 1] = s["offered"]
        s["offered"] = None
    else:
        old = _physical_card(s, cards, a, s["discards"])
    s["nominated"] = 0
    info = cards.info[old]
    _discard(s, cards, old, seat, ev, "take")
    eff = info.get("effect")
    if info["type"] == "gate":
        _gate(s, cards, ev, "turn_end")  # AR-GOO-1
    elif eff == "end_round":
        _round_end(s, cards, ev, "elder_sign")
    elif eff == "orb" and s["deck_n"] > 0:
        s["orb_seat"] = seat
        s["phase"] = ORB
        ev.append({"ev": "orb_look", "seat": seat})
    else:
        _turn_end(s, cards, ev)


def _pass(s, cards, a, ev):
    """AR-TURN-4 / AR-TURN-5."""
    _need(s, DECIDE)
    seat = s["nominated"]
    s["nominated"] = 0
    if s["open"]:
        if "card" in a:
            raise Reject("only the last pass names the card (it is discarded face up)")
        s["nominator"] = seat
        s["phase"] = NOMINATE
        ev.append({"ev": "pass", "seat": seat, "open": list(s["open"])})
        return
    if s["mode"] == "virtual":
        if "card" in a:
            raise Reject("virtual cards: the table knows the card, do not name it")
        face = s["offered"]
        s["offered"] = None
    else:
        face = _physical_card(s, cards, a, s["discards"])
    ev.append({"ev": "pass", "seat": seat, "open": []})
    _discard(s, cards, face, 0, ev, "all_passed")
    if cards.info[face]["type"] == "gate" and cards.rules["pass_out_summons"]:
        _gate(s, cards, ev, "all_passed")
    else:
        _round_end(s, cards, ev, "all_passed")


def _orb(s, cards, a, ev):
    """The Orb's discarder looked at the top card: keep it on top or remove it face down."""
    _need(s, ORB)
    keep = a.get("keep")
    if keep is not True and keep is not False:
        raise Reject("orb needs keep true or false")
    if not keep:
        s["deck_n"] -= 1
        s["removed"] += 1
        if s["mode"] == "virtual":
            s["deck"].pop()
    ev.append({"ev": "orb", "seat": s["orb_seat"], "keep": keep})
    s["orb_seat"] = 0
    _turn_end(s, cards, ev)


def _peek(s, cards, a, ev):
    """AR-PEEK-1: a seen card is discarded without effect and replaced from the top of the deck;
    the player loses 1 sanity. Our reading: with the deck empty the seen held card stays (no
    replacement exists); a seen offered card goes and the turn ends."""
    _need(s, *IN_ROUND)
    seat = a.get("seat")
    what = a.get("what")
    if isinstance(seat, bool) or not isinstance(seat, int) or seat < 1 or seat > s["n"]:
        raise Reject("peek needs a seat 1..%d" % s["n"])
    if what not in ("held", "offered"):
        raise Reject("peek what=held or what=offered")
    if what == "offered" and (s["phase"] != DECIDE or seat != s["nominated"]):
        raise Reject("only the nominated player can see the offered card")
    virtual = s["mode"] == "virtual"
    if virtual and "card" in a:
        raise Reject("virtual cards: the table knows the card, do not name it")
    replace = s["deck_n"] > 0
    if what == "held":
        if replace:
            face = s["held"][seat - 1] if virtual else _physical_card(s, cards, a, s["discards"])
            _discard(s, cards, face, seat, ev, "peek")
            s["deck_n"] -= 1
            if virtual:
                s["held"][seat - 1] = s["deck"].pop()
        ev.append({"ev": "peek", "seat": seat, "what": what, "replaced": replace})
    else:
        face = s["offered"] if virtual else _physical_card(s, cards, a, s["discards"])
        _discard(s, cards, face, seat, ev, "peek")
        s["offered"] = None
        ev.append({"ev": "peek", "seat": seat, "what": what, "replaced": replace})
        if replace:
            _draw_offer(s)
    s["sanity"][seat - 1] = max(0, s["sanity"][seat - 1] - cards.rules["peek_loss"])
    ev.append({"ev": "sanity", "seat": seat, "sanity": s["sanity"][seat - 1]})
    if _check_end(s, ev):
        return
    if what == "offered" and not replace:
        s["nominated"] = 0
        _turn_end(s, cards, ev)


ACTIONS = {
    "nominate": _nominate, "take": _take, "pass": _pass, "goo": _goo, "orb": _orb,
    "reveal": _reveal, "next": _next, "peek": _peek,
}


def legal(s, cards):
    ph = s["phase"]
    out = []
    phys = s["mode"] == "physical"
    if ph == NOMINATE:
        out = [{"a": "nominate", "seat": p} for p in s["open"]]
    elif ph == DECIDE:
        last = not s["open"]
        out = [{"a": "take", "card": "?"} if phys else {"a": "take"},
               {"a": "pass", "card": "?"} if (phys and last) else {"a": "pass"}]
        off = {"a": "peek", "seat": s["nominated"], "what": "offered"}
        if phys:
            off["card"] = "?"
        out.append(off)
    elif ph == ORB:
        out = [{"a": "orb", "keep": True}, {"a": "orb", "keep": False}]
    elif ph == GATE:
        out = [{"a": "goo", "holder": h} for h in range(s["n"] + s["k"] + 1)]
    elif ph == REVEAL:
        out = [{"a": "reveal", "cards": "?"}]
    elif ph == ROUND_OVER:
        out = [{"a": "next"}]
    if ph in IN_ROUND:
        for p in range(1, s["n"] + 1):
            a = {"a": "peek", "seat": p, "what": "held"}
            if phys and s["deck_n"] > 0:
                a["card"] = "?"
            out.append(a)
    return out
