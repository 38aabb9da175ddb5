"""HIL pytest plugin (entry point `arkham_table`): the same tests on an emulated or a real table.

    pytest tests/hil                       # a fresh headless sim per test (default: --table sim)
    pytest tests/hil --table /dev/ttyACM0  # a real table; tests that need the world are skipped

(`--table` takes a port; `--sim-board` a board map name, as `sim --board` does.)

Fixtures:
    table          a started table: send(cmd) -> reply, expect(event or predicate, timeout),
                   write(raw bytes), dump(), world (place/lift/touch/leds/fail/heal...), log_path
    table_factory  start(game=..., board=..., state=DIR) -> Table, for tests that need several
                   tables or a restart (Table.restart() keeps the state dir: persistence tests)
Marker: @pytest.mark.table(game="ritual", board="bringup") picks what the `table` fixture starts.

Every byte on the wire (and every world command) goes to a per-test log; a failed expect() shows
the recent lines and the log's path. Nothing sleeps for synchronisation: the fixture waits for the
table's hello reply.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import pathlib
import re
import select
import subprocess
import sys
import time

import pytest

from arkham_host.wire.link import Link, LinkClosed, Timeout
from arkham_host.wire.worldclient import World

START_TIMEOUT = 20.0  # seconds for a sim to print its paths and answer hello (slow CI machines)
# The emulated chip boots the real firmware at a fraction of real time: it answers later, and
# every wall-clock wait of a test is stretched by TIMESCALE (table.timescale)
CHIP_START_TIMEOUT = 240.0
CHIP_TIMESCALE = 8.0


def chip_unavailable() -> str | None:
    """Why an emulated chip cannot run here (no firmware file, boot ROM, Node or rp2040js), or
    None. Tests that need one skip with this reason."""
    from arkham_host.chip import ChipError, check_rp2040js, firmware, node_binary

    try:
        firmware.flash_image(firmware.find(None))
        firmware.bootrom()
        node_binary()
        check_rp2040js()
    except ChipError as e:
        return "the emulated chip cannot run here: %s" % e
    return None


def pytest_addoption(parser):
    g = parser.getgroup("arkham_table", "Arkham Table hardware-in-the-loop")
    g.addoption(
        "--table",
        default="sim",
        help="`sim` (default: an emulated table per test) or a serial port/URL of a "
        "real table, e.g. /dev/ttyACM0",
    )
    g.addoption(
        "--sim-board", default="bringup", help="board map for emulated tables (default bringup)"
    )
    g.addoption(
        "--sim-cpython",
        action="store_true",
        help="run emulated tables' firmware under CPython instead of the unix port",
    )
    g.addoption(
        "--sim-heap",
        default=None,
        metavar="SIZE",
        help="heap left for the running table in emulated tables (default: the sim's, 256k)",
    )
    g.addoption(
        "--sim-chip",
        default=None,
        choices=("rp2040",),
        help="run every emulated table on an emulated chip (the stock Pico firmware on "
        "rp2040js) instead of the unix port",
    )
    g.addoption(
        "--slow",
        action="store_true",
        help="also run tests marked slow (the emulated chip's long games, deploys)",
    )
    g.addoption("--sim-emulator", default=None, help=argparse.SUPPRESS)
    g.addoption(
        "--hil-logs",
        default=None,
        metavar="DIR",
        help="where per-test wire logs go (default: pytest's temp dir)",
    )


def pytest_configure(config):
    config.addinivalue_line(
        "markers",
        "table(game=..., board=..., chip=None|'rp2040'): what the table fixture starts",
    )
    config.addinivalue_line("markers", "slow: runs only with --slow (minutes, not seconds)")


def pytest_collection_modifyitems(config, items):
    if config.getoption("--slow"):
        return
    skip = pytest.mark.skip(reason="slow: run with --slow (tools/arkham test --slow)")
    for item in items:
        if item.get_closest_marker("slow"):
            item.add_marker(skip)


def _safe(name: str) -> str:
    return re.sub(r"[^A-Za-z0-9_.-]+", "_", name)[:120]


class WireLog:
    """Text log of one test's wire: `  1.234 >  #3 dump` (> host->table, < table->host,
    w> / w< world socket, ! link notes)."""

    def __init__(self, path: pathlib.Path):
        self.path = path
        self.t0 = time.monotonic()
        self.file = open(path, "a", buffering=1, encoding="utf-8", errors="backslashreplace")

    def __call__(self, direction, text):
        try:
            self.file.write(
                "%8.3f %-2s %s\n" % (time.monotonic() - self.t0, direction, text.rstrip("\n"))
            )
        except ValueError:  # closed
            pass

    def close(self):
        self.file.close()


class SimProcess:
    """`arkham-table sim --headless` as a child process (exactly what a user would run)."""

    def __init__(
        self, board, game, state_dir, cpython, stderr_path, emulator=None, heap=None, chip=None
    ):
        argv = [
            sys.executable,
            "-m",
            "arkham_host.cli",
            "sim",
            "--headless",
            "--board",
            board,
            "--state",
            str(state_dir),
        ]
        if game is not None:  # (None: resume the saved game, as a restarted table does)
            argv += ["--game", game]
        if cpython:
            argv.append("--cpython")
        if emulator:
            argv += ["--emulator", emulator]
        if heap:
            argv += ["--heap", heap]
        if chip:
            argv += ["--chip", chip]  # chip time never runs ahead of the wall: gestures hold
        self.start_timeout = CHIP_START_TIMEOUT if chip else START_TIMEOUT
        self.stderr_path = stderr_path
        self.stderr = open(stderr_path, "ab")
        # stdin is a pipe: when this process dies, the sim sees EOF and stops too
        # its own process group, so a power cut takes the firmware process down with it
        self.proc = subprocess.Popen(
            argv,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=self.stderr,
            start_new_session=True,
        )
        self.serial, self.world = self._paths()

    def _paths(self):
        found = {}
        deadline = time.monotonic() + self.start_timeout
        buf = b""
        fd = self.proc.stdout.fileno()
        while len(found) < 2:
            left = deadline - time.monotonic()
            r, _, _ = select.select([fd], [], [], max(0.0, left))
            data = os.read(fd, 4096) if r else b""
            if not data:
                self.stop()
                raise RuntimeError(
                    "the sim did not start (exit %s):\n%s"
                    % (self.proc.returncode, self.stderr_text())
                )
            buf += data
            while b"\n" in buf:
                line, buf = buf.split(b"\n", 1)
                key, _, value = line.decode().partition(" ")
                found[key] = value
        return found["serial"], found["world"]

    def stderr_text(self) -> str:
        try:
            return pathlib.Path(self.stderr_path).read_text(errors="replace")[-4000:]
        except OSError:
            return ""

    def power_cut(self):
        """Kill the sim and its firmware at once, no shutdown: what pulling the plug does."""
        import signal

        try:
            pgid = os.getpgid(self.proc.pid)
        except OSError:
            pgid = None
        if pgid is not None and pgid == self.proc.pid:
            os.killpg(pgid, signal.SIGKILL)
        else:
            self.proc.kill()
        self.proc.wait()
        self.proc.stdout.close()
        self.stderr.close()

    def stop(self):
        if self.proc.poll() is None:
            self.proc.stdin.close()  # EOF: the sim shuts the firmware down and exits
            try:
                self.proc.wait(3.0)
            except subprocess.TimeoutExpired:
                self.proc.terminate()
                try:
                    self.proc.wait(2.0)
                except subprocess.TimeoutExpired:
                    self.proc.kill()
                    self.proc.wait()
        self.proc.stdout.close()
        self.stderr.close()


def _wire_colour(rgb, cap: int) -> list:
    """The bytes the firmware's Pixels sends for one LED lit steadily in `rgb` (its gamma and
    the brightness cap), rendered by the firmware's own code."""
    from arkham.hw.pixels import Pixels

    class Wire(Pixels):
        sent = b""

        def _transmit(self, buf):
            self.sent = bytes(buf)

    one = Wire(1, "RGB", cap)
    one.set(0, tuple(rgb))
    one.render(0)
    return list(one.sent)


