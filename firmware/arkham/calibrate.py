"""The maker's verbs that fit a table to its board map: `board` (the map as loaded), `calib` (the
pads' empty readings and thresholds), `sweep` (each LED lit in turn); docs/protocol.md documents
them, and the pads' checks are in arkham.padcheck.

Bring-up and calibration tools, seldom sent while a game is played: arkham.verbs loads this
module for one command and the app forgets it after (its code leaves a Pico's heap). The long
replies (`board`, `pads`) are generators the encoder writes item by item, so a 48-spot list of
dicts never sits in the heap whole. Handlers as in arkham.verbs.
"""

from arkham.games import CommandError
from arkham.protocol import int_arg, no_more


def board(app, tag, args, kw, now):
    no_more("board", args, kw)
    b = app.board
    spots = ({"name": s.name, "leds": s.leds,  # (one at a time, as the reply is written)
              "pad": None if s.chip is None else ["0x%02X" % s.chip, s.electrode],
              "xy": [s.x, s.y]} for s in b.spots)
    return {"board": {"name": b.name, "title": b.title, "leds": b.led_count, "spots": spots}}


def calib(app, tag, args, kw, now):
    what = args[0].lower() if args else "show"
    if what == "show":
        no_more("calib", args, kw, 1)
        return {"calib": app.pads.calibration()}
    if what == "empty":
        no_more("calib empty", args[1:], kw)
        n = app.pads.calibrate_empty()
        app.save_calibration()
        app.emit("calib", {"what": "empty", "captured": n})
        return {"captured": n}
    if what == "set":
        no_more("calib set", args[2:], kw, 0, ("release", "touch"))
        if len(args) < 2:
            raise CommandError("calib set: want SPOT touch=N release=M")
        spot = app.board.spot(args[1])
        if spot is None or spot.chip is None:
            raise CommandError("calib set: %r is not a spot with a pad" % args[1][:40])
        if "touch" not in kw or "release" not in kw:
            raise CommandError("calib set: want both touch=N and release=M")
        touch = int_arg(kw["touch"], "touch", 1, 255)
        release = int_arg(kw["release"], "release", 0, 255)
        try:
            app.pads.set_threshold(spot.name, touch, release)
        except ValueError as e:
            raise CommandError("calib set: " + str(e.args[0] if e.args else "bad thresholds"))
        app.save_calibration()
        app.emit("calib", {"what": "set", "spot": spot.name, "touch": touch, "release": release})
        return {"spot": spot.name, "touch": touch, "release": release}
    if what == "reset":
        no_more("calib reset", args[1:], kw)
        app.pads.reset_calibration()
        app.save_calibration()
        app.emit("calib", {"what": "reset"})
        return {"calib": app.pads.calibration()}
    raise CommandError(
        "calib: unknown %r; want calib, calib empty, calib set, calib reset" % what[:20]
    )


def sweep(app, tag, args, kw, now):
    if args and args[0].lower() == "stop":
        no_more("sweep stop", args[1:], kw)
        was = app.sweep is not None
        if was:
            app.sweep = None
            app.pixels.clear()
            app.redraw()
        return {"stopped": was}
    from arkham.sweep import COLOURS, Sweep  # (kept while the sweep runs: the app steps it)

    no_more("sweep", args, kw, 0, ("colour", "ms"))
    ms = int_arg(kw["ms"], "ms", 10, 5000) if "ms" in kw else 100
    name = kw.get("colour", "white").lower()
    rgb = COLOURS.get(name)
    if rgb is None:
        raise CommandError(
            "sweep: colour %r unknown; want %s" % (name[:20], " ".join(sorted(COLOURS)))
        )
    count = app.board.led_count
    app.pixels.clear()
    app.sweep = Sweep(count, rgb, ms, now)
    return {"leds": count, "ms": ms, "colour": name}
