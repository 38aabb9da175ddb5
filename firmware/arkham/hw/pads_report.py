"""Pads: the per-electrode report a maker reads at bring-up (`pads`). Loaded by Pads for the
call and forgotten after (compat.forget), apart from the calibration (arkham.hw.pads_info): the
report with the pads' verbs was the bring-up table's worst point.
"""

from arkham.hw import chip_name, parse_chip
from arkham.hw.pads_scan import CHIP_OK, _err_text


def report(p, chip=None):
    """Per electrode, board order: readings, our reference and thresholds, presence: an
    iterator (each electrode's dict made as it is written; the chip is checked at once)."""
    want = None
    if chip is not None:
        want = parse_chip(chip)
        if want not in p.chips:
            raise ValueError("no chip %s on this board" % (chip,))
    bases = {}
    touched = {}
    for ci in range(len(p.chips)):
        if (want is not None and p.chips[ci] != want) or p._state[ci] != CHIP_OK:
            continue
        drv = p._drv[ci]
        b = [0] * 12
        try:
            drv.read_baseline(b)
            bases[ci] = b
            if hasattr(drv, "touched"):
                touched[ci] = drv.touched()
        except OSError as err:
            p._fail(ci, 0, _err_text(err))
    return _report(p, want, bases, touched)


def _report(p, want, bases, touched):
    for k in range(len(p.names)):
        ci = p._chip_of[k]
        if want is not None and p.chips[ci] != want:
            continue
        e = p._e[k]
        f = p.filtered[k]
        em = p.empty[k]
        d = {
            "filtered": f if f >= 0 else None,
            "baseline": bases[ci][e] if ci in bases else None,
            "empty": em if em >= 0 else None,
            "delta": em - f if em >= 0 and f >= 0 else None,
            "touch": p.touch[k],
            "release": p.release[k],
            "present": p._present[k] == 1,
            "chip_touch": bool(touched[ci] & (1 << e)) if ci in touched else None,
        }
        d["spot"] = p.names[k]
        d["chip"] = chip_name(p.chips[ci])
        d["e"] = e
        yield d
