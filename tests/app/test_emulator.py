"""firmware/emulator.py for real (unix port, and CPython): the app on the emulated hardware, the
serial link on stdin/stdout, the world channel on 0x1E lines. No pty, no host tool: just pipes."""

import json
import os
import select
import subprocess
import time

import pytest

from arkham_host.device import runtimes

EMULATOR = str(runtimes.FIRMWARE_DIR / "emulator.py")
HEAP = "256k"  # the whole firmware compiled from source on a 64-bit unix port (a Pico: ~190k)


class Emu:
    def __init__(self, runtime, *args, heap=HEAP):
        argv, env = runtimes.command(runtime, EMULATOR, *args, heap=heap)
        self.p = subprocess.Popen(
            argv,
            env=env,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            bufsize=0,
        )
        self.buf = b""
        self.seen = []

    def send(self, text):
        self.p.stdin.write(text.encode() + b"\n")

    def world(self, text):
        self.p.stdin.write(b"\x1e9 " + text.encode() + b"\n")

    def next(self, want, timeout=10):
        """The next JSON line (0x1E stripped) for which want(obj) is true."""
        end = time.monotonic() + timeout
        while True:
            while b"\n" in self.buf:
                line, self.buf = self.buf.split(b"\n", 1)
                obj = json.loads(line.lstrip(b"\x1e"))
                self.seen.append(obj)
                if want(obj):
                    return obj
            left = end - time.monotonic()
            assert left > 0, "timed out; seen: %r" % self.seen[-10:]
            r, _, _ = select.select([self.p.stdout], [], [], left)
            if r:
                chunk = os.read(self.p.stdout.fileno(), 65536)
                assert chunk, "emulator exited: %r" % self.p.stderr.read()
                self.buf += chunk

    def reply(self, tag):
        return self.next(lambda o: o.get("re") == tag)

    def event(self, name):
        return self.next(lambda o: o.get("ev") == name)

    def close(self):
        if self.p.stdin.closed:
            return
        try:
            self.world("quit")
        except BrokenPipeError:
            pass
        try:
            self.p.wait(5)
        except subprocess.TimeoutExpired:
            self.p.kill()
            self.p.wait()
        for f in (self.p.stdin, self.p.stdout, self.p.stderr):
            f.close()


@pytest.fixture
def emu_factory():
    made = []

    def make(*args, runtime="micropython", heap=HEAP):
        e = Emu(runtime, *args, heap=heap)
        made.append(e)
        return e

    yield make
    for e in made:
        e.close()


@pytest.mark.parametrize("runtime", ["micropython", "cpython"])
def test_boot_hello_then_touch_lights_in_the_same_iteration(emu_factory, runtime):
    e = emu_factory("--board", "bringup", runtime=runtime)
    hello = e.event("hello")
    assert (hello["proto"], hello["seq"], hello["game"], hello["impl"]) == (
        1,
        1,
        "bringup",
        runtime,
    )
    assert hello["emulated"] is True
    e.world("touch pad_07")
    ev = e.event("pad")
    assert (ev["spot"], ev["present"], ev["seq"]) == ("pad_07", True, 2)
    e.world("leds")  # read at the start of the next iteration: shows the frame of this one
    leds = e.next(lambda o: "leds" in o)["leds"]
    assert list(leds) == ["pad_07"] and leds["pad_07"] == [0, 160, 0]


def test_state_dir_resumes_seq_and_game_state(emu_factory, tmp_path):
    state = str(tmp_path / "state")
    a = emu_factory("--board", "bringup", "--state", state)
    a.event("hello")
    a.send("#1 light pad_02 1,2,3")
    assert a.reply(1)["ok"] is True
    a.world("place pad_09")
    last = a.event("pad")["seq"]
    a.close()
    b = emu_factory("--board", "bringup", "--state", state)
    assert b.event("hello")["seq"] == last + 1
    assert b.event("resumed")["game"] == "bringup"
    b.send("#2 dump")
    d = b.reply(2)
    assert d["state"]["manual"] == {"pad_02": [1, 2, 3]} and d["lit"]["pad_02"] == [1, 2, 3]
    b.send("#3 since %d" % last)
    assert b.reply(3)["count"] == 2


