"""The maker's checks of the pads: `pads` (each electrode's readings) and `faults` (chips and
electrodes that fail), as in docs/protocol.md.

Loaded for the command and forgotten after, like arkham.calibrate, and apart from it: `pads` also
loads the pads' report (arkham.hw.pads_report), and the two in the heap together would be a
bring-up table's largest moment. Handlers as in arkham.verbs.
"""

from arkham.games import CommandError
from arkham.protocol import no_more


def pads(app, tag, args, kw, now):
    no_more("pads", args, kw, 1)
    chip = None
    if args:  # `0x5B` or `5B` -> 0x5B, checked against the board's chips
        t = args[0].lower()
        if t.startswith("0x"):
            t = t[2:]
        ok = 0 < len(t) <= 2
        for c in t.encode():  # (bytes: a str's characters would each become a name for good)
            ok = ok and c in b"0123456789abcdef"
        chips = " ".join("0x%02X" % c for c in app.board.chips)
        if not ok:
            raise CommandError("bad chip %r: want its address, e.g. 0x5A; this board has %s"
                               % (args[0][:20], chips))
        chip = int(t, 16)
        if chip not in app.board.chips:
            raise CommandError("no chip 0x%02X on this board; it has %s" % (chip, chips))
    return {"pads": app.pads.report_items(chip)}


def faults(app, tag, args, kw, now):
    no_more("faults", args, kw)
    return {"faults": app.pads.faults()}
