"""The emulated table's serial port: the process's stdin/stdout, never blocking, with the world
side channel (lines starting with 0x1E) taken out and run against the model.

read_available() -> the other bytes; write(data) writes it all. The emulator's stdout is a pipe to
the host's `sim`, which plays the USB stack: it always reads, and it is the one that drops (and
counts) lines when nobody reads the pty. Dropping here instead lost pieces of lines when a busy
machine let the pipe fill (a reply sent in chunks lost its middle).
On stdin end-of-file or a write that fails (the host went away) it raises SystemExit(0); so does
the `quit` command, after its reply has been written.
"""

import sys

from arkham.compat import IMPL, const, ticks_diff
from arkham.emu.world import RS, WorldError
from arkham.hw.pixels import level
from arkham.protocol import _put_str, dumps  # (canonical JSON as the table's own lines: a Pico
# loads protocol too)

_MAX_WORLD_LINE = 512
_FRAME_MS = const(40)
# An idle emulated table (no input, nothing said for _IDLE_AFTER_MS) steps every _IDLE_WAIT_MS
# instead of every loop period: input still wakes it at once, the board's animation runs at
# ~10 frames a second, and the host's CPU rests (idle AH2e: 14% of a core -> ~2%)
_IDLE_AFTER_MS = const(1000)
_IDLE_WAIT_MS = const(100)
_READ_MAX = 512  # small reads: one big block may not be free in a fragmented heap


class _StdioCPython:
    def __init__(self):
        import os
        import select

        self._os = os
        self._select = select
        self.fd_in = sys.stdin.fileno()
        self.fd_out = sys.stdout.fileno()

    def read(self):
        r, _, _ = self._select.select([self.fd_in], [], [], 0)
        if not r:
            return b""
        data = self._os.read(self.fd_in, _READ_MAX)
        if not data:
            raise EOFError
        return data

    def writable(self):
        _, w, _ = self._select.select([], [self.fd_out], [], 0)
        return bool(w)

    def write(self, data):
        mv = memoryview(data)
        while mv:
            n = self._os.write(self.fd_out, mv)
            mv = mv[n:]

    def wait(self, ms):
        t = None if ms is None else ms / 1000 if ms > 0 else 0
        self._select.select([self.fd_in], [], [], t)


class _StdioUnixPort:
    def __init__(self):
        import select

        self._in = sys.stdin.buffer
        self._out = sys.stdout.buffer
        self._pin = select.poll()
        self._pin.register(sys.stdin, select.POLLIN)
        self._pout = select.poll()
        self._pout.register(sys.stdout, select.POLLOUT)
        self._chunk = bytearray(_READ_MAX)
        self._view = memoryview(self._chunk)
        self._one = bytearray(1)

    def read(self):
        # The unix port's read(n) blocks until n bytes: take one byte per readiness report,
        # through one 1-byte buffer (read(1) would allocate per byte and fragment the heap)
        n = 0
        one = self._one
        chunk = self._chunk
        while n < _READ_MAX and self._pin.poll(0):
            if not self._in.readinto(one):  # type: ignore[union-attr]
                if n:
                    break
                raise EOFError
            chunk[n] = one[0]
            n += 1
        return bytes(self._view[:n]) if n else b""

    def writable(self):
        return bool(self._pout.poll(0))

    def write(self, data):
        self._out.write(data)
        if hasattr(self._out, "flush"):
            self._out.flush()

    def wait(self, ms):
        self._pin.poll(-1 if ms is None else ms if ms > 0 else 0)


def stdio():
    return _StdioCPython() if IMPL == "cpython" else _StdioUnixPort()


