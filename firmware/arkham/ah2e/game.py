"""The AH2e rules core: `Game(options)`; `apply(action)` -> (True, events) or (False, reason);
`legal_actions()`; `snapshot()` / `restore()`; `state_hash()`. Pure: no I/O, no clock.

Flow is a queue of steps run by a bounded loop (no recursion). A step either finishes at once or
waits for the players (a decision) or for a physical chance result (AH-TABLE-4). The action
vocabulary is in docs/ah2e.md and in `actions.py`.
"""
import sys

from arkham.ah2e import rules, tables
from arkham.ah2e.rules import Awaken, GameOver, SetupError  # noqa: F401 (SetupError: the API)
from arkham.ah2e.tables import LOST, SOURCES, why  # noqa: F401 (SOURCES: the API)
from arkham.compat import const
from arkham.jsoncopy import copy
from arkham.rng import Rng

fight = tables.Lazy("fight")
mythos = tables.Lazy("mythos")
turn = tables.Lazy("turn")

PHASES = ("upkeep", "movement", "arkham", "other", "mythos")
# a waiting step -> the decision it asks for, where the decision carries no more than its step's
# investigator (Game.need)
_NEED = {"newinv": "new_investigator", "aoa": "ao_loss", "up": "upkeep", "adj": "upkeep",
         "ret": "return", "ow": "other", "take_clue": "take_clue", "seal": "seal",
         "fadj": "final_adjust", "fatt": "final_attack", "fao": "ao_attack"}
# actions and legal, imported when first needed and then kept (sys.modules keeps them anyway):
# an import statement per call costs ~1 us on CPython, ~5 us on the unix port
_lazy = [None, None]
_FLOW_BOUND = const(5000)  # steps per action; a game never needs more, a bug never loops forever


def new_game(seed=1, options=None):
    o = dict(options or {})
    o["seed"] = seed
    return Game(o)


