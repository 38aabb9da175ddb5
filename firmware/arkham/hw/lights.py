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

    def paint(self, spots, colours):
        """Light every spot k with spots[k] != 0 as row spots[k] - 1 of the palette `colours` says: a row is
        (name, (r, g, b), animation); the others as they are. One loop into the pixels' own buffers,
        trusted values (a game's palette, checked by its tests), no call per spot: a repaint of
        AH2e's 79 spots by show() was ~25 ms of a Pico's time (bench pico)."""
        b = self.board
        start = b.led_start
        leds = b.led_list
        px = self.pixels
        rgb = px.rgb
        anim = px.anim
        for k in range(b.count):
            r = spots[k]
            if r:
                row = colours[r - 1]
                c = row[1]
                a = row[2]
                for j in range(start[k], start[k + 1]):
                    i = leds[j]
                    o = 3 * i
                    rgb[o] = c[0]
                    rgb[o + 1] = c[1]
                    rgb[o + 2] = c[2]
                    anim[i] = a
        px.update()

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
