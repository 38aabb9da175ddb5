"""A small fake hardware bundle for the app's device tests (docs/interfaces.md).

Not the emulator: no MPR121 model, just the objects the app talks to, with knobs for tests:
pads.touch(spot, present) queues a debounced change for the next scan; pads.notice(ev, fields);
stream.send(bytes) feeds the link; stream.lines() parses what the app wrote.
"""

import json

from fakeboard import Columns


class Spot:
    def __init__(self, name, leds, chip, electrode, x, y):
        self.name = name
        self.leds = tuple(leds)
        self.chip = chip
        self.electrode = electrode
        self.x = x
        self.y = y


class Board(Columns):
    def __init__(self, n=6):
        self.name = "fake"
        self.title = "Fake %d-spot board" % n
        self.chips = [0x5A, 0x5B]
        spots = []
        for i in range(n):
            chip = 0x5A if i < n // 2 else 0x5B
            spots.append(Spot("pad_%02d" % i, [i], chip, i % (n // 2), i, 0))
        spots.append(Spot("lamp", [n], None, None, n, 0))
        self.spots = spots
        self.led_count = n + 1
        self._by = {}
        for s in spots:
            self._by[s.name] = s
        self._columns()

    def spot(self, name):
        return self._by.get(name)


class Pads:
    def __init__(self, board):
        self.board = board
        self._present = {}
        self._queue = []
        self._notices = []
        self._faults = []
        self.calib = {"empty": {}, "thresholds": {}}
        self.scans = 0
        self.fail_scan = False

    def touch(self, spot, present=True):
        self._queue.append((spot, present))

    def notice(self, ev, fields):
        self._notices.append((ev, fields))

    def scan(self, now_ms):
        self.scans += 1
        if self.fail_scan:
            raise OSError("bus stuck")
        out = self._queue
        self._queue = []
        for spot, p in out:
            self._present[spot] = p
        return out

    def present(self, spot):
        return self._present.get(spot, False)

    def unreport(self, spot, present):
        self._present[spot] = not present
        self._queue.append((spot, present))

    def take_notices(self):
        out = self._notices
        self._notices = []
        return out

    def set_faults(self, faults):
        self._faults = faults

    def faults(self):
        return self._faults

    def report(self, chip=None):
        rows = []
        for s in self.board.spots:
            if s.chip is None or (chip is not None and s.chip != chip):
                continue
            rows.append(
                {
                    "spot": s.name,
                    "chip": "0x%02X" % s.chip,
                    "e": s.electrode,
                    "filtered": 700,
                    "baseline": 700,
                    "empty": 700,
                    "delta": 0,
                    "touch": 12,
                    "release": 6,
                    "present": self.present(s.name),
                }
            )
        return rows

    def calibrate_empty(self):
        n = 0
        for s in self.board.spots:
            if s.chip is not None:
                self.calib["empty"][s.name] = 700
                n += 1
        return n

    def calibration(self):
        return self.calib

    def set_calibration(self, d):
        if not isinstance(d, dict) or "empty" not in d:
            raise ValueError("calibration: want a dict with 'empty'")
        self.calib = d

    def reset_calibration(self):
        self.calib = {"empty": {}, "thresholds": {}}

    def set_threshold(self, spot, touch, release):
        if release >= touch:
            raise ValueError("release must be below touch")
        self.calib["thresholds"][spot] = [touch, release]


class Pixels:
    def __init__(self, n):
        self.buf = [(0, 0, 0)] * n
        self.shown = list(self.buf)
        self.transmits = 0
        self.renders = 0
        self.anim = False

    def set(self, i, rgb, anim=0):
        self.buf[i] = tuple(rgb)

    def clear(self):
        for i in range(len(self.buf)):
            self.buf[i] = (0, 0, 0)

    def render(self, now_ms):
        self.renders += 1
        if self.buf != self.shown:
            self.shown = list(self.buf)
            self.transmits += 1
            return True
        return False

    def animating(self):
        return self.anim


class Lights:
    def __init__(self, board, pixels):
        self.board = board
        self.pixels = pixels
        self._lit = {}

    def show(self, spot, rgb, anim=0):
        self._lit[spot] = [rgb[0], rgb[1], rgb[2]]
        for i in self.board.spot(spot).leds:
            self.pixels.set(i, rgb, anim)

    def off(self, spot):
        self._lit.pop(spot, None)
        for i in self.board.spot(spot).leds:
            self.pixels.set(i, (0, 0, 0))

    def clear(self):
        self._lit = {}
        self.pixels.clear()

    def lit(self):
        return dict(self._lit)


class Storage:
    def __init__(self):
        self.files = {}
        self.saves = 0
        self.fail = False

    def save(self, name, text):
        if self.fail:
            raise OSError("disk full")
        if callable(text):  # save(name, fill): fill(write) writes the text in pieces
            pieces = []
            text(lambda piece: pieces.append(piece.encode() if isinstance(piece, str) else bytes(piece)))
            text = b"".join(pieces).decode()
        self.files[name] = text
        self.saves += 1

    def load(self, name):
        return self.files.get(name)


class Stream:
    def __init__(self):
        self.inbox = []
        self.out = []

    def send(self, data):
        self.inbox.append(data)

    def read_available(self):
        if not self.inbox:
            return b""
        return self.inbox.pop(0)

    def write(self, data):
        self.out.append(bytes(data))

    def lines(self):
        """Objects written so far (and forget them)."""
        text = b"".join(self.out)
        self.out = []
        return [json.loads(x) for x in text.decode().split("\n") if x]


class Bundle:
    def __init__(self, board=None, storage=None):
        self.board = board or Board()
        self.pads = Pads(self.board)
        self.pixels = Pixels(self.board.led_count)
        self.lights = Lights(self.board, self.pixels)
        self.storage = storage or Storage()
        self.stream = Stream()
        self.impl = "fake"
        self.waited = 0
        self.soft_reset = None  # (a Pico's restart after a game switch: tests set a recorder)

    def wait(self, ms):
        self.waited += ms

    def led(self, spot):
        """The colour the LEDs of `spot` show after the last transmission."""
        return self.pixels.shown[self.board.spot(spot).leds[0]]


def make(storage=None, options=None):
    """A fresh app on a fresh fake bundle (or on `storage` from an earlier one)."""
    from arkham.app import App

    hw = Bundle(storage=storage)
    app = App(hw, hw.board, options or {})
    return app, hw


def ask(app, hw, text, now=0):
    """Send one line, run one step, return the objects written."""
    hw.stream.send(text.encode() + b"\n" if isinstance(text, str) else text)
    app.step(now)
    return hw.stream.lines()


class Driver:
    """Feeds raw bytes to an app on the fake bundle and runs steps until the reader is drained,
    with its own clock; `unchanged` checks a bad input changed nothing and the next command works."""

    def __init__(self, app, hw, t=100):
        self.app = app
        self.hw = hw
        self.t = t

    def send(self, raw):
        """Feed raw bytes, run steps until the reader is drained; return what was written."""
        self.hw.stream.send(raw)
        out = []
        for _ in range(40):
            self.t += 10
            self.app.step(self.t)
            out += self.hw.stream.lines()
        return out

    def state(self):
        return (self.app.events.seq, self.hw.storage.saves, self.app.game)

    def unchanged(self, what, before):
        from check import equal

        equal(self.state(), before, what + ": nothing changed")
        out = self.send(b"#77 hello\n")
        equal((len(out), out[0]["re"], out[0]["ok"]), (1, 77, True), what + ": next command works")