def _digits(out, v):
    """v (0..999) in decimal, with no bytes object made."""
    if v >= 100:
        out.append(48 + v // 100)
        v %= 100
        out.append(48 + v // 10)
    elif v >= 10:
        out.append(48 + v // 10)
    out.append(48 + v % 10)


def _name_order(board):
    """The spots' indices in name order (2 bytes a spot, made once): frames list spots sorted."""
    from array import array

    return array("H", sorted(range(board.count), key=board.name_at))


class WorldStream:
    """hw.stream for the emulator. io: an object with read() -> bytes (b"" when nothing; raises
    EOFError at end), writable() -> bool, write(bytes-like: sent before it returns, the buffer
    is reused after), wait(ms) (stdio(): ms None waits until
    there is input, or its end)."""

    def __init__(self, world, io):
        self.world = world
        self.io = io
        self._in_world = False
        self._line = bytearray()
        self._frame_at = None
        self._frame_due = False
        self._busy_at = world.clock()  # the last input or output (frames aside)
        self._order = None  # spot indices in name order, for frames (made at the first)
        self._frame = bytearray()  # a frame line's pieces, reused

    def read_available(self):
        self.world.tick()
        if self._frame_due:
            self.push_frame()
        try:
            data = self.io.read()
        except EOFError:
            raise SystemExit(0)
        if not data:
            return b""
        self._busy_at = self.world.clock()
        if not self._in_world and RS not in data:
            return data
        app = bytearray()
        for b in data:
            if self._in_world:
                if b == 0x0A:
                    self._in_world = False
                    line = bytes(self._line)
                    self._line = bytearray()
                    self._write(self.handle(line))
                    if self.world.quit:
                        raise SystemExit(0)
                elif len(self._line) < _MAX_WORLD_LINE:
                    self._line.append(b)
            elif b == RS:
                self._in_world = True
            else:
                app.append(b)
        return bytes(app)

    def write(self, data):
        self._busy_at = self.world.clock()
        self._write(data)

    def _write(self, data):
        try:
            self.io.write(data)
        except OSError:
            # the host side went away (a broken pipe): stop, as at stdin's end, rather than
            # report (and save) errors no host can receive
            raise SystemExit(0)

    def handle(self, raw):
        """A world line without its 0x1E (bytes) -> the reply line to send (bytes)."""
        try:
            text = raw.decode()
        except UnicodeError:
            text = ""
        text = text.strip()
        wid, _, cmd = text.partition(" ")
        wid_v = int(wid) if wid.isdigit() else wid
        try:
            reply = self.world.execute(cmd)
            reply["ok"] = True
        except WorldError as e:
            reply = {"ok": False, "err": e.args[0]}
        reply["wid"] = wid_v
        return b"\x1e" + dumps(reply).encode() + b"\n"

    def push_frame(self):
        """A frame line for the UI: {"frame": {spot: [r, g, b]}} as transmitted now. At most one
        per _FRAME_MS (an animation renders every loop; the UI needs no more than ~25 a second);
        a frame held back is sent by the next read_available()."""
        if self.world.lights is None:
            return
        now = self.world.clock()
        if self._frame_at is not None and ticks_diff(now, self._frame_at) < _FRAME_MS:
            self._frame_due = True
            return
        self._frame_at = now
        self._frame_due = False
        # in pieces of ~200 bytes, the bytes protocol.dumps({"frame": lights.lit()}) would give, but
        # spot by spot into one reused buffer, each piece written from it: a Pico sends no
        # frames, so the emulator must allocate nothing for them (the table's heap is measured
        # with it; a frame of strings and tuples was ~11 KB of garbage, repaint after repaint,
        # and a copy of each piece failed an AH2e table's repaint at its worst point)
        lights = self.world.lights
        board = lights.board
        order = self._order
        if order is None or len(order) != board.count:
            order = self._order = _name_order(board)
        start = board.led_start
        px = lights.pixels
        shown = px._shown
        phase = px._shown_anim
        out = self._frame
        out[:] = b'\x1e{"frame":{'
        first = True
        for k in order:
            if start[k] == start[k + 1]:
                continue  # (no LED)
            i = board.led_list[start[k]]
            j = 3 * i
            if shown[j] or shown[j + 1] or shown[j + 2]:
                lv = level(phase[i], px.now_ms)  # (as Pixels.shown, without its tuple)
                r, g, b = shown[j] * lv // 255, shown[j + 1] * lv // 255, shown[j + 2] * lv // 255
                if not (r or g or b):
                    continue
                if not first:
                    out.append(44)
                first = False
                _put_str(board.spot_names[k], out)
                out.append(58)
                out.append(91)
                _digits(out, r)
                out.append(44)
                _digits(out, g)
                out.append(44)
                _digits(out, b)
                out.append(93)
                if len(out) >= 200:
                    self._write(out)  # (written at once: the buffer itself, no copy)
                    out[:] = b""
        out.extend(b"}}\n")
        self._write(out)
        out[:] = b""

    def wait(self, ms):
        if ms > 0 and ticks_diff(self.world.clock(), self._busy_at) > _IDLE_AFTER_MS:
            ms = _IDLE_WAIT_MS  # idle: a longer rest (input ends it at once)
        self.io.wait(ms)
