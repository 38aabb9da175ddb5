"""`sweep`: light every LED in turn, one per `step_ms`, over successive loop iterations.

It writes the pixels by index (not by spot), so it also finds LEDs no spot uses and spots with
several LEDs wired in the wrong order. While it runs the game's scene is not painted.
"""

from arkham.compat import ticks_add, ticks_diff

COLOURS = {
    "white": (255, 255, 255),
    "red": (255, 0, 0),
    "green": (0, 255, 0),
    "blue": (0, 0, 255),
}


class Sweep:
    def __init__(self, count, rgb, step_ms, now_ms):
        self.count = count
        self.rgb = rgb
        self.step_ms = step_ms
        self.led = -1  # the LED lit now
        self._next = now_ms

    def step(self, pixels, now_ms):
        """Advance when due. Returns None (nothing to do), "moved" or "done"."""
        if ticks_diff(now_ms, self._next) < 0:
            return None
        if self.led >= 0:
            pixels.set(self.led, (0, 0, 0))
        self.led += 1
        if self.led >= self.count:
            return "done"
        pixels.set(self.led, self.rgb)
        self._next = ticks_add(self._next, self.step_ms)
        if ticks_diff(now_ms, self._next) >= 0:  # fell behind (a slow loop): no catching up
            self._next = ticks_add(now_ms, self.step_ms)
        return "moved"
