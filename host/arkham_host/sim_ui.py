"""The emulated table in a terminal: the board as it is lit now, tokens, a cursor to move them.

Keys: arrows/hjkl move, space places/lifts a token, t touches (a hand for 300 ms), f fails/heals the
cursor's chip, q quits. A mouse click (xterm SGR reporting) selects a spot and toggles its token.
"""

from __future__ import annotations

import collections
import os
import re
import select
import shutil
import sys
import termios
import time
import tty

from arkham_host import boardview

KEYS = "arrows/hjkl move  space token  t touch  f fail/heal chip  q quit"
BOARD_TOP = 4  # screen row (1-based) of the board's first line
MOUSE = re.compile(rb"\x1b\[<(\d+);(\d+);(\d+)([mM])")
MOVES = {
    b"\x1b[A": (-1, 0),
    b"\x1b[B": (1, 0),
    b"\x1b[C": (0, 1),
    b"\x1b[D": (0, -1),
    b"k": (-1, 0),
    b"j": (1, 0),
    b"l": (0, 1),
    b"h": (0, -1),
}


class BoardUI:
    def __init__(self, board, out=None):
        self.board = board
        self.out = out or sys.stdout
        pads = [s.name for s in board.spots if s.chip is not None]
        self.cursor = pads[0] if pads else (board.spots[0].name if board.spots else None)
        self.serial = collections.deque(maxlen=8)
        self.failed = set()
        self.status = ""
        self._wake_r, self._wake_w = os.pipe()
        os.set_blocking(self._wake_r, False)
        os.set_blocking(self._wake_w, False)

    # called from the relay thread
    def wake(self):
        try:
            os.write(self._wake_w, b".")
        except (BlockingIOError, OSError):
            pass

    def serial_line(self, line: bytes):
        self.serial.append(line.decode("utf-8", "replace").rstrip())
        self.wake()

    # ---- drawing ----------------------------------------------------------------------------
    def screen(self, sim, mode, width) -> str:
        b = self.board
        head = "Arkham Table (emulated)  board %s  game %s  %s" % (
            b.name,
            sim.game,
            "runtime " + sim.runtime,
        )
        link = "serial %s   (attach: arkham-table console %s)" % (sim.serial_path, sim.serial_path)
        world = "world  %s" % sim.world_path
        faults = [s.name for s in b.spots if s.chip in self.failed]
        lines = [head[:width], link[:width], world[:width]]
        lines += boardview.render(b, sim.frame, set(sim.tokens), self.cursor, mode, width, faults)
        spot = b.by_name.get(self.cursor)
        where = ""
        if spot is not None:
            where = "%s  pad %s/%s  leds %s" % (spot.name, spot.chip, spot.electrode, spot.leds)
        lines += ["", (where + "   " + self.status)[:width], KEYS[:width], ""]
        lines += [s[:width] for s in self.serial]
        return "\x1b[H" + "\x1b[K\n".join(lines) + "\x1b[K\x1b[J"

    # ---- input ------------------------------------------------------------------------------
    def _do(self, sim, command):
        reply = sim.world(command)
        ok = isinstance(reply, dict) and reply.get("ok") is not False
        self.status = command + (" ok" if ok else ": " + str(reply.get("err")))
        return ok

    def key(self, sim, data: bytes, width) -> bool:
        """Handle one chunk of input; False to quit."""
        while data:
            m = MOUSE.match(data)
            if m:
                data = data[m.end() :]
                button, col, row, kind = int(m[1]), int(m[2]), int(m[3]), m[4]
                if kind == b"M" and button == 0:
                    name = boardview.hit(self.board, row - BOARD_TOP, col - 1, width)
                    if name:
                        self.cursor = name
                        self._token(sim)
                continue
            for seq, (dr, dc) in MOVES.items():
                if data.startswith(seq):
                    data = data[len(seq) :]
                    self.cursor = boardview.neighbour(self.board, self.cursor, dr, dc, width)
                    break
            else:
                ch, data = data[:1], data[1:]
                if ch in (b"q", b"Q", b"\x03"):
                    return False
                if ch == b" ":
                    self._token(sim)
                elif ch == b"t":
                    self._hand(sim)
                elif ch == b"f":
                    self._chip(sim)
                elif ch == b"\x1b":
                    data = re.sub(rb"^\[[0-9;]*[A-Za-z~]", b"", data)  # an unknown escape
        return True

    def _token(self, sim):
        spot = self.board.by_name.get(self.cursor)
        if spot is None or spot.chip is None:
            self.status = "%s has no pad" % self.cursor
            return
        if self.cursor in sim.tokens:
            self._do(sim, "lift " + self.cursor)
        else:
            self._do(sim, "place " + self.cursor)

    def _hand(self, sim):
        spot = self.board.by_name.get(self.cursor)
        if spot is not None and spot.chip is not None:
            self._do(sim, "touch " + self.cursor)  # a hand for a moment (the world lifts it)

    def _chip(self, sim):
        spot = self.board.by_name.get(self.cursor)
        if spot is None or spot.chip is None:
            return
        if spot.chip in self.failed:
            if self._do(sim, "heal %s" % spot.chip):
                self.failed.discard(spot.chip)
        elif self._do(sim, "fail %s" % spot.chip):
            self.failed.add(spot.chip)

    # ---- the loop ---------------------------------------------------------------------------
    def run(self, sim):
        fd = sys.stdin.fileno()
        if not os.isatty(fd):
            raise SystemExit("sim: the board view needs a terminal; use --headless")
        mode = boardview.colour_mode()
        saved = termios.tcgetattr(fd)
        write = self.out.write
        try:
            tty.setcbreak(fd)
            write("\x1b[?1049h\x1b[?25l\x1b[?1000h\x1b[?1006h\x1b[2J")
            dirty, last = True, 0.0
            while sim.running:
                width = shutil.get_terminal_size().columns
                now = time.monotonic()
                if dirty and now - last > 0.03:
                    write(self.screen(sim, mode, width))
                    self.out.flush()
                    dirty, last = False, now
                r, _, _ = select.select([fd, self._wake_r], [], [], 0.05 if dirty else 1.0)
                if self._wake_r in r:
                    try:
                        os.read(self._wake_r, 4096)
                    except BlockingIOError:
                        pass
                    dirty = True
                if fd in r:
                    if not self.key(sim, os.read(fd, 1024), width):
                        break
                    dirty = True
        finally:
            write("\x1b[?1000l\x1b[?1006l\x1b[?25h\x1b[?1049l")
            self.out.flush()
            termios.tcsetattr(fd, termios.TCSADRAIN, saved)
