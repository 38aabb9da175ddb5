"""CircuitPython backend: busio.I2C + adafruit_mpr121, the NeoPixel wire protocol through
neopixel_write, and the USB serial link through usb_cdc.

Only imported on CircuitPython (arkham.table picks it by runtime). Needs adafruit_mpr121,
adafruit_bus_device and neopixel in /lib (deploy installs exactly the libraries imported here).
Pixels: a neopixel.NeoPixel owns the pin; our hook hands it our buffer (already in wire order,
capped and gamma-corrected) for its _transmit, one neopixel_write(pin, buf) call. Its own
buffer (3 bytes an LED) stays unused.
The test suite runs this module on CPython with the real Adafruit libraries over stand-ins for
board, busio, digitalio, neopixel_write and usb_cdc (tests/cp), against the MPR121 model.

boot.py (CircuitPython runs it before code.py) must do two things for the table:
    import storage, usb_cdc
    usb_cdc.enable(console=True, data=True)   # a second serial port: 0x03 is data there
    storage.remount("/", readonly=False)      # lets Storage save; the PC then sees CIRCUITPY
                                              # read-only (hold a button at boot to skip it)
Without the data port the console is used, where 0x03 interrupts the program.
"""

import time

import adafruit_mpr121
import board as _board
import busio
import neopixel
import usb_cdc
from adafruit_bus_device.i2c_device import I2CDevice

from arkham.compat import ticks_diff, ticks_ms
from arkham.hw import Hardware
from arkham.hw.lights import Lights
from arkham.hw.mpr121 import _AUTOCONFIG_VALUES, _FILTER, MPR121Error
from arkham.hw.pads import Pads
from arkham.hw.pixels import Pixels
from arkham.hw.storage import Storage

_FILTERED = 0x04
_BASELINE = 0x1E
_CONFIG2 = 0x5D
_MHDR = 0x2B
_ECR = 0x5E
_ECR_RUN = 0x8C  # CL=10, ELE0..ELE11
_AUTOCONFIG = 0x7B


class Chip:
    """One MPR121 for Pads: adafruit_mpr121 resets and configures it (and checks CONFIG2);
    readings are block reads into buffers made once. adafruit_mpr121 restarts the chip on every
    register write, re-capturing its baseline: our presence (pads.py) never uses that baseline."""

    def __init__(self, i2c, addr):
        self.i2c = i2c
        self.addr = addr
        self.mpr = None
        self._dev = I2CDevice(i2c, addr, probe=False)
        self._reg = bytearray(1)
        self._one = bytearray(1)
        self._two = bytearray(2)
        self._data = bytearray(24)
        self._raw = bytearray(24)  # (as MPR121.read_filtered: the bytes last decoded into _buf)
        self._buf = None
        self._base = bytearray(12)

    def start(self):
        # A chip that does not answer: the bus's own OSError (as our MicroPython driver), not the
        # ValueError adafruit_bus_device's probe turns it into
        self._read(_CONFIG2, self._one)
        try:
            self.mpr = adafruit_mpr121.MPR121(self.i2c, self.addr)
        except (RuntimeError, ValueError) as e:
            raise MPR121Error("no MPR121 at 0x%02X (%s)" % (self.addr, e))
        # as our MicroPython driver (written in stop mode): its baseline filter, so the chip
        # behaves the same under both backends, and auto-configuration (it runs at the switch to
        # run mode) so large pads do not read near zero with the fixed charge current
        self._write(_ECR, 0)
        for i in range(len(_FILTER)):
            self._write(_MHDR + i, _FILTER[i])
        for i in range(len(_AUTOCONFIG_VALUES)):
            self._write(_AUTOCONFIG + i, _AUTOCONFIG_VALUES[i])
        self._write(_ECR, _ECR_RUN)

    def _write(self, reg, value):
        self._two[0] = reg
        self._two[1] = value
        with self._dev as dev:  # type: ignore[call-arg]  # (the stub's __exit__ takes no args)
            dev.write(self._two)

    def _read(self, reg, buf):
        self._reg[0] = reg
        with self._dev as dev:  # type: ignore[call-arg]  # (the stub's __exit__ takes no args)
            dev.write_then_readinto(self._reg, buf)

    def read_filtered(self, out):
        d = self._data
        self._read(_FILTERED, d)
        if out is self._buf and d == self._raw:
            return True  # (the bytes of the last read into this same out: it holds them)
        for i in range(12):
            out[i] = (d[2 * i] | (d[2 * i + 1] << 8)) & 0x3FF
        self._raw[:] = d
        self._buf = out
        return False

    def read_baseline(self, out):
        b = self._base
        self._read(_BASELINE, b)
        for i in range(12):
            out[i] = b[i] << 2

    def touched(self):
        return self.mpr.touched() if self.mpr else 0


class NeoPixels(Pixels):
    def __init__(self, pin, n, order, cap, gamma=True):
        Pixels.__init__(self, n, order, cap, gamma)
        self._np = neopixel.NeoPixel(getattr(_board, pin), n, auto_write=False, pixel_order=order)

    def _transmit(self, buf):
        self._np._transmit(buf)  # neopixel_write(pin, buf): the library's one hardware call


class Stream:
    def __init__(self):
        s = usb_cdc.data or usb_cdc.console
        if s is None:
            raise RuntimeError("no USB serial port: enable usb_cdc in boot.py")
        self._s = s
        self._s.timeout = 0
        self._s.write_timeout = 0.05  # a host that does not read costs at most 50 ms
        self.dropped = 0

    def read_available(self):
        n = self._s.in_waiting
        return self._s.read(n) if n else b""

    def write(self, data):
        n = self._s.write(data)
        if n is None or n < len(data):
            self.dropped += 1

    def wait(self, ms):
        start = ticks_ms()
        while not self._s.in_waiting and ticks_diff(ticks_ms(), start) < ms:
            time.sleep(0.001)


def make(board, options):
    cfg = board.i2c
    i2c = busio.I2C(
        getattr(_board, cfg["scl"]), getattr(_board, cfg["sda"]), frequency=cfg.get("freq", 400000)
    )
    sensors = {}
    for a in board.chips:
        sensors[a] = Chip(i2c, a)  # Pads starts them (a missing chip = fault, not a crash)
    pads = Pads(board, sensors, options.get("debounce", 2))
    pixels = NeoPixels(board.pin, board.led_count, board.order, board.brightness_cap)
    lights = Lights(board, pixels)
    storage = Storage(options.get("state_dir", "/"))
    stream = Stream()
    import supervisor  # (reload: code.py runs again and resumes the saved game)

    return Hardware("circuitpython", pads, pixels, lights, storage, stream, stream.wait,
                    supervisor.reload)
