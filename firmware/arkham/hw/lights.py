"""Lights: spots by name over the pixel strip (a spot may own several LEDs, or none)."""

from arkham.hw.pixels import STEADY


class Lights:
    def __init__(self, board, pixels):
        self.board = board
        self.pixels = pixels
        self._leds = {}
        self._order = []  # spots with LEDs, board order
        for s in board.spots:
            if s.leds:
                self._leds[s.name] = s.leds
                self._order.append(s.name)

    def _spot_leds(self, spot):
        leds = self._leds.get(spot)
        if leds is None:
            if self.board.spot(spot) is None:
                raise ValueError("unknown spot %r" % (spot,))
            return ()  # a sensor-only spot: nothing to light
        return leds

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
        for name in self._order:
            r, g, b = self.pixels.shown(self._leds[name][0])
            if r or g or b:
                out[name] = [r, g, b]
        return out
