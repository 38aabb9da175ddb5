"""`arkham-table sim` with its board view, driven through a pseudo-terminal like a person would:
move the cursor, place a token, see the spot lit and the `pad` event, quit cleanly."""

import os
import pty
import re
import select
import sys
import time

import pytest

ANSI = re.compile(rb"\x1b\[[0-9;?<]*[A-Za-z]")


class Screen:
    def __init__(self, fd):
        self.fd = fd
        self.raw = b""

    def last(self) -> str:
        """The last full screen drawn (each redraw starts at home, \\x1b[H)."""
        part = self.raw.rsplit(b"\x1b[H", 1)[-1]
        return ANSI.sub(b"", part).decode("utf-8", "replace")

    def wait_for(self, what, timeout=20.0):
        deadline = time.monotonic() + timeout
        while True:
            text = self.last()
            if what(text) if callable(what) else what in text:
                return text
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError("screen never showed %r; last screen:\n%s" % (what, text))
            r, _, _ = select.select([self.fd], [], [], left)
            if r:
                try:
                    data = os.read(self.fd, 65536)
                except OSError:
                    data = b""
                if not data:
                    raise AssertionError("sim ended; last screen:\n%s" % self.last())
                self.raw += data


@pytest.fixture
def sim_tty(request, tmp_path):
    if request.config.getoption("--table") != "sim":
        pytest.skip("the board view belongs to the emulated table")
    env = dict(os.environ, NO_COLOR="1", TERM="xterm", COLUMNS="100", LINES="40")
    argv = [sys.executable, "-m", "arkham_host.cli", "sim", "--state", str(tmp_path / "state")]
    pid, fd = pty.fork()
    if pid == 0:  # the child: the sim, on the pty as its terminal
        os.execvpe(argv[0], argv, env)
    screen = Screen(fd)
    yield pid, fd, screen
    try:
        os.kill(pid, 15)
    except ProcessLookupError:
        pass
    try:
        os.waitpid(pid, 0)
    except ChildProcessError:
        pass
    os.close(fd)


def test_keyboard_places_a_token_and_the_spot_lights(sim_tty):
    pid, fd, screen = sim_tty
    # (the whole first screen: a read can end mid-screen, after the header, before its last lines)
    first = screen.wait_for(lambda t: "serial /dev/" in t and "\n> " in t)
    assert ">.pad_00<" in first and "> pad_00" in first  # the cursor starts on the first pad
    os.write(fd, b"ll")  # two spots right
    screen.wait_for("> pad_02")
    os.write(fd, b" ")  # a token on pad_02
    # the event line, and the spot drawn lit (frame lines reach the UI at most every 40 ms, so
    # the light may show a moment after the event): P (bring-up's "present" light), the code
    # in capitals (a token on it)
    text = screen.wait_for(lambda t: '"ev":"pad"' in t and "present" in t and ">PPAD_02<" in t)
    board_row = [line for line in text.splitlines() if "PAD_02" in line and ">" in line]
    assert len(board_row) == 1 and board_row[0].split()[2] == ">PPAD_02<", text
    os.write(fd, b"q")
    _, status = os.waitpid(pid, 0)
    assert os.WEXITSTATUS(status) == 0
    assert screen.raw is not None


def test_80x24_keeps_the_serial_path_and_keys_find_and_help(request, tmp_path):
    """AH2e at 80x24: the serial path and the key help stay on screen, a light is told by a
    letter (not colour alone), `/` jumps to a spot by name, `?` shows the names' legend."""
    if request.config.getoption("--table") != "sim":
        pytest.skip("the board view belongs to the emulated table")
    env = dict(os.environ, NO_COLOR="1", TERM="xterm", COLUMNS="80", LINES="24")
    argv = [sys.executable, "-m", "arkham_host.cli", "sim", "--board", "ah2e", "--game", "ah2e",
            "--state", str(tmp_path / "state")]
    pid, fd = pty.fork()
    if pid == 0:
        import fcntl
        import struct
        import termios

        fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
        os.execvpe(argv[0], argv, env)
    screen = Screen(fd)
    try:
        text = screen.wait_for(lambda t: "serial /dev/" in t and "?" in t, timeout=40)
        rows = text.splitlines()
        assert len(rows) <= 24 and all(len(r) <= 80 for r in rows), text
        assert "/ find" in rows[1] and "? help" in rows[1], text
        os.write(fd, b"/indep\r")
        screen.wait_for("> independence_square")
        os.write(fd, b"?")
        help_text = screen.wait_for("help 1/")
        assert "G gate" in help_text and "M monster" in help_text, help_text
        os.write(fd, b"?")
        names = screen.wait_for("help 2/")
        assert "ri rivertown" in names and "d1 doom_1" in names, names
        os.write(fd, b"x")  # any other key closes the help
        screen.wait_for("> independence_square")
        os.write(fd, b"q")
        _, status = os.waitpid(pid, 0)
        assert os.WEXITSTATUS(status) == 0
    finally:
        try:
            os.kill(pid, 15)
            os.waitpid(pid, 0)
        except (ProcessLookupError, ChildProcessError):
            pass
        os.close(fd)


def test_q_on_the_help_page_returns_to_the_board():
    """Issue 33: the help page says any other key returns to the board; `q` there quit the sim.
    (Ctrl-C still quits from anywhere.)"""
    from arkham_host.device import boardfile
    from arkham_host.table.sim_ui import BoardUI

    ui = BoardUI(boardfile.load("bringup"))
    for key in (b"q", b"Q", b"x"):
        ui.help = 1
        assert ui.key(None, key, 80) is True and ui.help == 0, key
    ui.help = 1
    assert ui.key(None, b"\x03", 80) is False
    assert ui.key(None, b"q", 80) is False  # (on the board: q quits)


def test_the_chips_board_view_reads_letters_through_its_gamma(monkeypatch):
    """Issue 33: `sim --chip` draws frames decoded from the LED pin; its board view reads the
    letters back through the firmware's gamma and the board's cap (a clue is `c`, not `*`)."""
    from arkham import boardmap
    from arkham.hw.pixels import GAMMA
    from arkham_host.device import boardfile
    from arkham_host.table.sim_ui import BoardUI

    board = boardfile.load("ah2e")
    cap = boardmap.load(str(board.path)).brightness_cap
    ui = BoardUI(board, wire_cap=cap)
    ui.set_game("ah2e")
    assert ui.symbol("rivertown", [GAMMA[x] * cap // 255 for x in (80, 76, 22)]) == "c"
