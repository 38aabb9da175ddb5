"""Figures of the stock MicroPython Pico firmware on the emulated RP2040 (rp2040js, `chip/`), with
the package laid into its littlefs as `arkham-table deploy` does (.mpy files, the ChipSim default).

pico_boot_ms              chip time (ms) from power-on of a fresh flash to the table's first
                          answer to `hello` (bring-up mode: a fresh state folder has no game)
pico_mem_free_min_ah2e8   the lowest `mem_free` of the `hello` reply sent after every action of
                          the game below (the table collects before it counts: this is the heap
                          still free with only live objects, not the low point inside a step)
pico_ah2e_step_ms_max     the slowest action of that game in chip time: the chip time of the
pico_ah2e_step_ms_median  `act N` reply minus the chip time when the whole `act N` line was inside
pico_ah2e_step_ms_p95     the chip (ChipSim.fed_ms); p95 by nearest rank (one of the actions).
                          One step = the command, the loop's scan and render, and the save of the
                          game to flash, all before the reply goes out.
pico_mythos_phases        actions during which a Mythos phase ran (the chip sent a `phase` event
                          with phase "mythos" before the act's reply: with chance=virtual the
                          table draws the card itself, so the act that ends a turn's Arkham or
                          Other Worlds phase runs the Mythos phase and the next turn's start)
pico_mythos_ms_max        the slowest of those (chip ms, as the steps above); absent when none ran
pico_sim_speed            simulated seconds per wall second while the chip is busy: the chip ms of
                          those `act` steps over the wall ms from writing each line to its reply.
                          (With realtime=False idle time skips ahead, so a whole-run ratio would
                          count sleeping as speed; an action keeps the CPU busy from start to end.)
pico_stack_bytes          the main C stack MicroPython may use: 7936 (mem_info's "out of"; its
                          SRAM is 8192 bytes, 0x20040000..0x20042000, the GC heap right below)
pico_stack_boot_bytes     the deepest C stack from power-on until the table answered (boot,
                          main.py, the switch to the ah2e game), painted by rp2040.mjs
pico_stack_max_bytes      the deepest C stack over the game: from the `game` command to the last
                          `hello` (repainted below SP after the boot, then read and repainted
                          after the setup and every action; ChipSim.stack). Near 7936 the next
                          call deeper raises "maximum recursion depth exceeded"; 8192 means it
                          overran the region into the heap.
pico_touch_to_light_ms    touch -> light while no command runs, after the game above: the median over
pico_touch_to_light_ms_max  TOUCHES pad changes (a token put on a lit pad where nothing belongs, the
pico_touches              table flags it; lifted again, the flag goes) of the chip time from the
                          world's change of the sensors (the chip's clock at its latest I2C
                          request then: ChipSim.world_ms) to the end of the first LED frame in
                          which that spot's colour differs (ChipSim.frame_ms). Only spots whose
                          light stayed the same over the last second (steady, not animating);
                          each change QUIET_MS of chip time after the light of the one before.
                          Absent when no such spot was found.
pico_fh_step_ms_median    the median chip ms of an action of Final Hour (`game final-hour players=4
pico_fh_actions           seed=7` on its board, a chip of its own) and of Arkham Ritual (`game ritual
pico_ritual_step_ms_median  players=5 seed=7`), OTHER_ACTIONS each, measured as the AH2e steps
pico_ritual_actions       above: each the Nth of the chip's own `legal` (seeded picks), tokens the
                          table asks for confirmed by `ok all`. Their error events, resets and
                          refusals are faults too ("final-hour action 3 (...)").
pico_ah2e_actions         actions played (60 unless the game ended or $ARKHAM_BENCH_PICO_ACTIONS)
pico_ah2e_refused         `act` lines the table refused (0 when none); the expected refusal is a
                          token to put right first (EXPECTED_REFUSAL): `ok`, then a new draw
pico_ah2e_error_events    `error` events the table sent (0 when none); the first one is also in
pico_ah2e_first_error     (where: err), absent when there was none
pico_resets               chip resets (watchdog, reset) after the power-on (0 when none)
pico_faults               what went wrong, one line each, naming the action: "action 59 (flee
                          inv=3): error event in command: RuntimeError: ...". A fault is an
                          `error` event, a reset, a refusal other than EXPECTED_REFUSAL (an
                          `internal error` reply above all), a chip or link that stopped, or the
                          chip's game leaving the host's. The figures are still returned; the
                          bench (`arkham-table bench`) exits 1 when any `*_faults` is non-empty.
pico_bench_wall_s         wall time of this bench (boot, game setup, the actions)

$ARKHAM_BENCH_PICO_STEPS=FILE writes one JSON line per action (action, chip ms, wall s, mem_free,
the table's own `step_ms`: the chip ms of that step's commands, scan, show, save, send; `stack`:
the deepest C stack since the previous action's reply; `mythos` when a Mythos phase ran; and
the faults of that action).

The game is the one tests/chip/test_on_chip.py plays with --slow: `game ah2e seed=7 players=8
chance=virtual` on board ah2e, `ok` for the setup prompts, then each action is the Nth of the
`legal` list with N drawn by random.Random(11); an action the table refuses (a prompt to answer
first) is followed by `ok` and a new draw. To save ~1.1 s of chip time (~5 s wall) per action
the `legal` list is not asked of the chip before every action: it comes from the same rules core
(arkham.ah2e) run on the host beside it, started with the same options. That list is checked
against the chip's own `legal` once at the start, and every `act` reply must name the action the
host expected (`done`) and the same next decision (`need`), else the game stops there with a
fault (the figures so far are returned).

Skipped ({"pico_skipped": why}) when Node, rp2040js, the firmware image or the boot ROM is
missing. Slow: the emulated chip runs at ~0.2x real time and an 8-investigator action takes ~2 s
of chip time, so 60 actions are ~10 minutes of wall time (docs/memory.md, "On the emulated chip").
"""