class Game:
    def __init__(self, options=None, snap=None, own=False):
        self.d = tables.get()
        self.ev = []
        if snap is not None:
            self.restore(snap, own)
            return
        su = tables.load_once("setup")
        try:
            self.s = su.setup(self.d, options or {})
        finally:
            tables.unload("setup")
        self.rng = Rng(self.s["seed"])
        self.ao = tables.ancient_one(self.s["ao"])
        if self.s["mythos_order"]:
            self.rng.shuffle(self.s["deck"])
        del self.s["mythos_order"]
        self.emit("setup", ao=self.s["ao"], investigators=[v["name"] for v in self.s["inv"]],
                  first=self.s["first"])
        self.emit("possessions", order=rules.order(self))  # AH-SETUP-6: players draw them
        self.s["phase"] = "mythos"
        self.emit("phase", phase="mythos", turn=0)
        self.s["q"] = [["mythos"]]
        self.setup_events = self.ev
        self.ev = []
        try:  # (caught here, not by a helper: the setup's flow runs a call less deep)
            self.run()
        except GameOver:
            pass
        except Awaken:
            self._awaken_then_run()
        self.setup_events = self.setup_events + self.ev
        self.ev = []
        self.s["rng"] = self.rng.state()

    # ---- bookkeeping used by the rule modules ------------------------------------------------
    # a callable sink(name, fields) (the table's ctx.emit): the events handed to it between the
    # flow's steps, not kept whole; `sent` counts them. Never called from inside a rule: the
    # table encodes each event, and a rule is already deep in a combat's chain; the Pico's 8 KB C
    # stack takes ~27 Python calls.
    sink = None
    sent = 0

    def emit(self, name, **kw):
        kw["ev"] = name
        self.ev.append(kw)

    def pass_events(self):
        """Hand the events so far to the sink (at the flow's top, where the stack is shallow)."""
        sink = self.sink
        ev = self.ev
        if sink is not None:
            while ev:
                e = ev.pop(0)
                sink(e.pop("ev"), e)
                self.sent += 1

    def push(self, steps):
        self.s["q"][0:0] = steps

    def done_step(self):
        self.s["step"] = None

    def physical(self, src):
        return src in self.s["phys"]

    # g.lose(i, what, n, why) is rules.lose itself (no wrapper's call on the Pico's small stack)
    lose = rules.lose

    def ao_fail(self, i):
        from arkham.ah2e import final

        final.ao_fail(self, i)

    # ---- snapshot ----------------------------------------------------------------------------
    def snapshot(self):
        self.s["rng"] = self.rng.state()
        return copy(self.s)

    def restore(self, snap, own=False):
        """own: the caller hands snap over (freshly parsed JSON): kept as it is, not copied, so a
        resume on a small heap does not hold the state twice."""
        self.s = snap if own else copy(snap)
        self.rng = Rng(1)
        self.rng.set_state(self.s["rng"])
        self.ao = tables.ancient_one(self.s["ao"])

    def state_hash(self):
        from arkham.ah2e import digest  # (the table never hashes: not kept in its RAM)

        self.s["rng"] = self.rng.state()
        return digest.state_hash(self.s)

    def over(self):
        return self.s["over"]

    # ---- flow --------------------------------------------------------------------------------
    def begin(self, phase):
        s = self.s
        s["phase"] = phase
        if phase == "mythos":  # (each loaded again when first used: see tables.Lazy; turn and
            # legal stay: the upkeep and its `legal` follow in the same action, and loading them
            # again costs ~90 ms of a Pico's time; the investigators' phases, with fight and
            # effects, hold more code)
            tables.drop("fight")
            tables.drop("effects")  # (a card's effect: the investigators' phases only)
        elif phase == "upkeep":
            tables.drop("mythos")
        self.emit("phase", phase=phase, turn=s["turn"])
        if phase == "mythos":
            self.push([["mythos"]])
        else:  # each investigator's step of the phase (PHASES' order)
            tag = ("up", "mv", "enc", "ow")[PHASES.index(phase)]
            self.push([[tag, i] for i in rules.order(self)])

    def _awaken_then_run(self):
        from arkham.ah2e import final

        tables.drop("turn")  # (the final battle has no investigators' or mythos phases)
        tables.drop("mythos")
        tables.drop("abilities")
        try:
            final.awaken(self)
            self.run()
        except GameOver:
            pass

    def run(self):
        s = self.s
        ev = self.ev
        sink = self.sink
        for _ in range(_FLOW_BOUND):
            if sink is not None:  # (pass_events inline: one call less deep)
                while ev:
                    e = ev.pop(0)
                    sink(e.pop("ev"), e)
                    self.sent += 1
            if s["over"]:
                return
            c = s["chk"]
            if c is not None:
                if c["r"]:
                    return  # spend a clue or accept
                if c["n"] <= 0:
                    fight.rolled(self, [], 0)  # AH-CHECK-1: no dice, no successes
                elif not self.physical("dice"):
                    fight.rolled(self, fight.roll_dice(self, c["n"]), 0)
                else:
                    return
                continue
            if s["cmb"] is not None:
                return
            if s["step"] is not None:
                if self.still(s["step"]):
                    return
                s["step"] = None
                continue
            if not s["q"]:
                if s["phase"] in PHASES[:4]:
                    self.begin(PHASES[PHASES.index(s["phase"]) + 1])
                    continue
                raise RuntimeError("empty queue in phase " + s["phase"])
            step = s["q"].pop(0)
            k = step[0]  # the step's handler, here (no frame of its own: ~10 steps an action)
            if k in STEPS:
                m, fn = STEPS[k]
                if m is not None:  # (tables.module() inline: a phase's import, a call less deep)
                    mod = sys.modules.get(m)
                    fn = getattr(tables.load_once(m[12:]) if mod is None else mod, fn)
                done = fn(self, step)
            else:
                from arkham.ah2e import final

                done = final.STEPS[k](self, step)
            if not done:
                s["step"] = step
        raise RuntimeError("flow bound exceeded")

    def still(self, step):
        """Is a waiting step still waiting? (an effect may have made it moot)"""
        s = self.s
        k = step[0]
        if k == "take_clue":
            return not mythos.step_take_clue(self, step)
        if k == "newinv":  # no sheet left to choose: that player is out (AH-DEV-1)
            if s["inv"][step[1]]["dead"] and not rules.spare_sheets(self):
                if not rules.order(self):
                    rules.end_game(self, 0, "devoured")
                return False
            return s["inv"][step[1]]["dead"] == 1
        if k not in ("mv", "enc", "ow", "ret", "seal", "adj", "die", "fadj", "fatt", "aoa"):
            return True
        i = step[1]
        if i >= 0 and s["inv"][i]["dead"]:
            return False
        if k == "adj":  # (the upkeep's question, where every Mythos phase stops: asked first)
            return True
        v = s["inv"][i] if i >= 0 else None
        if k == "mv":
            w, area = self.d.world_of(v["at"])
            return turn.move_still(self, i) or area == 2
        if k == "enc":
            return v["at"] in self.d.street_of
        if k == "ow":
            return self.d.world_of(v["at"])[0] is not None
        if k == "ret":
            return v["at"] == LOST
        if k == "seal":
            return not turn.step_seal(self, step)
        if k == "die" and step[2] == "rumor":
            return "rumab" in s  # the rumor left play meanwhile: no roll
        if k == "die" and step[2] == "item":
            return step[3] in v["items"]
        if k == "die" and step[2] in ("retainer", "loan", "bless"):
            return v[{"retainer": "ret", "loan": "loan", "bless": "bless"}[step[2]]] != 0
        return True

    def need(self):
        """What the game waits for: {"k": kind, ...} (None when over)."""
        s = self.s
        if s["over"]:
            return None
        c = s["chk"]
        if c is not None:
            if not c["r"]:
                return {"k": "roll", "inv": c["i"], "dice": c["n"], "check": c["c"]}
            return {"k": "clue", "inv": c["i"], "successes": c["s"], "difficulty": c["d"]}
        if s["cmb"] is not None:
            # a monster met in an encounter: evade or fight (AH-ENC-6); then combat rounds
            k = "combat" if s["cmb"]["h"] else "meet"
            return {"k": k, "inv": s["cmb"]["i"], "monster": s["cmb"]["m"]}
        st = s["step"]
        if st is None:
            return None
        k = st[0]
        if k == "mythos":
            return {"k": "draw_mythos"}
        if k == "gm":
            return {"k": "draw_gate", "at": st[1]}
        if k == "mon":
            return {"k": "draw_monster", "to": st[1]}
        if k == "spread":
            sg = s["surge"]
            plan = {}
            for m in sg["m"]:
                plan.setdefault(s["mon"][m], []).append(m)
            return {"k": "surge", "at": sg["at"], "plan": plan}
        if k == "die":
            return {"k": "die", "inv": st[1], "for": st[2]}
        if k == "mv":
            if self.d.world_of(s["inv"][st[1]]["at"])[1] == 2:
                return {"k": "return", "inv": st[1]}
            return {"k": "move", "inv": st[1], "points": max(0, s["inv"][st[1]]["mp"])}
        if k == "enc":
            v = s["inv"][st[1]]
            if v["at"] in s["gates"] and v["explored"] == v["at"]:
                return {"k": "close", "inv": st[1], "at": v["at"]}
            return {"k": "encounter", "inv": st[1], "at": v["at"]}
        out = {"k": _NEED[k]}
        if k == "take_clue":
            out["at"] = st[1]
            out["who"] = rules.invs_at(self, st[1])
        elif k != "fao":
            out["inv"] = st[1]
        return out

    # ---- actions -----------------------------------------------------------------------------
    def apply(self, action):
        """Guards in a fixed order: known action in this phase, game not over, right
        investigator, the action's own checks. Rejected: (False, reason), nothing changed."""
        actions = _lazy[0]
        if actions is None:
            from arkham.ah2e import actions

            _lazy[0] = actions
        if not isinstance(action, dict) or not isinstance(action.get("a"), str):
            return False, why("action_dict_verb")
        verb = action["a"]
        kinds = actions.VERBS.get(verb)  # the decisions it answers; () for an anytime verb
        if kinds is None:
            return False, why("unknown_action", verb)
        s = self.s
        phase = s["phase"]
        if kinds and verb not in actions.PHASE_VERBS[phase]:
            return False, why("not_action_phase", verb, phase)
        if s["over"]:
            return False, why("game_over")
        need = self.need()
        if kinds:
            if need is None or need["k"] not in kinds:
                return False, why("does_not_answer", verb, need["k"] if need else "nothing")
            if "inv" in action and "inv" in need and action["inv"] != need["inv"]:
                return False, why("investigator_turn", need["inv"], action["inv"])
        elif "inv" in action and not self._inv_ok(action["inv"]):
            return False, why("no_living_investigator", action["inv"])
        self.ev = []
        err = actions.check(self, action, need)
        if err:
            return False, err
        s["id"] += 1
        try:  # (caught here, not by a helper: the action's rules run a call less deep)
            actions.do(self, action, need)
        except GameOver:
            pass
        except Awaken:
            self._awaken_then_run()
        if not s["over"]:
            try:  # (caught here too: the flow runs one call less deep on the Pico's stack)
                self.run()
            except GameOver:
                pass
            except Awaken:
                self._awaken_then_run()
        s["rng"] = self.rng.state()
        self.pass_events()
        ev = self.ev
        self.ev = []
        return True, ev

    def _inv_ok(self, i):
        return isinstance(i, int) and 0 <= i < len(self.s["inv"]) and not self.s["inv"][i]["dead"]

    def legal_actions(self):
        legal = _lazy[1]
        if legal is None:
            from arkham.ah2e import legal

            _lazy[1] = legal
        return legal.legal(self, self.need())


