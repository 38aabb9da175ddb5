"""Arkham Horror: Final Hour at the table (docs/final-hour.md; hardware/boards/final-hour.json).

A console binding of the rules core arkham.fh: one verb per core action, and lights for the
public state. The players resolve their printed cards and say each effect on the console.
FH-TABLE-2: after each action the core's changes are shown step by step and every monster token
to lift or put down is prompted on its pad; the next action waits for them (`ok`, `override`;
games/fh_steps.py).

  location_N   red flash                  a token where the table does not expect it (FH-TABLE-2)
               white blink                put the prompted monster down / lift it here
               amber steady               a step of the animation: a monster passing, at work
  (then)       zone colour, dim           no monster there
               red, brighter per monster  monsters there (full: red pulse)
               purple                     a gate (red pulse when full)
               white, dimmer per monster  the ritual site (its free slots counting down);
                                          pulsing red when one slot is left
               white pulse (over all)     the location an activation is working on
  round_K      amber steady: this round;  dim white: rounds still to come;  off: played
               game over: green flash (won) or red steady (lost) on every round light
"""
from arkham.jsoncopy import copy
from arkham.compat import ticks_add, ticks_diff, ticks_ms
from arkham.fh.game import Game
from arkham.games import CommandError
from arkham.games import Mode as _Mode
from arkham.games.fh_steps import PASS, PLACE, Steps, bad_step, counts, where_now
from arkham.hw.pixels import BLINK, FLASH, PULSE, STEADY
from arkham.protocol import int_arg, no_more

ZONE = {"green": (0, 40, 0), "yellow": (40, 30, 0), "purple": (30, 0, 40)}
OTHER_ZONE = (20, 20, 20)
MONSTER = (255, 0, 0)
GATE = (140, 0, 200)
RITUAL = (200, 200, 200)
WORKING = (255, 255, 255)
ROUND_NOW = (255, 140, 0)
ROUND_LEFT = (40, 40, 40)
WON = (0, 200, 0)
LOST = (255, 0, 0)
ERROR = (255, 0, 0)
PROMPT = (255, 255, 255)
STEP = (230, 159, 0)
STEP_MS = 400  # one step of an animation

INT_OPTS = {"players": (2, 4), "lead": (1, 4), "seed": (0, 999999999)}
STR_OPTS = {"ancient": ("cthulhu", "shudde_mell", "umordhoth"),
            "level": ("easy", "normal", "hard")}
DEFAULTS = {"players": 2, "lead": 1, "ancient": "cthulhu", "level": "easy"}

# console verb -> (core verb, fields after INV: (name, "int" | "str"))
ACTS = {
    "move": ("move", (("to", "int"),)),
    "attack": ("attack", (("m", "int"), ("dmg", "int"))),
    "investigate": ("investigate", ()),
    "seal": ("seal", (("to", "int"),)),
    "reverse": ("reverse", (("p1", "str"), ("p2", "str"))),
    "activate": ("activate", (("zone", "str"),)),
    "push": ("push", (("m", "int"),)),
    "spawn": ("spawn", (("loc", "int"),)),
    "special": ("spawn_special", (("loc", "int"), ("kind", "str"))),
    "wound": ("wound", ()),
    "heal": ("heal", ()),
    "order": ("order", (("m", "int"),)),
    "victim": ("victim", (("who", "int"),)),
}


def _options(kw):
    out = dict(DEFAULTS)
    for k in sorted(kw):
        v = kw[k]
        if k in INT_OPTS:
            lo, hi = INT_OPTS[k]
            out[k] = v if isinstance(v, int) else int_arg(str(v), k, lo, hi)
        elif k in STR_OPTS:
            if v not in STR_OPTS[k]:
                raise CommandError("%s is one of: %s" % (k, " ".join(STR_OPTS[k])))
            out[k] = v
        else:
            known = " ".join(sorted(list(INT_OPTS) + list(STR_OPTS)))
            raise CommandError("final-hour: unknown option %s (known: %s)" % (k, known))
    if out["lead"] > out["players"]:
        raise CommandError("lead is a seat 1..%d" % out["players"])
    if "seed" not in out:
        out["seed"] = ticks_ms() & 0x3FFFFFFF  # kept in the snapshot: a restart resumes it
    return out