class NoWorld:
    """The world of a real table: there is no hand to move, so tests that need one skip."""

    def __getattr__(self, name):
        pytest.skip("needs the emulated world (a real table has no world socket)")


class Table:
    def __init__(self, port, log: WireLog, sim_args=None):
        self.port = port  # "sim" or a serial URL
        self.log = log
        self.log_path = log.path
        # (board, game, state_dir, cpython, stderr_path, emulator, heap, chip)
        self.sim_args = sim_args
        self.chip = sim_args[7] if sim_args else None
        self.timescale = CHIP_TIMESCALE if self.chip else 1.0
        self._cap = None  # (shown(): the board map's brightness cap, read once)
        self.sim = None
        self.link = None
        self.world = NoWorld()
        self.hello = None
        self._connect()

    @property
    def emulated(self) -> bool:
        return self.sim_args is not None

    def _connect(self):
        if self.emulated:
            self.sim = SimProcess(*self.sim_args)
            self.log("!", "sim serial %s world %s" % (self.sim.serial, self.sim.world))
            url = self.sim.serial
        else:
            url = self.port
        from arkham_host.wire.portlock import PortBusy

        try:
            self.link = Link(url, recorder=self.log)
        except PortBusy as e:  # another program on the real table's port: no test can run
            pytest.exit("arkham-table HIL: %s" % e, returncode=3)
        if self.emulated:
            self.world = World(self.sim.world, recorder=self.log)
        self.clear_input()
        self.hello = self.send("hello", timeout=START_TIMEOUT)  # (scaled on a chip)
        if not self.hello.get("ok"):
            raise RuntimeError("the table did not say hello: %r" % self.hello)
        with self.link.cond:
            self.link.untagged.clear()  # (the answer to a stray half line, if there was one)
            self.link.replies.clear()

    def clear_input(self):
        """End whatever half line an earlier program or test left in the table's input (a test
        that wrote `#44 hel` would otherwise glue it to the next command). The table's answer to
        that stray line, if any, comes before the next reply and is forgotten there."""
        if self.link is not None and not self.link.closed:
            self.link.write("\n")

    def reset_game(self, game, board=None):
        """A real table: the test's own game, fresh (`game NAME`); skips when the table cannot
        host it (another board, a game it does not have)."""
        have = self.hello.get("board")
        if board is not None and have != board:
            pytest.skip("needs board %s; the table at %s has board %s" % (board, self.port, have))
        games = self.send("game").get("games") or []
        if game not in games:
            pytest.skip("needs game %s; the table has %s" % (game, ", ".join(games)))
        r = self.send("game %s" % game, timeout=30)
        if not r.get("ok"):
            pytest.skip("the table at %s cannot start %s: %s" % (self.port, game, r.get("err")))
        self.link.skip_events()

    def _evidence(self) -> str:
        text = "\nfull wire log: %s" % self.log_path
        if self.sim is not None and self.sim.stderr_text().strip():
            text += "\nsim stderr (%s):\n%s" % (self.sim.stderr_path, self.sim.stderr_text())
        return text

    # ---- the serial side --------------------------------------------------------------------
    def send(self, command: str, timeout: float = 5.0) -> dict:
        """`#n command` -> the reply dict tagged n."""
        try:
            return self.link.request(command, timeout * self.timescale)
        except (Timeout, LinkClosed) as e:
            raise Timeout(str(e) + self._evidence()) from None

    def ok(self, command: str, timeout: float = 5.0) -> dict:
        """send(), and fail the test unless the reply is ok."""
        reply = self.send(command, timeout)
        assert reply.get("ok") is True, "%r was refused: %r%s" % (command, reply, self._evidence())
        return reply

    def write(self, data):
        """Raw bytes/text to the serial port, exactly as given."""
        self.link.write(data)

    def expect(self, match=None, timeout: float = 3.0, **fields) -> dict:
        try:
            return self.link.expect(match, timeout * self.timescale, **fields)
        except (Timeout, LinkClosed) as e:
            raise Timeout(str(e) + self._evidence()) from None

    def untagged_reply(self, timeout: float = 3.0, start: int = 0) -> dict:
        """The first reply with "re": null at index >= start (answers to lines without a tag)."""
        link = self.link
        with link.cond:
            link.cond.wait_for(lambda: len(link.untagged) > start, timeout * self.timescale)
            if len(link.untagged) > start:
                return link.untagged[start]
        raise Timeout(
            "no untagged reply within %.1f s%s%s" % (timeout, link.recent_text(), self._evidence())
        )

    def skip_events(self):
        self.link.skip_events()

    def dump(self) -> dict:
        return self.ok("dump")

    def shown(self, rgb) -> list:
        """What the world's `leds` reports for a spot lit steadily in the game colour `rgb`. The
        unix-port table reports the colour the game asked for; an emulated chip reports the
        colour decoded from the LED pin: after the firmware's gamma and brightness cap."""
        if not self.chip:
            return list(rgb)
        if self._cap is None:
            from arkham import boardmap

            from arkham_host.device import boardfile

            board = boardmap.load(str(boardfile.board_path(str(self.sim_args[0]))))
            self._cap = board.brightness_cap
        return _wire_colour(rgb, self._cap)

    # ---- life cycle -------------------------------------------------------------------------
    @contextlib.contextmanager
    def detached(self):
        """Let another program use the serial port for a while (two readers would split the
        lines between them): closes this link, yields the port, then reopens it."""
        url = self.link.url
        self.link.close()
        self.log("!", "detached")
        try:
            yield url
        finally:
            self.link = Link(url, recorder=self.log)

    def restart(self):
        """Stop the emulated table and start it again on the same state dir (it resumes the
        saved game: no --game)."""
        assert self.emulated, "restart() needs an emulated table"
        self.close()
        self.log("!", "restart")
        self._resume_args()
        self._connect()

    def _resume_args(self):
        a = list(self.sim_args)
        a[1] = None
        self.sim_args = tuple(a)

    def power_cut(self):
        """Pull the plug on the emulated table (no shutdown), then power it up again."""
        assert self.emulated, "power_cut() needs an emulated table"
        self.link.close()
        if isinstance(self.world, World):
            self.world.close()
            self.world = NoWorld()
        self.sim.power_cut()
        self.sim = None
        self.log("!", "power cut")
        self._resume_args()
        self._connect()

    def close(self):
        if self.link is not None:
            self.link.close()
        if isinstance(self.world, World):
            self.world.close()
            self.world = NoWorld()
        if self.sim is not None:
            self.sim.stop()
            self.sim = None


