"""Arkham Horror: Final Hour at the table (docs/final-hour.md; hardware/boards/final-hour.json).

A console binding of the rules core arkham.fh: one verb per core action, and lights for the
public state. Each round the players say the priority card (and action card) each investigator
plays (`play`); the table orders the 4 actions and names which half of each card resolves; the
players apply its effects on the console and say `next`. The Reckoning and the gate step run on
the table; at the end of a round the team may `attempt` the ritual (compulsory after round 8),
each investigator offering priority cards (`offer`); `hand` shows one seat its cards, privately.
FH-TABLE-2: after each action the core's changes are shown step by step and every token (monster
or investigator) to lift or put down is prompted on its pad; the next action waits for them
(`ok`, `override`; games/fh_steps.py). An investigator alone on its location may be moved by
its token: lift it, put it on a location next door: that is a `move` (one location per lift).

  location_N   red flash                  a token where the table does not expect it (FH-TABLE-2)
               white blink                put the prompted monster down / lift it here
               amber steady               a step of the animation: a monster passing, at work
               white pulse                the location an activation is working on
  (then)       the location's facts in turn, FACT_MS (1 s) each, so none hides another:
               each that applies, in this order, then the zone:
               red, brighter per monster  monsters there (full, ruined slots counted: red pulse)
               white, dimmer per monster  the ritual site (its free slots counting down);
                                          pulsing red when one slot is left (instead of red)
               purple                     a gate
               brown                      a ruined slot (destruction, FH-RUIN-1)
               cyan                       a sealed path ends here
               zone colour, dim           its zone (alone: steady, nothing else there)
  round_K      amber steady: this round;  dim white: rounds still to come;  off: played
               game over: green flash (won) or red steady (lost) on every round light
"""
from arkham.jsoncopy import copy
from arkham.compat import ticks_add, ticks_diff
from arkham.fh.game import Game
from arkham.fh.rounds import half, next_seat
from arkham.games import CommandError
from arkham.games import Mode as _Mode
from arkham.games.fh_steps import PASS, PLACE, Steps, counts, inv_locs, where_now
from arkham.games.offheap import Verbs, here, once
from arkham.hw.pixels import BLINK, FLASH, PULSE, STEADY
from arkham.protocol import int_arg, no_more

ZONE = {"green": (0, 40, 0), "orange": (45, 18, 0),
        "purple": (30, 0, 40)}
OTHER_ZONE = (20, 20, 20)
MONSTER = (255, 0, 0)
RUIN = (120, 50, 0)
SEAL = (0, 110, 140)
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
FACT_MS = 1000  # one fact of a location, when it has several (they take turns)

# console verb -> (core verb, fields after INV: (name, "int" | "str"))
ACTS = {
    "move": ("move", (("to", "int"),)),
    "attack": ("attack", (("m", "int"), ("dmg", "int"))),
    "investigate": ("investigate", ()),
    "seal": ("seal", (("to", "int"),)),
    "play": ("play", (("card", "int"), ("action", "int?"))),
    "next": ("next", ()),
    "attempt": ("attempt", ()),
    "repair": ("repair", (("loc", "int"),)),
    "activate": ("activate", (("zone", "str"),)),
    "push": ("push", (("m", "int"),)),
    "spawn": ("spawn", (("loc", "int"),)),
    "special": ("spawn_special", (("loc", "int"), ("kind", "str"))),
    "wound": ("wound", ()),
    "heal": ("heal", ()),
    "order": ("order", (("m", "int"),)),
    "victim": ("victim", (("who", "int"),)),
}


def _more():
    """games/fh_start.py: new game, restore, state, dump, override (once a game or on request)."""
    return once("fh_start")


def _numbered(actions):
    """legaltext.numbered of an iterable, as a generator the app's encoder writes item by item:
    each action's dict and its label go as the next is made (~130 actions are ~7 KB of dicts on
    a Pico, their labels as much: never a list of either)."""
    n = 0
    for a in actions:
        n += 1
        yield "%d %s" % (n, _label(a))


# the core's action names that are not the console's verbs (a `legal` line is typed back as is)
_VERB_OF = {"spawn_special": "special", "end_round": "end", "next_round": "end"}