@pytest.mark.parametrize("runtime", ["micropython", "cpython"])
def test_a_switch_to_another_game_restarts_a_picos_program_once_saved_and_the_boot_resumes_it(
    emu_factory, tmp_path, runtime
):
    # --restart 1 stands for a Pico's soft reset (the names a program made stay until it
    # restarts, so a Pico drops the old game's that way): the reply says so and comes out
    # first, the program ends, the next boot resumes the new game where the save left it
    state = str(tmp_path / "state")
    a = emu_factory("--board", "ritual", "--state", state, "--restart", "1", runtime=runtime)
    assert a.event("hello")["game"] == "bringup"
    a.send("#1 game ritual players=4 seed=3")
    r = a.reply(1)
    assert (r["ok"], r["restart"]) == (True, True)
    [last] = [o["seq"] for o in a.seen if o.get("ev") == "game"]  # (the event, then the reply)
    assert a.p.wait(10) == 0  # the program ended (a Pico's boot script then runs again)
    b = emu_factory("--board", "ritual", "--state", state, "--restart", "1", runtime=runtime)
    hello = b.event("hello")
    assert hello["game"] == "ritual" and hello["seq"] > last  # nothing lost, seq goes on
    assert b.event("resumed")["game"] == "ritual"
    b.send("#2 game nosuchgame")  # a refused switch changes nothing and restarts nothing
    assert b.reply(2)["ok"] is False
    b.send("#3 game ritual players=5 seed=4")  # a new game of the same kind: no new names
    r = b.reply(3)
    assert r["ok"] is True and "restart" not in r
    b.send("#4 hello")
    assert b.reply(4)["ok"] is True and b.p.poll() is None


def test_a_table_that_cannot_restart_says_nothing_of_it(emu_factory):
    e = emu_factory("--board", "bringup")  # (the emulated table: hw.soft_reset is None)
    e.event("hello")
    e.send("#1 game bringup")
    r = e.reply(1)
    assert r["ok"] is True and "restart" not in r
    e.send("#2 hello")
    assert e.reply(2)["game"] == "bringup"


def test_repl_right_after_a_switch_gives_the_repl_not_a_restart():
    from arkham.app import App
    from arkham.verbs import repl

    class Hw:
        soft_reset = object()

    app = App.__new__(App)  # (only what `repl` touches)
    app.options, app.hw, app.running, app.restart = {}, Hw(), True, True
    assert repl(app, None, [], {}, 0) == {"repl": True}
    assert (app.running, app.restart) == (False, False)


def test_without_state_dir_nothing_is_kept(emu_factory):
    a = emu_factory("--board", "bringup", "--game", "bringup")
    a.event("hello")
    a.send("#1 light pad_02")
    a.reply(1)
    a.close()
    b = emu_factory("--board", "bringup")
    assert b.event("hello")["seq"] == 1


def test_bad_command_line_and_bad_board(tmp_path):
    argv, env = runtimes.command("micropython", EMULATOR, "--bored", "x", heap=HEAP)
    r = subprocess.run(argv, env=env, capture_output=True, text=True, timeout=30)
    assert r.returncode == 2 and "unknown argument" in r.stderr
    bad = tmp_path / "bad.json"
    bad.write_text('{"name": "x"}')
    argv, env = runtimes.command("micropython", EMULATOR, "--board", str(bad), heap=HEAP)
    r = subprocess.run(argv, env=env, capture_output=True, text=True, timeout=30)
    assert r.returncode == 1
    line = json.loads(r.stdout.splitlines()[0])
    assert line["ev"] == "board_error" and line["err"]


