"""Lights: spots by name over the pixel strip (a spot may own several LEDs, or none)."""

from arkham.hw.pixels import STEADY


class Lights:
    def __init__(self, board, pixels):
        self.board = board  # spot -> its LEDs: board.led_list[board.led_start[k]:...[k + 1]]
        self.pixels = pixels
        self._shown = None  # the rows of the paint() the last render showed, or None
        self.colours = None  # (their palette)
        self._clear = False  # clear() wiped exactly that frame (nothing written since it)

    def _spot(self, spot):
        k = self.board.index(spot)
        if k is None:
            raise ValueError("unknown spot %r" % (spot,))
        return k

    def show(self, spot, rgb, anim=STEADY):
        b = self.board
        k = self._spot(spot)
        self._shown = None
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
        last = self._shown
        if not (self._clear and last is not None and colours is self.colours):
            last = None
        self._shown = spots  # (the caller's, made for this paint: kept, not copied)
        self.colours = colours
        self._clear = False
        if last is not None:
            # the frame cleared was the last paint's, rendered: it comes back (two copies in C)
            # and only the spots whose row changed are written; the render builds their LEDs
            # alone (a repaint after a pad change: one or two spots of AH2e's 79)
            rgb[:] = px._shown
            anim[:] = px._shown_anim
            dirty = []
            for k in range(b.count):
                r = spots[k]
                if r != last[k]:
                    c = (0, 0, 0)  # (row 0: dark)
                    a = STEADY
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
                        dirty.append(i)
            px.update(dirty)
            return
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
        px = self.pixels
        # nothing written since the last render (pixels._last holds its levels): the frame wiped
        # is the one rendered, so a paint() that follows may write only what changed
        self._clear = px._last != -1
        px.clear()

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