def _label(a):
    from arkham.games.legaltext import label

    text = label(a)
    verb = _VERB_OF.get(a["a"])
    return text if verb is None else verb + text[len(a["a"]):]


def _scale(rgb, num, den):
    return (rgb[0] * num // den, rgb[1] * num // den, rgb[2] * num // den)


class Mode(_Mode):
    name = "final-hour"
    # verb -> its help (games/fh_help.json, read when asked: not kept in RAM)
    VERBS = Verbs(here("fh_help.json"), (  # type: ignore[assignment]  # (a dict to the app)
        "new", "act", "play", "next", "attempt", "offer", "hand", "repair", "move", "attack",
        "investigate", "seal", "activate", "push", "spawn", "special", "wound", "heal", "order",
        "victim", "end", "legal", "state", "ok", "override"))
    QUERIES = ("legal", "state", "hand")
    _fact_at = -1  # the FACT_MS slot last painted

    def __init__(self, ctx, options=None, snap=None):
        _Mode.__init__(self, ctx, options)
        _more().check_board(ctx.board)
        if snap is None:  # (a resume: restore() makes the game, none is built before it)
            self._new(options or {}, None)  # (`game`: the app lets the old game go first)

    def _new(self, kw, old):
        """A new game (old: this mode at a `new`, whose game goes first when it is saved)."""
        more = _more()
        opts = more.options(kw)
        o = more.core_options(opts)
        more = None  # (its code out of RAM before the game's data come in)
        if old is not None and old.core is not None and "setup" not in opts and self.ctx.on_flash():
            # checked options the core cannot refuse (only a script's own sheet can be wrong):
            # the old game (its state and data, ~10 KB on a Pico) goes before the new one is
            # built. Should the build fail all the same (no memory), the app puts the game back
            # as last saved (the old one: saved after its last change)
            old.core = None
        try:
            core = Game(o, opts["seed"])
        except ValueError as e:
            raise CommandError("final-hour: " + str(e))
        self.opts = opts
        self.core = core
        self.fresh_seed = opts["seed"] if "seed" not in kw else None  # (announce_seed)
        self._start()

    def _start(self):
        """A new game: every setup monster is prompted onto the board (from an empty picture)."""
        core = self.core
        n = core.D.board.n
        nmon = len(core.state["mon"])
        self.steps = Steps([0] * (n + 1), [0] * len(core.state["inv"]))
        self.pending = core.start_events
        core.start_events = []  # (one list of the setup's events in RAM, not two)
        self.steps.add(self.pending, [0] * (nmon + len(core.state["inv"])), nmon)

    def _flush(self):
        ev = self.pending
        self.pending = []
        for e in ev:
            fields = {}
            for k in sorted(e):
                if k != "e":
                    fields[k] = e[k]
            self.ctx.emit(e["e"], fields)

    def _act(self, action, by_token=0):
        """A core action; `by_token`: the seat whose token the players already moved (no
        prompts for it)."""
        if not by_token:
            self._ready()
        where = where_now(self.core.state)
        good, res = self.core.apply(action)
        if not good:
            raise CommandError(res)
        self.pending.extend(res)
        nmon = len(self.core.state["mon"])
        self.steps.add(res, where, nmon)
        if by_token:  # its token is there already: no prompt for it
            self.steps.inv[by_token - 1] = action["to"]
            self.steps.queue = [x for x in self.steps.queue if x[1] != -by_token]
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
        if st.hand is not None:
            raise CommandError("%s's token is in hand: put it down (location_%d or a location "
                               "next door)" % (self._what(-st.hand[0]), st.hand[1]))
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
        if m >= 0:
            return self.core.D.token[m]
        return self.core.state["inv"][-m - 1]["name"]

    # ---- console verbs -----------------------------------------------------------------------
    def command(self, verb, args, kw):
        self._flush()
        if verb == "new":
            no_more("new", args, {})
            self._new(kw, self)
            self.announce_seed()
            self._flush()
            self.ctx.save()
            self.ctx.redraw()
            return self._brief()
        if verb == "legal":
            no_more(verb, args, kw)
            return self._legal()
        if verb == "state":
            no_more(verb, args, kw)
            return _more().state(self)
        if verb in ("ok", "override"):
            no_more(verb, args, kw, 1)
            return self._confirm(verb, args[0] if args else "all")
        if verb == "act" or (kw and not args):  # `act N`, or a line `legal` printed
            from arkham.games.legalpick import pick

            self._act(pick(self._choices(), verb, args, kw, _label))
            return self._brief()
        n = len(self.core.state["inv"])
        if verb == "end":
            no_more(verb, args, kw, 1)
            if not args:
                raise CommandError("end INV")
            a = "next_round" if self.core.phase() == "end" else "end_round"
            self._act({"a": a, "inv": int_arg(args[0], "inv", 1, n)})
            return self._brief()
        if verb == "hand":
            no_more(verb, args, kw, 1)
            if not args:
                raise CommandError("hand INV")
            seat = int_arg(args[0], "inv", 1, n)
            # the host shows a reply carrying "private" only to that seat (docs/ritual.md)
            return {"private": seat, "view": {"hand": self.core.state["priority"]["hands"][
                seat - 1]}}
        if verb == "offer":
            no_more(verb, args, kw, 5)
            if len(args) < 2:
                raise CommandError(self.VERBS[verb])
            cards = [int_arg(x, "card", 1, 99) for x in args[1:]]
            self._act({"a": "offer", "inv": int_arg(args[0], "inv", 1, n), "cards": cards})
            return self._brief()
        spec = ACTS.get(verb)
        if spec is None:
            raise CommandError("final-hour: unknown verb %r" % verb)
        fields = spec[1]
        need = 1 + len([f for f in fields if f[1] != "int?"])
        no_more(verb, args, kw, 1 + len(fields))
        if not need <= len(args) <= 1 + len(fields):
            raise CommandError(self.VERBS[verb])
        a = {"a": spec[0], "inv": int_arg(args[0], "inv", 1, n)}
        for i in range(len(args) - 1):
            name, kind = fields[i]
            text = args[1 + i]
            a[name] = text.lower() if kind == "str" else int_arg(text, name, 0, 999)
        self._act(a)
        return self._brief()

    def _legal(self):
        """The legal actions, without showing a hand on the shared console: the cards the next
        seat may play are a private reply to that seat, and so are, in the attempt, the offers
        of the first seat still to offer (`hand INV` shows a seat its cards). Every line can be
        typed back as it is, or as `act N`."""
        core = self.core
        ph = core.phase()
        legal = {"legal": _numbered(self._choices()), "groups": self._groups()}
        if ph == "priority":
            return {"private": next_seat(core.state), "view": legal}
        if ph == "ritual":  # the offers of the first seat still to offer: its cards, private
            return {"private": self._offering(), "view": legal}
        return legal

    def _offering(self):
        """The first seat that has not offered its cards for the attempt yet (the ritual)."""
        offers = self.core.state["offers"]
        for i in range(len(offers)):
            if offers[i] is None:
                return i + 1
        return 0

    def _each(self):
        """The legal actions now, one at a time, in the core's order (the ritual: the first
        seat still to offer only)."""
        core = self.core
        if core.phase() != "ritual":
            return core.each()
        seat = self._offering()
        return (a for a in core.each() if a.get("inv") == seat)

    def _verbs(self):
        """[[verb, how many]] of the legal actions, in the order each verb first comes."""
        out = []
        for a in self._each():
            v = a["a"]
            for row in out:
                if row[0] == v:
                    row[1] += 1
                    break
            else:
                out.append([v, 1])
        return out

    def _choices(self):
        """The actions `legal` numbers now, one at a time (`act N` takes the Nth), one verb's
        together (~100 moves, seals, pushes and spawns came mixed). A pass over the
        core's actions per verb: never a list of them (~7 KB of dicts on a Pico)."""
        for v, _ in self._verbs():
            for a in self._each():
                if a["a"] == v:
                    yield a

    def _groups(self):
        """`legal`'s groups: "VERB FIRST-LAST" (the verb as typed), one per verb, in order."""
        out = []
        k = 1
        for v, n in self._verbs():
            out.append("%s %d-%d" % (_VERB_OF.get(v, v), k, k + n - 1))
            k += n
        return out

    def _brief(self):
        s = self.core.state
        ph = self.core.phase()
        out = {"phase": ph, "round": s["round"], "lead": s["lead"],
               "health": [i["hp"] for i in s["inv"]], "result": s["result"]}
        if ph == "priority":
            out["plays"] = next_seat(s)
        elif s["phase"] == "actions" and s["turn"] < len(s["plays"]):
            p = s["plays"][s["turn"]]
            out["resolving"] = {"inv": p[0], "card": p[1], "action": p[2],
                                "half": half(s, self.core.D), "n": s["turn"] + 1}
        elif ph == "ritual":
            out["offered"] = [i + 1 for i in range(len(s["offers"])) if s["offers"][i] is not None]
        if s["act"] is not None and s["act"]["ask"] is not None:
            out["ask"] = s["act"]["ask"]
        if self.steps.busy():  # steps to show: a "settled" event comes when they are done
            out["steps"] = len(self.steps.queue) + (1 if self.steps.wait is not None else 0)
        todo = self.steps.prompts()
        if todo:
            out["waiting"] = ["%s %s at location_%d" % (t[0], self._what(t[1]), t[2])
                              for t in todo[:4]]
            out["prompts"] = len(todo)
        if self.steps.wrong:
            out["wrong"] = sorted(self.steps.wrong)
        return out

    # ---- the steps and the tokens (FH-TABLE-2) ---------------------------------------------
    def tick(self, now_ms):
        self._flush()
        if now_ms // FACT_MS != self._fact_at:  # the next fact of each location (FH-TABLE-1)
            self._fact_at = now_ms // FACT_MS
            self.ctx.redraw()
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
        before = st.covered(loc)
        if m >= 0:
            st.shown[loc] = max(st.shown[loc] + (1 if do == PLACE else -1), 0)  # (never < 0)
        else:
            st.inv[-m - 1] = loc if do == PLACE else 0
        want = st.covered(loc)
        spot = "location_%d" % loc
        k = self.ctx.board.index(spot)
        sensed = k is not None and self.ctx.board.chip_at(k) is not None
        sees = before != want  # presence only: another token there hides the change
        self.ctx.emit("prompt", {"spot": spot, "do": do, "what": self._what(m), "m": m,
                                 "pad": sensed, "sees": sees})
        st.due = now_ms
        if not sensed:
            pass  # named only: nothing to wait for
        elif sees and self.ctx.pads.present(spot) == want:
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
        st.inv = inv_locs(self.core.state)
        self.ctx.emit("settled", {})
        self.ctx.save()
        self.ctx.redraw()

    def on_pad(self, spot, present, now_ms):
        """Order: a flagged spot put right; the open prompt's spot; an investigator's token in
        hand; otherwise a change that leaves the spot unlike the picture is misplaced: it
        flashes and blocks play."""
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
        want = st.covered(loc)
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
        if self._by_token(loc, present):
            return
        if present != want:
            why = "a token belongs here: put it back" if want else \
                "nothing belongs here now: lift it"
            if st.hand is not None and present:
                why = "%s may move to: %s" % (self._what(-st.hand[0]), " ".join(
                    ["location_%d" % x for x in self.core.D.board.paths[st.hand[1]]]))
            if w is not None:
                why += " (the table waits at location_%d)" % w[2]
            st.wrong[spot] = present
            self.ctx.emit("misplaced", {"spot": spot, "present": present, "why": why})
            self.ctx.save()
            self.ctx.redraw()

    def _by_token(self, loc, present):
        """Moving an investigator by its token (like AH2e): in the Action phase, with nothing
        flagged or prompted, lifting the only token on a location, an investigator's, puts it
        in hand; putting it down next door is a `move`, back where it was cancels."""
        st = self.steps
        s = self.core.state
        if st.wrong or st.wait is not None or st.busy():
            return False
        if st.hand is None:
            if present or self.core.phase() != "actions" or st.shown[loc]:
                return False
            here = [i + 1 for i in range(len(st.inv)) if st.inv[i] == loc]
            if len(here) != 1:
                return False
            st.hand = [here[0], loc]
            st.inv[here[0] - 1] = 0
            self.ctx.emit("in_hand", {"inv": here[0], "frm": "location_%d" % loc,
                                      "to": ["location_%d" % x
                                             for x in self.core.D.board.paths[loc]]})
            self.ctx.save()
            return True
        seat, frm = st.hand
        if not present:
            return False
        if loc == frm:
            st.hand = None
            st.inv[seat - 1] = frm
            self.ctx.emit("put_back", {"inv": seat, "at": "location_%d" % loc})
            self.ctx.save()
            return True
        if loc not in self.core.D.board.paths[frm] or s["phase"] != "actions":
            return False
        st.hand = None
        try:
            self._act({"a": "move", "inv": seat, "to": loc}, by_token=seat)
        except CommandError as e:  # (the core refused: the token is misplaced)
            st.hand = [seat, frm]
            st.wrong["location_%d" % loc] = present
            self.ctx.emit("misplaced", {"spot": "location_%d" % loc, "present": present,
                                        "why": str(e.args[0])})
            self.ctx.save()
        return True

    def _confirm(self, verb, what):
        st = self.steps
        if verb == "override":
            return _more().override(self, what)
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
        sealed = []
        for pair in s["sealed"]:
            sealed += pair
        working = 0
        if s["act"] is not None and s["act"]["locs"]:
            working = s["act"]["locs"][0]
        for loc in range(1, b.n + 1):
            spot = "location_%d" % loc
            if self.ctx.board.index(spot) is None:
                continue
            ruined = 0
            for r in s["ruin"][loc - 1]:
                if r:
                    ruined += 1
            free = b.slots[loc] - count[loc] - ruined
            if spot in st.wrong:
                lights.show(spot, ERROR, FLASH)
            elif loc == wait:
                lights.show(spot, PROMPT, BLINK)
            elif loc == st.lit:
                lights.show(spot, STEP, STEADY)
            elif loc == working:
                lights.show(spot, WORKING, PULSE)
            else:  # its facts in turn, FACT_MS each (none hides another)
                first = loc == s["ritual"] or count[loc] > 0 or free <= 0
                n = first + (loc in gates) + (ruined > 0) + (loc in sealed) + 1
                k = (now_ms // FACT_MS) % n if n > 1 else 0
                rgb, anim = self._fact(loc, k, count[loc], ruined, free, loc in gates,
                                       loc in sealed)
                lights.show(spot, rgb, anim)
        for r in range(1, 9):
            spot = "round_%d" % r
            if self.ctx.board.index(spot) is None:
                continue
            if s["result"] == "won":
                lights.show(spot, WON, FLASH)
            elif s["result"] == "lost":
                lights.show(spot, LOST, STEADY)
            elif r == s["round"]:
                lights.show(spot, ROUND_NOW, STEADY)
            elif r > s["round"]:
                lights.show(spot, ROUND_LEFT, STEADY)

    def _fact(self, loc, k, monsters, ruined, free, gate, sealed):
        """The k-th fact of a location, in this order: monsters (red, brighter per monster;
        pulsing when full) or the ritual site's free slots (white, dimmer as they count down;
        red pulse at one left), a gate (purple), destruction (brown), a sealed path (cyan),
        its zone (dim)."""
        b = self.core.D.board
        if loc == self.core.state["ritual"]:
            if k == 0:
                if free <= 1:
                    return MONSTER, PULSE
                return _scale(RITUAL, free, b.slots[loc]), STEADY
            k -= 1
        elif monsters or free <= 0:
            if k == 0:
                if free <= 0:
                    return MONSTER, PULSE
                return _scale(MONSTER, monsters, b.slots[loc]), STEADY
            k -= 1
        if gate:
            if k == 0:
                return GATE, STEADY
            k -= 1
        if ruined:
            if k == 0:
                return RUIN, STEADY
            k -= 1
        if sealed:
            if k == 0:
                return SEAL, STEADY
        return ZONE.get(b.zone[loc], OTHER_ZONE), STEADY

    # ---- state -------------------------------------------------------------------------------
    def snapshot(self):
        return {"opts": self.opts, "core": self.core.snapshot(),
                "table": copy(self.steps.snapshot())}

    def persist(self):
        """What the app saves: the live core state, not a copy (the app encodes it at once)."""
        return {"opts": self.opts, "core": self.core.state, "table": self.steps.snapshot()}

    def release(self):
        """(games.Mode.release)"""
        self.core = None

    def restore(self, snap):
        _more().restore(self, snap)

    def dump(self):
        return _more().dump(self)
