"""The AH2e table binding through a short game on CPython and the MicroPython unix port:
console actions, tokens on pads (prompts done, a move by token, a misplaced token put right),
the scene; the printed trace must be the same on both runtimes."""

# ruff: noqa: I001, F401  (import order matters in a small heap: the biggest first, on a clean heap)
from arkham.ah2e import tables
import gc

tables.get()  # the data tables first, while the heap is clean
gc.collect()
from arkham.ah2e.game import Game
import arkham.ah2e.actions
import arkham.ah2e.legal
import arkham.ah2e.effects
import arkham.ah2e.final
from arkham.games.ah2e import Mode, fmt
from arkham.games import CommandError
from arkham.games.ah2e_sync import expected
from arkham.hw.pixels import FLASH, BLINK, PULSE
from arkham.rng import Rng
from check import check, equal, done
from fakeboard import Columns


class Spot:
    def __init__(self, name, sensed):
        self.name = name
        self.leds = (0,)
        self.chip = 0x5A if sensed else None


class Board(Columns):
    """The ah2e board's spot names (no board map file: its checks cost heap)."""

    def __init__(self):
        d = tables.get()
        sensed = sorted(d.adj) + ["sky", "outskirts", "lost_in_time_and_space"]
        light = []
        for w in sorted(d.worlds):
            light += [w + "_1", w + "_2"]
        light += ["terror_%d" % n for n in range(11)] + ["doom_%d" % n for n in range(1, 15)]
        self.spots = [Spot(n, True) for n in sensed] + [Spot(n, False) for n in light]
        self._by = {}
        for s in self.spots:
            self._by[s.name] = s
        self._columns()

    def spot(self, name):
        return self._by.get(name)


class Pads:
    def __init__(self):
        self.on = {}

    def present(self, spot):
        return spot in self.on


class Lights:
    def __init__(self, board):
        self.board = board
        self.frame = {}

    def show(self, spot, rgb, anim=0):
        self.frame[spot] = anim

    def paint(self, spots, colours):  # (as arkham.hw.lights.Lights: by spot index)
        for k in range(self.board.count):
            if spots[k]:
                row = colours[spots[k] - 1]
                self.show(self.board.spot_names[k], row[1], row[2])


class Ctx:
    def __init__(self):
        self.board = Board()
        self.pads = Pads()
        self.events = []
        self.saves = 0

    def emit(self, ev, fields=None):
        self.events.append(ev)

    def save(self):
        self.saves += 1

    def redraw(self):
        pass


ctx = Ctx()
mode = Mode(ctx, {"seed": "5", "players": "2"})
mode.tick(0)
check("setup" in ctx.events and ctx.events[-1] == "need", "setup events, then what the game needs")
check(len(mode.sync.todo) >= 3, "setup prompts: investigators, gate, monster")


def pad(spot, present):
    if present:
        ctx.pads.on[spot] = 1
    elif spot in ctx.pads.on:
        del ctx.pads.on[spot]
    mode.on_pad(spot, present, 0)


def settle():
    for spot in sorted(mode.sync.todo):
        want = expected(mode.core, spot)
        if want == (spot in ctx.pads.on):
            pad(spot, not want)
        pad(spot, want)


def scene():
    lights = Lights(ctx.board)
    mode.scene(lights, 0)
    return lights.frame


settle()
equal(mode.sync.todo, {}, "every setup prompt done by the pads")
equal(scene().get("train_station"), PULSE, "the investigator to act pulses")
# a misplaced token: flashes, blocks, put right
ctx.events = []
pad("easttown", True)
equal(ctx.events, ["misplaced"], "a token where nothing belongs is flagged")
equal(scene()["easttown"], FLASH, "and flashes")
try:
    mode.command("act", ["1"], {})
    check(False, "an action while a token is misplaced is refused")
except CommandError:
    check(True, "an action while a token is misplaced is refused")
pad("easttown", False)
equal(ctx.events[-1], "put_right", "lifted again: put right")

r = Rng(9)
moves = 0
for k in range(60):
    settle()
    if mode.core.over():
        break
    need = mode.core.need()
    if need["k"] == "move" and moves < 3:
        frm = mode.core.s["inv"][need["inv"]]["at"]
        dests = [a["to"] for a in mode.core.legal_actions() if a["a"] == "move"]
        if dests:
            pad(frm, False)
            pad(dests[0], True)
            moves += 1
            print(k, "token move", frm, dests[0], mode.core.state_hash())
            continue
    if need["k"] == "ao_attack":
        mode.command("act", ["done"], {})
        continue
    la = mode.core.legal_actions()
    a = la[r.below(len(la))]
    ctx.events = []
    mode.command("act", [str(la.index(a) + 1)], {})
    print(k, fmt(a), len(ctx.events), mode.core.state_hash(), len(mode.sync.todo))
check(moves >= 1, "moves made by token")
f = scene()
check(BLINK in f.values() or not mode.sync.todo, "prompts blink")
snap = mode.snapshot()
h = mode.core.state_hash()
mode.restore(snap)
equal(mode.core.state_hash(), h, "restore gives the same game")
done()