from __future__ import annotations

import collections
import json
import os
import random
import statistics
import threading
import time

SEED = 7  # the game (tests/chip/test_on_chip.py)
PICK_SEED = 11  # the generator that picks N of `legal`
PLAYERS = 8
ACTIONS = 60
ACTIONS_ENV = "ARKHAM_BENCH_PICO_ACTIONS"  # fewer actions for a quick look (the figure says so)
STEPS_ENV = "ARKHAM_BENCH_PICO_STEPS"  # a file for one JSON line per action (what each one cost)
OTHER_GAMES = (("fh", "final-hour", "players=4 seed=7"), ("ritual", "ritual", "players=5 seed=7"))
OTHER_ACTIONS = 12  # actions timed in each of OTHER_GAMES
WAITS_FOR_TOKENS = "the table waits for tokens"  # (a refusal `ok all` answers: no fault)
REPLY_TIMEOUT = 300.0  # wall seconds for one reply (an action is ~10 s wall; mythos more)
TOUCHES = 12  # pad changes timed for pico_touch_to_light_ms (6 spots: put on, lifted)
STEADY_MS = 1000  # a spot's light the same this long: it does not animate (a touch is seen)
QUIET_MS = 300  # chip ms from one timed pad change's light to the next change (a player's pause)
POLL_S = 2.0  # while waiting for a reply, look this often whether the chip reset or stopped
# The one refusal of `act` that is no fault: a token the table flagged must be put right first
# (games/ah2e.py apply); the bench answers `ok` and draws again. Any other refusal of an action
# the host's rules core calls legal is one (an "internal error in act: ..." above all).
EXPECTED_REFUSAL = "put the flashing token right first"


class Fault(Exception):
    """The chip did what a table must not: the game stops here (its figures still count)."""


def prerequisites():
    """Why the emulated chip cannot run here (a sentence), or None."""
    from arkham_host.chip import ChipError, check_rp2040js, firmware, node_binary

    try:
        node_binary()
        check_rp2040js()
        firmware.find(None)
        firmware.bootrom()
    except ChipError as e:
        return str(e)
    return None


