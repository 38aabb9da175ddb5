"""Arkham Horror: Final Hour at the table (docs/final-hour.md; hardware/boards/final-hour.json).

A console binding of the rules core arkham.fh: one verb per core action, and lights for the
public state. The players resolve their printed cards and say each effect on the console.

  location_N   zone colour, dim           no monster there
               red, brighter per monster  monsters there (full: red pulse)
               purple                     a gate (red pulse when full)
               white, blinking            the ritual site; pulsing red when one slot is left
               white pulse (over all)     the location an activation is working on
  round_K      amber steady: this round;  dim white: rounds still to come;  off: played
               game over: green flash (won) or red steady (lost) on every round light
"""
from arkham.compat import ticks_ms
from arkham.fh.game import Game
from arkham.games import CommandError
from arkham.games import Mode as _Mode
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
        "legal": "legal: the actions the rules allow now",
    }

    def __init__(self, ctx, options=None):
        _Mode.__init__(self, ctx, options)
        self._check_board()
        opts = _options(options or {})
        self.opts = opts
        self.core = _core(opts)
        self.pending = list(self.core.start_events)

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
        good, res = self.core.apply(action)
        if not good:
            raise CommandError(res)
        self.pending.extend(res)
        self._flush()
        self.ctx.save()

    # ---- console verbs -----------------------------------------------------------------------
    def command(self, verb, args, kw):
        self._flush()
        if verb == "new":
            no_more("new", args, {})
            opts = _options(kw)
            core = _core(opts)
            self.opts = opts
            self.core = core
            self.pending = list(core.start_events)
            self._flush()
            self.ctx.save()
            return self._brief()
        if verb == "legal":
            no_more(verb, args, kw)
            return {"legal": self.core.legal_actions()}
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
        return out

    def tick(self, now_ms):
        self._flush()

    # ---- lights (FH-TABLE-1) ---------------------------------------------------------------------
    def scene(self, lights, now_ms):
        s = self.core.state
        b = self.core.D.board
        count = [0] * (b.n + 1)
        for t in s["mon"]:
            if t[0] == "board":
                count[t[1]] += 1
        gates = [g[1] for g in s["gates"]]
        working = 0
        if s["act"] is not None and s["act"]["locs"]:
            working = s["act"]["locs"][0]
        for loc in range(1, b.n + 1):
            spot = "location_%d" % loc
            if self.ctx.board.spot(spot) is None:
                continue
            free = b.slots[loc] - count[loc]
            if loc == working:
                lights.show(spot, WORKING, PULSE)
            elif loc == s["ritual"]:
                lights.show(spot, MONSTER if free <= 1 else RITUAL, PULSE if free <= 1 else BLINK)
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
        return {"opts": self.opts, "core": self.core.snapshot()}

    def persist(self):
        """What the app saves: the live core state, not a copy (the app encodes it at once)."""
        return {"opts": self.opts, "core": self.core.state}

    def restore(self, snap):
        opts = _options(snap.get("opts") or {})
        try:
            core = Game(state=snap["core"])
        except (KeyError, ValueError, TypeError):
            raise CommandError("final-hour: not a Final Hour snapshot")
        self.opts = opts
        self.core = core
        self.pending = []

    def dump(self):
        out = self.core.public()  # never the ritual components, face-down clues or stacks
        out["table"] = {"opts": self.opts}
        return out
