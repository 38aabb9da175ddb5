"""Arkham Horror 2e at the table: the binding of the rules core arkham.ah2e (docs/ah2e-table.md).

    game ah2e [players=1..8 | investigators=a,b,..] [ao=NAME] [seed=N] [first=0..7]
              [chance=virtual|physical|dice,mythos,cup,gates]

Console verbs: `act` (one core action, or the Nth of `legal`), `legal`, `state`, `ok` (a
prompted change is done), `override` (accept a token the table flagged). Every core event is sent
as a protocol event; the table adds `prompt`, `prompt_done`, `misplaced`, `put_right`,
`overridden`, `in_hand`, `put_back` and `need` (what the game waits for, with a hint).
Lights: arkham.games.ah2e_scene (AH-TABLE-1); pads: arkham.games.ah2e_sync (AH-TABLE-2, -3).
"""

import json

from arkham.ah2e.game import Game, SetupError
from arkham.ah2e.tables import scan
from arkham.compat import collect, const, forget
from arkham import games
from arkham.games import CommandError
from arkham.games.ah2e_sync import Sync, changes, expected, positions
from arkham.games.legaltext import label as fmt  # (an action as the words of an `act` line)
from arkham.games.legaltext import numbered
from arkham.protocol import int_arg, no_more

_LISTS = const(("dice", "sliders", "spend_monsters"))  # action fields that are always lists
_MAX_TODO = const(4)  # prompts remembered per spot (a pad sees one change at a time anyway)
_said = [None, None]  # the last hint read: [need kind, text] (the same need is often told again)


def hint(k):
    """What the table says for a need of kind k (ah2e_hints.json, one per line, read from flash
    when said: 1.6 KB of text not kept in RAM); k itself when it has none."""
    if _said[0] == k:
        return _said[1]
    head = ('"' + k + '":').encode()
    folder = __file__.rsplit("/", 1)[0] + "/" if "/" in __file__ else ""
    # (read in blocks by scan: a text file's lines come a byte at a time on MicroPython)
    text = scan(folder + "ah2e_hints.json", lambda line: line if line.startswith(head) else None)
    text = k if text is None else json.loads("{" + text.rstrip(b",").decode() + "}")[k]
    _said[0] = k
    _said[1] = text
    return text


def _rare():
    """arkham.games.ah2e_start: the binding's rarely used part (options, the pads check of a new
    or resumed game, `state`); forgotten again by _forget() once done."""
    from arkham.games import ah2e_start

    return ah2e_start


def _forget():
    """Drop ah2e_start's code from a small heap (~3 KB; loaded again at a new game, a resume or
    a `state`, a few ms each; only from a .mpy: compat.forget), and a resume's ah2e_resume."""
    forget("arkham.games.ah2e_start")
    forget("arkham.games.ah2e_resume")


def _value(key, text):
    """A typed action field: 3 -> int, true/false, a,b -> list, {..} or [..] -> JSON."""
    if text[:1] in ("{", "["):
        try:
            return json.loads(text)
        except ValueError:
            raise CommandError("%s: bad JSON %r" % (key, text[:40]))
    if key in _LISTS or "," in text:
        return [_value("", x) for x in text.split(",") if x]
    if text in ("true", "false"):
        return text == "true"
    t = text[1:] if text[:1] in ("-", "+") else text
    if t.isdigit() and len(t) < 9:
        return int(text)
    return text


def chip_ok(pads, chip):
    ok = getattr(pads, "chip_ok", None)
    return ok is None or ok(chip)


