"""Pixels: the frame buffer for a strip of N NeoPixels (WS2812), with one effect hook.

Colour order, the global brightness cap (from the board map's power budget), gamma and the
animations are plain data here; a backend only implements `_transmit(buf)` (the wire bytes, in
the strip's colour order). `render(now_ms)` builds the frame for that moment and transmits only
when a byte changed, so a steady scene costs no strip writes at all.

Animations are a pure function of now_ms (a monotonic millisecond clock), so every runtime and
every test sees the same phase at the same time:
  BLINK  500 ms on, 500 ms off          (phase 0 = on)
  PULSE  2 s triangle 1/8 .. full, in 32 steps
  FLASH  fast blink: 125 ms on, 125 ms off (attention)
"""

from arkham.compat import const

STEADY = const(0)
BLINK = const(1)
PULSE = const(2)
FLASH = const(3)


def _gamma_table():
    # ~2.5 gamma (mix of x^2 and x^3) in integers, so the table is the same on every runtime;
    # anything lit stays at least 1 so a dim colour never vanishes.
    t = bytearray(256)
    for x in range(1, 256):
        v = (x * x * 255 + x * x * x) // (2 * 255 * 255)
        t[x] = v if v > 0 else 1
    return t


GAMMA = _gamma_table()


def level(anim, now_ms):
    """Animation level 0..255 at now_ms."""
    if anim == STEADY:
        return 255
    if anim == BLINK:
        return 255 if now_ms % 1000 < 500 else 0
    if anim == FLASH:
        return 255 if now_ms % 250 < 125 else 0
    if anim == PULSE:
        step = (now_ms % 2000) * 32 // 2000  # 0..31
        tri = step if step < 16 else 31 - step  # 0..15..0
        return 32 + tri * 223 // 15
    raise ValueError("unknown animation %r" % (anim,))


