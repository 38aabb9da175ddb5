"""Pads, the part a maker uses at bring-up: calibration (the per-electrode report is in
arkham.hw.pads_report).

Loaded by Pads when one of these is asked for and forgotten after (compat.forget): they run at
boot and at `calib`, so their code need not stay in a Pico's heap.
"""

from arkham.hw.pads_scan import (
    CHIP_OK,
    RAIL_HIGH,
    RAIL_LOW,
    RELEASE,
    TOUCH,
    _err_text,
)


# -- calibration -------------------------------------------------------------------------
def calibrate_empty(p, reads=4):
    """The board is empty now: the mean of `reads` readings becomes each pad's empty
    reference. Returns how many electrodes were captured (stuck ones and failing chips
    are skipped)."""
    captured = 0
    buf = [0] * 12
    for ci in range(len(p.chips)):
        if p._state[ci] != CHIP_OK:
            continue
        sums = [0] * 12
        try:
            for _ in range(reads):
                p._drv[ci].read_filtered(buf)
                for e in range(12):
                    sums[e] += buf[e]
        except OSError as err:
            p._fail(ci, 0, _err_text(err))
            continue
        for e in range(12):
            k = p._emap[ci][e]
            if k < 0:
                continue
            v = sums[e] // reads
            if v <= RAIL_LOW or v >= RAIL_HIGH:
                continue
            p.empty[k] = v
            p._drift[k] = 0
            captured += 1
    return captured


def calibration(p):
    """JSON-able: {"v": 1, "pads": {spot: [empty or null, touch, release]}}."""
    pads = {}
    for k in range(len(p.names)):
        em = p.empty[k]
        pads[p.names[k]] = [em if em >= 0 else None, p.touch[k], p.release[k]]
    return {"v": 1, "pads": pads}


def set_calibration(p, d):
    """Apply a calibration() dict (pads not listed keep theirs). Checks everything first:
    raises ValueError with a message and changes nothing when any entry is bad."""
    if not isinstance(d, dict) or d.get("v") != 1 or not isinstance(d.get("pads"), dict):
        raise ValueError('calibration must be {"v": 1, "pads": {spot: [empty, touch, release]}}')
    pads = d["pads"]
    todo = []
    for name in sorted(pads):
        k = p.pad(name)
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
        p.empty[k] = -1 if em is None else em
        p.touch[k] = t
        p.release[k] = r
        p._drift[k] = 0


def reset_calibration(p):
    """Default thresholds; empty references re-taken from the next readings."""
    for k in range(len(p.names)):
        p.empty[k] = -1
        p.touch[k] = TOUCH
        p.release[k] = RELEASE
        p._drift[k] = 0


def set_threshold(p, spot, touch, release):
    k = p.pad(spot)
    if k is None:
        raise ValueError("%r is not a spot with a pad on this board" % (spot,))
    _check_thresholds(spot, touch, release)
    p.touch[k] = touch
    p.release[k] = release


def _is_int(v):
    return isinstance(v, int) and not isinstance(v, bool)


def _check_thresholds(name, touch, release):
    if not (_is_int(touch) and _is_int(release) and 0 <= release < touch <= 255):
        raise ValueError(
            "%s: thresholds need whole numbers 0 <= release < touch <= 255, got touch=%r release=%r"
            % (name, touch, release)
        )
