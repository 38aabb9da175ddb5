"""Arkham Ritual at the table (AR-TABLE-1, AR-TABLE-2; docs/ritual.md).

Each seat has a hand pad and a seat light (`seatN`, N = 1..7 clockwise), seven sanity pips
(`seatN_pipK`) and the table has a `deck` pad + light. The rules core is arkham.ritual; this
binding turns pad gestures and console verbs into its actions and paints only public facts:

  seat light   amber steady    the leader
               white pulse     nominated: deciding (or looking at the Orb's card)
               green steady    follower whose hand is on the table (can be nominated)
               green blink     follower who may be nominated but whose hand is off the pad
               dim white       hand lifted: out of this turn (passed or took)
               amber blink     round over: leads the next round;  gold flash: a winner
  pips         purple, one per sanity point: on request (tap the deck pad, or `sanity`) and
               while a round is over
  deck light   dim white: a card is going round;  purple pulse: the Orb;  amber flash: the
               table waits for the console (physical cards);  green pulse: round over
Never the colour of a held card (AR-INFO-1): nothing here reads a hidden card.

Gestures (arkham.ritual.gesture): a follower LIFTS their hand = nominated; the nominated player
DOUBLE-TAPS their pad = take, HOLDS it (1.2 s) = pass, or leaves it lifted for decide_ms = pass.
The Orb's discarder: double tap = keep the top card, hold = remove it. Round over: double tap the
deck pad = deal the next round. Every gesture has a console verb too.
"""
from arkham.compat import collect, ticks_diff, ticks_ms
from arkham.games import CommandError
from arkham.games import Mode as _Mode
from arkham.games.offheap import Verbs, here, once
from arkham.hw.pixels import BLINK, FLASH, PULSE, STEADY
from arkham.protocol import int_arg, no_more
from arkham.ritual.game import Game
from arkham.ritual.gesture import Gestures

LEADER = (255, 140, 0)
NOMINATED = (255, 255, 255)
ON_TABLE = (0, 170, 0)
LIFTED = (40, 40, 40)
WINNER = (255, 200, 0)
PIP = (140, 0, 200)
DECK_IDLE = (50, 50, 50)
DECK_ORB = (140, 0, 200)
DECK_WAIT = (255, 140, 0)
DECK_OVER = (0, 170, 0)

def _seat_arg(text, n):
    return int_arg(text, "seat", 1, n)


def _action(verb, args, kw, st):
    """The action a console verb names (nominate, take, pass, orb, peek, goo, reveal, next), its
    words checked against the game `st` (its seats, its dummies); CommandError otherwise."""
    n = st["n"]
    if verb == "nominate":
        no_more(verb, args, kw, 1)
        if not args:
            raise CommandError("nominate SEAT")
        return {"a": "nominate", "seat": _seat_arg(args[0], n)}
    if verb in ("take", "pass"):
        no_more(verb, args, kw, 1)
        a = {"a": verb}
        if args:
            a["card"] = args[0].lower()
        return a
    if verb == "orb":
        no_more(verb, args, kw, 1)
        if not args or args[0] not in ("keep", "remove"):
            raise CommandError("orb keep or orb remove")
        return {"a": "orb", "keep": args[0] == "keep"}
    if verb == "peek":
        no_more(verb, args, kw, 3)
        if len(args) < 2:
            raise CommandError("peek SEAT held|offered [CARD]")
        a = {"a": "peek", "seat": _seat_arg(args[0], n), "what": args[1].lower()}
        if len(args) > 2:
            a["card"] = args[2].lower()
        return a
    if verb == "goo":
        no_more(verb, args, kw, 1)
        if not args:
            raise CommandError("goo HOLDER or goo none")
        holder = 0 if args[0] == "none" else int_arg(args[0], "holder", 1, n + st["k"])
        return {"a": "goo", "holder": holder}
    if verb == "reveal":
        no_more(verb, args, kw, 1)
        if not args:
            raise CommandError("reveal CARD,CARD,... (seats 1..%d, then dummies)" % n)
        return {"a": "reveal", "cards": args[0].lower().split(",")}
    if verb == "next":
        no_more(verb, args, kw)
        return {"a": "next"}
    raise CommandError("ritual: unknown verb %r" % verb)


