"""Pads: scan every MPR121, debounce, and say which spots hold a token (or a hand).

Presence method: compare each electrode's *filtered data* with our own *empty-board reference*
(stored calibration, or the first reading after boot), and do our own drift tracking only while a
pad reads empty. We do not use the chip's touch bits or its baseline, because
- the chip's baseline tracking slowly absorbs a resting token (after minutes to an hour its touch
  bit drops although the token is still there);
- freezing that tracking (ECR CL=01) would also freeze out temperature drift, and a chip restart
  (a power blip, our retry after an I2C fault, or adafruit_mpr121 which restarts the chip on every
  register write) re-captures the baseline with the token on it;
- a stored empty reference survives reboots: a token already on the board at power-on is seen.
So presence here depends only on filtered data, which every backend can read.

delta = empty - filtered (a token or a hand lowers the count). A pad becomes present when
delta >= touch and stays present while delta > release (hysteresis); a change is reported after
`debounce` scans in a row agree. While a pad reads empty, `empty` follows the reading by one count
per DRIFT_SCANS net scans on one side (a slow median tracker: temperature and humidity drift, but
far too slow to swallow a token being placed).

A chip that stops answering is reported once (notice "chip_fault"), retried about once a second
(full restart), and its spots keep their last presence meanwhile (no fake lifts); the other chips
keep working. Faults for the bring-up list: a chip missing or failing, an electrode stuck at a rail
(shorted or open), an electrode whose reading jitters by more than half its touch threshold.

scan() allocates nothing when nothing changes: state lives in lists made once, the returned list
is reused (read it before the next scan) and holds tuples made at start-up.
"""
from arkham.boardmap import chip_name, parse_chip
from arkham.compat import const, ticks_add, ticks_diff

TOUCH = 12  # default thresholds, in counts of delta (filtered data is 10-bit, ~700 empty)
RELEASE = 6
RETRY_MS = 1000
DRIFT_SCANS = const(16)
STUCK_SCANS = const(8)
RAIL_LOW = const(15)  # an electrode shorted to ground reads ~0
RAIL_HIGH = const(1008)  # an open (unconnected) electrode reads near the top
NOISE_WINDOW = const(32)

_OK = const(0)
_FAILING = const(1)
_NODRIVER = const(2)

_STUCK = const(1)
_NOISY = const(2)


def _err_text(e):
    a = e.args[0] if e.args else None
    if isinstance(a, str):
        return a
    return "I2C error %s" % (a,)