class Pixels:
    def __init__(self, n, order="GRB", cap=255, gamma=True):
        if sorted(order) != ["B", "G", "R"]:
            raise ValueError("colour order must arrange R, G, B, not %r" % (order,))
        if not 0 <= cap <= 255:
            raise ValueError("brightness cap must be 0..255")
        self.n = n
        self.order = order
        # gamma, then the brightness cap, as one table: a byte asked for in, the wire byte out
        self.gamma = bytearray(((GAMMA[x] if gamma else x) * cap) // 255 for x in range(256))
        # wire offset of R, G, B inside each 3-byte pixel
        self._ro = order.index("R")
        self._go = order.index("G")
        self._bo = order.index("B")
        self.rgb = bytearray(3 * n)  # colours asked for (r, g, b)
        self.anim = bytearray(n)
        self._buf = bytearray(3 * n)  # wire bytes sent last
        self._shown = bytearray(3 * n)  # colours asked for, as of the last render
        self._shown_anim = bytearray(n)
        self._sent = False
        self.now_ms = 0
        self.transmits = 0
        # the three animation levels the last render built its frame at, in one int; -1 after a
        # set() or clear(). While nothing was set and the levels are the same, the frame is too
        # (render skips its loop: a Pico renders every loop iteration while something animates,
        # ~10 ms of chip time each)
        self._last = -1
        self._state = None  # animating()'s answer while nothing is set (None: work it out again)
        self._ids = []  # type: list[int]  # (the lit LEDs that animate, at the last full render)
        self.leds = None  # type: list[int] | None  # (update(): the LEDs written since, None: any)
        self.empty = bytes(3 * n)  # every LED off: clear() copies it (no block made per repaint)

    def check(self, i):
        if not 0 <= i < self.n:
            raise IndexError("LED %d is beyond the strip (0..%d)" % (i, self.n - 1))

    def set(self, i, rgb, anim=STEADY):
        self.check(i)
        if anim not in (STEADY, BLINK, PULSE, FLASH):
            raise ValueError("unknown animation %r" % (anim,))
        r, g, b = rgb
        if not (0 <= r <= 255 and 0 <= g <= 255 and 0 <= b <= 255):  # (no tuple to loop over)
            raise ValueError("colour components must be 0..255, got %r" % (rgb,))
        j = 3 * i
        self.rgb[j] = r
        self.rgb[j + 1] = g
        self.rgb[j + 2] = b
        self.anim[i] = anim
        self.leds = None
        self._last = -1
        self._state = None

    def update(self, leds=None):
        """rgb and anim were written to directly (Lights.paint): render builds the frame. leds:
        the only LEDs that differ from the last render (render builds those and the ones that
        animate); None: any may."""
        self.leds = leds
        self._last = -1
        self._state = None

    def get(self, i):
        """(r, g, b, anim) as asked for."""
        self.check(i)
        j = 3 * i
        return self.rgb[j], self.rgb[j + 1], self.rgb[j + 2], self.anim[i]

    def clear(self):
        # (slice copies from a block of zeros, in C: a loop per byte was ~8 ms of a Pico's time
        # per repaint of AH2e's 79 LEDs, bench pico)
        self.rgb[:] = self.empty
        self.anim[:] = memoryview(self.empty)[: self.n]  # (STEADY is 0)
        self.leds = None
        self._last = -1
        self._state = False

    def animating(self):
        """True when some lit LED animates (the app must keep rendering)."""
        if self._state is None:
            self._state = False
            rgb = self.rgb
            for i in range(self.n):
                if self.anim[i] != STEADY and (rgb[3 * i] or rgb[3 * i + 1] or rgb[3 * i + 2]):
                    self._state = True
                    break
        return self._state

    def shown(self, i):
        """(r, g, b) on LED i as of the last render: the colour the game asked for, at that
        animation phase, before gamma and the cap."""
        self.check(i)
        j = 3 * i
        r, g, b = self._shown[j], self._shown[j + 1], self._shown[j + 2]
        lv = level(self._shown_anim[i], self.now_ms)
        return r * lv // 255, g * lv // 255, b * lv // 255

    def render(self, now_ms):
        """Build the frame for now_ms; transmit it if any byte changed. Returns True if sent.
        (One loop over the LEDs with no call per LED; when only the animations' levels moved
        since the last render, over the LEDs that animate alone: a Pico renders at every level
        step while something pulses.)"""
        self.now_ms = now_ms
        # the level of each animation now (STEADY, BLINK, PULSE, FLASH)
        lv1 = level(BLINK, now_ms)
        lv2 = level(PULSE, now_ms)
        lv3 = level(FLASH, now_ms)
        levels = (lv1 << 16) | (lv2 << 8) | lv3
        if levels == self._last and self._sent:
            return False  # the frame as last built and sent
        rgb = self.rgb
        buf = self._buf
        changed = not self._sent
        ro = self._ro
        go = self._go
        bo = self._bo
        anim = self.anim
        if self._last != -1 and not changed:  # only the levels moved: the LEDs that animate
            leds = self._ids  # type: range | list[int]
            ids = None  # type: list[int] | None  # (the lit LEDs that animate)
        else:
            self._shown[:] = rgb
            self._shown_anim[:] = anim
            ids = []
            dirty = self.leds
            if dirty is None or changed:  # something was set: every LED
                leds = range(self.n)
            else:  # these LEDs were written (update), and the ones that animate
                leds = dirty + [i for i in self._ids if i not in dirty]
        lut = self.gamma
        for i in leds:
            j = 3 * i
            r = rgb[j]
            g = rgb[j + 1]
            b = rgb[j + 2]
            if r or g or b:
                a = anim[i]
                if a != STEADY:
                    if ids is not None:
                        ids.append(i)
                    lv = lv1 if a == BLINK else (lv2 if a == PULSE else lv3)
                    r = r * lv // 255
                    g = g * lv // 255
                    b = b * lv // 255
                r = lut[r]
                g = lut[g]
                b = lut[b]
            if buf[j + ro] != r:
                buf[j + ro] = r
                changed = True
            if buf[j + go] != g:
                buf[j + go] = g
                changed = True
            if buf[j + bo] != b:
                buf[j + bo] = b
                changed = True
        if ids is not None:
            self._ids = ids
            self._state = len(ids) > 0  # (animating(): known without a loop)
            self.leds = None
        if changed:
            self.transmits += 1
            self._transmit(buf)
            self._sent = True
        self._last = levels
        return changed

    def _transmit(self, buf):
        """The one effect: send the wire bytes to the strip. Backends override this."""
