"""Arkham Ritual rules core: pure, no I/O, no clock (docs/design.md "Rules cores").

Seats are numbered 1..n clockwise; dummies are holders n+1..n+k (AR-SETUP-1). Two ways to know the
cards (docs/ritual.md): "virtual" — the core deals from a seeded deck kept in the state; "physical"
— real cards, the players tell the core what became public (a discarded card, who holds the Great
Old One when a Gate is discarded, every card at round end). Both judge with the same functions.

Every event the core returns is public (AR-INFO-1): hidden cards leave the core only through
view(seat), which shows one seat what that seat may see.
"""
from arkham import canon
from arkham.jsoncopy import copy
from arkham.ritual.cards import CardError, Cards
from arkham.ritual.rounds import DECIDE, GAME_OVER, NOMINATE, ORB, Reject, _deal, _int, _start_turn
from arkham.ritual.turns import ACTIONS, legal
from arkham.rng import Rng


class Game:
    def __init__(self, options=None, seed=1, state=None, like=None):
        """like: the table's previous game, whose cards serve again when its slots, rules and
        data options are these (the card data not read again: ~5 KB of a Pico's heap)."""
        if state is not None:
            self.restore(state)
            return
        opts = copy(options or {})
        try:
            cards = _same_cards(like, opts)
            s = _initial(opts, seed, cards)
            self.cards = cards if cards is not None else _cards_for(s)
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
        s = copy(self.state)
        ev = []
        try:
            if not isinstance(action, dict) or not isinstance(action.get("a"), str):
                raise Reject('an action is a dict {"a": verb, ...}')
            fn = ACTIONS.get(action["a"])
            if fn is None:
                known = " ".join(sorted(ACTIONS))
                raise Reject("unknown action %r; actions: %s" % (action["a"], known))
            if s["phase"] == GAME_OVER:
                raise Reject("the game is over")
            fn(s, self.cards, action, ev)
        except (Reject, CardError) as e:
            return False, str(e)
        s["id"] += 1
        self.state = s
        return True, ev

    def legal_actions(self):
        return legal(self.state, self.cards)

    def snapshot(self):
        return copy(self.state)

    def restore(self, snap):
        self.state = copy(snap)
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


def _same_cards(like, opts):
    if like is None:
        return None
    o = like.state["opts"]
    for k in ("slots", "rules", "data"):
        if o.get(k) != opts.get(k):
            return None
    return like.cards


def _initial(opts, seed, cards=None):
    for k in sorted(opts):
        if k not in ("players", "leader", "mode", "slots", "rules", "data"):
            raise Reject("unknown option %r" % k)
    if cards is None:
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