def _core(opts):
    try:
        return Game({"players": opts["players"], "lead": opts["lead"],
                     "ancient": opts["ancient"], "level": opts["level"]}, opts["seed"])
    except ValueError as e:
        raise CommandError("final-hour: " + str(e))


def _scale(rgb, num, den):
    return (rgb[0] * num // den, rgb[1] * num // den, rgb[2] * num // den)


class Mode(_Mode):
    name = "final-hour"
    VERBS = {
        "new": "new [players=2..4] [lead=N] [ancient=cthulhu|shudde_mell|umordhoth] "
               "[level=easy|normal|hard] [seed=N]: a new game",
        "move": "move INV TO: the investigator moves along a path",
        "attack": "attack INV M DMG: damage to monster M in the investigator's location",
        "investigate": "investigate INV: turn up the clue where the investigator is",
        "seal": "seal INV TO: a seal on the path to location TO",
        "reverse": "reverse INV SYMBOL SYMBOL: name the ritual's two components",
        "activate": "activate INV ZONE: activate the monsters of a colour zone",
        "push": "push INV M: a card makes monster M transition",
        "spawn": "spawn INV LOC: a monster from the pool appears at LOC",
        "special": "special INV LOC KIND: a special monster appears at LOC",
        "wound": "wound INV: the investigator loses 1 health",
        "heal": "heal INV: the investigator regains 1 health",
        "order": "order INV M: during an activation, monster M goes next",
        "victim": "victim INV WHO: during an activation, the killer wounds seat WHO",
        "end": "end INV: the lead ends the action phase / the Ancient One phase",
        "legal": "legal: the actions the rules allow now, numbered",
        "state": "state: phase, round, lead, investigators, gates, monsters, what the table "
                 "waits for",
        "ok": "ok [SPOT|all]: the prompted token is moved (all: every step still to show)",
        "override": "override [SPOT|all]: accept a token the table flagged as misplaced",
    }

    def __init__(self, ctx, options=None):
        _Mode.__init__(self, ctx, options)
        self._check_board()
        opts = _options(options or {})
        self.opts = opts
        self.core = _core(opts)
        self._start()

    def _start(self):
        """A new game: every setup monster is prompted onto the board (from an empty picture)."""
        core = self.core
        n = core.D.board.n
        self.steps = Steps([0] * (n + 1))
        self.pending = list(core.start_events)
        self.steps.add(self.pending, [0] * len(core.state["mon"]))

    def _check_board(self):
        for i in range(1, 16):
            if self.ctx.board.spot("location_%d" % i) is None:
                raise CommandError("this board has no spot location_%d (use --board final-hour)"
                                   % i)

    def _flush(self):
        ev = self.pending
        self.pending = []
        for e in ev:
            fields = {}
            for k in sorted(e):
                if k != "e":
                    fields[k] = e[k]
            self.ctx.emit(e["e"], fields)

    def _act(self, action):
        self._ready()
        where = where_now(self.core.state)
        good, res = self.core.apply(action)
        if not good:
            raise CommandError(res)
        self.pending.extend(res)
        self.steps.add(res, where)
        self._flush()
        self.ctx.save()
        self.ctx.redraw()

    def _ready(self):
        """FH-TABLE-2: a core action waits for the tokens. Refused (nothing changed) while a
        token is flagged or a prompt is still to do; an animation with no prompt left is cut
        short instead."""
        st = self.steps
        if st.wrong:
            raise CommandError("put the flashing token right first (%s), or `override`"
                               % " ".join(sorted(st.wrong)))
        todo = st.prompts()
        if todo:
            first = todo[0]
            more = " and %d more" % (len(todo) - 1) if len(todo) > 1 else ""
            raise CommandError("the table waits for tokens: %s %s at location_%d%s "
                               "(`ok location_%d`, or `ok all`)"
                               % (first[0], self._what(first[1]), first[2], more, first[2]))
        if st.busy():
            self._settle()

    def _what(self, m):
        return self.core.D.token[m] if m >= 0 else "investigator"

    # ---- console verbs -----------------------------------------------------------------------
    def command(self, verb, args, kw):
        self._flush()
        if verb == "new":
            no_more("new", args, {})
            opts = _options(kw)
            core = _core(opts)
            self.opts = opts
            self.core = core
            self._start()
            self._flush()
            self.ctx.save()
            self.ctx.redraw()
            return self._brief()
        if verb == "legal":
            no_more(verb, args, kw)
            from arkham.games.legaltext import numbered

            return {"legal": numbered(self.core.legal_actions())}
        if verb == "state":
            no_more(verb, args, kw)
            return self._state()
        if verb in ("ok", "override"):
            no_more(verb, args, kw, 1)
            return self._confirm(verb, args[0] if args else "all")
        n = len(self.core.state["inv"])
        if verb == "end":
            no_more(verb, args, kw, 1)
            if not args:
                raise CommandError("end INV")
            a = "end_round" if self.core.phase() == "ancient" else "end_actions"
            self._act({"a": a, "inv": int_arg(args[0], "inv", 1, n)})
            return self._brief()
        spec = ACTS.get(verb)
        if spec is None:
            raise CommandError("final-hour: unknown verb %r" % verb)
        fields = spec[1]
        no_more(verb, args, kw, 1 + len(fields))
        if len(args) != 1 + len(fields):
            raise CommandError(self.VERBS[verb])
        a = {"a": spec[0], "inv": int_arg(args[0], "inv", 1, n)}
        for i in range(len(fields)):
            name, kind = fields[i]
            text = args[1 + i]
            a[name] = int_arg(text, name, 0, 999) if kind == "int" else text.lower()
        if verb == "reverse":
            a["parts"] = [a.pop("p1"), a.pop("p2")]
        self._act(a)
        return self._brief()

    def _brief(self):
        s = self.core.state
        out = {"phase": self.core.phase(), "round": s["round"], "lead": s["lead"],
               "health": [i["hp"] for i in s["inv"]], "result": s["result"]}
        if s["act"] is not None and s["act"]["ask"] is not None:
            out["ask"] = s["act"]["ask"]
        todo = self.steps.prompts()
        if todo:
            out["waiting"] = ["%s %s at location_%d" % (t[0], self._what(t[1]), t[2])
                              for t in todo[:4]]
            out["prompts"] = len(todo)
        if self.steps.wrong:
            out["wrong"] = sorted(self.steps.wrong)
        return out

    def _state(self):
        """`state`: _brief() and where everyone is (the status view's source)."""
        s = self.core.state
        out = self._brief()
        out["investigators"] = [{"name": i["name"], "at": "location_%d" % i["loc"],
                                 "health": i["hp"], "max": i["max"]} for i in s["inv"]]
        out["gates"] = ["%s at location_%d" % (g[0], g[1]) for g in s["gates"]]
        out["seals"] = s["seals"]
        mon = {}
        for m in range(len(s["mon"])):
            if s["mon"][m][0] == "board":
                at = "location_%d" % s["mon"][m][1]
                mon[at] = mon.get(at, []) + ["m%d" % m]
        out["monsters"] = mon
        if s["why"]:
            out["why"] = s["why"]
        return out

    # ---- the steps and the tokens (FH-TABLE-2) ---------------------------------------------
    def tick(self, now_ms):
        self._flush()
        st = self.steps
        if st.wrong or st.wait is not None or not st.busy():
            return
        if st.due is not None and ticks_diff(now_ms, st.due) < 0:
            return
        if not st.queue:
            self._settle()  # the last step has been shown
            return
        step = st.queue.pop(0)
        if step[0] == PASS:
            st.lit = step[2]
            st.due = ticks_add(now_ms, STEP_MS)
        else:
            st.lit = 0
            self._open(step, now_ms)
        self.ctx.redraw()

    def _open(self, step, now_ms):
        """A lift or place step: the picture changes, and the pad must follow."""
        st = self.steps
        do, m, loc = step
        before = st.shown[loc]
        after = max(before + (1 if do == PLACE else -1), 0)  # (never below an empty slot)
        st.shown[loc] = after
        spot = "location_%d" % loc
        want = after > 0
        sp = self.ctx.board.spot(spot)
        sensed = sp is not None and sp.chip is not None
        self.ctx.emit("prompt", {"spot": spot, "do": do, "what": self._what(m), "m": m,
                                 "pad": sensed})
        st.due = now_ms
        if not sensed:
            pass  # named only: nothing to wait for
        elif (before > 0) != want and self.ctx.pads.present(spot) == want:
            self.ctx.emit("prompt_done", {"spot": spot, "by": "pad"})  # already so
        else:
            st.wait = step
        self.ctx.save()

    def _settle(self):
        """Every step shown (or skipped): the picture is the core's state again."""
        st = self.steps
        while st.queue:
            step = st.queue.pop(0)
            if step[0] != PASS:
                self.ctx.emit("prompt_done", {"spot": "location_%d" % step[2], "by": "ok"})
        st.wait = None
        st.lit = 0
        st.due = None
        st.running = False
        st.shown = counts(self.core.state, self.core.D.board.n)
        self.ctx.emit("settled", {})
        self.ctx.save()
        self.ctx.redraw()

    def on_pad(self, spot, present, now_ms):
        """Order: a flagged spot put right; the open prompt's spot; otherwise a change that
        leaves the spot unlike the picture is misplaced: it flashes and blocks play."""
        self._flush()
        if not spot.startswith("location_"):
            return
        st = self.steps
        try:
            loc = int(spot[9:])
        except ValueError:
            return
        if not 0 < loc < len(st.shown):
            return
        want = st.shown[loc] > 0
        if spot in st.wrong:
            if present == want:
                del st.wrong[spot]
                self.ctx.emit("put_right", {"spot": spot})
                st.due = now_ms
            else:
                st.wrong[spot] = present
            self.ctx.save()
            self.ctx.redraw()
            return
        w = st.wait
        if w is not None and w[2] == loc:
            if present == want:
                st.wait = None
                st.due = now_ms
                self.ctx.emit("prompt_done", {"spot": spot, "by": "pad"})
                self.ctx.save()
                self.ctx.redraw()
            return  # (between lifting and putting down: not an error on the prompted spot)
        if present != want:
            why = "a monster belongs here: put it back" if want else \
                "no monster belongs here now: lift it"
            if w is not None:
                why += " (the table waits at location_%d)" % w[2]
            st.wrong[spot] = present
            self.ctx.emit("misplaced", {"spot": spot, "present": present, "why": why})
            self.ctx.save()
            self.ctx.redraw()

    def _confirm(self, verb, what):
        st = self.steps
        if verb == "override":
            if what == "all":
                spots = sorted(st.wrong)
            elif what in st.wrong:
                spots = [what]
            else:
                raise CommandError("override: nothing flagged at %r (%s)"
                                   % (what[:40], " ".join(sorted(st.wrong)) or "none"))
            for spot in spots:
                del st.wrong[spot]
                self.ctx.emit("overridden", {"spot": spot})
            st.due = None
            self.ctx.save()
            self.ctx.redraw()
            return {verb: spots}
        spots = []
        if st.wait is not None:
            spots.append("location_%d" % st.wait[2])
        if what != "all" and (not spots or spots[0] != what):
            raise CommandError("ok: nothing to confirm at %r (%s)" % (
                what[:40], ("the table waits at " + spots[0]) if spots else "no prompt open"))
        if spots:
            st.wait = None
            st.due = None
            self.ctx.emit("prompt_done", {"spot": spots[0], "by": "ok"})
        if what == "all":
            for step in st.queue:
                if step[0] != PASS:
                    spots.append("location_%d" % step[2])
            if st.busy():
                self._settle()
        self.ctx.save()
        self.ctx.redraw()
        return {verb: spots}

    # ---- lights (FH-TABLE-1) ---------------------------------------------------------------------
    def scene(self, lights, now_ms):
        s = self.core.state
        b = self.core.D.board
        st = self.steps
        count = st.shown  # the picture: what the tokens should show now (FH-TABLE-2)
        wait = st.wait[2] if st.wait is not None else 0
        gates = [g[1] for g in s["gates"]]
        working = 0
        if s["act"] is not None and s["act"]["locs"]:
            working = s["act"]["locs"][0]
        for loc in range(1, b.n + 1):
            spot = "location_%d" % loc
            if self.ctx.board.spot(spot) is None:
                continue
            free = b.slots[loc] - count[loc]
            if spot in st.wrong:
                lights.show(spot, ERROR, FLASH)
            elif loc == wait:
                lights.show(spot, PROMPT, BLINK)
            elif loc == st.lit:
                lights.show(spot, STEP, STEADY)
            elif loc == working:
                lights.show(spot, WORKING, PULSE)
            elif loc == s["ritual"]:
                if free <= 1:
                    lights.show(spot, MONSTER, PULSE)
                else:  # white, dimmer as its free slots count down
                    lights.show(spot, _scale(RITUAL, free, b.slots[loc]), STEADY)
            elif free == 0:
                lights.show(spot, MONSTER, PULSE)
            elif count[loc]:
                lights.show(spot, _scale(MONSTER, count[loc], b.slots[loc]), STEADY)
            elif loc in gates:
                lights.show(spot, GATE, STEADY)
            else:
                lights.show(spot, ZONE.get(b.zone[loc], OTHER_ZONE), STEADY)
        for r in range(1, 9):
            spot = "round_%d" % r
            if self.ctx.board.spot(spot) is None:
                continue
            if s["result"] == "won":
                lights.show(spot, WON, FLASH)
            elif s["result"] == "lost":
                lights.show(spot, LOST, STEADY)
            elif r == s["round"]:
                lights.show(spot, ROUND_NOW, STEADY)
            elif r > s["round"]:
                lights.show(spot, ROUND_LEFT, STEADY)

    # ---- state -------------------------------------------------------------------------------
    def snapshot(self):
        return {"opts": self.opts, "core": self.core.snapshot(),
                "table": copy(self.steps.snapshot())}

    def persist(self):
        """What the app saves: the live core state, not a copy (the app encodes it at once)."""
        return {"opts": self.opts, "core": self.core.state, "table": self.steps.snapshot()}

    def restore(self, snap):
        opts = _options(snap.get("opts") or {})
        try:
            core = Game(state=snap["core"])
        except (KeyError, ValueError, TypeError):
            raise CommandError("final-hour: not a Final Hour snapshot")
        shown = counts(core.state, core.D.board.n)
        steps = Steps(shown)
        table = snap.get("table")
        if table is not None:
            if not isinstance(table, dict):
                raise CommandError("final-hour: not a Final Hour snapshot")
            steps.restore(table, shown)
            nmon = len(core.state["mon"])
            for st in steps.queue + ([steps.wait] if steps.wait is not None else []):
                why = bad_step(st, core.D.board.n, nmon)
                if why is not None:
                    raise CommandError("final-hour: saved table: " + why)
        self.opts = opts
        self.core = core
        self.steps = steps
        self.pending = []

    def dump(self):
        out = self.core.public()  # never the ritual components, face-down clues or stacks
        st = self.steps
        out["table"] = {"opts": self.opts, "queue": st.queue, "wait": st.wait,
                        "shown": st.shown, "wrong": st.wrong}
        return out