def test_bringup_shows_a_failing_chip_in_red_and_reports_it_once(emu_factory):
    e = emu_factory("--board", "bringup")
    e.event("hello")
    e.send("#1 board")
    board = e.reply(1)["board"]
    on_5b = [s["name"] for s in board["spots"] if s["pad"] and s["pad"][0] == "0x5B"]
    e.world("fail 0x5B")
    assert e.event("chip_fault")["chip"] == "0x5B"
    e.send("#2 faults")
    faults = e.reply(2)["faults"]
    assert [f["chip"] for f in faults] == ["0x5B"] and faults[0]["fault"] == "failing"
    e.world("leds")
    leds = e.next(lambda o: "leds" in o)["leds"]
    assert sorted(leds) == sorted(on_5b) and all(v == [160, 0, 0] for v in leds.values())
    e.world("heal 0x5B")
    e.event("chip_ok")
    e.send("#3 faults")
    assert e.reply(3)["faults"] == []
    assert sum(1 for o in e.seen if o.get("ev") == "chip_fault") == 1


def test_sweep_lights_every_led_in_turn_then_reports(emu_factory):
    e = emu_factory("--board", "bringup")
    e.event("hello")
    e.send("#1 sweep ms=50 colour=blue")  # >= 40 ms: the UI gets at most one frame per 40 ms
    assert e.reply(1)["leds"] == 48
    done = e.event("sweep_done")
    assert done["leds"] == 48
    frames = [o["frame"] for o in e.seen if "frame" in o]
    singles = [list(f) for f in frames if len(f) == 1]
    assert len(singles) >= 48  # one spot (bringup: one LED per spot) lit at a time
    assert [s[0] for s in singles[-48:]] == [s["name"] for s in _board_spots(e)][:48]
    assert frames[-1] == {}  # the scene (nothing placed) comes back


def _board_spots(e):
    e.send("#9 board")
    return e.reply(9)["board"]["spots"]


def test_clock_option_gives_the_same_run_whatever_the_hosts_pace(emu_factory):
    """--clock 100 (bench m32): table time is 100 ms a command line (10 loop steps), not the
    machine's. A sweep of 48 LEDs at 50 ms (2.4 s of table time) ends in the same command's
    time however fast the host sends, and a host that sends at once and one that pauses see
    the very same lines (frames, and every hello's mem_free, included)."""
    runs = []
    for pause in (0, 0.03):
        e = emu_factory("--board", "bringup", "--clock", "100")
        e.event("hello")
        e.send("#1 sweep ms=50 colour=blue")
        e.reply(1)
        for tag in range(2, 32):
            time.sleep(pause)
            e.send("#%d hello" % tag)
            e.reply(tag)
        runs.append(e.seen)
    assert runs[0] == runs[1]
    seen = runs[0]
    done = [i for i, o in enumerate(seen) if o.get("ev") == "sweep_done"]
    at = [i for i, o in enumerate(seen) if o.get("re") in (25, 26)]
    assert len(done) == 1 and at[0] < done[0] < at[1]  # 2.4 s after #1: in #25's 100 ms
    assert all(o["step_ms"] == dict.fromkeys(o["step_ms"], 0) for o in seen if "step_ms" in o)


def test_synthetic_clock_moves_a_period_a_step_and_reads_a_line_every_per_line_ms(monkeypatch):
    monkeypatch.syspath_prepend(str(runtimes.FIRMWARE_DIR))  # (emulator.py: the firmware's top)
    import emulator

    class IO:
        def __init__(self):
            self.chunks = [b"#1 a\n#2 b\n", b"#3 c", b"\n"]
            self.waits = 0

        def read(self):
            return self.chunks.pop(0) if self.chunks else b""

        def wait(self, ms):
            assert ms is None  # until there is input: never a time that could vary
            self.waits += 1

    io = IO()
    c = emulator.SyntheticClock(io, 30, 10)
    got = []
    for _ in range(9):  # the app's loop: read, step, wait a period
        got.append((c.ticks(), c.read()))
        c.wait(7)  # (whatever the app asks, a step is one period)
    assert got == [(0, b""), (10, b""), (20, b""),  # the boot: one line's time
                   (30, b"#1 a\n#2 b\n"),  # two lines: 60 ms before the next read
                   (40, b""), (50, b""), (60, b""), (70, b""), (80, b"")]
    assert c.ticks() == 90 and c.read() == b"#3 c\n"  # (a line in two pieces: read whole)
    assert io.waits == 3  # one wait for input each read, one more for the line's end
    assert [c.seed(), c.seed()] == [1, 2]
