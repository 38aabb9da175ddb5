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
    first = screen.wait_for("serial /dev/")
    assert "PAD_00" in first  # the cursor starts on the first pad (plain mode: upper case)
    os.write(fd, b"ll")  # two spots right
    screen.wait_for("PAD_02")
    os.write(fd, b" ")  # a token on pad_02
    # the event line, and the spot drawn lit (frame lines reach the UI at most every 40 ms, so
    # the light may show a moment after the event)
    text = screen.wait_for(
        lambda t: '"ev":"pad"' in t and "present" in t and "#()#" in t.replace(" ", "")
    )
    board_row = [line for line in text.splitlines() if "()" in line]
    assert len(board_row) == 1 and "#()#" in board_row[0].replace(" ", "")[:40], text
    os.write(fd, b"q")
    _, status = os.waitpid(pid, 0)
    assert os.WEXITSTATUS(status) == 0
    assert screen.raw is not None
