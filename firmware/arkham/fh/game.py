"""Arkham Horror: Final Hour rules core: pure, no I/O, no clock (docs/design.md "Rules cores").

All chance (the monster pool, the gate stack, the clue tokens, the decks) comes from the Rng kept
in the state: the core draws and the table tells the players which token to take. Action, item
and Reckoning cards stay physical; their effects come in as generic verbs (arkham.fh.actions).
"""
from arkham import canon
from arkham.fh import actions
from arkham.fh.load import Data, DataError
from arkham.fh.monsters import POOL, RESERVE, Lost, spawn
from arkham.rng import Rng

OPTIONS = ("ancient", "board", "investigators", "lead", "level", "players", "rules", "setup")


def _copy(obj):
    if isinstance(obj, list):
        return [_copy(v) for v in obj]
    if isinstance(obj, dict):
        out = {}
        for k in obj:
            out[k] = _copy(obj[k])
        return out
    return obj


class Game:
    def __init__(self, options=None, seed=1, state=None):
        if state is not None:
            self.restore(state)
            return
        opts = _copy(options or {})
        if not isinstance(opts, dict):
            raise ValueError("options is a dict")
        for k in sorted(opts):
            if k not in OPTIONS:
                raise ValueError("unknown option %r; options: %s" % (k, " ".join(OPTIONS)))
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise ValueError("seed is an integer")
        try:
            self.D = Data(opts)
            ev = []
            self.state = _setup(self.D, opts, seed, ev)
        except (DataError, actions.Reject) as e:
            raise ValueError(str(e))
        self.start_events = ev

    # -- the interface every rules core has -------------------------------------------------
    def apply(self, action):
        """Guards in a fixed order: known action in this phase, game not over, right
        investigator, the action's own checks. Rejected: (False, reason), nothing changed."""
        if not isinstance(action, dict) or not isinstance(action.get("a"), str):
            return False, 'an action is a dict {"a": verb, ...}'
        verb = action["a"]
        if verb not in actions.VERBS:
            return False, "unknown action %r; actions: %s" % (verb, " ".join(actions.VERBS))
        ph = actions.phase_of(self.state)
        if ph != "over" and verb not in actions.PHASE[ph]:
            return False, "%s is not an action of the %s phase; now: %s" % (
                verb, ph, " ".join(actions.PHASE[ph]))
        if ph == "over":
            return False, "the game is over (%s)" % self.state["result"]
        s = _copy(self.state)
        ev = []
        rng = Rng()
        rng.set_state(s["rng"])
        try:
            seat = actions.check_player(s, action)
            actions.do(s, self.D, rng, action, seat, ev)
        except actions.Reject as e:
            return False, str(e)
        except Lost as e:
            _lose(s, e.why, ev)
        if s["result"] is not None:
            s["act"] = None
        s["rng"] = rng.state()
        s["id"] += 1
        self.state = s
        return True, ev

    def legal_actions(self):
        return actions.legal(self.state, self.D)

    def snapshot(self):
        return _copy(self.state)

    def restore(self, snap):
        st = _copy(snap)
        try:
            self.D = Data(st["opts"])
        except DataError as e:
            raise ValueError(str(e))
        self.state = st
        self.start_events = []

    def state_hash(self):
        return canon.state_hash(self.state)

    # -- information ------------------------------------------------------------------------
    def phase(self):
        return actions.phase_of(self.state)

    def public(self):
        """What everyone may see: no ritual components, face-down clues, stacks or decks."""
        s = self.state
        out = {}
        for k in sorted(s):
            if k not in ("ritual_parts", "gate_stack", "gate_box", "clues", "rng", "opts",
                         "priority", "items"):
                out[k] = s[k]
        clues = []
        for c in s["clues"]:
            clues.append(None if c is None else (c[0] if c[1] else "face_down"))
        out["clues"] = clues
        out["inv"] = [{"name": i["name"], "loc": i["loc"], "hp": i["hp"], "max": i["max"]}
                      for i in s["inv"]]
        out["gate_stack"] = len(s["gate_stack"])
        out["phase"] = self.phase()
        return out


def new_game(seed, options=None):
    return Game(options, seed)


