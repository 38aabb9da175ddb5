"""An in-process table for the ritual binding: the real board map, fake pads, lights and ctx."""
import pathlib

from arkham import boardmap
from arkham.games import CommandError
from arkham.games.ritual import Mode
from arkham.hw.pixels import BLINK, FLASH, PULSE, STEADY

BOARD = pathlib.Path(__file__).resolve().parents[2] / "hardware" / "boards" / "ritual.json"
ANIM = {STEADY: "steady", BLINK: "blink", PULSE: "pulse", FLASH: "flash"}


class Pads:
    def __init__(self):
        self.on = set()

    def present(self, spot):
        return spot in self.on


class Lights:
    def __init__(self):
        self.frame = {}

    def show(self, spot, rgb, anim=STEADY):
        self.frame[spot] = (tuple(rgb), ANIM[anim])

    def clear(self):
        self.frame = {}


class Table:
    """ctx for the mode + helpers to play with hands and the console."""

    def __init__(self, **options):
        self.board = boardmap.load(str(BOARD))
        self.pads = Pads()
        self.events = []
        self.saves = 0
        self.redraws = 0
        self.now = 1000
        self.mode = Mode(self, {k: str(v) for k, v in options.items()})
        self.lights = Lights()

    # ctx
    def emit(self, ev, fields=None):
        self.events.append((ev, dict(fields or {})))

    def save(self):
        self.saves += 1

    def redraw(self):
        self.redraws += 1

    # helpers
    def cmd(self, line):
        words = line.split()
        args = [w for w in words[1:] if "=" not in w]
        kw = dict(w.split("=", 1) for w in words[1:] if "=" in w)
        return self.mode.command(words[0], args, kw)

    def bad(self, line):
        try:
            self.cmd(line)
        except CommandError as e:
            return str(e)
        raise AssertionError("accepted: " + line)

    def pad(self, spot, present):
        if present:
            self.pads.on.add(spot)
        else:
            self.pads.on.discard(spot)
        self.mode.on_pad(spot, present, self.now)

    def wait(self, ms, step=50):
        end = self.now + ms
        while self.now < end:
            self.now += step
            self.mode.tick(self.now)

    def tap(self, spot, n=1):
        for _ in range(n):
            self.pad(spot, True)
            self.wait(100)
            self.pad(spot, False)
            self.wait(100)

    def hold(self, spot):
        self.pad(spot, True)
        self.wait(1500)
        self.pad(spot, False)

    def hands_down(self):
        s = self.state
        for p in range(1, s["n"] + 1):
            if p != s["leader"]:
                self.pad("seat%d" % p, True)

    def scene(self):
        self.lights.clear()
        self.mode.scene(self.lights, self.now)
        return dict(self.lights.frame)

    def names(self):
        return [e[0] for e in self.events]

    @property
    def state(self):
        return self.mode.core.state
