"""Hand-pad gestures for Arkham Ritual (AR-TABLE-2). Pure: the caller passes now_ms.

  lift         present -> absent (the nominated player lifts their hand: the nomination)
  double tap   two short touches (each <= tap_ms), the second starting <= gap_ms after the first
               ends: "take" (or "keep" for the Orb)
  hold         a touch held >= hold_ms: "pass" (or "remove" for the Orb)
The binding adds the time-out: lifted and nothing else for decide_ms is also "pass".
"""
from arkham.compat import ticks_diff

TAP_MS = 400
GAP_MS = 600
HOLD_MS = 1200


class Gestures:
    def __init__(self, tap_ms=TAP_MS, gap_ms=GAP_MS, hold_ms=HOLD_MS):
        self.tap_ms = tap_ms
        self.gap_ms = gap_ms
        self.hold_ms = hold_ms
        self.pads = {}  # key -> [down_at or None, last tap's end or None, hold reported]

    def forget(self, key=None):
        if key is None:
            self.pads = {}
        else:
            self.pads.pop(key, None)

    def change(self, key, present, now_ms):
        """A debounced change on one pad; returns "double" when it completes a double tap."""
        p = self.pads.get(key)
        if p is None:
            p = [None, None, False]
            self.pads[key] = p
        if present:
            p[0] = now_ms
            p[2] = False
            return None
        down = p[0]
        p[0] = None
        if down is None or p[2] or ticks_diff(now_ms, down) > self.tap_ms:
            p[1] = None
            return None
        last = p[1]
        if last is not None and ticks_diff(down, last) <= self.gap_ms:
            p[1] = None
            return "double"
        p[1] = now_ms
        return None

    def poll(self, key, now_ms):
        """"hold" once when the pad has been touched for hold_ms."""
        p = self.pads.get(key)
        if p is None or p[0] is None or p[2]:
            return None
        if ticks_diff(now_ms, p[0]) >= self.hold_ms:
            p[2] = True
            p[1] = None
            return "hold"
        return None
