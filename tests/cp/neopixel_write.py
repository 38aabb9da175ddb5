"""Stand-in for CircuitPython's `neopixel_write`: captures each frame sent on a pin instead of
bit-banging it. `frames(pin_io)` is the list of frames (bytes) sent through that DigitalInOut."""

from digitalio import DigitalInOut, Direction

_frames = {}


def neopixel_write(digitalinout, buf):
    if not isinstance(digitalinout, DigitalInOut):
        raise TypeError("neopixel_write wants a digitalio.DigitalInOut")
    if digitalinout.direction != Direction.OUTPUT:
        raise ValueError("the NeoPixel pin is not an output")
    frames(digitalinout).append(bytes(buf))


def frames(digitalinout):
    return _frames.setdefault(id(digitalinout), [])
