"""The emulated table's hardware bundle: an MPR121 register model on a fake I2C bus read by our
real driver and our real Pads, captured NeoPixel frames, and the world side channel on stdio.

make(board, options) returns the same Hardware bundle as the real backends. Options used here:
  state_dir  where Storage writes (default ".")
  seed       seed of the sensor noise (default 1)
  noise      counts of jitter on filtered data (default 0)
  absent     chip addresses not fitted (to emulate a chip missing at boot)
  debounce   scans a change must last (default 2)
  io         a stdio-like object for the stream (tests); default the process's stdin/stdout
"""

# ruff: noqa: I001  (the biggest modules first: the unix port compiles .py inside a 96k heap)
from arkham.hw.pads import Pads
from arkham.emu.world import World
from arkham.emu.mpr121 import Bus
from arkham.hw.mpr121 import MPR121
from arkham.emu.stream import WorldStream, stdio
from arkham.emu.strip import CapturedPixels
from arkham.hw.lights import Lights
from arkham.hw.storage import Storage
from arkham.hw import Hardware
from arkham.compat import IMPL, ticks_ms


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
    # The emulated table boots empty: scan once now, before any world command can place a token,
    # so the first readings (our empty reference when there is no stored calibration) are empty.
    pads.scan(clock())
    # ... but that scan is the hardware's own, not one the game saw: a resumed game's pads check
    # still runs PADS_SETTLE_MS after the app's first scan, as on a Pico (whose stored empty
    # reference sees a token in place at once). A token the world puts back after a restart
    # (the sim sets the board again, a host puts it back) is then sensed before the game judges
    # the pads, not read as a move (pads_differ for tokens in place, inv_moved).
    pads.scans = 0
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
