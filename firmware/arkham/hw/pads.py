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
per _DRIFT_SCANS net scans on one side (a slow median tracker: temperature and humidity drift, but
far too slow to swallow a token being placed); a reading far *above* the reference for a few
scans in a row (it was taken with a token on the pad) is caught up within a few scans.

Noise: each pad keeps its jitter (mean step between scans). A quiet pad is read as is;
a jittery one through a running average (1/4 .. 1/16 per scan, more the worse the jitter), and one
too noisy for that (jitter over ~1.4x the touch threshold) holds its presence and its reference
until it calms down: noise never flickers a pad nor pushes a reference up. Several electrodes
jumping in the same scan (noise arriving: players move one token at a time) hold every change for
_HOLD_SCANS. A change must also settle (a token rests, noise keeps moving) before it counts. The
smoothing comes down one step per quiet noise window once the noise stops. A noisy pad is reported
once (notice pad_fault) and called quiet only after two quiet windows in a row.

A chip that stops answering is reported once (notice "chip_fault"), retried about once a second
(full restart), and its spots keep their last presence meanwhile (no fake lifts); the other chips
keep working. Faults for the bring-up list: a chip missing or failing, an electrode stuck at a rail
(shorted or open), an electrode whose reading jitters by 3/4 of its touch threshold or more.

scan() allocates nothing when nothing changes: state lives in arrays made once, and the returned
list is reused (read it before the next scan).
"""

from array import array

from arkham.compat import forget
from arkham.hw import chip_name, parse_chip
from arkham.hw.pads_scan import (
    CHIP_FAILING,
    CHIP_NODRIVER,
    CHIP_OK,
    FAULT_NOISY,
    FAULT_STUCK,
    RELEASE,
    TOUCH,
    PadScan,
    _fault_name,
)


class Pads(PadScan):
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
        self._hold = [0] * nc  # scans left before a chip's changes count again (noise)
        # pads in board order
        self.names = []  # type: list[str]
        self._chip_of = bytearray()  # pad -> chip index
        self._e = bytearray()  # pad -> electrode
        self._pad_of = bytearray(len(board.spots))  # spot index -> pad index + 1 (0: no pad)
        self._emap = [[-1] * 12 for _ in range(nc)]  # chip index -> electrode -> pad index
        for j, s in enumerate(board.spots):
            if s.chip is None:
                continue
            k = len(self.names)
            ci = self.chips.index(s.chip)
            self.names.append(s.name)
            self._chip_of.append(ci)
            self._e.append(s.electrode)
            self._emap[ci][s.electrode] = k
            self._pad_of[j] = k + 1
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
        self._sm = array("h", [-1] * n)  # smoothed reading, 16ths of a count (-1: none yet)
        self._jit = array("H", [0] * n)  # mean step between scans, 16ths of a count
        self._up = bytearray(n)  # scans in a row far above the reference
        self._nsum = array("H", [0] * n)  # steps between scans summed over a noise window
        self._quiet = bytearray(n)  # quiet noise windows in a row
        self._lone = bytearray(n)  # the last step was a lone big one (a token, not jitter)
        self._shl = bytearray(n)  # smoothing level in use (5: too noisy to believe)
        self._shw = bytearray(n)  # the highest level the jitter asked for in this window
        self._npads = [0] * nc
        for ci in self._chip_of:
            self._npads[ci] += 1
        self._nbig = bytearray(n)
        self._fault = bytearray(n)
        self._buf = [[0] * 12 for _ in range(nc)]  # each chip's readings (its driver skips
        # decoding bytes that did not change: MPR121.read_filtered)
        # bit e: electrode e's state is a fixed point of its reading (0xFFF: the chip's)
        self.still = array("H", [0] * nc)
        self._steps = [0] * 12  # one chip's steps since the last scan (-1: none)
        self._changes = []
        self._notices = []
        self.scans = 0

    # -- the scan ------------------------------------------------------------------------------
    def pad(self, spot):
        """The pad index of a spot, or None (no such spot, or a spot with no pad)."""
        b = self.board.index(spot)
        return None if b is None or not self._pad_of[b] else self._pad_of[b] - 1

    def present(self, spot):
        k = self.pad(spot)
        return k is not None and self._present[k] == 1

    def present_spots(self):
        """Names of the spots that hold something now, board order."""
        return [self.names[k] for k in range(len(self.names)) if self._present[k]]

    def chip_ok(self, chip):
        a = parse_chip(chip)
        return a in self.chips and self._state[self.chips.index(a)] == CHIP_OK

    def unreport(self, spot, present):
        """A reported change was not saved (arkham.app): report it again once it holds."""
        k = self.pad(spot)
        if k is not None:
            self._present[k] = 0 if present else 1
            self._count[k] = 0
            self.still[self._chip_of[k]] = 0

    def take_notices(self):
        out = self._notices
        if out:  # (none: the same empty list, no new one at every scan of an idle table)
            self._notices = []
        return out

    # -- faults (a bring-up table paints them at every repaint) ---------------------------------
    def faults(self):
        """Current faults: chips missing/failing, stuck or noisy electrodes (board order)."""
        out = []
        for ci in range(len(self.chips)):
            if self._state[ci] != CHIP_OK:
                kind = "failing" if self._ever_ok[ci] else "missing"
                out.append({"chip": chip_name(self.chips[ci]), "fault": kind, "err": self._err[ci]})
        for k in range(len(self.names)):
            for bit in (FAULT_STUCK, FAULT_NOISY):
                if self._fault[k] & bit:
                    out.append(
                        {
                            "fault": _fault_name(bit),
                            "spot": self.names[k],
                            "chip": chip_name(self.chips[self._chip_of[k]]),
                            "e": self._e[k],
                        }
                    )
        return out

    # -- bring-up and calibration (arkham.hw.pads_report, pads_info: loaded for the call) ------
    def report(self, chip=None):
        """Per electrode, board order: readings, our reference and thresholds, presence."""
        return list(self.report_items(chip))

    def report_items(self, chip=None):
        """report() as an iterator: each electrode's dict made when it is read (`pads` writes
        them one by one). Checks `chip` at once (ValueError)."""
        from arkham.hw import pads_report  # (its own module: only `pads` wants it)

        try:
            return pads_report.report(self, chip)
        finally:
            forget("arkham.hw.pads_report")

    def calibrate_empty(self, reads=4):
        """The board is empty now: each pad's mean reading becomes its empty reference."""
        return _info("calibrate_empty", self, reads)

    def calibration(self):
        """JSON-able: {"v": 1, "pads": {spot: [empty or null, touch, release]}}."""
        return _info("calibration", self)

    def set_calibration(self, d):
        """Apply a calibration() dict; ValueError (changing nothing) if any entry is bad."""
        _info("set_calibration", self, d)

    def reset_calibration(self):
        _info("reset_calibration", self)

    def set_threshold(self, spot, touch, release):
        _info("set_threshold", self, spot, touch, release)


def _info(fn, p, *args):
    from arkham.hw import pads_info

    try:
        return getattr(pads_info, fn)(p, *args)
    finally:
        forget("arkham.hw.pads_info")
        for ci in range(len(p.still)):  # (references or thresholds moved: every chip again)
            p.still[ci] = 0


if __file__.endswith(".py"):  # compiled from source (CircuitPython, tests): compile it now, on a
    from arkham.hw import pads_info, pads_report  # noqa: E402,F401  (clean heap; forget: .mpy only)