class Pads:
    def __init__(self, board, sensors, debounce=2):
        if debounce < 1:
            raise ValueError("debounce must be >= 1 scan")
        self.board = board
        self.debounce = debounce
        self.chips = list(board.chips)
        nc = len(self.chips)
        self._drv = [sensors.get(a) for a in self.chips]
        self._state = [_FAILING if d is not None else _NODRIVER for d in self._drv]
        self._next = [None] * nc  # retry time (None: at the next scan)
        self._err = ["never answered" if d is not None else "no driver" for d in self._drv]
        self._reported = [d is None for d in self._drv]
        self._ever_ok = [False] * nc
        self._win = [0] * nc
        # pads in board order
        self.names = []
        self._chip_of = []
        self._e = []
        self._emap = [[-1] * 12 for _ in range(nc)]  # chip index -> electrode -> pad index
        self._index = {}
        for s in board.spots:
            if s.chip is None:
                continue
            k = len(self.names)
            ci = self.chips.index(s.chip)
            self.names.append(s.name)
            self._chip_of.append(ci)
            self._e.append(s.electrode)
            self._emap[ci][s.electrode] = k
            self._index[s.name] = k
        n = len(self.names)
        self._on = [(nm, True) for nm in self.names]
        self._off = [(nm, False) for nm in self.names]
        self.filtered = [-1] * n
        self.empty = [-1] * n  # -1: not known yet (taken from the first reading)
        self.touch = [TOUCH] * n
        self.release = [RELEASE] * n
        self._raw = [0] * n
        self._present = [0] * n
        self._count = [0] * n
        self._drift = [0] * n
        self._rail = [0] * n
        self._last = [-1] * n
        self._nsum = [0] * n
        self._nmax = [0] * n
        self._fault = [0] * n
        self._buf = [0] * 12
        self._changes = []
        self._notices = []
        self.scans = 0

    # -- the scan ------------------------------------------------------------------------------
    def scan(self, now_ms):
        """Read every chip once; returns [(spot, present), ...] debounced changes (reused list)."""
        ch = self._changes
        ch.clear()
        self.scans += 1
        buf = self._buf
        for ci in range(len(self.chips)):
            st = self._state[ci]
            if st != _OK:
                if st == _NODRIVER:
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
        self._state[ci] = _OK
        self._ever_ok[ci] = True
        if self._reported[ci]:
            self._reported[ci] = False
            self._notices.append(("chip_ok", {"chip": chip_name(self.chips[ci])}))
        return True

    def _fail(self, ci, now_ms, err):
        self._state[ci] = _FAILING
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
                self._nsum[k] += d
                if d > self._nmax[k]:
                    self._nmax[k] = d
            self._last[k] = f
            if f <= RAIL_LOW or f >= RAIL_HIGH:
                # shorted or open electrode: hold presence, report once it persists
                if self._rail[k] < STUCK_SCANS:
                    self._rail[k] += 1
                    if self._rail[k] == STUCK_SCANS:
                        self._set_fault(k, _STUCK)
                continue
            if self._rail[k]:
                self._rail[k] = 0
                self._clear_fault(k, _STUCK)
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
                    ch.append(self._on[k] if r else self._off[k])
            else:
                self._count[k] = 0
            if not r and not present[k]:
                # drift tracking only while the pad reads empty
                if f > em:
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
        # Mean step between scans, leaving out the largest one (a token placed is one step).
        # Jitter amplitude ~ 1.5 x mean step; noisy when that reaches half the touch threshold.
        # Clear again below a quarter (hysteresis).
        emap = self._emap[ci]
        for e in range(12):
            k = emap[e]
            if k < 0:
                continue
            est3 = 3 * (self._nsum[k] - self._nmax[k])
            lim = self.touch[k] * (NOISE_WINDOW - 2)
            if est3 >= lim:
                self._set_fault(k, _NOISY)
            elif 2 * est3 < lim:
                self._clear_fault(k, _NOISY)
            self._nsum[k] = 0
            self._nmax[k] = 0

    def _set_fault(self, k, bit):
        if not self._fault[k] & bit:
            self._fault[k] |= bit
            self._notices.append(("pad_fault", {"spot": self.names[k], "fault": _fault_name(bit)}))

    def _clear_fault(self, k, bit):
        if self._fault[k] & bit:
            self._fault[k] &= ~bit
            self._notices.append(("pad_ok", {"spot": self.names[k], "fault": _fault_name(bit)}))

    # -- questions -------------------------------------------------------------------------------
    def present(self, spot):
        k = self._index.get(spot)
        return k is not None and self._present[k] == 1

    def present_spots(self):
        """Names of the spots that hold something now, board order."""
        return [self.names[k] for k in range(len(self.names)) if self._present[k]]

    def chip_ok(self, chip):
        a = parse_chip(chip)
        return a in self.chips and self._state[self.chips.index(a)] == _OK

    def take_notices(self):
        out = self._notices
        self._notices = []
        return out

    def faults(self):
        out = []
        for ci in range(len(self.chips)):
            if self._state[ci] != _OK:
                kind = "failing" if self._ever_ok[ci] else "missing"
                out.append({"chip": chip_name(self.chips[ci]), "fault": kind, "err": self._err[ci]})
        for k in range(len(self.names)):
            for bit in (_STUCK, _NOISY):
                if self._fault[k] & bit:
                    out.append(self._pad_fields(k, {"fault": _fault_name(bit)}))
        return out

    def _pad_fields(self, k, d):
        d["spot"] = self.names[k]
        d["chip"] = chip_name(self.chips[self._chip_of[k]])
        d["e"] = self._e[k]
        return d

    def report(self, chip=None):
        """Per electrode, board order: readings, our reference and thresholds, presence."""
        want = None
        if chip is not None:
            want = parse_chip(chip)
            if want not in self.chips:
                raise ValueError("no chip %s on this board" % (chip,))
        bases = {}
        touched = {}
        for ci in range(len(self.chips)):
            if (want is not None and self.chips[ci] != want) or self._state[ci] != _OK:
                continue
            drv = self._drv[ci]
            b = [0] * 12
            try:
                drv.read_baseline(b)
                bases[ci] = b
                if hasattr(drv, "touched"):
                    touched[ci] = drv.touched()
            except OSError as e:
                self._fail(ci, 0, _err_text(e))
        out = []
        for k in range(len(self.names)):
            ci = self._chip_of[k]
            if want is not None and self.chips[ci] != want:
                continue
            e = self._e[k]
            f = self.filtered[k]
            em = self.empty[k]
            d = {
                "filtered": f if f >= 0 else None,
                "baseline": bases[ci][e] if ci in bases else None,
                "empty": em if em >= 0 else None,
                "delta": em - f if em >= 0 and f >= 0 else None,
                "touch": self.touch[k],
                "release": self.release[k],
                "present": self._present[k] == 1,
                "chip_touch": bool(touched[ci] & (1 << e)) if ci in touched else None,
            }
            out.append(self._pad_fields(k, d))
        return out

    # -- calibration -------------------------------------------------------------------------
    def calibrate_empty(self, reads=4):
        """The board is empty now: the mean of `reads` readings becomes each pad's empty
        reference. Returns how many electrodes were captured (stuck ones and failing chips
        are skipped)."""
        captured = 0
        buf = self._buf
        for ci in range(len(self.chips)):
            if self._state[ci] != _OK:
                continue
            sums = [0] * 12
            try:
                for _ in range(reads):
                    self._drv[ci].read_filtered(buf)
                    for e in range(12):
                        sums[e] += buf[e]
            except OSError as e:
                self._fail(ci, 0, _err_text(e))
                continue
            for e in range(12):
                k = self._emap[ci][e]
                if k < 0:
                    continue
                v = sums[e] // reads
                if v <= RAIL_LOW or v >= RAIL_HIGH:
                    continue
                self.empty[k] = v
                self._drift[k] = 0
                captured += 1
        return captured

    def calibration(self):
        """JSON-able: {"v": 1, "pads": {spot: [empty or null, touch, release]}}."""
        pads = {}
        for k in range(len(self.names)):
            em = self.empty[k]
            pads[self.names[k]] = [em if em >= 0 else None, self.touch[k], self.release[k]]
        return {"v": 1, "pads": pads}

    def set_calibration(self, d):
        """Apply a calibration() dict (pads not listed keep theirs). Checks everything first:
        raises ValueError with a message and changes nothing when any entry is bad."""
        if not isinstance(d, dict) or d.get("v") != 1 or not isinstance(d.get("pads"), dict):
            raise ValueError('calibration must be {"v": 1, "pads": {spot: [empty, touch, release]}}')
        pads = d["pads"]
        todo = []
        for name in sorted(pads):
            k = self._index.get(name)
            if k is None:
                raise ValueError("calibration: %r is not a spot with a pad on this board" % (name,))
            v = pads[name]
            if not isinstance(v, list) or len(v) != 3:
                raise ValueError("calibration: %s needs [empty, touch, release]" % name)
            em = v[0]
            if em is not None and not (_is_int(em) and 0 <= em <= 1023):
                raise ValueError("calibration: %s empty must be 0..1023 or null" % name)
            _check_thresholds(name, v[1], v[2])
            todo.append((k, em, v[1], v[2]))
        for k, em, t, r in todo:
            self.empty[k] = -1 if em is None else em
            self.touch[k] = t
            self.release[k] = r
            self._drift[k] = 0

    def reset_calibration(self):
        """Default thresholds; empty references re-taken from the next readings."""
        for k in range(len(self.names)):
            self.empty[k] = -1
            self.touch[k] = TOUCH
            self.release[k] = RELEASE
            self._drift[k] = 0

    def set_threshold(self, spot, touch, release):
        k = self._index.get(spot)
        if k is None:
            raise ValueError("%r is not a spot with a pad on this board" % (spot,))
        _check_thresholds(spot, touch, release)
        self.touch[k] = touch
        self.release[k] = release


def _is_int(v):
    return isinstance(v, int) and not isinstance(v, bool)


def _check_thresholds(name, touch, release):
    if not (_is_int(touch) and _is_int(release) and 0 <= release < touch <= 255):
        raise ValueError(
            "%s: thresholds need whole numbers 0 <= release < touch <= 255, got touch=%r release=%r"
            % (name, touch, release)
        )


def _fault_name(bit):
    return "stuck" if bit == _STUCK else "noisy"
