"""MicroPython backend (Raspberry Pi Pico): machine.I2C + our MPR121 driver, the built-in
neopixel module, and the USB serial link on sys.stdin/sys.stdout.

Only imported on MicroPython (arkham.table picks it by runtime).
"""

import select
import sys

import machine
import micropython
import neopixel

from arkham.boardmap import gpio, i2c_bus
from arkham.hw import Hardware
from arkham.hw.lights import Lights
from arkham.hw.mpr121 import MPR121
from arkham.hw.pads import Pads
from arkham.hw.pixels import Pixels
from arkham.hw.storage import Storage


class NeoPixels(Pixels):
    """Our frame buffer on a WS2812 strip. The built-in NeoPixel sends its `buf` in write();
    we hand it our buffer (already in wire order, capped and gamma-corrected) once."""

    def __init__(self, pin, n, order, cap):
        Pixels.__init__(self, n, order, cap)
        self._np = neopixel.NeoPixel(machine.Pin(gpio(pin), machine.Pin.OUT), n)
        self._np.buf = self._buf

    def _transmit(self, buf):
        self._np.write()


class Stream:
    """The USB serial link: sys.stdin/stdout with 0x03 as data (no Ctrl-C)."""

    def __init__(self):
        micropython.kbd_intr(-1)  # 0x03 from the host is data, not KeyboardInterrupt
        self._in = sys.stdin.buffer
        self.out = sys.stdout.buffer
        self._poll = select.poll()
        self._poll.register(sys.stdin, select.POLLIN)
        self._chunk = bytearray(256)
        self._one = bytearray(1)
        self.dropped = 0

    def read_available(self):
        # stdin.read(n) blocks until n bytes: take one byte per readiness report
        n = 0
        chunk = self._chunk
        one = self._one
        while n < len(chunk) and any(self._poll.ipoll(0)):  # (poll() makes a list per call)
            if not self._in.readinto(one):  # type: ignore[union-attr]  # (read(1) allocates)
                break
            chunk[n] = one[0]
            n += 1
        return bytes(chunk[:n]) if n else b""

    def write(self, data):
        # The USB CDC driver gives up after a short timeout when the host does not read, so
        # this never blocks for long; a short write is a drop.
        try:
            n = self.out.write(data)
        except OSError:
            n = 0
        if n is not None and n < len(data):
            self.dropped += 1

    def wait(self, ms):
        # ipoll, not poll: no list made at every loop iteration of an idle table (~100 bytes a
        # step with take_notices' list, ~10 KB a second: an automatic collection of ~25 ms of a
        # Pico's time every few seconds, delaying whatever touch came then)
        self._poll.ipoll(ms if ms > 0 else 0)


def _i2c(cfg):
    sda = gpio(cfg["sda"])
    scl = gpio(cfg["scl"])
    return machine.I2C(
        i2c_bus(cfg), sda=machine.Pin(sda), scl=machine.Pin(scl), freq=cfg.get("freq", 400000)
    )


def make(board, options):
    i2c = _i2c(board.i2c)
    sensors = {}
    for a in board.chips:
        sensors[a] = MPR121(i2c, a, start=False)  # Pads starts them (a missing chip = fault)
    pads = Pads(board, sensors, options.get("debounce", 2))
    pixels = NeoPixels(board.pin, board.led_count, board.order, board.brightness_cap)
    lights = Lights(board, pixels)
    storage = Storage(options.get("state_dir", "/"))
    stream = Stream()
    # (soft_reset raises SystemExit: main.py runs again and resumes the saved game)
    return Hardware("micropython", pads, pixels, lights, storage, stream, stream.wait,
                    machine.soft_reset)