class Mode(_Mode):
    name = "ritual"
    # verb -> its help (games/ritual_help.json, read when asked: not kept in RAM)
    VERBS = Verbs(here("ritual_help.json"), (  # type: ignore[assignment]  # (a dict to the app)
        "new", "act", "nominate", "take", "pass", "orb", "peek", "goo", "reveal", "next", "look",
        "sanity", "legal", "state"))
    QUERIES = ("legal", "state", "look")

    def announce_seed(self):
        """(games.Mode.announce_seed) Its seed decides the hidden deal (AR-INFO-1): the event is
        marked private (kept off a shared screen, in the wire log)."""
        n = self.fresh_seed
        if n is not None:
            self.fresh_seed = None
            self.ctx.emit("seed", {"seed": n, "private": "log"})

    def __init__(self, ctx, options=None, snap=None):
        _Mode.__init__(self, ctx, options)
        self.core = None
        if snap is None:  # (a resume: restore() makes the game, none is built before it)
            self._new(options or {})

    def _new(self, kw):
        """A new game (Mode(), `new`); with the slots of the game before, its cards serve
        again (the card data not read again: the table's peak was there)."""
        more = once("ritual_start")
        opts = more.options(kw)
        more.check_board(self.ctx.board, opts["players"])
        o = more.core_options(opts)
        more = None  # (its code out of RAM before the game's data come in)
        old = self.core
        if old is not None and self.ctx.on_flash():
            # the old game leaves before the new one is dealt (its cards serve again): two at
            # once were the table's worst point; it comes back from its save if the deal fails
            self.core = None
            old.state = {"opts": old.state["opts"]}
            collect()
        try:
            core = Game(o, opts["seed"], like=old)
        except ValueError as e:
            if self.core is None:
                self.ctx.back_from_save()
            raise CommandError("ritual: " + str(e))
        self.opts = opts
        self.core = core
        self.fresh_seed = opts["seed"] if "seed" not in kw else None  # (private: announce_seed)
        self._fresh(core.start_events)

    def _fresh(self, events):
        self.pending = list(events)  # core events not yet sent (sent at the next tick/command)
        self.gestures = Gestures(self.opts["tap_ms"], self.opts["gap_ms"], self.opts["hold_ms"])
        self.since = None  # when the nominated player's decision clock started (ticks)
        self.typed = False  # nominated at the console: the clock is typed_ms, not decide_ms
        self.told = 0  # the seconds left the last `time_left` event said (0: none yet)
        self.show_until = None
        self.asking = None  # physical cards: a gesture decided, the console must name the card

    # ---- the rules core ----------------------------------------------------------------
    def _flush(self):
        ev = self.pending
        self.pending = []
        for e in ev:
            fields = {}
            for k in e:
                if k != "ev":
                    fields[k] = e[k]
            self.ctx.emit(e["ev"], fields)

    def _act(self, action, gesture=None, seat=None):
        """Apply a core action: CommandError (nothing changed) or its events sent."""
        good, res = self.core.apply(action)
        if not good:
            raise CommandError(res)
        self._flush()
        if gesture is not None:
            self.ctx.emit("gesture", {"seat": seat, "gesture": gesture, "means": action["a"]})
        self.pending = res
        self._flush()
        self.since = None
        self.typed = action["a"] == "nominate" and gesture is None  # (typed at the console)
        self.told = 0
        self.asking = None
        self.ctx.save()
        return res

    def _try(self, action, gesture, seat):
        try:
            self._act(action, gesture, seat)
        except CommandError:
            pass  # a gesture the rules do not allow now is ignored

    # ---- console verbs -------------------------------------------------------------------
    def command(self, verb, args, kw):
        self._flush()
        st = self.core.state
        n = st["n"]
        if verb == "new":
            no_more("new", args, {})
            self._new(kw)
            self.announce_seed()
            self._flush()
            self.ctx.save()
            return self._brief()
        if verb == "act" or (kw and not args):  # `act N`, or a line `legal` printed
            from arkham.games.legalpick import pick

            a = pick(self.core.legal_actions(), verb, args, kw)
            self._act(a)
            if a["a"] == "nominate":
                self.gestures.forget(a["seat"])  # (as `nominate SEAT` below)
            return self._brief()
        if verb == "look":
            no_more(verb, args, kw, 1)
            if not args:
                raise CommandError("look SEAT")
            seat = _seat_arg(args[0], n)
            # the host shows a reply carrying "private" only to that seat (docs/ritual.md)
            return {"private": seat, "view": self.core.view(seat)}
        if verb == "sanity":
            no_more(verb, args, kw)
            self.show_until = ticks_ms() + self.opts["show_ms"]
            self.ctx.redraw()
            return {"sanity": list(st["sanity"])}
        if verb == "legal":
            no_more(verb, args, kw)
            from arkham.games.legaltext import numbered

            return {"legal": numbered(self.core.legal_actions())}
        if verb == "state":
            no_more(verb, args, kw)
            return once("ritual_start").state(self)
        a = _action(verb, args, kw, st)  # (CommandError for an unknown verb)
        self._act(a)
        if verb == "nominate":
            # the nominee's hand may still be on its pad, and has been for longer than a hold:
            # that touch is no gesture (a hold or double tap starts from the next touch)
            self.gestures.forget(a["seat"])
        return self._brief()

    def _brief(self):
        s = self.core.state
        return {"phase": s["phase"], "leader": s["leader"], "nominated": s["nominated"],
                "open": list(s["open"]), "deck": s["deck_n"], "sanity": list(s["sanity"])}

    # ---- pads and time ---------------------------------------------------------------------
    def _seat_of(self, spot):
        if spot[:4] != "seat" or not spot[4:].isdigit():
            return 0
        p = int(spot[4:])
        return p if 1 <= p <= self.core.state["n"] else 0

    def _decider(self):
        """The seat whose gesture is awaited: nominated (decide) or the Orb's discarder."""
        s = self.core.state
        if s["phase"] == "decide":
            return s["nominated"]
        if s["phase"] == "orb":
            return s["orb_seat"]
        return 0

    def on_pad(self, spot, present, now_ms):
        self._flush()
        s = self.core.state
        if spot == "deck":
            g = self.gestures.change("deck", present, now_ms)
            if present:
                self.show_until = now_ms + self.opts["show_ms"]
            if g == "double" and s["phase"] == "round_over":
                self._try({"a": "next"}, "double_tap", 0)
            self.ctx.redraw()
            return
        seat = self._seat_of(spot)
        if not seat:
            return
        g = self.gestures.change(seat, present, now_ms)
        ph = s["phase"]
        if ph == "nominate":
            if not present and seat in s["open"]:
                self._try({"a": "nominate", "seat": seat}, "lift", seat)
                self.since = now_ms
                self.gestures.forget(seat)  # the lift itself is not half of a double tap
        elif seat == self._decider():
            self.since = now_ms
            self.told = 0  # (the clock starts again: so do its reminders)
            if g == "double":
                if ph == "orb":
                    self._try({"a": "orb", "keep": True}, "double_tap", seat)
                else:
                    self._decide("take", "double_tap", seat)
        self.ctx.redraw()

    def _decide(self, verb, gesture, seat):
        s = self.core.state
        if s["mode"] == "physical" and (verb == "take" or not s["open"]):
            # the card goes face up: the players name it on the console (`take CARD`)
            self.asking = verb
            self.ctx.emit("ask", {"seat": seat, "gesture": gesture,
                                  "say": verb + " CARD (the card that goes face up)"})
            return
        self._try({"a": verb}, gesture, seat)

    def tick(self, now_ms):
        self._flush()
        if self.show_until is not None and ticks_diff(now_ms, self.show_until) >= 0:
            self.show_until = None
            self.ctx.redraw()
        seat = self._decider()
        if not seat or self.asking:
            return
        if self.since is None:
            self.since = now_ms
        ph = self.core.state["phase"]
        if self.gestures.poll(seat, now_ms) == "hold":
            if ph == "orb":
                self._try({"a": "orb", "keep": False}, "hold", seat)
            else:
                self._decide("pass", "hold", seat)
            self.ctx.redraw()
        elif ph == "decide" and not self.ctx.pads.present("seat%d" % seat):
            limit = self.opts["typed_ms" if self.typed else "decide_ms"]
            left = limit - ticks_diff(now_ms, self.since)
            if left <= 0:
                self._decide("pass", "timeout", seat)
                self.ctx.redraw()
            else:
                self._remind(seat, left, limit)

    def _remind(self, seat, left, limit):
        """`time_left` events for the nominee's clock (the console prints them: someone typing
        there sees the time-out coming): when it starts, then at 30, 10 and 5 s left."""
        secs = (left + 999) // 1000
        say = 0
        if not self.told:
            say = (limit + 999) // 1000
        else:
            for mark in (30, 10, 5):
                if secs <= mark < self.told:
                    say = mark
                    break
        if say:
            self.told = say
            self.ctx.emit("time_left", {"seat": seat, "s": say, "then": "pass"})

    # ---- lights ---------------------------------------------------------------------------
    def scene(self, lights, now_ms):
        s = self.core.state
        ph = s["phase"]
        pads = self.ctx.pads
        for p in range(1, s["n"] + 1):
            spot = "seat%d" % p
            if ph == "game_over":
                if p in s["winners"]:
                    lights.show(spot, WINNER, FLASH)
            elif ph == "round_over":
                if p == s["next_leader"]:
                    lights.show(spot, LEADER, BLINK)
            elif p == s["leader"]:
                lights.show(spot, LEADER, STEADY)
            elif p == self._decider():
                lights.show(spot, NOMINATED, PULSE)
            elif p in s["open"]:
                lights.show(spot, ON_TABLE, STEADY if pads.present(spot) else BLINK)
            else:
                lights.show(spot, LIFTED, STEADY)
        if self.show_until is not None or ph in ("round_over", "game_over"):
            for p in range(1, s["n"] + 1):
                for k in range(1, s["sanity"][p - 1] + 1):
                    pip = "seat%d_pip%d" % (p, k)
                    if self.ctx.board.index(pip) is not None:
                        lights.show(pip, PIP, STEADY)
        if self.ctx.board.index("deck") is not None:
            if ph in ("nominate", "decide"):
                lights.show("deck", DECK_WAIT if self.asking else DECK_IDLE,
                            FLASH if self.asking else STEADY)
            elif ph == "orb":
                lights.show("deck", DECK_ORB, PULSE)
            elif ph in ("gate", "reveal"):
                lights.show("deck", DECK_WAIT, FLASH)
            elif ph == "round_over":
                lights.show("deck", DECK_OVER, PULSE)

    # ---- state -------------------------------------------------------------------------------
    def snapshot(self):
        return {"opts": self.opts, "core": self.core.snapshot()}

    def persist(self):
        """What the app saves: the live core state, not a copy (the app encodes it at once; the
        copy was the table's worst point)."""
        return {"opts": self.opts, "core": self.core.state}

    def release(self):
        """(games.Mode.release)"""
        self.core = None

    def restore(self, snap):
        opts = once("ritual_start").options(snap.get("opts") or {})
        core = Game(state=snap["core"])
        self.opts = opts
        self.core = core
        self._fresh([])

    def dump(self):
        return once("ritual_start").dump(self)
