"""Figures of the stock MicroPython Pico firmware on the emulated RP2040 (rp2040js, `chip/`), with
the package laid into its littlefs as `arkham-table deploy` does (.mpy files, the ChipSim default).

pico_boot_ms              chip time (ms) from power-on of a fresh flash to the table's first
                          answer to `hello` (bring-up mode: a fresh state folder has no game)
pico_mem_free_min_ah2e8   the lowest `mem_free` of the `hello` reply sent after every action of
                          the game below (the table collects before it counts: this is the heap
                          still free with only live objects, not the low point inside a step)
pico_ah2e_step_ms_max     the slowest action of that game in chip time: the chip time of the
pico_ah2e_step_ms_median  `act N` reply minus the chip time when the whole `act N` line was inside
                          the chip (ChipSim.fed_ms). One step = the command, the loop's scan and
                          render, and the save of the game to flash, all before the reply goes out.
pico_sim_speed            simulated seconds per wall second while the chip is busy: the chip ms of
                          those `act` steps over the wall ms from writing each line to its reply.
                          (With realtime=False idle time skips ahead, so a whole-run ratio would
                          count sleeping as speed; an action keeps the CPU busy from start to end.)
pico_ah2e_actions         actions played (60 unless the game ended or $ARKHAM_BENCH_PICO_ACTIONS)
pico_bench_wall_s         wall time of this bench (boot, game setup, the actions)

$ARKHAM_BENCH_PICO_STEPS=FILE writes one JSON line per action (action, chip ms, wall s, mem_free,
and the table's own `step_ms`: the chip ms of that step's commands, scan, show, save, send).

The game is the one tests/chip/test_on_chip.py plays with --slow: `game ah2e seed=7 players=8
chance=virtual` on board ah2e, `ok` for the setup prompts, then each action is the Nth of the
`legal` list with N drawn by random.Random(11); an action the table refuses (a prompt to answer
first) is followed by `ok` and a new draw. To save ~1.1 s of chip time (~5 s wall) per action
the `legal` list is not asked of the chip before every action: it comes from the same rules core
(arkham.ah2e) run on the host beside it, started with the same options. That list is checked
against the chip's own `legal` once at the start, and every `act` reply must name the action the
host expected (`done`) and the same next decision (`need`), else the bench stops with an error.

Skipped ({"pico_skipped": why}) when Node, rp2040js, the firmware image or the boot ROM is
missing. Slow: the emulated chip runs at ~0.2x real time and an 8-investigator action takes ~2 s
of chip time, so 60 actions are ~10 minutes of wall time (docs/memory.md, "On the emulated chip").
"""

from __future__ import annotations

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
REPLY_TIMEOUT = 300.0  # wall seconds for one reply (an action is ~10 s wall; mythos more)


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
    """The chip and a Link to it; request() returns (reply, chip ms fed->reply, wall s)."""

    def __init__(self):
        from arkham_host import boardfile
        from arkham_host.link import Link

        self._cond = threading.Condition()
        self._marks = {}  # reply tag -> (fed_ms, serial_ms) when the reply line came out
        from arkham_host.chip.chipsim import ChipSim

        self.sim = ChipSim(
            boardfile.board_path("ah2e"), game="ah2e", realtime=False, on_serial=self._on_serial
        )
        self.sim.start()
        try:
            self.link = Link(self.sim.serial_path)
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

    def request(self, command: str, timeout: float = REPLY_TIMEOUT):
        link = self.link
        tag = link.next_tag()
        w0 = time.monotonic()
        link.write("#%d %s\n" % (tag, command))
        reply = link.reply(tag, timeout, command)
        wall = time.monotonic() - w0
        link.settle(reply)  # (a game switch: the chip restarts, then resumes the game)
        key = str(tag)
        with self._cond:  # (the pty can pass the reply on before the relay notes its time)
            self._cond.wait_for(lambda: key in self._marks, 5.0)
            fed, out = self._marks.pop(key, (None, None))
        if fed is None:
            raise RuntimeError("no chip time for the reply to %r" % command)
        return reply, out - fed, wall

    def ok(self, command: str):
        reply, ms, wall = self.request(command)
        if not reply.get("ok"):
            raise RuntimeError("%s: %s" % (command, reply.get("err", reply)))
        return reply

    def close(self):
        try:
            self.link.close()
        finally:
            self.sim.stop()


