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
from arkham.ritual.rounds import GAME_OVER, Reject, _deal, _once, _start_turn
from arkham.ritual.turns import ACTIONS, legal


class Game:
    def __init__(self, options=None, seed=1, state=None, like=None):
        """like: the table's previous game, whose cards serve again when its slots, rules and
        data options are these (the card data not read again: ~5 KB of a Pico's heap)."""
        if state is not None:
            self.restore(state)
            return
        opts = copy(options or {})
        try:
            x = _once("extra")
            cards = x.same_cards(like, opts)
            s = x.initial(opts, seed, cards)
            x = None
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
        _once("extra").shape(snap)  # (a state the game cannot play: ValueError)
        self.state = copy(snap)
        self.cards = _cards_for(self.state)
        self.start_events = []

    def state_hash(self):
        return canon.state_hash(self.state)

    # -- information (ritual/extra.py, imported for the call) --------------------------------
    def public(self):
        """Everything anyone at the table may see (the shared console's `dump`)."""
        return _once("extra").public(self)

    def view(self, seat):
        """What one seat may see (AR-INFO-1); the binding sends it only to that seat."""
        return _once("extra").view(self, seat)

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