# step kind -> (module's full name, its function's name) or (None, function): names, not
# functions, so that no phase's code is kept here (and no tables.Lazy look-up per step)
_M = const("arkham.ah2e.mythos")
_T = const("arkham.ah2e.turn")
STEPS = {
    "mythos": (_M, "step_mythos"), "gate": (_M, "step_gate"),
    "gm": (_M, "step_gate_marker"), "mon": (_M, "step_monster"),
    "clue": (_M, "step_clue"), "take_clue": (_M, "step_take_clue"),
    "mm": (_M, "step_move_monsters"), "ability": (_M, "step_ability"),
    "endm": (_M, "step_end_mythos"), "spread": (_M, "step_spread"),
    "up": (_T, "step_upkeep"), "mv": (_T, "step_move"), "enc": (_T, "step_encounter"),
    "ow": (_T, "step_other"), "seal": (_T, "step_seal"),
}  # type: dict


def _step_wait(g, step):
    return False


def _step_die(g, step):
    if g.physical("dice"):
        return False
    turn.resolve_die(g, step, g.rng.die())
    return True


def _step_ret(g, step):
    return g.s["inv"][step[1]]["at"] != LOST


def _step_gate_win(g, step):
    rules.check_gate_win(g)
    return True


STEPS["gwin"] = (None, _step_gate_win)
STEPS["adj"] = (None, _step_wait)
STEPS["newinv"] = (None, _step_wait)


def _step_rumor_check(g, step):
    from arkham.ah2e import abilities

    abilities.check(g)
    return True


STEPS["rumchk"] = (None, _step_rumor_check)  # AH-DEV-1: the player chooses a new investigator
STEPS["die"] = (None, _step_die)
STEPS["ret"] = (None, _step_ret)
