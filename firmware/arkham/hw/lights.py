"""Lights: spots by name over the pixel strip (a spot may own several LEDs, or none)."""

from arkham.hw.pixels import STEADY


class Lights:
    def __init__(self, board, pixels):
        self.board = board  # spot -> its LEDs: board.led_list[board.led_start[k]:...[k + 1]]
        self.pixels = pixels

    def _spot(self, spot):
        k = self.board.index(spot)
        if k is None:
            raise ValueError("unknown spot %r" % (spot,))
        return k

    def show(self, spot, rgb, anim=STEADY):
        b = self.board
        k = self._spot(spot)
        for j in range(b.led_start[k], b.led_start[k + 1]):  # (none for a sensor-only spot)
            self.pixels.set(b.led_list[j], rgb, anim)

    def off(self, spot):
        self.show(spot, (0, 0, 0))

    def clear(self):
        self.pixels.clear()

    def lit(self):
        """{spot: [r, g, b]} for every spot lit at the phase of the last render, in the colours
        the game asked for (before gamma and the brightness cap)."""
        out = {}
        b = self.board
        for k in range(b.count):
            if b.led_start[k] < b.led_start[k + 1]:
                r, g, bl = self.pixels.shown(b.led_list[b.led_start[k]])
                if r or g or bl:
                    out[b.spot_names[k]] = [r, g, bl]
        return out
