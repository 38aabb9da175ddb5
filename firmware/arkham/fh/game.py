"""Arkham Horror: Final Hour rules core: pure, no I/O, no clock (docs/design.md "Rules cores").

All chance (the monster pool, the gate stack, the clue tokens, the decks) comes from the Rng kept
in the state: the core draws and the table tells the players which token to take. Action, item
and Reckoning cards stay physical; their effects come in as generic verbs (arkham.fh.actions).
"""
from arkham.compat import forget
from arkham.jsoncopy import copy
from arkham.fh.facts import DataError
from arkham.fh.monsters import Lost
from arkham.fh.rounds import Reject, phase_of
from arkham.fh.rounds import lazy as _once  # data loading and setup run once: then dropped
from arkham.rng import Rng

OPTIONS = ("ancient", "board", "investigators", "lead", "level", "players", "rules", "setup")


class Game:
    def __init__(self, options=None, seed=1, state=None):
        if state is not None:
            self.restore(state)
            return
        opts = copy(options or {})
        if not isinstance(opts, dict):
            raise ValueError("options is a dict")
        for k in sorted(opts):
            if k not in OPTIONS:
                raise ValueError("unknown option %r; options: %s" % (k, " ".join(OPTIONS)))
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise ValueError("seed is an integer")
        _drop_actions()
        try:
            setup = _once("setup")  # (its code in while the heap is in one piece)
            load = _once("load")
            self.D, g = load.build(opts)
            load = None
            _once("check").data(self.D, g)
            ev = []
            self.state = setup.setup(self.D, g, opts, seed, ev)
            g = setup = None
        except (DataError, Reject) as e:
            raise ValueError(str(e))
        self.start_events = ev

    # -- the interface every rules core has -------------------------------------------------
    def apply(self, action):
        """Guards in a fixed order: known action in this phase, game not over, right
        investigator, the action's own checks. Rejected: (False, reason), nothing changed."""
        if not isinstance(action, dict) or not isinstance(action.get("a"), str):
            return False, 'an action is a dict {"a": verb, ...}'
        verb = action["a"]
        actions = _actions()
        if verb not in actions.VERBS:
            return False, "unknown action %r; actions: %s" % (verb, " ".join(actions.VERBS))
        ph = actions.phase_of(self.state)
        if ph != "over" and verb not in actions.PHASE[ph]:
            return False, "%s is not an action of the %s phase; now: %s" % (
                verb, ph, " ".join(actions.PHASE[ph]))
        if ph == "over":
            return False, "the game is over (%s)" % self.state["result"]
        s = self.state  # in place: actions.do changes nothing before its checks pass
        ev = []
        rng = Rng()
        rng.set_state(s["rng"])
        try:
            seat = actions.check_player(s, action)
            actions.do(s, self.D, rng, action, seat, ev)
        except Reject as e:
            return False, str(e)
        except Lost as e:
            _lose(s, e.args[0], ev)
        if s["result"] is not None:
            s["act"] = None
        s["rng"] = rng.state()
        s["id"] += 1
        return True, ev

    def legal_actions(self):
        return _actions().legal(self.state, self.D)

    def each(self):
        """legal_actions() one at a time (a generator: never the whole list of dicts)."""
        return _actions().each(self.state, self.D)

    def snapshot(self):
        return copy(self.state)

    def restore(self, snap):
        _drop_actions()
        _once("info").restore(self, snap)

    def state_hash(self):
        """canon.state_hash(state), computed piece by piece (arkham.fh.info)."""
        return _once("info").state_hash(self.state)

    # -- information ------------------------------------------------------------------------
    def phase(self):
        return phase_of(self.state)

    def public(self):
        """What everyone may see: no ritual components, face-down clues, stacks or decks."""
        return _once("info").public(self.state)


def _actions():
    """arkham.fh.actions: imported at the first action, not with the game's
    module, so a game's start (data, setup) does not have them in RAM too (~11 KB on a Pico).
    Once imported, this is a look-up in sys.modules."""
    from arkham.fh import actions

    return actions


def _drop_actions():
    """A game's start (data, setup) without the actions' code in RAM (~6.4 KB on a Pico): it
    comes back at the game's first action or `legal` (once a game). (activate is loaded for an
    activation only.)"""
    forget("arkham.fh.actions")
    forget("arkham.fh.activate")


def new_game(seed, options=None):
    return Game(options, seed)


def _lose(s, why, ev):
    s["result"] = "lost"
    s["why"] = why
    ev.append({"e": "lost", "why": why})
