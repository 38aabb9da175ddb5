"""The console as a person uses it, in a terminal (a pty read through a terminal emulator, pyte):
replies whole and wrapped, output never inside the line being typed, Ctrl-] leaves, a port that
another program holds is refused with "port busy" and the holder."""

import json
import os
import pty
import select
import subprocess
import sys
import time

import pytest

from arkham_host.session.console import pretty

CLI = [sys.executable, "-m", "arkham_host.cli"]


def test_long_replies_are_whole_lists_numbered_and_wrapped():
    legal = ["%d move to=a_place_with_a_long_name_%d" % (i + 1, i) for i in range(40)]
    line = json.dumps({"re": 3, "ok": True, "legal": legal, "need": {"k": "move", "inv": 0}})
    text = pretty(line, json.loads(line), width=40)
    assert "..." not in text
    rows = text.splitlines()
    for i in range(40):
        assert any(r.strip().startswith("%d. move" % (i + 1)) for r in rows), (i, text)
    assert all(len(r) <= 40 for r in rows), text
    words = " ".join(text.split())
    assert "a_place_with_a_long_name_39" in words


def test_long_state_keeps_every_investigator():
    inv = [{"name": "investigator_%d" % i, "at": "place_%d" % i, "sanity": i} for i in range(8)]
    line = json.dumps({"re": 4, "ok": True, "investigators": inv})
    text = pretty(line, json.loads(line), width=60)
    for i in range(8):
        assert "investigator_%d" % i in text and "place_%d" % i in text, text


class Screen:
    """The console in a pty, drawn by a terminal emulator."""

    def __init__(self, port, cols=80, rows=24):
        import pyte

        self.screen = pyte.Screen(cols, rows)
        self.stream = pyte.ByteStream(self.screen)
        pid, fd = pty.fork()
        if pid == 0:  # the child: the console, its terminal the pty
            os.environ["COLUMNS"], os.environ["LINES"] = str(cols), str(rows)
            os.environ["TERM"] = "xterm"
            os.execv(sys.executable, CLI + ["console", port])
        self.pid, self.fd = pid, fd
        import fcntl
        import struct
        import termios

        fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))

    def pump(self, until=None, timeout=20.0):
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                break
            r, _, _ = select.select([self.fd], [], [], min(left, 0.2))
            if r:
                try:
                    data = os.read(self.fd, 65536)
                except OSError:
                    return False
                if not data:
                    return False
                self.stream.feed(data)
            if until is not None and until(self.text()):
                return True
        if until is not None:
            raise AssertionError("the screen never showed what was awaited:\n" + self.text())
        return True

    def text(self):
        return "\n".join(line.rstrip() for line in self.screen.display)

    def type(self, keys):
        os.write(self.fd, keys.encode())

    def wait_exit(self, timeout=10.0):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            pid, status = os.waitpid(self.pid, os.WNOHANG)
            if pid:
                return os.waitstatus_to_exitcode(status)
            self.pump(timeout=0.2)
        os.kill(self.pid, 9)
        os.waitpid(self.pid, 0)
        raise AssertionError("the console did not leave:\n" + self.text())


def test_events_print_above_the_line_being_typed(table):
    if not table.emulated:
        pytest.skip("needs the world to make an event while a line is typed")
    with table.detached() as port:
        s = Screen(port)
        try:
            s.pump(lambda t: "table>" in t)
            s.type("hel")
            s.pump(lambda t: "table> hel" in t)
            table.world.touch("pad_05")
            s.pump(lambda t: "spot=pad_05" in t)
            s.pump(timeout=0.5)
            rows = s.text().splitlines()
            typed = [r for r in rows if "table>" in r]
            assert typed and typed[-1].strip() == "table> hel", s.text()
            event_rows = [i for i, r in enumerate(rows) if "spot=pad_05" in r]
            assert event_rows and max(event_rows) < rows.index(typed[-1]), s.text()
            assert all(r.startswith("#") for r in rows if "spot=pad_05" in r), s.text()
            s.type("lo\r")
            s.pump(lambda t: "proto=1" in t)
            s.type("\x1d")  # Ctrl-]
            assert s.wait_exit() == 0
        finally:
            try:
                os.kill(s.pid, 9)
                os.waitpid(s.pid, 0)
            except OSError:
                pass
            os.close(s.fd)


def test_ctrl_close_bracket_leaves(table):
    with table.detached() as port:
        s = Screen(port)
        try:
            s.pump(lambda t: "table>" in t)
            s.type("\x1d")
            assert s.wait_exit() == 0
        finally:
            os.close(s.fd)


@pytest.mark.parametrize("command", ["console", "log", "calibrate", "deploy"])
def test_a_port_held_by_another_program_is_refused_with_its_holder(table, tmp_path, command):
    """The table fixture holds the port (this pytest process): the command must refuse it."""
    args = {"log": ["-o", str(tmp_path / "x.jsonl")], "calibrate": []}.get(command, [])
    out = subprocess.run(
        CLI + [command, table.link.url] + args,
        input="hello\n",
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert out.returncode != 0, out.stdout + out.stderr
    err = out.stderr + out.stdout
    assert "port busy" in err, err
    assert "pid %d" % os.getpid() in err, err  # Linux names the holder
    assert "Traceback" not in err, err
    assert table.ok("hello")["proto"] == 1  # the holder was left alone
