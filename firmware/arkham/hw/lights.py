"""Lights: spots by name over the pixel strip (a spot may own several LEDs, or none)."""

from arkham.hw.pixels import STEADY


class Lights:
    def __init__(self, board, pixels):
        self.board = board  # spot name -> its LEDs: board.spot(name).leds (no copy kept here)
        self.pixels = pixels

    def _spot_leds(self, spot):
        sp = self.board.spot(spot)
        if sp is None:
            raise ValueError("unknown spot %r" % (spot,))
        return sp.leds  # () for a sensor-only spot: nothing to light

    def show(self, spot, rgb, anim=STEADY):
        for i in self._spot_leds(spot):
            self.pixels.set(i, rgb, anim)

    def off(self, spot):
        for i in self._spot_leds(spot):
            self.pixels.set(i, (0, 0, 0))

    def clear(self):
        self.pixels.clear()

    def lit(self):
        """{spot: [r, g, b]} for every spot lit at the phase of the last render, in the colours
        the game asked for (before gamma and the brightness cap)."""
        out = {}
        for sp in self.board.spots:
            if sp.leds:
                r, g, b = self.pixels.shown(sp.leds[0])
                if r or g or b:
                    out[sp.name] = [r, g, b]
        return out
