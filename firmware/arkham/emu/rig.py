"""A test rig: the board's chips as register models, our real driver on each, and Pads over them
(no stdio, no clock: tests pass now_ms to scan() and move model time with bus.advance(ms))."""

# ruff: noqa: I001  (the biggest modules first: the unix port compiles .py inside a 96k heap)
from arkham.hw.pads import Pads
from arkham.hw.mpr121 import MPR121
from arkham.emu.mpr121 import Bus
from arkham.emu.world import World


class CountingMPR121(MPR121):
    """Our driver, counting start() calls (retries after a fault)."""

    def __init__(self, *a, **k):
        self.starts = 0
        MPR121.__init__(self, *a, **k)

    def start(self):
        self.starts += 1
        MPR121.start(self)


class Rig:
    def __init__(self, board, absent=(), debounce=2, seed=5):
        self.board = board
        self.bus = Bus([a for a in board.chips if a not in absent], seed)
        self.world = World(board, self.bus)
        self.sensors = {}
        for a in board.chips:
            self.sensors[a] = CountingMPR121(self.bus, a, start=False)
        self.pads = Pads(board, self.sensors, debounce)
        self.now = 0

    def do(self, line):
        """A world command (place SPOT, lift SPOT, fail 0x5B, ...)."""
        return self.world.execute(line)

    def scan(self, n=1, step=20):
        """n scans, step ms apart; all debounced changes as one list."""
        got = []
        for _ in range(n):
            self.now += step
            got.extend(self.pads.scan(self.now))
        return got
