"""The status replies `board` and `pads` (arkham.verbs hands them over): big lists, sent one item
at a time as they are encoded (protocol.Each), never whole in RAM: the bring-up table's peak was
the `board` reply built as a list of dicts."""

from arkham.games import CommandError
from arkham.protocol import Each, no_more


def board(app, args, kw):
    no_more("board", args, kw)
    b = app.board
    spots = b.spots

    def spot(k):  # (one spot's dict at a time, as it is sent)
        s = spots[k]
        return {
            "name": s.name,
            "leds": list(s.leds),
            "pad": None if s.chip is None else ["0x%02X" % s.chip, s.electrode],
            "xy": [s.x, s.y],
        }

    return {"board": {"name": b.name, "title": b.title, "leds": b.led_count,
                      "spots": Each(len(spots), spot)}}


def chip_arg(app, text):
    """`0x5B` or `5B` -> 0x5B, checked against the board's chips."""
    t = text.lower()
    if t.startswith("0x"):
        t = t[2:]
    ok = 0 < len(t) <= 2
    for c in t:
        ok = ok and c in "0123456789abcdef"
    chips = " ".join("0x%02X" % c for c in app.board.chips)
    if not ok:
        raise CommandError(
            "bad chip %r: want its address, e.g. 0x5A; this board has %s" % (text[:20], chips)
        )
    addr = int(t, 16)
    if addr not in app.board.chips:
        raise CommandError("no chip 0x%02X on this board; it has %s" % (addr, chips))
    return addr


def pads(app, args, kw):
    no_more("pads", args, kw, 1)
    chip = chip_arg(app, args[0]) if args else None
    ks, item = app.pads.report_items(chip)  # (each pad's dict made as it is sent)
    return {"pads": Each(len(ks), lambda i: item(ks[i]))}
