"""The main loop: serial in -> commands; pads -> events -> game mode; scene -> LEDs; save; serial out.

`App(hw, board, options)` takes the hardware bundle as a parameter (tests drive it with a fake),
and `step(now_ms)` runs one loop iteration; `run()` repeats it, with `wait()` between, every
`period` ms. The app is also the context (`ctx`) a game mode sees: ctx.board, ctx.pads,
ctx.emit(ev, fields), ctx.save(), ctx.redraw().

Order inside one step (docs/protocol.md relies on it):
 1. read the link; run at most _LINES_PER_STEP command lines (replies are queued)
 2. pads.scan -> one "pad" event per debounced change, then mode.on_pad; pad notices -> events
 3. mode.tick; the sweep animation
 4. repaint the scene if anything changed; pixels.render only when repainted or animating
 5. save (game, mode snapshot, seq) atomically if any of them changed
 6. write the queued replies and events: nothing is sent before it is saved, so after a power cut
    the host never holds a seq the table has forgotten.

A save that fails acknowledges nothing: arkham.rollback takes the step back.

Saving costs one small flash write per loop iteration that emitted an event (a touch, say): the
price of a gap-free seq across power cuts. littlefs (MicroPython) spreads the wear.
The saved game is never one string in RAM (arkham.persist); a failed save keeps the previous one
(tried once more at once after a collection).

The journal (a mode with JOURNAL, AH2e): a step whose only changes are game lines appends them to
_JOURNAL, one record a line, instead of saving the whole game (~7 ms on a Pico, not ~60). A record:
b"\n" + its CRC-32 (8 hex digits) + " " + `BEFORE AFTER PADS LINE`: the event seq before and after
the line, the pads' chip states and presence as it ran (hex; "-" without them: a mode may read
them) and the line as typed. Its CRC starts from the CRC of the whole save it follows, so a
record reads as whole only on top of that save. The whole game is saved when the journal would
hold _EVERY records, for a line of more than _BIG_EVENTS events (a Mythos phase: a boot replays
little) or a record of _BIG_RECORD bytes, and for everything else (pads, ticks, core verbs); the
journal is removed after each whole save. The boot (arkham.resume) and a rollback run the records
again on the whole save (arkham.rollback.apply): the rules are deterministic (their generator is
in the state), so the game is the one the host was told about.
"""

# ruff: noqa: I001  (protocol, the biggest, first: the unix port compiles .py inside a 96k heap)
import json

from binascii import crc32, hexlify

from arkham import protocol
from arkham import games, persist, verbs
from arkham.compat import (collect, const, forget, gc_threshold, mem_alloc, ticks_diff,
                           ticks_ms)
from arkham.events import EventLog, encode
from arkham.games import CommandError
from arkham.protocol import describe, message

STATE_FILE = "state.json"
_CALIB_FILE = const("calib.json")
DEFAULT_GAME = "bringup"
_LINES_PER_STEP = const(4)  # commands run per loop iteration (the scan must keep its pace)
# `since N` replay ring: the last 256 events, at most this many bytes. Packed (arkham.events.pack),
# 3 KB holds ~250 events of busy AH2e play, ~5 s at 50 events a second; as lines it would hold
# ~42, and 6 KB of lines, each its own object, took ~8 KB of a Pico's heap once a game filled it
_RING_EVENTS = const(256)
_RING_BYTES = const(3072)
_PENDING = const(3)  # events numbered, not yet packed into the ring: more are packed at once
# (below EventLog.add's own bound: a Mythos phase's ~20 held unpacked cost its heap peak)
_HOLD_MS = const(1000)  # command lines wait at most this long past a resumed game's pad check
_QUEUE_LINES = const(16)  # complete lines that may wait; more are dropped with one error
# a loop step's parts, in order
_STEP_PARTS = const(("commands", "scan", "show", "save", "send", "sweep"))
_SWEEP_BYTES = const(4096)  # garbage worth a collection between steps (see run)
_ERROR_REPEAT_MS = const(5000)  # the same failure in the same place is reported at most this often
_JOURNAL = const("state.journal")  # the game's journal (above; arkham.rollback reads it)
_EVERY = const(8)  # a whole save when the journal would hold this many records
_BIG_EVENTS = const(32)  # a line with more events is saved whole
_BIG_RECORD = const(400)  # bytes: a longer record is saved whole