class Mode(games.Mode):
    name = "ah2e"
    VERBS = {
        "act": "act N | act VERB key=value... | act {json}: one core action (N: the Nth of "
        "`legal`); e.g. act move to=rivertown, act roll successes=2, act draw_mythos "
        "card=heat_wave",
        "legal": "legal: the actions the rules allow now, numbered for `act N`",
        "state": "state: phase, turn, doom, terror, gates, investigators, prompts",
        "ok": "ok [SPOT|all]: a prompted change is done (the pad cannot see it)",
        "override": "override [SPOT|all]: accept a token the table flagged as misplaced",
    }
    QUERIES = ("legal", "state")
    JOURNAL = True  # (the core is deterministic: its generator is in the state)

    def __init__(self, ctx, options=None, snap=None):
        games.Mode.__init__(self, ctx, options)
        from arkham.ah2e import tables

        for m in ("final", "fight", "mythos", "turn", "abilities"):  # the last game's (loaded when needed)
            tables.drop(m)
        rare = _rare()
        opts = rare.options(options or {})
        for spot in ("independence_square", "sky", "outskirts"):
            if ctx.board.index(spot) is None:
                raise CommandError("this board has no spot %s (use --board ah2e)" % spot)
        if snap is None:  # (a resumed game's were checked when it began: restore reads its
            rare.check_options(opts)  # Ancient One's sheet, a save's shape is checked there)
        self.opts = opts
        if "seed" not in (options or {}):
            self.fresh_seed = opts["seed"]  # (announced: games.Mode.announce_seed)
        self.sync = Sync()
        self.pending = []
        self.pending_prompts = None
        self.check_at = -1  # the pads are compared with the state once they have settled
        # The core game is built on first use: at boot restore() follows at once and a fresh
        # setup (data loading, the first mythos card) would only fragment a small heap.
        self._core = None
        # the core's legal_actions() while its state stays as it is (None: not known): listed
        # once an action, for `need`, `act N`, the scene's destinations and the pads
        self.legal = None
        # the scene's rows of the core's state and focus, as last painted (ah2e_scene.paint);
        # None from any change of the core on (apply, a new game, restore, release)
        self._base = None

    @staticmethod
    def prepare():
        """Boot, before a saved game is parsed: the words of a state no loaded module holds
        (ah2e_resume.STATE_WORDS), then the data tables, on a heap in one piece. ah2e_start first:
        its code leaves the heap once the pads are checked, and its hole below the data is
        filled by small blocks later (after the data, the AH2e table after a bring-up boot
        needs 2 KB more at its worst point: bench m32)."""
        from arkham.ah2e import load, tables  # noqa: F401  (load: for get(), imported here, a
        # few calls higher on the C stack; an import takes ~1.5-2 KB of a Pico's 7,936 bytes)
        from arkham.games import ah2e_resume  # noqa: F401  (its STATE_WORDS: see above)

        _rare()
        tables.get()

    @property
    def core(self):
        if self._core is None:
            self.new_game()
        return self._core

    def new_game(self):
        opts = self.opts
        core_opts = {"investigators": opts["investigators"], "seed": opts["seed"]}
        for k in ("ao", "chance", "first"):
            if k in opts:
                core_opts[k] = opts[k]
        # What the setup reads and loads, here and not deep in its flow: an import takes
        # ~1.4-2 KB of the Pico's C stack, a file's read ~1 KB (tick imports them higher still)
        from arkham.ah2e import abilities, load, mythos, setup, tables  # noqa: F401

        try:
            ao = opts.get("ao", "cthulhu")
            tables.ancient_one(ao, load.ancient_one(ao))  # (kept for the setup)
            core_opts["sheets"] = load.investigators()
        finally:
            tables.unload("load")
        try:
            core = Game(core_opts)
        except SetupError as e:
            raise CommandError("ah2e: " + str(e.args[0]))
        self._core = core

        self.legal = None
        self._base = None
        self.pending = core.setup_events  # sent at the next tick (after the `game` event)
        core.setup_events = None
        core.sink = self.ctx.emit  # (the core's events go to the app as they happen: a mythos
        # phase's dozens are not kept whole; no call of the binding's between, on the C stack)
        n_mon = len(core.s["mon"])
        empty = (["cup"] * n_mon, [None] * len(core.s["inv"]), [])
        self.pending_prompts = changes(core, empty)  # setup: every token onto the board

    # ---- the rules core ----------------------------------------------------------------------
    def _flush(self):
        if self._core is None:
            self.new_game()  # a new game's setup events and prompts go out now
        if self.pending:
            ev = self.pending
            self.pending = []
            for e in ev:
                self._emit(e)
        if self.pending_prompts is not None:
            ch = self.pending_prompts
            self.pending_prompts = None
            self._prompts(ch)
            self._need()
            self.ctx.save()

    def _emit(self, e):
        fields = {}
        for k in e:
            if k != "ev":
                fields[k] = e[k]
        self.ctx.emit(e["ev"], fields)

    def apply(self, action, by_token=None):
        """One core action: CommandError (nothing changed) or its events sent and saved."""
        self._flush()
        if self.sync.wrong:
            raise CommandError(
                "put the flashing token right first (%s), or `override`"
                % " ".join(sorted(self.sync.wrong))
            )
        core = self.core
        before = positions(core)
        core.sent = 0
        self.legal = None  # (the state changes: listed again when asked)
        self._base = None  # (and painted whole)
        good, res = core.apply(action)
        if not good:
            raise CommandError("%s: %s" % (fmt(action)[:60], res))
        n = core.sent + len(res)
        while res:  # (a core without the sink) each event let go once sent: not all kept
            self._emit(res.pop(0))  # through the prompts, the legal actions and the save
        res = None
        chs = changes(core, before, by_token)
        before = None
        self._prompts(chs)
        chs = None
        hand = self.sync.hand  # a token lifted by hand: done with, unless its investigator is
        m = self._mover() if hand is not None else None  # still moving from where it was
        if hand is not None and (m is None or m[0] != hand[0] or m[1] != hand[1]):
            self.sync.hand = None
            spot = hand[1]
            if self.ctx.pads.present(spot) != expected(self.core, spot):
                self._prompts([(spot, "place", self.core.s["inv"][hand[0]]["name"] + " back")])
        self._need()
        self.ctx.save()
        return n

    def _prompts(self, chs):
        """AH-TABLE-2: name each physical change; light the sensed spots until done."""
        board = self.ctx.board
        pads = self.ctx.pads
        todo = self.sync.todo
        for spot, how, what in chs:
            k = board.index(spot)
            if k is None:
                continue
            chip = board.chip_at(k)  # (the board's columns: no Spot record made)
            sensed = chip is not None
            old = todo.get(spot) if sensed else None
            if old:  # a move typed through this area (`act move` twice): the token only
                lst = old.split("\n")  # passed: its prompt to put it here, and this, undone
                undo = ("place" if how == "lift" else "lift") + " " + what
                if undo in lst:
                    lst.remove(undo)
                    if lst:
                        todo[spot] = "\n".join(lst)
                    else:
                        del todo[spot]
                        self.ctx.emit("prompt_done", {"spot": spot, "by": "passed"})
                    continue
            if (
                sensed
                and how == "lift"
                and not pads.present(spot)
                and not expected(self.core, spot)
                and chip_ok(pads, chip)
            ):
                continue  # the pad is already bare, as it should be (a failed chip's pad only
                # says what it saw before: the prompt waits for the chip, or `ok`)
            if sensed:
                lst = old.split("\n") if old else []
                lst.append(how + " " + what)
                todo[spot] = "\n".join(lst[-_MAX_TODO:])
            self.ctx.emit("prompt", {"spot": spot, "do": how, "what": what, "pad": sensed})

    def _need(self):
        need = self.core.need()
        if need is None:
            return
        f = dict(need)
        la = self.legal
        if la is None:
            la = self.legal = self.core.legal_actions()
        f["say"] = hint(need["k"])
        if la:
            f["try"] = "act " + fmt(la[0])
        f["legal"] = len(la)
        la = None
        if need.get("inv", -1) >= 0:
            f["name"] = self.core.s["inv"][need["inv"]]["name"]
        need = None
        self.ctx.emit("need", f)

    # ---- moving by token (one area per lift) --------------------------------------------------
    def _mover(self):
        """(investigator, area) of the one whose movement it is, or None."""
        need = self.core.need()
        if need is None or need["k"] != "move":
            return None
        i = need["inv"]
        return i, self.core.s["inv"][i]["at"]

    def _destinations(self, i):
        la = self.legal
        if la is None:
            la = self.legal = self.core.legal_actions()
        return [a["to"] for a in la if a["a"] == "move" and a["inv"] == i]

    # ---- pads ----------------------------------------------------------------------------------
    def on_pad(self, spot, present, now_ms):
        """Order: a flagged spot put right; the moving investigator's token; a prompted spot;
        otherwise a change that leaves the spot unlike the state is misplaced (AH-TABLE-3).
        True unless the core's state changed (a move by token): only the table's own state
        (flags, prompts, the token in hand) did, which the scene lays on what it last painted."""
        self._flush()
        if self.ctx.board.index(spot) is None or self.core.over():
            return True
        sync = self.sync
        core = self.core
        want = expected(core, spot)
        if spot in sync.wrong:
            if present == want:
                del sync.wrong[spot]
                self.ctx.emit("put_right", {"spot": spot})
            else:
                sync.wrong[spot] = present
            self.ctx.save()
            return True
        hand = sync.hand
        mover = self._mover()
        if (
            not sync.wrong
            and hand is None
            and mover is not None
            and not present
            and spot == mover[1]
        ):
            sync.hand = [mover[0], spot]
            self.ctx.emit(
                "in_hand", {"inv": mover[0], "frm": spot, "to": self._destinations(mover[0])}
            )
            self.ctx.save()
            return True
        if hand is not None and present:
            if spot == hand[1]:
                sync.hand = None
                self.ctx.emit("put_back", {"inv": hand[0], "at": spot})
                if spot in sync.todo and present == want:
                    # a pile lifted and put back: the prompt on it (a token taken off or
                    # added) is done, as for any lift and put down on a prompted spot
                    del sync.todo[spot]
                    self.ctx.emit("prompt_done", {"spot": spot, "by": "pad"})
                self.ctx.save()
                return True
            if not sync.wrong and spot in self._destinations(hand[0]):
                sync.hand = None
                try:
                    self.apply({"a": "move", "inv": hand[0], "to": spot}, hand[0])
                    return None  # (a move: the scene painted whole)
                except CommandError as e:  # (legal a moment ago: should not happen)
                    sync.hand = hand
                    self.misplaced(spot, present, str(e.args[0]))
                    return None
        if spot in sync.todo:
            if present == want:  # AH-TABLE-2: the pad saw the change
                del sync.todo[spot]
                self.ctx.emit("prompt_done", {"spot": spot, "by": "pad"})
                self.ctx.save()
            return True  # (between lifting and putting down: not an error on a prompted spot)
        if present != want:  # AH-TABLE-3
            self.misplaced(spot, present, self.why(spot, present, hand))
        return True

    def misplaced(self, spot, present, why):
        self.sync.wrong[spot] = present
        self.ctx.emit("misplaced", {"spot": spot, "present": present, "why": why})
        self.ctx.save()

    def why(self, spot, present, hand):
        if self.sync.wrong:
            return "put %s right first" % " ".join(sorted(self.sync.wrong))
        if hand is not None and present:
            dests = self._destinations(hand[0])
            return "%s may not move here; legal: %s" % (
                self.core.s["inv"][hand[0]]["name"],
                " ".join(dests) or "none (end_move)",
            )
        if present:
            return "nothing belongs here now: lift it"
        return "a token belongs here: put it back"

    def tick(self, now_ms):
        if self._core is None:  # a new game's setup (new_game): its modules imported here, at
            # the top of the loop's step, then the first `act`'s (not in the players' first
            # action: ~60 ms of a Pico's time)
            from arkham.ah2e import abilities, mythos, setup, tables  # noqa: F401

            tables.load_once("load")  # (after a collection when the heap is tight)
            self._flush()
            from arkham.ah2e import actions  # noqa: F401
        else:
            self._flush()
        if self.check_at is not None:  # new game, resume: the pads against the state, once
            _rare().due(self, now_ms)
            if self.check_at is None:
                _forget()

    # ---- console verbs -------------------------------------------------------------------------
    def command(self, verb, args, kw):
        self._flush()
        if verb == "act":  # `act N`, `act VERB key=value...` or `act {json}`
            if not args:
                raise CommandError("act: want N (see `legal`), VERB key=value..., or {json}")
            first = args[0]
            if first[:1] == "{":
                no_more("act", args, kw, 1)
                action = _value("act", first)
                if not isinstance(action, dict) or not isinstance(action.get("a"), str):
                    raise CommandError('act: a JSON object with a verb in "a"')
            elif first.isdigit():
                no_more("act", args, kw, 1)
                la = self.legal
                if la is None:
                    la = self.legal = self.core.legal_actions()
                n = int_arg(first, "act N", 1, max(1, len(la)))
                if not la:
                    raise CommandError("act: no legal action now")
                action = la[n - 1]
            else:
                no_more("act", args, {}, 1)
                action = {"a": first.lower()}
                for k in sorted(kw):
                    action[k] = _value(k, kw[k])
            n = self.apply(action)
            return {"done": fmt(action), "events": n, "need": self.core.need()}
        if verb == "legal":
            no_more(verb, args, kw)
            la = self.legal
            if la is None:
                la = self.legal = self.core.legal_actions()
            return {
                "legal": numbered(la),
                "need": self.core.need(),
            }
        if verb == "state":
            no_more(verb, args, kw)
            return self.brief()
        if verb in ("ok", "override"):
            no_more(verb, args, kw, 1)
            return self._confirm(verb, args[0] if args else "all")
        raise CommandError("ah2e: unknown verb %r" % verb)

    def _confirm(self, verb, what):
        table = self.sync.todo if verb == "ok" else self.sync.wrong
        if what == "all":
            spots = sorted(table)
        elif what in table:
            spots = [what]
        else:
            raise CommandError(
                "%s: nothing %s at %r (%s)"
                % (
                    verb,
                    "to confirm" if verb == "ok" else "flagged",
                    what[:40],
                    " ".join(sorted(table)) or "none pending",
                )
            )
        for spot in spots:
            del table[spot]
            if verb == "ok":
                self.ctx.emit("prompt_done", {"spot": spot, "by": "ok"})
            else:
                self.ctx.emit("overridden", {"spot": spot})
        self.ctx.save()
        return {verb: spots}

    def brief(self):
        out = _rare().brief(self)
        if self.check_at is None:
            _forget()
        return out

    # ---- lights ------------------------------------------------------------------------------
    def focus(self):
        """(the spot where a decision is awaited, [legal destinations]) for the scene."""
        core = self.core
        need = core.need()
        if need is None:
            return None, ()
        act = None
        if need.get("inv", -1) >= 0:
            act = core.s["inv"][need["inv"]]["at"]
        elif "at" in need:
            act = need["at"]
        elif "to" in need:
            act = need["to"]
        go = ()
        if need["k"] in ("move", "return"):
            la = self.legal
            if la is None:
                la = self.legal = core.legal_actions()
            go = [a["to"] for a in la if a["a"] in ("move", "return")]
            if len(go) > 8:
                go = ()  # back from Lost in Time and Space: anywhere; the console says so
        return act, go

    def scene(self, lights, now_ms, changes=None):
        """(games.Mode.scene) After pad changes alone (`changes`: on_pad said so each time) the
        rows last painted for the core and its focus are used again, the prompts and flags laid
        on them afresh: a touch's light ~10 ms of the emulated chip sooner (bench pico)."""
        from arkham.games.ah2e_scene import paint

        core = self.core
        base = self._base if changes else None
        self._base = None  # (the old rows are garbage while new ones are made)
        act = go = None
        if base is None:
            act, go = self.focus()
        self._base = paint(lights, self.ctx.board, core, self.sync, act, go, base)

    # ---- state ---------------------------------------------------------------------------------
    def snapshot(self):
        return {"opts": self.opts, "core": self.core.snapshot(), "table": self.sync.snapshot()}

    def persist(self):
        """snapshot() without the core's deep copy (what Game.snapshot() returns, shared). A new
        game not yet set up is saved as its options ("core": null): its setup (the game's data,
        its first Mythos phase) runs at the next tick, at the top of the loop, where the Pico's C
        stack is shallow, not under the save; a resume of such a save sets it up the same way
        (the seed is in the options)."""
        core = self._core
        if core is None:
            return {"opts": self.opts, "core": None, "table": self.sync.snapshot()}
        core.s["rng"] = core.rng.state()
        return {"opts": self.opts, "core": core.s, "table": self.sync.snapshot()}

    def release(self):
        """(games.Mode.release)"""
        self._core = None
        self.legal = None
        self._base = None

    def restore(self, snap):
        from arkham.games import ah2e_resume  # (a resume's own code and names: only then)

        ah2e_resume.check(snap)  # (a state the game cannot play is a damaged save: ValueError)
        opts = _rare().options(snap.get("opts") or {})
        self._core = None  # drop the old game before building the saved one (a small heap)
        self.legal = None
        self._base = None
        collect()
        self.opts = opts
        if snap["core"] is not None:  # (None: a new game saved before its setup: persist)
            ah2e_resume.share(snap)  # (the data's own names, not the parse's copies)
            # the Ancient One's sheet read here, not five calls deeper in the core's restore
            from arkham.ah2e import load, tables

            ao = snap["core"]["ao"]
            try:  # (tables.ancient_one checks the name, as new_game's)
                sheet = tables.ancient_one(ao, load.ancient_one(ao) if type(ao) is str else None)
            finally:
                tables.unload("load")
            if sheet is None:
                raise ValueError("%s has no %r" % ("ancient_ones", ao))  # (shape's words)
            self._core = Game(snap=snap["core"], own=True)  # (snap: fresh JSON from the app)
            self._core.need()  # (what it waits for, once: a KeyError here, not at every `act`)
            self._core.sink = self.ctx.emit
        self.sync = Sync()
        self.sync.restore(snap.get("table") or {})
        self.pending = []
        self.pending_prompts = None
        self.check_at = -1

    def dump(self):
        return {
            "opts": self.opts,
            "need": self.core.need(),
            "core": self.core.s,
            "table": {"todo": self.sync.todo_lists(), "wrong": self.sync.wrong,
                      "hand": self.sync.hand},
        }