def _lose(s, why, ev):
    s["result"] = "lost"
    s["why"] = why
    ev.append({"e": "lost", "why": why})


def _setup(D, opts, seed, ev):
    g = D.g
    rng = Rng(seed)
    n = opts.get("players", 2)
    if not isinstance(n, int) or isinstance(n, bool) or str(n) not in g["health"]:
        raise DataError("players is one of: " + " ".join(sorted(g["health"])))
    names = opts.get("investigators", g["investigators"][:n])
    if not isinstance(names, list) or len(names) != n:
        raise DataError("investigators is a list of %d names" % n)
    for i in range(n):
        if names[i] not in g["investigators"] or names[i] in names[:i]:
            raise DataError("investigators are distinct, from: " + " ".join(g["investigators"]))
    lead = opts.get("lead", 1)
    if not isinstance(lead, int) or isinstance(lead, bool) or lead < 1 or lead > n:
        raise DataError("lead is a seat 1..%d" % n)
    b = D.board
    st = D.setup
    ritual = st["ritual"]
    hp = g["health"][str(n)]  # FH-SETUP-9
    inv = []
    for i in range(n):
        deck = list(range(1, g["action_cards"] + 1))
        rng.shuffle(deck)  # FH-SETUP-1: the investigator's action deck
        inv.append({"name": names[i], "loc": ritual, "hp": hp, "max": hp, "deck": deck})  # -5
    prio = list(range(1, g["priority_cards"] + 1))
    rng.shuffle(prio)  # FH-SETUP-8
    hands = []
    for i in range(n):
        hands.append(sorted(prio[-g["priority_hand"]:]))
        prio = prio[:-g["priority_hand"]]
    items = list(range(1, g["item_cards"] + 1))
    rng.shuffle(items)  # FH-SETUP-10
    # FH-SETUP-4: gates; FH-SETUP-6: the gate stack from the tokens left
    gates = []
    left = []
    for sym in g["gate_symbols"]:
        k = g["gates_per_symbol"]
        if sym in st["gates"]:
            gates.append([sym, st["gates"][sym], 1])
            k -= 1
        for _ in range(k):
            left.append(sym)
    rng.shuffle(left)
    box = sorted(left[:g["gates_boxed"]])
    stack = left[g["gates_boxed"]:]
    # FH-SETUP-7: ritual components, then the clues on every location without gate or ritual
    red = []
    for sym in g["clue_symbols"]:
        for _ in range(g["clues_per_symbol"]):
            red.append(sym)
    rng.shuffle(red)
    parts = sorted(red[:g["ritual_components"]])
    rest = red[g["ritual_components"]:] + ["key"] * g["key_clues"]
    rng.shuffle(rest)
    clues = []
    gate_locs = [x[1] for x in gates]
    for loc in range(1, b.n + 1):
        if loc == ritual or loc in gate_locs or not rest:
            clues.append(None)
        else:
            clues.append([rest.pop(), False])
    s = {
        "v": 1, "id": 0, "opts": opts, "round": 1, "phase": "actions", "result": None, "why": "",
        "lead": lead, "inv": inv, "ritual": ritual, "ritual_parts": parts, "clues": clues,
        "clues_unplaced": sorted(rest), "gates": gates, "gate_stack": stack, "gate_box": box,
        "gate_out": [], "priority": {"deck": prio, "hands": hands}, "items": items,
        "ruin": [[0] * b.slots[i] for i in range(1, b.n + 1)],
        "ruin_supply": g["destruction_tokens"], "seals": g["seal_tokens"], "sealed": [],
        "mon": [], "act": None, "fx": 0, "rng": None,
    }
    # FH-SETUP-3: standard tokens in the pool, the Ancient One's special ones in reserve
    for m in range(len(D.token)):
        s["mon"].append([RESERVE if D.special(m) else POOL, 0, 0, 0])
    try:
        for loc, kind in st["monsters"]:
            spawn(s, D, rng, loc, ev, kind)  # FH-SETUP-4 (no kind: from the pool)
    except Lost:
        raise DataError("the setup fills the ritual site")
    s["rng"] = rng.state()
    return s