@pytest.fixture
def table_factory(request, tmp_path):
    config = request.config
    port = config.getoption("--table")
    logdir = config.getoption("--hil-logs")
    logdir = pathlib.Path(logdir) if logdir else tmp_path
    logdir.mkdir(parents=True, exist_ok=True)
    made = []

    def start(game="bringup", board=None, state=None, chip=None):
        n = len(made)
        chip = chip or config.getoption("--sim-chip")
        if chip and port == "sim":
            why = chip_unavailable()
            if why:
                pytest.skip(why)
        stem = _safe(request.node.name) + ("" if n == 0 else "-%d" % n)
        log = WireLog(logdir / (stem + ".wire.log"))
        request.node.arkham_logs = getattr(request.node, "arkham_logs", []) + [str(log.path)]
        sim_args = None
        if port == "sim":
            state = state or (tmp_path / ("state-%d" % n))
            sim_args = (
                board or config.getoption("--sim-board"),
                game,
                state,
                config.getoption("--sim-cpython"),
                logdir / (stem + ".stderr.log"),
                config.getoption("--sim-emulator"),
                config.getoption("--sim-heap"),
                chip,
            )
        t = Table(port, log, sim_args)
        made.append(t)
        if sim_args is None:  # a real table: each test starts from its own game, fresh
            t.reset_game(game, board)
        return t

    yield start
    for t in made:
        try:
            t.clear_input()  # the next test finds the table's input clean
        except Exception:
            pass
        t.close()
        t.log.close()


@pytest.fixture
def table(request, table_factory):
    marker = request.node.get_closest_marker("table")
    kw = dict(marker.kwargs) if marker else {}
    return table_factory(**kw)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    rep = outcome.get_result()
    logs = getattr(item, "arkham_logs", None)
    if logs and rep.failed:
        rep.sections.append(("arkham-table wire logs", "\n".join(logs)))
