"""The pads scan loop (the hot path of arkham.hw.pads): read each chip, debounce, track drift,
judge faults. A base class of Pads, in its own file so each compiles within a small heap; the
method is explained in pads.py."""

from arkham.compat import const, ticks_add, ticks_diff
from arkham.hw import chip_name

TOUCH = 12  # default thresholds, in counts of delta (filtered data is 10-bit, ~700 empty)
RELEASE = 6
_RETRY_MS = const(1000)
_DRIFT_SCANS = const(16)
_STUCK_SCANS = const(8)
RAIL_LOW = const(15)  # an electrode shorted to ground reads ~0
RAIL_HIGH = const(1008)  # an open (unconnected) electrode reads near the top
_NOISE_WINDOW = const(32)
_SURPRISES = const(2)  # electrodes of one chip jumping at once (and 1/6 of its pads): noise
_BOARD_SURPRISES = const(4)  # ... or this many across the board
_HOLD_SCANS = const(16)  # scans a chip's changes wait after such a jump
_QUIET_WINDOWS = const(2)  # quiet windows in a row before a noisy pad is called quiet again
_CATCHUP_SCANS = const(3)  # scans a reading must stay far above the reference to move it up
_ALL = const(0xFFF)  # still: every electrode of a chip at a fixed point of its reading

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
    pending = False  # the last scan left a change waiting for its debounce

    def scan(self, now_ms):
        """Read every chip once; returns [(spot, present), ...] debounced changes (reused list).
        A chip whose bytes are those of the last scan, its state a fixed point of them (`still`),
        is not processed again: an idle board costs a bus read and a comparison per chip. Of a
        chip processed, so is an electrode whose reading is the one it is a fixed point of: a pad
        change processes that one electrode (on the emulated chip ~0.45 ms each)."""
        ch = self._changes
        self.pending = False
        if ch:
            ch.clear()  # (clearing reallocates on MicroPython: only after a scan with changes)
        self.scans += 1
        bufs = self._buf
        still = self.still
        surprises = 0
        for ci in range(len(self.chips)):
            st = self._state[ci]
            if st != CHIP_OK:
                still[ci] = 0
                if st == CHIP_NODRIVER:
                    continue
                nxt = self._next[ci]
                if nxt is not None and ticks_diff(now_ms, nxt) < 0:
                    continue
                drv = self._drv[ci]  # its retry: started again
                try:
                    if hasattr(drv, "start"):
                        drv.start()
                except OSError as e:
                    self._fail(ci, now_ms, _err_text(e))
                    continue
                self._state[ci] = CHIP_OK
                emap = self._emap[ci]
                for el in range(12):
                    if emap[el] >= 0:
                        self._last[emap[el]] = -1  # (no step across the gap: not noise)
            buf = bufs[ci]
            try:
                same = self._drv[ci].read_filtered(buf)
            except OSError as e:
                still[ci] = 0
                self._fail(ci, now_ms, _err_text(e))
                continue
            if same and still[ci] == _ALL and not self._hold[ci]:
                # the very bytes of the last scan, on a chip whose state they no longer move:
                # processing them would change nothing but the noise window's count
                self._win[ci] += 1
                if self._win[ci] >= _NOISE_WINDOW:
                    self._win[ci] = 0
                    self._judge_noise(ci)
                continue
            if not any(buf):  # (all zeros)
                self._fail(ci, now_ms, "reads no data (chip reset?)")
                continue
            if self._reported[ci]:
                # ok only once it reads data (a chip that answers but reads all zeros stays
                # reported once, not a fault/ok pair every retry)
                self._reported[ci] = False
                self._notices.append(("chip_ok", {"chip": chip_name(self.chips[ci])}))
            self._ever_ok[ci] = True
            surprises += self._process(ci, buf, ch)
        if surprises >= _BOARD_SURPRISES:
            # several electrodes across the board jumped in the same scan: noise arriving (a
            # player moves one token at a time). Every chip waits a while.
            hold = self._hold
            for ci in range(len(hold)):
                hold[ci] = _HOLD_SCANS  # (and no chip skipped while it lasts)
        return ch

    def _fail(self, ci, now_ms, err):
        self._state[ci] = CHIP_FAILING
        self._err[ci] = err
        self._next[ci] = ticks_add(now_ms, _RETRY_MS)
        if not self._reported[ci]:
            self._reported[ci] = True
            self._notices.append(("chip_fault", {"chip": chip_name(self.chips[ci]), "err": err}))

    def _process(self, ci, buf, changes):
        emap = self._emap[ci]
        filtered = self.filtered
        empty = self.empty
        raw = self._raw
        present = self._present
        sm = self._sm
        jit = self._jit
        steps = self._steps
        # (every array a local: an attribute looked up on self per electrode was ~a third of a
        # chip's processing on the Pico)
        touch = self.touch
        lasts = self._last
        nbig = self._nbig
        nsum = self._nsum
        lone = self._lone
        rail = self._rail
        shw = self._shw
        shl = self._shl
        count = self._count
        up = self._up
        drift = self._drift
        hold = self._hold
        # electrodes at a fixed point of their reading (`still`: bit e) that read the same again
        # are skipped: processing them would change nothing (a pad change: one electrode of 12)
        keep = 0 if hold[ci] else self.still[ci]
        skip = 0
        lo = hi = 0  # the electrodes processed are among lo..hi-1 (the next loops' range)
        # a surprise: an electrode stepping by far more than its own jitter; several at once on
        # one chip is noise arriving (a token moves one pad): hold that chip's changes a while
        surprises = 0
        for e in range(12):
            k = emap[e]
            if k < 0:
                skip |= 1 << e  # (no pad)
                continue
            f = buf[e]
            last = lasts[k]
            if keep >> e & 1 and f == last:
                skip |= 1 << e
                continue
            if not hi:
                lo = e
            hi = e + 1
            filtered[k] = f
            t = touch[k]
            lasts[k] = f
            if last < 0:
                steps[e] = -1
                continue
            d = f - last if f > last else last - f
            if d >= t:
                nbig[k] += 1  # a token or hand arriving or leaving (or wild noise)
            dc = d if d < 2 * t else 2 * t  # (one token or hand moves it by at most 2t/16)
            nsum[k] += dc
            if d >= t and 16 * d >= 3 * jit[k]:
                surprises += 1
                if not lone[k]:
                    lone[k] = 1  # (one such step is a token or a hand: not jitter)
                    d = -2 - d
            else:
                lone[k] = 0
            steps[e] = d
        if surprises >= _SURPRISES and 6 * surprises >= self._npads[ci]:
            hold[ci] = _HOLD_SCANS
        elif hold[ci]:
            hold[ci] -= 1
        held = hold[ci] != 0
        for e in range(lo, hi):
            if skip >> e & 1:
                continue
            k = emap[e]
            f = buf[e]
            if f <= RAIL_LOW or f >= RAIL_HIGH:
                # shorted or open electrode: hold presence, report once it persists
                if rail[k] < _STUCK_SCANS:
                    rail[k] += 1
                    if rail[k] == _STUCK_SCANS:
                        self._set_fault(k, FAULT_STUCK)
                continue
            if rail[k]:
                rail[k] = 0
                self._clear_fault(k, FAULT_STUCK)
            t = touch[k]
            # smoothing from the pad's jitter: none on a quiet pad (a token is seen within the
            # debounce), up to 1/16 per scan; beyond that the pad is too noisy to believe. The
            # level rises at once and comes down one step per quiet noise window.
            j = jit[k]
            if j <= 8 * t:
                sh = 0  # (jitter under half the touch threshold: not noisy, see _judge_noise)
            elif 3 * j <= 32 * t:
                sh = 2
            elif j <= 16 * t:
                sh = 3
            elif 7 * j <= 160 * t:
                sh = 4
            else:
                sh = 5  # too noisy: hold presence and the reference until it calms down
            if sh > shw[k]:
                shw[k] = sh
            em = empty[k]
            if em < 0:
                em = f
                empty[k] = f
            s16 = sm[k]
            was = shl[k]
            if sh < was:
                sh = was
            elif sh > was:
                shl[k] = sh
                count[k] = 0  # (a change seen under less smoothing starts again)
                if not was and not present[k]:
                    s16 = em << 4  # noise arriving: the last readings were already noisy
            if s16 < 0 or sh == 0:
                s16 = f << 4
            else:
                s16 += ((f << 4) - s16) >> (sh if sh < 5 else 4)
            sm[k] = s16
            d = steps[e]
            if d >= 0:
                # the pad's jitter, after its use: a token's own step never delays its report
                if d > 4 * t:
                    d = 4 * t  # (a hand moves it more, but only once)
                jit[k] = j + ((16 * d - j) >> (2 if 16 * d > j else 3))  # rises faster
            if held or sh == 5:
                count[k] = 0
                continue
            d16 = (em << 4) - s16  # delta, in 16ths of a count
            r = raw[k]
            if r:
                r = 1 if d16 > self.release[k] << 4 else 0
            else:
                r = 1 if d16 >= t << 4 else 0
            raw[k] = r
            if r != present[k]:
                st = _step(steps[e])
                if count[k] and 2 * st >= t and 4 * st > j:
                    # still moving: a token settles, noise does not (a step within 4x the pad's
                    # mean jitter, j/16, is that jitter: it must not hold the report back)
                    count[k] = 0
                count[k] += 1
                if count[k] >= self.debounce:
                    present[k] = r
                    count[k] = 0
                    changes.append((self.names[k], r == 1))
                else:
                    self.pending = True  # (the app scans again at once: a change waits)
            else:
                count[k] = 0
            if not r and not present[k]:
                # drift tracking only while the pad reads empty
                fs = s16 >> 4
                if fs - em > t and sh == 0:
                    # far above the reference for a few scans in a row: it was taken with
                    # something on the pad (tokens only ever lower the reading), so catch up
                    # fast. (A spike is one scan: it never moves the reference.)
                    if up[k] < _CATCHUP_SCANS:
                        up[k] += 1
                    else:
                        empty[k] = em + ((fs - em) >> 1)
                        drift[k] = 0
                    continue
                up[k] = 0
                if fs > em:
                    drift[k] += 1
                elif fs < em:
                    drift[k] -= 1
                if drift[k] >= _DRIFT_SCANS:
                    empty[k] = em + 1
                    drift[k] = 0
                elif drift[k] <= -_DRIFT_SCANS:
                    empty[k] = em - 1
                    drift[k] = 0
        # each electrode processed with the reading it had the last time: still when that was a
        # fixed point (nothing pending, no jitter, smoothing or hold left, the reference where an
        # empty pad reads), so the next scans may skip it while its reading stays the same
        # (the electrodes skipped, or with no pad, keep their bit: set)
        if held:
            keep = 0
        else:
            keep |= skip
            for e in range(lo, hi):
                if skip >> e & 1:
                    continue
                keep &= ~(1 << e)
                if steps[e]:
                    continue
                k = emap[e]
                f = buf[e]
                if f <= RAIL_LOW or f >= RAIL_HIGH:
                    if rail[k] >= _STUCK_SCANS:
                        keep |= 1 << e
                elif not (jit[k] or lone[k] or shl[k] or count[k] or raw[k] != present[k]
                          or not (present[k] or f == empty[k])):
                    keep |= 1 << e
        self.still[ci] = keep
        self._win[ci] += 1
        if self._win[ci] >= _NOISE_WINDOW:
            self._win[ci] = 0
            self._judge_noise(ci)
        return surprises

    def _judge_noise(self, ci):
        # Over a window: the mean step between scans (steps clipped at twice the touch
        # threshold: a token placed or lifted is one such step). Jitter amplitude ~ 1.5 x mean
        # step; noisy when that reaches 3/4 of the touch threshold (jitter alone then comes
        # within a quarter of a false touch), or when big steps come more often than tokens do
        # (5+ in a window). Cleared below half of that with few big steps, _QUIET_WINDOWS windows
        # in a row (hysteresis): a noisy pad is reported once, not at every wobble of the noise.
        emap = self._emap[ci]
        for e in range(12):
            k = emap[e]
            if k < 0:
                continue
            est2 = 2 * self._nsum[k]
            lim = self.touch[k] * _NOISE_WINDOW
            if est2 >= lim or self._nbig[k] > 4:
                self._set_fault(k, FAULT_NOISY)
                self._quiet[k] = 0
            elif 2 * est2 < lim and self._nbig[k] < 3:
                if self._quiet[k] < _QUIET_WINDOWS:
                    self._quiet[k] += 1
                if self._quiet[k] >= _QUIET_WINDOWS:
                    self._clear_fault(k, FAULT_NOISY)
            else:
                self._quiet[k] = 0
            self._nsum[k] = 0
            self._nbig[k] = 0
            lv = self._shl[k]
            if lv:
                lv -= 1
                self._shl[k] = lv if lv > self._shw[k] else self._shw[k]
            self._shw[k] = 0

    def _set_fault(self, k, bit):
        if not self._fault[k] & bit:
            self._fault[k] |= bit
            self._notices.append(("pad_fault", {"spot": self.names[k], "fault": _fault_name(bit)}))

    def _clear_fault(self, k, bit):
        if self._fault[k] & bit:
            self._fault[k] &= ~bit
            self._notices.append(("pad_ok", {"spot": self.names[k], "fault": _fault_name(bit)}))

    # -- questions -------------------------------------------------------------------------------


def _step(d):
    """A step as scan() keeps it (a lone big step as -2 - d, none as -1) -> its size."""
    return d if d >= 0 else -2 - d


def _fault_name(bit):
    return "stuck" if bit == FAULT_STUCK else "noisy"