def _plain(obj):
    return json.loads(json.dumps(obj))


def play(table, actions: int, log=None) -> dict:
    """The seeded 8-investigator game; per-action chip times, wall times and mem_free."""
    from arkham.ah2e.game import Game
    from arkham.games.ah2e import DEFAULT, fmt

    table.ok("game ah2e seed=%d players=%d chance=virtual" % (SEED, PLAYERS))
    table.ok("ok")  # the setup prompts, confirmed from the console (no tokens on the pads)
    host = Game({"investigators": list(DEFAULT[:PLAYERS]), "seed": SEED, "chance": "virtual"})

    def legal():
        la = host.legal_actions()
        return la, ["%d %s" % (k + 1, fmt(la[k])) for k in range(len(la))]

    chip_legal = table.ok("legal")["legal"]
    if chip_legal != legal()[1]:
        raise RuntimeError(
            "the host's rules core and the chip's disagree at the start: %r vs %r"
            % (legal()[1][:4], chip_legal[:4])
        )
    rnd = random.Random(PICK_SEED)
    out = {"step_ms": [], "act_wall_s": [], "mem_free": [], "refused": []}
    tries = 0
    while len(out["step_ms"]) < actions and tries < 3 * actions:
        tries += 1
        la, words = legal()
        if not words:
            break
        n = int(rnd.choice(words).split()[0])
        reply, ms, wall = table.request("act %d" % n)
        if not reply.get("ok"):  # new prompts (tokens to move) block actions until answered
            out["refused"].append(reply.get("err"))
            table.ok("ok")
            continue
        want = fmt(la[n - 1])
        if reply.get("done") != want:
            raise RuntimeError(
                "action %d: the chip did %r, the host expected %r"
                % (len(out["step_ms"]) + 1, reply.get("done"), want)
            )
        good, res = host.apply(la[n - 1])
        if not good or _plain(host.need()) != reply.get("need"):
            raise RuntimeError(
                "action %d (%s): the host's game went another way (%r vs %r)"
                % (len(out["step_ms"]) + 1, want, host.need(), reply.get("need"))
            )
        steps = out["step_ms"]
        steps.append(ms)
        out["act_wall_s"].append(wall)
        hello = table.ok("hello")
        out["mem_free"].append(hello["mem_free"])
        if log is not None:
            entry = {"n": len(steps), "act": want, "ms": ms, "wall_s": round(wall, 2)}
            entry.update(mem_free=out["mem_free"][-1], events=reply.get("events"),
                         step_ms=hello.get("step_ms"))
            log.write(json.dumps(entry) + "\n")
            log.flush()
    return out


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
        path = os.environ.get(STEPS_ENV)
        if path:
            with open(path, "w") as log:
                g = play(table, actions, log)
        else:
            g = play(table, actions)
        errors = [e for e in table.link.events if e.get("ev") == "error"]
        resets = len(sim.resets)
    finally:
        table.close()
    steps = g["step_ms"]
    figures = {
        "pico_boot_ms": boot_ms,
        "pico_ah2e_actions": len(steps),
        "pico_bench_wall_s": round(time.monotonic() - t0, 1),
    }
    if steps:
        figures.update(
            {
                "pico_mem_free_min_ah2e8": min(g["mem_free"]),
                "pico_ah2e_step_ms_max": max(steps),
                "pico_ah2e_step_ms_median": statistics.median(steps),
                "pico_sim_speed": round(sum(steps) / 1000.0 / sum(g["act_wall_s"]), 3),
            }
        )
    # what went wrong on the way, if anything (absent when nothing did)
    if g["refused"]:
        figures["pico_ah2e_refused"] = len(g["refused"])
    if errors:
        figures["pico_ah2e_error_events"] = len(errors)
        figures["pico_ah2e_first_error"] = "%s: %s" % (errors[0].get("where"), errors[0].get("err"))
    if resets:
        figures["pico_resets"] = resets
    return figures


if __name__ == "__main__":
    print(json.dumps(measure(), indent=1, sort_keys=True))