class _Table:
    """The chip and a Link to it; request() returns (reply, chip ms fed->reply, wall s, events).

    Every event the table sends is handed to the request during which it came (or, between two
    requests, to the next one): `error` events and chip resets become faults named by `label`."""

    def __init__(self, board="ah2e", game="ah2e"):
        from arkham_host.device import boardfile
        from arkham_host.wire.link import Link

        self._cond = threading.Condition()
        self._marks = {}  # reply tag -> (fed_ms, serial_ms) when the reply line came out
        self._events = []  # events not yet handed to a request (the link's reader thread)
        self.errors = []  # the `error` events, in order
        self.faults = []  # "label: what", in order
        self.resets_seen = 0  # of sim.resets
        from arkham_host.chip.chipsim import ChipSim

        self._frames = collections.deque(maxlen=256)  # (chip ms, {spot: wire rgb}) of late
        self._watch = None  # what touch() waits for (see _on_frame)
        self.sim = ChipSim(
            boardfile.board_path(board), game=game, realtime=False, on_serial=self._on_serial,
            on_frame=self._on_frame, first_save=False,  # (pico_boot_ms: the bring-up boot's)
        )
        self.sim.start()
        try:
            self.link = Link(self.sim.serial_path, on_line=self._on_line)
        except Exception:
            self.sim.stop()
            raise

    def _on_serial(self, line: bytes):
        # (the relay thread, right after it set serial_ms for this output)
        text = line.strip()
        if not text.startswith(b"{") or b'"re"' not in text:
            return
        try:
            obj = json.loads(text)
        except ValueError:
            return
        if isinstance(obj, dict) and obj.get("re") is not None:
            with self._cond:
                self._marks[str(obj["re"])] = (self.sim.fed_ms, self.sim.serial_ms)
                self._cond.notify_all()

    def _on_frame(self):
        # (the relay thread, right after it decoded the frame)
        sim = self.sim
        with self._cond:
            ms, frame = sim.frame_ms, sim.frame
            self._frames.append((ms, frame))
            w = self._watch  # [spot, steady colour, back to it?, chip ms of the change, ms seen]
            if w is not None and w[4] is None and w[3] is not None and ms >= w[3]:
                if (frame.get(w[0]) == w[1]) == w[2]:
                    w[4] = ms
                    self._cond.notify_all()

    def steady_spots(self) -> dict:
        """{spot: wire colour} of the spots lit the same in every frame of the last STEADY_MS."""
        with self._cond:
            frames = list(self._frames)
        if not frames:
            return {}
        last = frames[-1][0]
        recent = [f for ms, f in frames if ms >= last - STEADY_MS]
        older = [f for ms, f in frames if ms < last - STEADY_MS]
        if older:
            recent.insert(0, older[-1])  # (the frame that was showing when the second began)
        out = {}
        for spot, rgb in recent[-1].items():
            if all(f.get(spot) == rgb for f in recent):
                out[spot] = rgb
        return out

    def touch(self, verb: str, spot: str, steady, timeout: float = 60.0):
        """`place`/`lift` SPOT in the world: the chip ms until the spot's light left its steady
        colour (place) or came back to it (lift), or None."""
        back = verb == "lift"
        with self._cond:
            self._watch = [spot, steady, back, None, None]
        reply = self.sim.world("%s %s" % (verb, spot))
        if not reply.get("ok"):
            raise Fault("world %s %s: %s" % (verb, spot, reply.get("err")))
        with self._cond:
            w = self._watch
            w[3] = self.sim.world_ms
            for ms, frame in self._frames:  # (a frame decoded before world_ms was noted)
                if ms >= w[3] and (frame.get(spot) == steady) == back:
                    w[4] = ms
                    break
            self._cond.wait_for(lambda: w[4] is not None, timeout)
            self._watch = None
        return None if w[4] is None else w[4] - w[3]

    def wait_chip(self, ms: int, timeout: float = 60.0):
        """Until the chip's clock ran `ms` on. (A wall-clock sleep gives the chip a fifth of that
        while it is busy: the save and the collection after a pad change were still running
        when the next change came, and its light waited for them.)"""
        end = self.sim.chip()["ms"] + ms
        t0 = time.monotonic()
        while self.sim.chip()["ms"] < end and time.monotonic() - t0 < timeout:
            time.sleep(0.05)

    def _on_line(self, text, obj):
        # (the link's reader thread: every event line is handed here before a later reply is)
        if obj is not None and "ev" in obj and "seq" in obj:
            with self._cond:
                self._events.append(obj)

    def fault(self, label: str, what: str):
        self.faults.append("%s: %s" % (label, what))

    def take(self, label: str) -> list:
        """The events since the last take, their errors and the chip's new resets as faults."""
        with self._cond:
            events, self._events = self._events, []
        for e in events:
            if e.get("ev") == "error":
                self.errors.append(e)
                err = "error event in %s: %s" % (e.get("where"), e.get("err"))
                if e.get("repeats"):
                    err += " (%d repeats)" % e["repeats"]
                self.fault(label, err)
        resets = self.sim.resets
        while self.resets_seen < len(resets):
            r = resets[self.resets_seen]
            self.resets_seen += 1
            self.fault(label, "the chip reset (%s) at %s ms" % (r.get("why"), r.get("ms")))
        return events

    def request(self, command: str, label: str, timeout: float = REPLY_TIMEOUT):
        from arkham_host.wire.link import Timeout

        link = self.link
        sim = self.sim
        tag = link.next_tag()
        w0 = time.monotonic()
        resets = len(sim.resets)
        link.write("#%d %s\n" % (tag, command))
        while True:  # (a reset or a stopped chip never replies: say so at once)
            try:
                reply = link.reply(tag, POLL_S, command)
                break
            except Timeout:
                if len(sim.resets) > resets or sim.failure:
                    self.take(label)
                    raise Fault("no reply to %r: %s" % (command, sim.failure or "the chip reset"))
                if time.monotonic() - w0 > timeout:
                    raise Fault("no reply to %r within %.0f s" % (command, timeout)) from None
        wall = time.monotonic() - w0
        link.settle(reply)  # (a game switch: the chip restarts, then resumes the game)
        key = str(tag)
        with self._cond:  # (the pty can pass the reply on before the relay notes its time)
            self._cond.wait_for(lambda: key in self._marks, 5.0)
            fed, out = self._marks.pop(key, (None, None))
        if fed is None:
            raise RuntimeError("no chip time for the reply to %r" % command)
        return reply, out - fed, wall, self.take(label)

    def ok(self, command: str, label: str):
        reply = self.request(command, label)[0]
        if not reply.get("ok"):
            raise Fault("%s: %s" % (command, reply.get("err", reply)))
        return reply

    def stack(self, repaint: bool = True) -> int:
        """The deepest C stack since the last paint (bytes); then painted again below SP."""
        return self.sim.stack(repaint)["max"]

    def close(self):
        try:
            self.link.close()
        finally:
            self.sim.stop()


