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

scan() allocates nothing when nothing changes: state lives in arrays made once, and the returned
list is reused (read it before the next scan).
"""

from array import array

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


class Pads:
    def __init__(self, board, sensors, debounce=2):
        if debounce < 1:
            raise ValueError("debounce must be >= 1 scan")
        self.board = board
        self.debounce = debounce
        self.chips = list(board.chips)
        nc = len(self.chips)
        self._drv = [sensors.get(a) for a in self.chips]
        self._state = [CHIP_FAILING if d is not None else CHIP_NODRIVER for d in self._drv]
        self._next = [None] * nc  # retry time (None: at the next scan)
        self._err = ["never answered" if d is not None else "no driver" for d in self._drv]
        self._reported = [d is None for d in self._drv]
        self._ever_ok = [False] * nc
        self._win = [0] * nc
        # pads in board order
        self.names = []  # type: list[str]
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
        # per-pad state in typed arrays: small, and item stores never allocate
        self.filtered = array("h", [-1] * n)
        self.empty = array("h", [-1] * n)  # -1: not known yet (taken from the first reading)
        self.touch = bytearray([TOUCH] * n)
        self.release = bytearray([RELEASE] * n)
        self._raw = bytearray(n)
        self._present = bytearray(n)
        self._count = bytearray(n)
        self._drift = array("h", [0] * n)
        self._rail = bytearray(n)
        self._last = array("h", [-1] * n)
        self._nsum = array("H", [0] * n)
        self._nbig = bytearray(n)
        self._fault = bytearray(n)
        self._buf = [0] * 12
        self._changes = []
        self._notices = []
        self.scans = 0

    # -- the scan ------------------------------------------------------------------------------
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
        # step; noisy when that reaches half the touch threshold, or when big steps come more
        # often than tokens do (5+ in a window). Cleared below a quarter (hysteresis).
        emap = self._emap[ci]
        for e in range(12):
            k = emap[e]
            if k < 0:
                continue
            est3 = 3 * self._nsum[k]
            lim = self.touch[k] * (NOISE_WINDOW - 2)
            if est3 >= lim or self._nbig[k] > 4:
                self._set_fault(k, FAULT_NOISY)
            elif 2 * est3 < lim and self._nbig[k] < 3:
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
    def present(self, spot):
        k = self._index.get(spot)
        return k is not None and self._present[k] == 1

    def present_spots(self):
        """Names of the spots that hold something now, board order."""
        return [self.names[k] for k in range(len(self.names)) if self._present[k]]

    def chip_ok(self, chip):
        a = parse_chip(chip)
        return a in self.chips and self._state[self.chips.index(a)] == CHIP_OK

    def take_notices(self):
        out = self._notices
        self._notices = []
        return out

    # -- bring-up and calibration (in arkham.hw.pads_info) -------------------------------------
    def faults(self):
        """Current faults: chips missing/failing, stuck or noisy electrodes (board order)."""
        return _info().faults(self)

    def report(self, chip=None):
        """Per electrode, board order: readings, our reference and thresholds, presence."""
        return _info().report(self, chip)

    def calibrate_empty(self, reads=4):
        """The board is empty now: each pad's mean reading becomes its empty reference."""
        return _info().calibrate_empty(self, reads)

    def calibration(self):
        """JSON-able: {"v": 1, "pads": {spot: [empty or null, touch, release]}}."""
        return _info().calibration(self)

    def set_calibration(self, d):
        """Apply a calibration() dict; ValueError (changing nothing) if any entry is bad."""
        _info().set_calibration(self, d)

    def reset_calibration(self):
        _info().reset_calibration(self)

    def set_threshold(self, spot, touch, release):
        _info().set_threshold(self, spot, touch, release)


def _info():
    return pads_info


def _fault_name(bit):
    return "stuck" if bit == FAULT_STUCK else "noisy"


# Loaded with this module (the app reads the calibration at boot anyway); kept in its own file so
# each compiles within a small heap.
from arkham.hw import pads_info  # noqa: E402
