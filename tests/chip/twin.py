"""The host's twin of a table: the same firmware (arkham.app.App, its rules cores and bindings)
run in this process under CPython on the emulated hardware, fed the same command lines as the
table on the emulated chip. Its replies and its `dump` state are what the chip's must be at every
step: the host core's identical game (issue 28), asked of the twin so the chip is not asked for a
`legal` list or a state it need not compute.

    twin = Twin("ah2e", tmp_path)
    reply = twin.send("game ah2e seed=2 players=8")     # one reply dict, like Link.request's
    same(chip_reply, reply)                             # the reply minus what a runtime decides
"""

from __future__ import annotations

import json
import pathlib

from arkham import boardmap
from arkham.app import App
from arkham.canon import state_hash
from arkham.emu.table import make
from arkham_host.device import boardfile

# reply fields that depend on the runtime or the table's past, never on the game
VOLATILE = ("re", "seq", "mem_free", "step_ms", "sweep_ms", "impl", "emulated", "restart", "fw")
_STEP_MS = 10


class _Lines:
    """The twin's serial port: no input, every line written kept."""

    def __init__(self):
        self.buf = b""
        self.lines = []

    def read(self):
        return b""

    def writable(self):
        return True

    def write(self, data):
        self.buf += bytes(data)
        while b"\n" in self.buf:
            line, self.buf = self.buf.split(b"\n", 1)
            if line.strip():
                self.lines.append(json.loads(line))

    def wait(self, ms):
        pass


class Twin:
    def __init__(self, board: str, state_dir):
        self.board = boardmap.load(str(boardfile.board_path(board)))
        pathlib.Path(state_dir).mkdir(parents=True, exist_ok=True)
        self.now = 0
        self.io = _Lines()
        hw = make(self.board, {"emulated": True, "state_dir": str(state_dir), "io": self.io,
                               "clock": lambda: self.now})
        self.app = App(hw, self.board, {"emulated": True})
        self.tag = 0
        self.events = []  # every event the twin sent, in order
        self._steps(3)

    def _steps(self, n):
        for _ in range(n):
            self.now += _STEP_MS
            self.app.step(self.now)
        self._sort()

    def _sort(self):
        keep = []
        for obj in self.io.lines:
            if "ev" in obj:
                self.events.append(obj)
            else:
                keep.append(obj)
        self.io.lines = keep

    def send(self, command: str) -> dict:
        self.tag += 1
        tag = self.tag
        self.app.run_line("#%d %s" % (tag, command), self.now)
        self._steps(2)  # the step's save, then its replies and events are written
        for k, obj in enumerate(self.io.lines):
            if obj.get("re") == tag:
                del self.io.lines[k]
                return obj
        raise AssertionError("the twin gave no reply to %r" % command)

    def ok(self, command: str) -> dict:
        r = self.send(command)
        assert r["ok"], (command, r)
        return r

    def state_hash(self) -> str:
        return state_hash(self.ok("dump")["state"])


def plain(reply: dict) -> dict:
    return {k: v for k, v in reply.items() if k not in VOLATILE}


def same(chip: dict, twin: dict, what: str):
    a, b = plain(chip), plain(twin)
    assert a == b, "%s: the chip and the host's twin differ:\nchip %r\ntwin %r" % (what, a, b)
