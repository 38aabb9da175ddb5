"""Which animation a spot shows, read back from timed LED samples.

A table reports only the colour of each spot at one moment (the sim's frames, the world's
`leds`, `dump`'s `lit`): the animation is a function of time (arkham.hw.pixels: blink 500/500 ms,
flash 125/125 ms, pulse a 2 s triangle from 1/8 to full, in 32 steps). `Shapes` keeps a short
history per spot and tells the shape back:
  - a colour unchanged for more than HOLD_MS is steady (or off);
  - three or more partial levels of one hue within the window: pulse;
  - two or more on->off turns: blink, or flash when the lit runs are shorter than 300 ms.
and gives the colour at full level (the one the game asked for), so the page animates it itself.
A change of hue restarts the spot's history. Samples every 50 ms or faster read every shape;
a real table polled once a second shows colours, and blink/flash only as they happen to fall.
"""

from __future__ import annotations

import threading

WINDOW_MS = 2600
HOLD_MS = 1100


def _same_hue(a, b):
    """b is a (non-zero) scalar multiple of a, within integer rounding."""
    sa, sb = sum(a), sum(b)
    if not sa or not sb:
        return False
    k = sb / sa
    return all(abs(y - x * k) <= 3 for x, y in zip(a, b))


def classify(samples, now_ms):
    """(rgb at full level or None when off, shape) from [(t_ms, [r, g, b]), ...] oldest first."""
    if not samples:
        return None, "steady"
    t_last, last = samples[-1]
    if now_ms - t_last > HOLD_MS or len(samples) == 1:
        return (list(last) if any(last) else None), "steady"
    # keep the run of one hue that ends now
    ref = next((rgb for _, rgb in reversed(samples) if any(rgb)), None)
    if ref is None:
        return None, "steady"
    run = []
    for t, rgb in reversed(samples):
        if any(rgb) and not _same_hue(ref, rgb):
            break
        run.append((t, rgb))
    run.reverse()
    lit = [rgb for _, rgb in run if any(rgb)]
    base = max(lit, key=sum)
    top = sum(base)
    partial = {round(sum(rgb) * 100 / top) for rgb in lit if sum(rgb) < top * 0.92}
    if len(partial) >= 3:
        return list(base), "pulse"
    ons = []  # durations of lit runs that ended
    start = None
    for t, rgb in run:
        if any(rgb) and start is None:
            start = t
        elif not any(rgb) and start is not None:
            ons.append(t - start)
            start = None
    if len(ons) >= 2 or (len(ons) == 1 and not any(last)):
        ons.sort()
        return list(base), ("flash" if ons[len(ons) // 2] < 300 else "blink")
    return (list(last) if any(last) else None), "steady"


class Shapes:
    """Feed frames ({spot: [r, g, b]}, missing = off) with their time; read the look back."""

    def __init__(self, window_ms=WINDOW_MS):
        self.window = window_ms
        self.hist = {}  # spot -> [(t, rgb)], one entry per change
        self.lock = threading.Lock()  # frames come from the sim's thread, looks from another

    def feed(self, t_ms, frame):
        with self.lock:
            self._feed(t_ms, frame)

    def _feed(self, t_ms, frame):
        for spot in set(frame) | set(self.hist):
            rgb = list(frame.get(spot) or (0, 0, 0))
            h = self.hist.setdefault(spot, [])
            if h and h[-1][1] == rgb:
                continue
            h.append((t_ms, rgb))
            # drop what is older than the window, keeping the value held at its start
            cut = 0
            while cut + 1 < len(h) and h[cut + 1][0] <= t_ms - self.window:
                cut += 1
            if cut:
                del h[:cut]

    def look(self, now_ms):
        """({spot: rgb at full level}, {spot: shape}) for the spots lit now."""
        with self.lock:
            return self._look(now_ms)

    def _look(self, now_ms):
        lit, anim = {}, {}
        quiet = [
            s for s, h in self.hist.items() if not any(h[-1][1]) and now_ms - h[-1][0] > HOLD_MS
        ]
        for spot in quiet:
            del self.hist[spot]  # off and quiet: forget it (the history stays small)
        for spot, h in self.hist.items():
            rgb, shape = classify(h, now_ms)
            if rgb is not None:
                lit[spot] = rgb
                anim[spot] = shape
        return lit, anim
