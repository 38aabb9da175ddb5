"""The pixel strip the shared pixel tests run on: Pixels with its one hook counted (the
MicroPython backend's NeoPixels hands the same buffer to machine's neopixel). tests/cp/devstrip.py
puts the CircuitPython backend's NeoPixels (the real `neopixel` library) in its place.
Counting(n, order, cap, gamma).sent: the frames transmitted, as bytes."""

from arkham.hw.pixels import Pixels


class Counting(Pixels):
    def __init__(self, *a, **k):
        Pixels.__init__(self, *a, **k)
        self.sent = []

    def _transmit(self, buf):
        self.sent.append(bytes(buf))
