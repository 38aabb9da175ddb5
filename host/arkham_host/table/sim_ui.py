"""The emulated table in a terminal: the board as it is lit now, tokens, a cursor to move them.

Keys: arrows/hjkl move, space places/lifts a token, t touches (a hand for 300 ms), f fails/heals the
cursor's chip, / jumps to a spot by name, ? shows the help (keys, letters, names), q quits. A
mouse click (xterm SGR reporting) selects a spot and toggles its token. The layout keeps the
serial path and the keys on screen at 80x24: the board one line per row, the serial lines in
what is left.
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

from arkham_host.table import board_text

KEYS = "arrows move  space token  t touch  f fail chip  / find  ? help  q quit"
BOARD_TOP = 3  # screen row (1-based) of the board's first line
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
    def __init__(self, board, out=None, wire_cap=None):
        self.board = board
        # the emulated chip's frames are its LED pin's bytes (after gamma and the board's
        # brightness cap): the letters read them back through the same (boardsymbols)
        self.wire_cap = wire_cap
        self.out = out or sys.stdout
        pads = [s.name for s in board.spots if s.chip is not None]
        self.cursor = pads[0] if pads else (board.spots[0].name if board.spots else None)
        self.serial = collections.deque(maxlen=40)
        self.failed = set()
        self.status = ""
        self.game = None  # learnt from the table's lines (hello, `game` events)
        self.symbol = None
        self.finding = None  # the name being typed after `/`
        self.help = 0  # the help page shown (0: the board)
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
        text = line.decode("utf-8", "replace").rstrip()
        self.serial.append(text)
        if '"game"' in text:
            from arkham_host.wire.link import parse

            obj = parse(text)
            if obj is not None and isinstance(obj.get("game"), str):
                if obj.get("ev") == "game" or "proto" in obj or obj.get("ev") == "hello":
                    self.set_game(obj["game"])
        self.wake()

    def set_game(self, game):
        if game != self.game:
            from arkham_host.table.boardsymbols import symbol_for

            self.game = game
            self.symbol = symbol_for(game, self.wire_cap)

    # ---- drawing ----------------------------------------------------------------------------
    def screen(self, sim, mode, width, height=24) -> str:
        if self.game is None:
            self.set_game(sim.game or "bringup")
        b = self.board
        head = "Arkham Table (emulated)  board %s  game %s  serial %s" % (
            b.name,
            self.game,
            sim.serial_path,
        )
        keys = KEYS + "   world " + str(sim.world_path)
        faults = [s.name for s in b.spots if s.chip in self.failed]
        lines = [head[:width], keys[:width]]
        if self.help:
            page = max(1, height - len(lines) - 1)
            text = self.help_lines(width)
            pages = (len(text) + page - 1) // page
            part = text[(self.help - 1) * page : self.help * page]
            more = "-- help %d/%d: ? or space: next page, any other key: the board" % (
                self.help, pages)
            if self.help > pages:
                self.help = 0
            else:
                return self._paint(lines + part + [more[:width]], height)
        board = board_text.render(
            b, sim.frame, set(sim.tokens), self.cursor, mode, width, faults, self.symbol
        )
        spot = b.by_name.get(self.cursor)
        where = ""
        if spot is not None:
            lit = sim.frame.get(spot.name)
            what = self.symbol(spot.name, tuple(lit)) if (lit and any(lit) and self.symbol) else ""
            where = "> %s%s  pad %s/%s  leds %s" % (
                spot.name,
                " [%s]" % what if what else "",
                spot.chip,
                spot.electrode,
                spot.leds,
            )
        if self.finding is not None:
            where = "find: %s_   (Enter jumps, Esc cancels)" % self.finding
        room = max(0, height - len(lines) - 2)
        lines += board[:room]
        lines += [(where + "   " + self.status)[:width]]
        left = max(0, height - len(lines) - 1)
        tail = list(self.serial)[-left:] if left else []
        lines += ["-" * min(width, 20)] if left else []
        lines += [s[:width] for s in tail]
        return self._paint(lines, height)

    def help_lines(self, width):
        from arkham_host.table.boardsymbols import legend

        import textwrap

        out = textwrap.wrap(
            "keys: arrows or hjkl move the cursor; space puts a token on / takes it off the "
            "cursor's pad; t touches it (a hand, 300 ms); f fails or heals its chip; / and a "
            "name (or its code) jumps to a spot; q quits; a mouse click toggles a token.",
            width,
        )
        out += ["letters (what a light means, so colour is never the only sign):"]
        out += textwrap.wrap("   ".join(legend(self.game)), width, initial_indent="  ",
                             subsequent_indent="  ")
        out += ["names (the code in each cell):"]
        out += board_text.legend(self.board, width)
        return [line[:width] for line in out]

    def _paint(self, lines, height):
        return "\x1b[H" + "\x1b[K\n".join(lines[:height]) + "\x1b[K\x1b[J"

    # ---- input ------------------------------------------------------------------------------
    def _do(self, sim, command):
        reply = sim.world(command)
        ok = isinstance(reply, dict) and reply.get("ok") is not False
        self.status = command + (" ok" if ok else ": " + str(reply.get("err")))
        return ok

    def key(self, sim, data: bytes, width) -> bool:
        """Handle one chunk of input; False to quit."""
        if self.help:  # ? or space: the next page; any other key (q too, as the page says)
            if data[:1] in (b"?", b" "):  # closes the help; only Ctrl-C quits from it
                self.help += 1
                return True
            self.help = 0
            return data[:1] != b"\x03"
        while data:
            if self.finding is not None:
                ch, data = data[:1], data[1:]
                if ch in (b"\r", b"\n"):
                    name = board_text.find(self.board, self.finding, width)
                    self.status = ("at " + name) if name else "no spot %r" % self.finding
                    self.cursor = name or self.cursor
                    self.finding = None
                elif ch == b"\x1b":
                    self.finding = None
                    data = re.sub(rb"^\[[0-9;]*[A-Za-z~]", b"", data)
                elif ch in (b"\x7f", b"\x08"):
                    self.finding = self.finding[:-1]
                elif ch.isalnum() or ch in (b"_", b" ", b"-"):
                    self.finding += ch.decode()
                continue
            m = MOUSE.match(data)
            if m:
                data = data[m.end() :]
                button, col, row, kind = int(m[1]), int(m[2]), int(m[3]), m[4]
                if kind == b"M" and button == 0:
                    name = board_text.hit(self.board, row - BOARD_TOP, col - 1, width)
                    if name:
                        self.cursor = name
                        self._token(sim)
                continue
            for seq, (dr, dc) in MOVES.items():
                if data.startswith(seq):
                    data = data[len(seq) :]
                    self.cursor = board_text.neighbour(self.board, self.cursor, dr, dc, width)
                    break
            else:
                ch, data = data[:1], data[1:]
                if ch in (b"q", b"Q", b"\x03"):
                    return False
                if ch == b"/":
                    self.finding = ""
                elif ch == b"?":
                    self.help = 1
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
        mode = board_text.colour_mode()
        saved = termios.tcgetattr(fd)
        write = self.out.write
        try:
            tty.setcbreak(fd)
            write("\x1b[?1049h\x1b[?25l\x1b[?1000h\x1b[?1006h\x1b[2J")
            dirty, last = True, 0.0
            while sim.running:
                size = shutil.get_terminal_size()
                width = size.columns
                now = time.monotonic()
                if dirty and now - last > 0.03:
                    write(self.screen(sim, mode, width, size.lines))
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
