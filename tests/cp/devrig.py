"""The CircuitPython backend under the shared pad tests (tests/device/test_hw_pads_*.py): the
table is made by backend_cp.make() from the board map, on CPython, with the real adafruit_mpr121
and adafruit_bus_device (from the test extra) talking through the stand-in busio.I2C here to the
MPR121 register models. Same interface as arkham.emu.rig.Rig (tests/device/devrig.py)."""

import sys
import tempfile

import adafruit_mpr121
import board as _board
import busio
import digitalio

from arkham.emu.mpr121 import Bus
from arkham.emu.world import World
from arkham.hw import backend_cp

BUS_ERR = "I2C error 19"  # CircuitPython's busio: ENODEV for an address that does not answer
_ECR = 0x5E

sys.stderr.write(
    "backend: circuitpython, adafruit_mpr121 %s from %s\n"
    % (adafruit_mpr121.__version__, adafruit_mpr121.__file__)
)


_Chip = backend_cp.Chip


class CountingChip(_Chip):
    """backend_cp.Chip, counting start() calls (retries after a fault); stop() puts the chip in
    stop mode as a silent reset would."""

    def __init__(self, *a, **k):
        self.starts = 0
        _Chip.__init__(self, *a, **k)

    def start(self):
        self.starts += 1
        _Chip.start(self)

    def stop(self):
        self._write(_ECR, 0)


backend_cp.Chip = CountingChip  # type: ignore[misc]  # make() builds its chips from this name


class Rig:
    def __init__(self, board, absent=(), debounce=2, seed=5):
        self.board = board
        self.bus = Bus([a for a in board.chips if a not in absent], seed)
        self.world = World(board, self.bus)
        busio.unwire_all()
        digitalio.release_all()
        busio.wire(getattr(_board, board.i2c["scl"]), getattr(_board, board.i2c["sda"]), self.bus)
        self._dir = tempfile.mkdtemp(prefix="arkham-cp-")
        self.hw = backend_cp.make(board, {"debounce": debounce, "state_dir": self._dir})
        self.pads = self.hw.pads
        self.sensors = {}
        for a, drv in zip(self.pads.chips, self.pads._drv):
            self.sensors[a] = drv
        self.now = 0

    def do(self, line):
        return self.world.execute(line)

    def scan(self, n=1, step=20):
        got = []
        for _ in range(n):
            self.now += step
            got.extend(self.pads.scan(self.now))
        return got


def recapture(rig, addr):
    """A register write through adafruit_mpr121 (a channel's touch threshold): the driver stops
    the chip, writes, and restarts it with ECR 0x8F, CL=10: the chip re-captures its baseline."""
    rig.sensors[addr].mpr[0].threshold = 12
