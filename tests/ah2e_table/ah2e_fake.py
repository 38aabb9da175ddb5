"""An in-process AH2e table: the real ah2e board map, fake pads, lights and ctx (no app)."""

import pathlib

from arkham import boardmap
from arkham.games import CommandError
from arkham.games.ah2e import Mode
from arkham.hw.pixels import BLINK, FLASH, PULSE, STEADY

BOARD = pathlib.Path(__file__).resolve().parents[2] / "hardware" / "boards" / "ah2e.json"
ANIM = {STEADY: "steady", BLINK: "blink", PULSE: "pulse", FLASH: "flash"}
_BOARD = [None]


def board():
    if _BOARD[0] is None:
        _BOARD[0] = boardmap.load(str(BOARD))
    return _BOARD[0]


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
    """ctx for the mode + helpers: console lines, tokens on pads, the painted scene."""

    def __init__(self, **options):
        self.board = board()
        self.pads = Pads()
        self.events = []
        self.saves = 0
        self.mode = Mode(self, {k: str(v) for k, v in options.items()})
        self.mode.tick(0)  # the setup events and prompts go out
        self.lights = Lights()

    # ctx
    def emit(self, ev, fields=None):
        self.events.append((ev, dict(fields or {})))

    def save(self):
        self.saves += 1

    def redraw(self):
        pass

    # helpers
    def cmd(self, line):
        words = line.split()
        args = [w for w in words[1:] if "=" not in w or w.startswith("{")]
        kw = dict(w.split("=", 1) for w in words[1:] if "=" in w and not w.startswith("{"))
        return self.mode.command(words[0], args, kw)

    def bad(self, line):
        try:
            self.cmd(line)
        except CommandError as e:
            return str(e)
        raise AssertionError("accepted: " + line)

    def place(self, spot):
        self.pads.on.add(spot)
        self.mode.on_pad(spot, True, 0)

    def lift(self, spot):
        self.pads.on.discard(spot)
        self.mode.on_pad(spot, False, 0)

    def scene(self):
        self.lights.clear()
        self.mode.scene(self.lights, 0)
        return dict(self.lights.frame)

    def names(self):
        return [e[0] for e in self.events]

    def last(self, ev):
        for e in reversed(self.events):
            if e[0] == ev:
                return e[1]
        raise AssertionError("no %s event in %r" % (ev, self.names()[-20:]))

    def take(self):
        ev = self.events
        self.events = []
        return ev

    def settle(self):
        """Do every prompt by hand, as a player would (place or lift as the state wants)."""
        from arkham.games.ah2e_sync import expected

        for spot in sorted(self.mode.sync.todo):
            want = expected(self.core, spot)
            if want == (spot in self.pads.on):  # the pad cannot see it: lift and put back
                if want:
                    self.lift(spot)
                    self.place(spot)
                else:
                    self.place(spot)
                    self.lift(spot)
            elif want:
                self.place(spot)
            else:
                self.lift(spot)

    @property
    def core(self):
        return self.mode.core

    @property
    def s(self):
        return self.mode.core.s


def play(t, rnd, steps, settle=True, stop=None):
    """A random legal game through the console (`act N`), the players doing every prompt on
    the pads before the next action. Stops early when stop(t) holds or the game is over."""
    for _ in range(steps):
        if settle:
            t.settle()
        if t.core.over() or (stop is not None and stop(t)):
            return
        need = t.core.need()
        if need["k"] == "ao_attack":
            alive = [i for i in range(len(t.s["inv"])) if not t.s["inv"][i]["dead"]]
            if rnd.random() < 0.5 and alive:
                t.cmd("act effect inv=%d stamina=-1" % rnd.choice(alive))
            else:
                t.cmd("act done")
            continue
        n = len(t.core.legal_actions())
        t.cmd("act %d" % rnd.randint(1, n))
