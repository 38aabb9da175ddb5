"""The pads scan loop (the hot path of arkham.hw.pads): read each chip, debounce, track drift,
judge faults. A base class of Pads, in its own file so each compiles within a small heap; the
method is explained in pads.py."""

from arkham.boardmap import chip_name
from arkham.compat import const, ticks_add, ticks_diff

TOUCH = 12  # default thresholds, in counts of delta (filtered data is 10-bit, ~700 empty)
RELEASE = 6
RETRY_MS = 1000
DRIFT_SCANS = const(16)
STUCK_SCANS = const(8)
RAIL_LOW = const(15)  # an electrode shorted to ground reads ~0
RAIL_HIGH = const(1008)  # an open (unconnected) electrode reads near the top
NOISE_WINDOW = const(32)

CHIP_OK = const(0)
CHIP_FAILING = const(1)
CHIP_NODRIVER = const(2)

FAULT_STUCK = const(1)
FAULT_NOISY = const(2)


def _err_text(e):
    a = e.args[0] if e.args else None
    if isinstance(a, str):
        return a
    return "I2C error %s" % (a,)


class PadScan:
    def scan(self, now_ms):
        """Read every chip once; returns [(spot, present), ...] debounced changes (reused list)."""
        ch = self._changes
        if ch:
            ch.clear()  # (clearing reallocates on MicroPython: only after a scan with changes)
        self.scans += 1
        buf = self._buf
        for ci in range(len(self.chips)):
            st = self._state[ci]
            if st != CHIP_OK:
                if st == CHIP_NODRIVER:
                    continue
                nxt = self._next[ci]
                if nxt is not None and ticks_diff(now_ms, nxt) < 0:
                    continue
                if not self._restart(ci, now_ms):
                    continue
            try:
                self._drv[ci].read_filtered(buf)
            except OSError as e:
                self._fail(ci, now_ms, _err_text(e))
                continue
            if self._silent(buf):
                self._fail(ci, now_ms, "reads no data (chip reset?)")
                continue
            self._process(ci, buf, ch)
        return ch

    def _silent(self, buf):
        for v in buf:
            if v:
                return False
        return True

    def _restart(self, ci, now_ms):
        drv = self._drv[ci]
        try:
            if hasattr(drv, "start"):
                drv.start()
        except OSError as e:
            self._fail(ci, now_ms, _err_text(e))
            return False
        self._state[ci] = CHIP_OK
        self._ever_ok[ci] = True
        if self._reported[ci]:
            self._reported[ci] = False
            self._notices.append(("chip_ok", {"chip": chip_name(self.chips[ci])}))
        return True

    def _fail(self, ci, now_ms, err):
        self._state[ci] = CHIP_FAILING
        self._err[ci] = err
        self._next[ci] = ticks_add(now_ms, RETRY_MS)
        if not self._reported[ci]:
            self._reported[ci] = True
            self._notices.append(("chip_fault", {"chip": chip_name(self.chips[ci]), "err": err}))

    def _process(self, ci, buf, ch):
        emap = self._emap[ci]
        filtered = self.filtered
        empty = self.empty
        raw = self._raw
        present = self._present
        for e in range(12):
            k = emap[e]
            if k < 0:
                continue
            f = buf[e]
            filtered[k] = f
            last = self._last[k]
            if last >= 0:
                d = f - last if f > last else last - f
                if d < self.touch[k]:
                    self._nsum[k] += d  # jitter
                else:
                    self._nbig[k] += 1  # a token or hand arriving or leaving (or wild noise)
            self._last[k] = f
            if f <= RAIL_LOW or f >= RAIL_HIGH:
                # shorted or open electrode: hold presence, report once it persists
                if self._rail[k] < STUCK_SCANS:
                    self._rail[k] += 1
                    if self._rail[k] == STUCK_SCANS:
                        self._set_fault(k, FAULT_STUCK)
                continue
            if self._rail[k]:
                self._rail[k] = 0
                self._clear_fault(k, FAULT_STUCK)
            em = empty[k]
            if em < 0:
                em = f
                empty[k] = f
            delta = em - f
            r = raw[k]
            if r:
                r = 1 if delta > self.release[k] else 0
            else:
                r = 1 if delta >= self.touch[k] else 0
            raw[k] = r
            if r != present[k]:
                self._count[k] += 1
                if self._count[k] >= self.debounce:
                    present[k] = r
                    self._count[k] = 0
                    ch.append((self.names[k], r == 1))
            else:
                self._count[k] = 0
            if not r and not present[k]:
                # drift tracking only while the pad reads empty
                if f - em > self.touch[k]:
                    # far above the reference: it was taken with something on the pad (tokens
                    # only ever lower the reading), so catch up fast
                    empty[k] = em + ((f - em) >> 1)
                    self._drift[k] = 0
                elif f > em:
                    self._drift[k] += 1
                elif f < em:
                    self._drift[k] -= 1
                if self._drift[k] >= DRIFT_SCANS:
                    empty[k] = em + 1
                    self._drift[k] = 0
                elif self._drift[k] <= -DRIFT_SCANS:
                    empty[k] = em - 1
                    self._drift[k] = 0
        self._win[ci] += 1
        if self._win[ci] >= NOISE_WINDOW:
            self._win[ci] = 0
            self._judge_noise(ci)

    def _judge_noise(self, ci):
        # Over a window: the mean step between scans, counting only steps below the touch
        # threshold (a token placed or lifted is one big step). Jitter amplitude ~ 1.5 x mean
        # step; noisy when that reaches 3/4 of the touch threshold (jitter alone then comes
        # within a quarter of a false touch), or when big steps come more often than tokens do
        # (5+ in a window). Cleared below half of that (hysteresis).
        emap = self._emap[ci]
        for e in range(12):
            k = emap[e]
            if k < 0:
                continue
            est2 = 2 * self._nsum[k]
            lim = self.touch[k] * (NOISE_WINDOW - 2)
            if est2 >= lim or self._nbig[k] > 4:
                self._set_fault(k, FAULT_NOISY)
            elif 2 * est2 < lim and self._nbig[k] < 3:
                self._clear_fault(k, FAULT_NOISY)
            self._nsum[k] = 0
            self._nbig[k] = 0

    def _set_fault(self, k, bit):
        if not self._fault[k] & bit:
            self._fault[k] |= bit
            self._notices.append(("pad_fault", {"spot": self.names[k], "fault": _fault_name(bit)}))

    def _clear_fault(self, k, bit):
        if self._fault[k] & bit:
            self._fault[k] &= ~bit
            self._notices.append(("pad_ok", {"spot": self.names[k], "fault": _fault_name(bit)}))

    # -- questions -------------------------------------------------------------------------------


def _fault_name(bit):
    return "stuck" if bit == FAULT_STUCK else "noisy"