class App:
    def __init__(self, hw, board, options=None):
        gc_threshold()  # (keeps the heap in one piece: see arkham.compat)
        self.hw = hw
        self.board = board
        self.pads = hw.pads
        self.lights = hw.lights
        self.pixels = hw.pixels
        self.storage = hw.storage
        self.options = options or {}
        self.period = int(self.options.get("period", 10))
        # the board's parse and the imports leave garbage: collected before the blocks that live as
        # long as the table are made (measured in bench m32: without it the reader's 513 bytes
        # were not found with 8 KB free in pieces, the boot being bring-up's worst point)
        collect()
        self.reader = protocol.LineReader(_QUEUE_LINES)
        self._writer = protocol.writer()
        self.out = []  # encoded lines waiting for the end of the step
        self.mode = None
        self.game = None
        self.game_options = {}
        self.sweep = None
        self.running = True  # `repl` clears it: run() returns
        # a game switch on a Pico: restart the program once the new game is saved and every reply
        # is out (see switch_game; `repl` clears it)
        self.restart = False
        self._redraw = True
        self._check_game = False  # re-snapshot the mode and save if it changed
        self._game_crc = None  # CRC-32 of the canonical JSON of the table as last encoded
        self._game_dirty = False  # the table changed since the last good save
        self._keep_save = False  # a save not restored for lack of memory: never saved over
        self._saved_seq = -1
        self._save_failed = None  # arkham.rollback: [message, failed saves, reported]
        # the journal: [the CRC of the whole save, (seq after, record) of each game line since]
        # (None: the next save is whole); _n: records in the journal file
        self._records = None
        self._n = 0
        self._pad_changes = []  # (spot, present) of this step
        self._quiet = True  # no step ran commands or saved since the last sweep (see run)
        self._base = 0  # the heap in use after that sweep (mem_alloc())
        # the last step that ran commands: ms of _STEP_PARTS (sweep: the last sweep after a reply)
        self.step_ms = [0, 0, 0, 0, 0, 0]
        self._failures = {}  # place -> [message, repeats, ticks of last report]
        notes = []
        self._load_calibration(notes)
        seq = self._boot_game(notes)
        self._saved_seq = seq
        self.events = EventLog(
            seq,
            int(self.options.get("ring", _RING_EVENTS)),
            int(self.options.get("ring_bytes", _RING_BYTES)),
            (board.spot_names, board.index) if hasattr(board, "spot_names") else None,
        )
        self.emit("hello", self.hello_fields())
        for ev, fields in notes:
            self.emit(ev, fields)

    # ---- the context a game mode sees ------------------------------------------------------

    def emit(self, ev, fields=None):
        """Send an event with the next seq (written at the end of this step, after the save)."""
        events = self.events
        if len(events.pending) >= _PENDING:  # (packed here before add() would: a call less
            events.flush()  # deep on the Pico's small C stack)
        self.out.append(events.add(ev, fields))

    def save(self):
        """A mode asks for its snapshot to be saved at the end of this step."""
        self._check_game = True
        self._redraw = True

    def redraw(self):
        """A mode's scene changed without a command or a pad change (e.g. a time-out)."""
        self._redraw = True

    def back_from_save(self):
        """The game as last saved (see on_flash); False if it could not be restored."""
        return self._unsave_mod().restore_saved(self, STATE_FILE, DEFAULT_GAME)

    # ---- replies ---------------------------------------------------------------------------

    def reply(self, tag, fields=None, ack=True):
        obj = {} if fields is None else dict(fields)
        obj["re"] = tag
        obj["ok"] = True
        if not self.out and not self._check_game and self.events.seq == self._saved_seq:
            # nothing unsaved or queued: send it now, in pieces (a big reply needs no big block)
            self._writer.line(obj, self.hw.stream.write)
        elif ack:
            self.out.append((tag, encode(obj)))  # an acknowledgement: sent once saved
        else:
            self.out.append(encode(obj))

    def reply_error(self, tag, err, fields=None):
        obj = {} if fields is None else dict(fields)
        obj["re"] = tag
        obj["ok"] = False
        obj["err"] = err
        self.out.append(encode(obj))

    def hello_fields(self):
        from arkham import PROTO, VERSION

        return {
            "proto": PROTO,
            "fw": VERSION,
            "impl": self.hw.impl,
            "board": self.board.name,
            "game": self.game,
            "seq": self.events.seq if hasattr(self, "events") else None,
            "mem_free": self.mem_free(),
            "step_ms": dict(zip(_STEP_PARTS, self.step_ms)),
            "emulated": bool(self.options.get("emulated")),
        }

    def mem_free(self):
        from arkham.compat import mem_free

        return mem_free()

    # ---- boot: calibration and the saved game ----------------------------------------------

    def _load_calibration(self, notes):
        try:
            text = self.storage.load(_CALIB_FILE)
            if text:
                self.pads.set_calibration(json.loads(text))
        except Exception as e:  # a bad file must not stop the table: report and go on
            notes.append(("calib_error", {"err": describe(e)}))

    def save_calibration(self):
        self.storage.save(_CALIB_FILE, protocol.dumps(self.pads.calibration()))

    def _boot_game(self, notes):
        """Resume the saved game (unless options["game"] names another); returns the saved seq.
        (arkham.resume: a save not restored for lack of memory is kept.)"""
        want = self.options.get("game")
        from arkham import resume  # (boot only: compiled apart from app.py, then dropped)

        seq, resumed = resume.resume(self, STATE_FILE, want, notes)
        resume = None
        forget("arkham.resume")  # (its one job is done)
        if resumed:
            return seq
        try:
            self._start(want or DEFAULT_GAME, {}, None)
        except Exception as e:
            notes.append(("restore_failed", {"game": want, "err": describe(e)}))
            self._start(DEFAULT_GAME, {}, None)
        self._check_game = True
        return seq

    def _start(self, name, options, snap):
        """Make the mode `name` (raises CommandError etc. without changing the current one)."""
        cls = games.load(name)  # CommandError listing the known games when unknown
        mode = cls(self, options, snap)
        if snap is not None:
            mode.restore(snap)
        self.mode = mode
        self.game = name
        self.game_options = options
        self._redraw = True

    def switch_game(self, name, options):
        games.load(name)  # (an unknown game: CommandError, nothing changed)
        other = name != self.game
        if self.on_flash():
            # A Pico holds one game: the old one leaves before the new one is built (two at once
            # were a table's worst point), and comes back from its save if the new one fails.
            self.mode.release()
            collect()
            try:
                self._start(name, options, None)
            except Exception:
                if not self.back_from_save():  # not even that: the save stays on flash, kept
                    self._keep_save = True
                    self._start(DEFAULT_GAME, {}, None)
                raise
        else:
            self._start(name, options, None)
        self._keep_save = False  # (the players chose: the new game replaces a kept save)
        self.sweep = None
        self._check_game = True
        self.emit("game", {"game": name, "options": options})
        self.mode.announce_seed()  # (after `game`: a folder log's file for it holds the seed)
        # A Pico keeps every name (qstr) its program made until it restarts: another game's
        # (~20 for bring-up, more for another game) would stay beside the new game's, and the
        # AH2e table's names would pass 1,260, where the chip allocates a 7.7 KB pool. So a Pico
        # restarts once the new game is saved (~1.2 s; the USB link stays) and resumes it from
        # the save with only its own names. Not for a new game of the same kind: it makes no
        # new names, and a resumed game needs more heap than a new one.
        self.restart = other and self.hw.soft_reset is not None

    def on_flash(self):
        """Is the game on flash exactly as it is here (its last save current and kept)? Then a
        mode may drop its game before it builds a new one (a Pico holds one game at a time) and
        bring it back with back_from_save() if the new one cannot be built."""
        return (not self._keep_save and not self._check_game and not self._game_dirty
                and self._save_failed is None and self.events.seq == self._saved_seq)

    def _table(self):
        # persist(): the snapshot, possibly sharing the mode's live objects (encoded at once)
        return {"game": self.game, "options": self.game_options, "mode": self.mode.persist()}

    # ---- one loop iteration ----------------------------------------------------------------

    def step(self, now_ms):
        """Run one iteration of the main loop at time `now_ms` (never raises an Exception)."""
        try:
            try:
                data = self.hw.stream.read_available()
                if data:
                    self.reader.feed(data)
            except Exception as e:
                self.failure("link", e, now_ms)
            ran = 0
            t0 = ticks_ms()
            at = self.mode.check_at if self.mode is not None else None
            # lines wait while a resumed game's pads settle, until its tick has compared them
            # (games.Mode.check_at); never more than _HOLD_MS past the time (a tick that fails)
            held = at is not None and at != -1 and ticks_diff(now_ms, at) < _HOLD_MS
            for _ in range(0 if held else _LINES_PER_STEP):
                item = self.reader.take()
                if item is None:
                    break
                ran += 1
                if item[0] == "line":
                    self.run_line(item[1], now_ms)
                else:
                    self.reply_error(item[1], item[2])
            t1 = ticks_ms()
            if ran:  # a command's reply goes out once its game is saved, before the pads and lights
                self._persist(now_ms)
                self._flush()
            t2 = ticks_ms()
            self.scan(now_ms)
            if self.mode is not None:
                try:
                    self.mode.tick(now_ms)
                except Exception as e:
                    self.failure("tick", e, now_ms)
            t3 = ticks_ms()
            self.show(now_ms)
            t4 = ticks_ms()
            self._persist(now_ms)  # (what the pads or a tick changed)
            self._flush()
            if self.restart and self.reader.idle() and self.on_flash():
                self.running = False  # (App.run restarts the program: switch_game says why)
            if ran:  # where the last step with commands spent its time (`hello` tells it)
                self._quiet = False  # (wait() may collect, now that the replies are out)
                st = self.step_ms
                st[0] = ticks_diff(t1, t0)  # commands
                st[1] = ticks_diff(t3, t2)  # scan (and tick)
                st[2] = ticks_diff(t4, t3)  # show
                st[3] = ticks_diff(t2, t1)  # save and send of the replies
                st[4] = ticks_diff(ticks_ms(), t4)  # what the pads changed: saved and sent
        except Exception as e:  # each part is guarded; this is the last resort
            try:
                self.failure("loop", e, now_ms)
                self._flush()
            except Exception:
                pass

    def scan(self, now_ms):
        pads = self.pads
        try:
            changes = pads.scan(now_ms)
            notices = pads.take_notices()
        except Exception as e:
            self.failure("scan", e, now_ms)
            return
        for spot, present in changes:
            self.emit("pad", {"spot": spot, "present": bool(present)})
            self._pad_changes.append((spot, present))
            was = self._redraw
            self._redraw = True  # (a mode whose state changed calls ctx.save(): no re-snapshot
            # here, a big game's snapshot is too dear to encode on every touch)
            try:
                if self.mode.on_pad(spot, present, now_ms) and (not was or was == 2):
                    # only the mode's own table state changed (a flag, a prompt), on a scene
                    # nothing else changed since it was painted: show() tells the mode so
                    self._redraw = 2
            except Exception as e:
                self.failure("on_pad", e, now_ms)
        for ev, fields in notices:
            self.emit(ev, fields)
            self._redraw = True

    def show(self, now_ms):
        painted = False
        sweep = self.sweep
        try:
            if sweep is not None:
                how = sweep.step(self.pixels, now_ms)
                if how == "done":
                    self.sweep = None
                    self.pixels.clear()
                    self._redraw = True
                    self.emit("sweep_done", {"leds": sweep.count})
                elif how is not None:
                    painted = True
            if self._redraw and self.sweep is None:
                pads = self._redraw == 2  # (True == 2 is False)
                self._redraw = False
                self.lights.clear()
                if pads:  # (games.Mode.scene: only pad changes the mode's on_pad called its own)
                    self.mode.scene(self.lights, now_ms, self._pad_changes)
                else:
                    self.mode.scene(self.lights, now_ms)
                painted = True
            if painted or self.pixels.animating():
                self.pixels.render(now_ms)
        except Exception as e:
            self._redraw = True  # paint again next time (the error itself is rate-limited)
            self.failure("render", e, now_ms)

    def _persist(self, now_ms):
        if self._keep_save or not (
            self._check_game or self._game_dirty or self.events.seq != self._saved_seq
        ):
            self._pad_changes.clear()
            return
        recs = self._records
        if (recs is not None and len(recs) > 1 and recs[-1][0] == self.events.seq
                and not self._check_game and self._save_failed is None
                and self._n + len(recs) <= _EVERY):
            try:  # the step's game lines into the journal (see above), not the whole game
                self.storage.append(_JOURNAL, b"".join([r[1] for r in recs[1:]]))
                self._n += len(recs) - 1
                del recs[1:]
                self._saved_seq = self.events.seq
                self._game_crc = None  # (not the game's now: a check saves it whole)
                self._quiet = False
                self._pad_changes.clear()
                return
            except Exception:  # (flash full, say) the whole save, which removes what was written
                self._n += 1
        # (the save inline, not a method: it runs under the step, one call less deep on the
        # Pico's small C stack; a MemoryError is tried once more on a swept heap)
        swept = False
        while True:
            try:
                if self._check_game and not self._game_dirty and self.events.seq == self._saved_seq:
                    # no event to save: write only if the game changed (its CRC says)
                    crc = persist.crc(self._writer, self._table())
                    self._check_game = False
                    if crc == self._game_crc:
                        break
                    self._game_crc = crc
                    self._game_dirty = True  # until a save succeeds
                # one pass: the game encoded once, into the file and its CRC (a move's events are
                # saved anyway: a CRC pass before was a second encoding of the whole game, ~half
                # of the save's time on a Pico)
                if self._save_failed is not None:
                    self._unsave_mod().report(self)
                seq = self.events.seq
                self._game_crc, crc = persist.save(
                    self.storage, STATE_FILE, seq, self._table(), not swept
                )
                if self._n:  # (its records are in the save: they would not read as whole now)
                    self.storage.append(_JOURNAL, None)
                    self._n = 0
                self._records = ([crc] if self.mode.JOURNAL and hasattr(self.storage, "append")
                                 else None)
                self._check_game = False
                self._save_failed = None
                self._saved_seq = seq
                self._game_dirty = False
                self._quiet = False  # (a save leaves garbage: wait() may collect)
                break
            except MemoryError as e:
                if swept:
                    self._unsave_mod().unsave(self, e)
                    break
                swept = True
                collect()  # garbage or fragments: once more on a swept heap
            except Exception as e:
                self._unsave_mod().unsave(self, e)
                break
        self._pad_changes.clear()

    def _unsave_mod(self):
        from arkham import rollback  # (only when a save fails: compiled apart)

        return rollback

    def _flush(self):
        out = self.out
        if not out:
            return
        write = self.hw.stream.write
        for line in out:
            if isinstance(line, tuple):
                write(line[1])
            elif not isinstance(line, bytes):  # a `since` reply's events (arkham.evreplay)
                for one in line.lines():
                    write(one)
            else:
                write(line)
        out.clear()

    # ---- commands --------------------------------------------------------------------------

    def run_line(self, text, now_ms):
        """Parse and run one command line; every outcome is exactly one reply."""
        try:
            parsed = protocol.parse(text)
        except protocol.BadLine as e:
            self.reply_error(e.tag, e.msg)
            return
        except Exception as e:
            self.reply_error(None, "internal error reading the line: " + describe(e))
            self.failure("parse", e, now_ms)
            return
        if parsed is None:
            return
        tag, verb, args, kw = parsed
        seq0 = self.events.seq
        changes = False  # a game verb that may change the game: its reply waits for the save
        try:
            if verb == "game" and args:
                # a new game's modules imported here, each ~1.4-2 KB of a Pico's C stack, not
                # five calls deeper in its options check (a missing one: games.load says so)
                try:
                    for name in games.modules(args[0].lower()):
                        __import__(name)
                except ImportError:
                    pass
            handler = verbs.handler(verb)
            if handler is not None:
                res = handler(self, tag, args, kw, now_ms)
            elif verb in self.mode.VERBS:
                recs = self._records  # (a line may be journaled when all before it was: _persist)
                if recs is not None and (self._check_game or self._game_dirty or seq0 != (
                        recs[-1][0] if len(recs) > 1 else self._saved_seq)):
                    recs = None
                res = self.mode.command(verb, args, kw)
                if verb not in self.mode.QUERIES:
                    changes = True
                    self._redraw = True
                    self._check_game = True
                    n = self.events.seq
                    if recs is not None and seq0 < n <= seq0 + _BIG_EVENTS:
                        p = self.pads
                        rec = b"%d %d %s %s" % (
                            seq0, n, hexlify(bytes(p._state) + p._present)
                            if type(getattr(p, "_present", None)) is bytearray else b"-",
                            text.encode())
                        if len(rec) < _BIG_RECORD:
                            recs.append((n, b"\n%08x %s" % (crc32(rec, recs[0]) & 0xFFFFFFFF, rec)))
                            self._check_game = False  # (the record holds the change)
            else:
                raise CommandError(
                    "unknown verb %r; verbs: %s (help VERB for one)" % (verb[:20], self.verb_list())
                )
            if res is not False:  # False: the handler already replied (e.g. `since`)
                self.reply(tag, res, changes or self.events.seq != seq0)
        except CommandError as e:
            self.reply_error(tag, message(e))
        except Exception as e:  # a bug: report it, put the game back as last saved, go on
            err = "internal error in %s: %s" % (verb, describe(e))
            self.failure("command", e, now_ms)
            self._unsave_mod().restore_saved(self, STATE_FILE, DEFAULT_GAME)
            self.reply_error(tag, err)
        where = verbs.CORE.get(verb)
        if isinstance(where, str):
            forget(where)  # (a maker's verb: its code leaves once the reply is written)

    def verb_list(self):
        names = sorted(verbs.CORE)
        for v in sorted(self.mode.VERBS):
            if v not in verbs.CORE:
                names.append(v)
        return " ".join(names)

    # ---- failures: reported as events, never fatal -----------------------------------------

    def failure(self, where, exc, now_ms):
        hook = self.options.get("on_failure")  # the emulator's --debug: print the traceback
        if hook is not None:
            hook(where, exc)
        msg = describe(exc)
        rec = self._failures.get(where)
        if rec is not None and rec[0] == msg and ticks_diff(now_ms, rec[2]) < _ERROR_REPEAT_MS:
            rec[1] += 1
            return
        fields = {"where": where, "err": msg}
        if rec is not None and rec[0] == msg and rec[1]:
            fields["repeats"] = rec[1]
        self._failures[where] = [msg, 0, now_ms]
        try:
            self.emit("error", fields)
        except Exception:
            pass

    # ---- the loop --------------------------------------------------------------------------

    def run(self):
        """Step every `period` ms until `repl` stops the loop, then restart the program when a
        switch to another game is saved on a Pico (self.restart: the boot script runs again and
        resumes it; hw.soft_reset raises SystemExit on MicroPython, ReloadException on
        CircuitPython). Never dies on an exception, nor on a KeyboardInterrupt (CircuitPython's
        console turns a 0x03 byte into one): the loop goes on. (A Pico's main.py runs this loop
        itself, at its top level: every call level here is C stack a command cannot use.)"""
        while self.running:
            t0 = ticks_ms()
            try:
                self.step(t0)
                self.wait(t0)
            except KeyboardInterrupt:
                self.failure("loop", KeyboardInterrupt("Ctrl-C ignored; send `repl` to stop"), t0)
        if self.restart:
            self.hw.soft_reset()

    def wait(self, t0):
        """The loop's time between two steps (the step began at t0): the ring's packing, the
        garbage of a command or a save collected, then a wait for the rest of the period. A pad
        change waiting for its debounce (pads.pending) is scanned again at once, not a period
        later: touch -> light is two quick scans and a repaint."""
        if self.events.pending:  # (the ring's packing, after the replies: EventLog.add)
            self.events.flush()
        if not self._quiet:
            # the garbage of a command or a save collected after its replies are out, in the
            # players' time, not in the next reply's: a collection of a Pico's heap in an AH2e
            # game is ~25-70 ms of chip time, and at the automatic threshold alone a few landed
            # in every action. Only when a few KB came since: a `hello` makes almost none. (Left
            # for later while a line waits, it ran inside that line's command instead, as the
            # automatic collections the sweep's threshold paces: bench pico's `hello` after each
            # action, commands 48 -> 102 ms of chip time.)
            self._quiet = True
            if mem_alloc() - self._base > _SWEEP_BYTES:
                t1 = ticks_ms()
                collect()
                self.step_ms[5] = ticks_diff(ticks_ms(), t1)
                self._base = mem_alloc()
                gc_threshold(0)
        left = self.period - ticks_diff(ticks_ms(), t0)
        if left > 0 and not getattr(self.pads, "pending", False):
            self.hw.wait(left)  # (a pad change waiting for its debounce: scanned at once)
