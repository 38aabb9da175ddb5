"""The emulated hardware (never deployed): an MPR121 register model on a fake I2C bus read by our
real driver and our real Pads, captured NeoPixel frames, and the world side channel on stdio.

make(board, options) returns the same Hardware bundle as the real backends. Options used here:
  state_dir  where Storage writes (default ".")
  seed       seed of the sensor noise (default 1)
  noise      counts of jitter on filtered data (default 0)
  absent     chip addresses not fitted (to emulate a chip missing at boot)
  debounce   scans a change must last (default 2)
  io         a stdio-like object for the stream (tests); default the process's stdin/stdout
"""
from arkham.compat import IMPL, ticks_ms
from arkham.emu.mpr121 import Bus
from arkham.emu.world import World
from arkham.emu.stream import WorldStream, stdio
from arkham.hw import Hardware
from arkham.hw.lights import Lights
from arkham.hw.mpr121 import MPR121
from arkham.hw.pads import Pads
from arkham.hw.pixels import Pixels
from arkham.hw.storage import Storage


class CapturedPixels(Pixels):
    """NeoPixels whose transmit is captured: counts frames, keeps the last wire bytes and calls
    on_frame() (the stream pushes a frame line for the UI)."""

    def __init__(self, n, order="GRB", cap=255):
        Pixels.__init__(self, n, order, cap)
        self.frames = 0
        self.wire = bytes(3 * n)
        self.on_frame = None

    def _transmit(self, buf):
        self.frames += 1
        self.wire = bytes(buf)
        if self.on_frame is not None:
            self.on_frame()


def make(board, options=None):
    options = options or {}
    absent = [a for a in options.get("absent", ())]
    clock = options.get("clock", ticks_ms)
    bus = Bus([a for a in board.chips if a not in absent], options.get("seed", 1), clock)
    noise = options.get("noise", 0)
    for a in sorted(bus.chips):
        bus.chips[a].noise = noise
    sensors = {}
    for a in board.chips:
        sensors[a] = MPR121(bus, a, start=False)
    pads = Pads(board, sensors, options.get("debounce", 2))
    pixels = CapturedPixels(board.led_count, board.order, board.brightness_cap)
    lights = Lights(board, pixels)
    storage = Storage(options.get("state_dir", "."))
    world = World(board, bus, lights, clock)
    io = options.get("io") or stdio()
    stream = WorldStream(world, io)
    pixels.on_frame = stream.push_frame
    hw = Hardware(IMPL, pads, pixels, lights, storage, stream, stream.wait)
    hw.bus = bus
    hw.world = world
    return hw