def _plain(obj):
    return json.loads(json.dumps(obj))


def _mythos(events) -> bool:
    """Whether these events (one action's) hold the start of a Mythos phase."""
    return any(e.get("ev") == "phase" and e.get("phase") == "mythos" for e in events)


def p95(values):
    """The 95th percentile by nearest rank: one of the values (the 19th of 20, the 12th of 12)."""
    ranked = sorted(values)
    return ranked[max(0, -(-95 * len(ranked) // 100) - 1)]


def play(table, actions: int, log=None, touches: int = 0) -> dict:
    """The seeded 8-investigator game; per-action chip times, wall times, mem_free and the C
    stack; then `touches` pad changes timed to their light (touch_to_light). A fault (an error event, a reset, a refusal that is not EXPECTED_REFUSAL) is noted in
    table.faults and the game goes on; one that leaves the chip's game unlike the host's (or no
    reply) ends it there. Either way what was measured is returned."""
    out = {"step_ms": [], "act_wall_s": [], "mem_free": [], "refused": [], "mythos_ms": [],
           "stack": []}
    label = "setup"
    try:
        _play(table, actions, log, out)
    except Exception as e:  # (Fault, a link or chip that stopped, the games parting)
        label = out.get("label", label)
        table.fault(label, str(e) if isinstance(e, Fault) else "%s: %s" % (type(e).__name__, e))
    label = out.pop("label", label)
    core = out.pop("core", None)
    try:
        if touches and core is not None and not table.faults:
            out["touch_ms"] = touch_to_light(table, core, touches)
    except Exception as e:
        table.fault("touch -> light", str(e) if isinstance(e, Fault) else
                    "%s: %s" % (type(e).__name__, e))
    try:  # what came after the last reply, and the last stretch of the stack
        table.take("after " + label if label != "setup" else label)
        out["stack"].append(table.stack(False))
    except Exception as e:
        table.fault("at the end", "%s: %s" % (type(e).__name__, e))
    return out


def other_game(game: str, options: str, actions: int) -> tuple:
    """(chip ms of each action, faults) of `actions` actions of `game` on a chip of its own board:
    each the Nth of the chip's `legal` (seeded picks)."""
    table = _Table(board=game, game=game)
    steps = []
    try:
        table.ok("game %s %s" % (game, options), game + " setup")
        table.request("ok all", game + " setup")  # (the setup's tokens; refused when none wait)
        rnd = random.Random(PICK_SEED)
        tries = 0
        while len(steps) < actions and tries < 3 * actions:
            tries += 1
            reply = table.ok("legal", "%s action %d" % (game, len(steps) + 1))
            words = reply.get("legal") or (reply.get("view") or {}).get("legal") or []
            if not words:
                break  # (the game is over)
            line = rnd.choice(words)
            label = "%s action %d (%s)" % (game, len(steps) + 1, line.split(" ", 1)[-1])
            reply, ms, _wall, _events = table.request("act " + line.split()[0], label)
            if not reply.get("ok"):
                err = str(reply.get("err"))
                if not err.startswith(WAITS_FOR_TOKENS):
                    table.fault(label, "refused: " + err)
                table.request("ok all", label)
                continue
            steps.append(ms)
        table.take("after %s" % game)
    except Exception as e:
        table.fault(game, str(e) if isinstance(e, Fault) else "%s: %s" % (type(e).__name__, e))
    finally:
        table.close()
    return steps, table.faults, len(table.sim.resets)


def touch_to_light(table, core, touches: int) -> list:
    """Chip ms from a pad change to the LED frame that shows it, `touches` times, while no command
    runs: a token put on a lit, steady spot with a pad where nothing belongs (the table flags
    it: AH-TABLE-3), then lifted (the flag goes: put right)."""
    from arkham.games.ah2e_sync import expected

    time.sleep(1.0)  # (idle: the chip runs ahead, the frames of the last second come in)
    board = table.sim.board
    steady = table.steady_spots()
    spots = [sp.name for sp in board.spots if sp.chip is not None and sp.leds
             and sp.name in steady and not expected(core, sp.name)]
    out = []
    for spot in spots[: touches // 2]:
        for verb in ("place", "lift"):
            ms = table.touch(verb, spot, steady[spot])
            if ms is None:
                raise Fault("%s %s: the spot's light never changed" % (verb, spot))
            out.append(ms)
            table.wait_chip(QUIET_MS)  # (the next change starts from a quiet table)
    table.take("touch -> light")
    return out


def _play(table, actions, log, out):
    from arkham.ah2e.game import Game
    from arkham.games.ah2e import fmt
    from arkham.games.ah2e_start import DEFAULT

    out["label"] = "setup"
    table.ok("game ah2e seed=%d players=%d chance=virtual" % (SEED, PLAYERS), "setup")
    table.ok("ok", "setup")  # the setup prompts, confirmed from the console (no tokens on pads)
    host = Game({"investigators": list(DEFAULT[:PLAYERS]), "seed": SEED, "chance": "virtual"})
    out["core"] = host

    def legal():
        la = host.legal_actions()
        return la, ["%d %s" % (k + 1, fmt(la[k])) for k in range(len(la))]

    chip_legal = table.ok("legal", "setup")["legal"]
    if chip_legal != legal()[1]:
        raise Fault(
            "the host's rules core and the chip's disagree at the start: %r vs %r"
            % (legal()[1][:4], chip_legal[:4])
        )
    out["stack"].append(table.stack())  # the setup's (the game, its first Mythos phase)
    rnd = random.Random(PICK_SEED)
    steps = out["step_ms"]
    tries = 0
    while len(steps) < actions and tries < 3 * actions:
        tries += 1
        la, words = legal()
        if not words:
            break
        n = int(rnd.choice(words).split()[0])
        want = fmt(la[n - 1])
        label = out["label"] = "action %d (%s)" % (len(steps) + 1, want)
        faults = len(table.faults)
        reply, ms, wall, events = table.request("act %d" % n, label)
        stack = table.stack()  # (since the previous action's reply: its `hello`, this act)
        out["stack"].append(stack)
        if not reply.get("ok"):
            err = str(reply.get("err"))
            out["refused"].append(err)
            if not err.startswith(EXPECTED_REFUSAL):  # (the game goes on: nothing changed)
                table.fault(label, "refused: " + err)
            table.ok("ok", label)  # new prompts (tokens to move) block actions until answered
            continue
        if reply.get("done") != want:
            raise Fault("the chip did %r, the host expected it" % reply.get("done"))
        good, res = host.apply(la[n - 1])
        if not good or _plain(host.need()) != reply.get("need"):
            raise Fault("the host's game went another way (%r vs %r)"
                        % (host.need(), reply.get("need")))
        steps.append(ms)
        out["act_wall_s"].append(wall)
        mythos = _mythos(events)
        if mythos:
            out["mythos_ms"].append(ms)
        hello = table.ok("hello", "after " + label)
        out["mem_free"].append(hello["mem_free"])
        if log is not None:
            entry = {"n": len(steps), "act": want, "ms": ms, "wall_s": round(wall, 2)}
            entry.update(mem_free=out["mem_free"][-1], events=reply.get("events"),
                         step_ms=hello.get("step_ms"),
                         stack=stack)
            if mythos:
                entry["mythos"] = True
            if len(table.faults) > faults:
                entry["faults"] = table.faults[faults:]
            log.write(json.dumps(entry) + "\n")
            log.flush()


def measure() -> dict:
    why = prerequisites()
    if why:
        return {"pico_skipped": why}
    actions = int(os.environ.get(ACTIONS_ENV) or ACTIONS)
    t0 = time.monotonic()
    table = _Table()
    try:
        sim = table.sim
        boot_ms = sim.boot["ms"]  # chip time of the serial output holding the first answer
        boot = sim.stack(repaint=True)  # power-on to the table up; the game measured from here
        path = os.environ.get(STEPS_ENV)
        if path:
            with open(path, "w") as log:
                g = play(table, actions, log, TOUCHES)
        else:
            g = play(table, actions, touches=TOUCHES)
        resets = len(sim.resets)
    finally:
        table.close()
    others = {}
    for key, game, options in OTHER_GAMES:
        others[key] = other_game(game, options, OTHER_ACTIONS)
        table.faults.extend(others[key][1])
        resets += others[key][2]
    steps = g["step_ms"]
    errors = table.errors
    figures = {
        "pico_boot_ms": boot_ms,
        "pico_ah2e_actions": len(steps),
        "pico_bench_wall_s": round(time.monotonic() - t0, 1),
        "pico_stack_bytes": boot["size"],
        "pico_stack_boot_bytes": boot["max"],
        "pico_mythos_phases": len(g["mythos_ms"]),
        # what went wrong on the way: 0 and [] when nothing did
        "pico_ah2e_refused": len(g["refused"]),
        "pico_ah2e_error_events": len(errors),
        "pico_resets": resets,
        "pico_faults": list(table.faults),
    }
    if g["stack"]:
        figures["pico_stack_max_bytes"] = max(g["stack"])
    if steps:
        figures.update(
            {
                "pico_mem_free_min_ah2e8": min(g["mem_free"]),
                "pico_ah2e_step_ms_max": max(steps),
                "pico_ah2e_step_ms_median": statistics.median(steps),
                "pico_ah2e_step_ms_p95": p95(steps),
                "pico_sim_speed": round(sum(steps) / 1000.0 / sum(g["act_wall_s"]), 3),
            }
        )
    if g["mythos_ms"]:
        figures["pico_mythos_ms_max"] = max(g["mythos_ms"])
    for key, (other, _faults, _resets) in others.items():
        figures["pico_%s_actions" % key] = len(other)
        if other:
            figures["pico_%s_step_ms_median" % key] = statistics.median(other)
    if g.get("touch_ms"):
        figures["pico_touch_to_light_ms"] = statistics.median(g["touch_ms"])
        figures["pico_touch_to_light_ms_max"] = max(g["touch_ms"])
        figures["pico_touches"] = len(g["touch_ms"])
    if errors:
        figures["pico_ah2e_first_error"] = "%s: %s" % (errors[0].get("where"), errors[0].get("err"))
    return figures


if __name__ == "__main__":
    figures = measure()
    print(json.dumps(figures, indent=1, sort_keys=True))
    raise SystemExit(1 if figures.get("pico_faults") else 0)
