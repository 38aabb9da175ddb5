"""The CircuitPython backend's NeoPixels under the shared pixel tests: the real `neopixel`
library (and adafruit_pixelbuf) sends each frame through the stand-in neopixel_write, which
captures it. Counting(n, order, cap, gamma).sent: those captured frames."""

import digitalio
import neopixel_write

from arkham.hw import backend_cp


class Counting(backend_cp.NeoPixels):
    def __init__(self, n, order="GRB", cap=255, gamma=True):
        digitalio.release_all()  # one strip at a time on GP16, as on the table
        backend_cp.NeoPixels.__init__(self, "GP16", n, order, cap, gamma)
        self.sent = neopixel_write.frames(self._np.pin)
