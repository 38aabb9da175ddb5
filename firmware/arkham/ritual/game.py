"""Arkham Ritual rules core: pure, no I/O, no clock (docs/design.md "Rules cores").

Seats are numbered 1..n clockwise; dummies are holders n+1..n+k (AR-SETUP-1). Two ways to know the
cards (docs/ritual.md): "virtual" — the core deals from a seeded deck kept in the state; "physical"
— real cards, the players tell the core what became public (a discarded card, who holds the Great
Old One when a Gate is discarded, every card at round end). Both judge with the same functions.

Every event the core returns is public (AR-INFO-1): hidden cards leave the core only through
view(seat), which shows one seat what that seat may see.
"""
from arkham import canon
from arkham.rng import Rng
from arkham.ritual import judge as _judge
from arkham.ritual.cards import CardError, Cards

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


def _copy(obj):
    """Deep copy of JSON-like data (lists, dicts, scalars); cheaper than a JSON round trip."""
    if isinstance(obj, list):
        return [_copy(v) for v in obj]
    if isinstance(obj, dict):
        out = {}
        for k in obj:
            out[k] = _copy(obj[k])
        return out
    return obj


def _int(v, what):
    if isinstance(v, bool) or not isinstance(v, int):
        raise Reject("%s must be a whole number" % what)
    return v


class Game:
    def __init__(self, options=None, seed=1, state=None):
        if state is not None:
            self.restore(state)
            return
        opts = _copy(options or {})
        try:
            s = _initial(opts, seed)
            self.cards = _cards_for(s)
            ev = []
            _deal(s, self.cards, ev)
            _start_turn(s, s["leader"], ev)
        except (Reject, CardError) as e:
            raise ValueError(str(e))
        self.state = s
        self.start_events = ev

    # -- the interface every rules core has -------------------------------------------------
    def apply(self, action):
        """(True, events) or (False, reason); a rejected action changes nothing."""
        s = _copy(self.state)
        ev = []
        try:
            if not isinstance(action, dict) or not isinstance(action.get("a"), str):
                raise Reject('an action is a dict {"a": verb, ...}')
            fn = _ACTIONS.get(action["a"])
            if fn is None:
                raise Reject("unknown action %r; actions: %s" % (action["a"], " ".join(sorted(_ACTIONS))))
            if s["phase"] == GAME_OVER:
                raise Reject("the game is over")
            fn(s, self.cards, action, ev)
        except (Reject, CardError) as e:
            return False, str(e)
        s["id"] += 1
        self.state = s
        return True, ev

    def legal_actions(self):
        return _legal(self.state, self.cards)

    def snapshot(self):
        return _copy(self.state)

    def restore(self, snap):
        self.state = _copy(snap)
        self.cards = _cards_for(self.state)
        self.start_events = []

    def state_hash(self):
        return canon.state_hash(self.state)

    # -- information ------------------------------------------------------------------------
    def public(self):
        """Everything anyone at the table may see (the shared console's `dump`)."""
        s = self.state
        out = {}
        for k in sorted(s):
            if k not in ("deck", "held", "offered", "rng", "opts"):
                out[k] = s[k]
        out["slots"] = self.cards.slots
        return out

    def view(self, seat):
        """What one seat may see (AR-INFO-1): the others' cards, the top card while leading, the
        card the Orb shows. Virtual mode only; the binding sends it only to that seat."""
        s = self.state
        if s["mode"] != "virtual":
            return {"seat": seat, "others": [], "note": "physical cards: look at the table"}
        others = []
        for h in range(1, s["n"] + s["k"] + 1):
            if h != seat:
                others.append([h, s["held"][h - 1]])
        out = {"seat": seat, "others": others}
        if s["phase"] in (NOMINATE, DECIDE) and seat == s["leader"] and s["offered"]:
            out["top"] = s["offered"]
        if s["phase"] == ORB and seat == s["orb_seat"] and s["deck"]:
            out["orb_top"] = s["deck"][-1]
        return out

    def holders(self):
        return self.state["n"] + self.state["k"]


def new_game(seed, options=None):
    return Game(options, seed)


# -- setup ------------------------------------------------------------------------------------
def _cards_for(s):
    base = s["opts"].get("data")
    c = Cards(s["opts"].get("slots"), base)
    rules = dict(c.rules)
    for k in sorted(s["opts"].get("rules") or {}):
        if k not in rules:
            raise Reject("unknown rule option %r" % k)
        rules[k] = s["opts"]["rules"][k]
    c.rules = rules
    return c


def _initial(opts, seed):
    for k in sorted(opts):
        if k not in ("players", "leader", "mode", "slots", "rules", "data"):
            raise Reject("unknown option %r" % k)
    cards = _cards_for({"opts": opts})
    r = cards.rules
    n = opts.get("players", 5)
    _int(n, "players")
    if n < r["min_players"] or n > r["max_players"]:
        raise Reject("players must be %d to %d" % (r["min_players"], r["max_players"]))
    leader = _int(opts.get("leader", 1), "leader")
    if leader < 1 or leader > n:
        raise Reject("leader must be a seat 1..%d" % n)
    mode = opts.get("mode", "virtual")
    if mode not in ("virtual", "physical"):
        raise Reject("mode is virtual or physical")
    k = r["fill_to"] - n if n < r["fill_to"] else 0  # AR-SETUP-1: dummies up to 5 holders
    return {
        "v": 1, "id": 0, "n": n, "k": k, "mode": mode, "opts": opts,
        "sanity": [r["start_sanity"]] * n,  # AR-SETUP-2
        "round": 0, "turn": 0, "leader": leader, "nominator": 0, "nominated": 0, "open": [],
        "deck": None, "deck_n": 0, "offered": None, "held": None, "discards": [], "removed": 0,
        "orb_seat": 0, "gate_then": "", "phase": NOMINATE, "result": None, "shown": None,
        "next_leader": 0, "winners": [], "rng": Rng(_int(seed, "seed")).state(),
    }


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


def _clockwise(n, after):
    """Seats after `after` going clockwise, ending with `after` itself."""
    return [(after + i - 1) % n + 1 for i in range(1, n + 1)]


# -- actions ----------------------------------------------------------------------------------
def _need(s, *phases):
    if s["phase"] not in phases:
        raise Reject("not now: the table is in phase %s" % s["phase"])


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


def _physical_card(s, cards, a, gone):
    """In physical mode a card that goes face up is named by the players; check it can exist."""
    face = a.get("card")
    cards.check_face(face)
    left = cards.count(face) - gone.count(face)
    if left <= 0:
        raise Reject("all %s cards are already face up" % face)
    return face


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


def _discard(s, cards, face, seat, ev, why):
    s["discards"].append(face)
    info = cards.info[face]
    place = info["kind"] if info["type"] == "artifact" else "pile"
    ev.append({"ev": "discard", "seat": seat, "card": face, "to": place, "why": why})


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
        res = _judge.summon(goo, holder, s["n"] + s["k"], s["n"], cards.info, cards.rules)
        _round_over(s, cards, ev, "summon", res)
    elif then == "turn_end":
        _turn_end(s, cards, ev)
    else:
        _round_end(s, cards, ev, then)


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
    res = _judge.judge(held, s["n"], cards.info, cards.rules)
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


_ACTIONS = {
    "nominate": _nominate, "take": _take, "pass": _pass, "goo": _goo, "orb": _orb,
    "reveal": _reveal, "next": _next, "peek": _peek,
}


def _legal(s, cards):
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
