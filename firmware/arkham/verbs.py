"""The core verbs of protocol v1 (every game mode has these; docs/protocol.md documents them).

A handler is fn(app, tag, args, kw, now_ms) -> dict merged into the ok reply (or False when it
replied itself). It raises CommandError before changing anything when the command is bad.
"""

from arkham import games
from arkham.games import CommandError
from arkham.protocol import int_arg, no_more
from arkham.sweep import COLOURS, Sweep


def _hello(app, tag, args, kw, now):
    no_more("hello", args, kw)
    return app.hello_fields()


def _help(app, tag, args, kw, now):
    no_more("help", args, kw, 1)
    if args:
        v = args[0].lower()
        line = core_help().get(v) or app.mode.VERBS.get(v)
        if line is None:
            raise CommandError("help: no verb %r; verbs: %s" % (v[:20], app.verb_list()))
        return {"verb": v, "help": line}
    game_verbs = {}
    for v in app.mode.VERBS:
        if v not in CORE:
            game_verbs[v] = app.mode.VERBS[v]
    return {"core": core_help(), "game": app.game, "verbs": game_verbs}


def core_help():
    from arkham.helptext import HELP  # loaded on first `help` only: it is RAM on a Pico

    return HELP


def _dump(app, tag, args, kw, now):
    no_more("dump", args, kw)
    present = [s.name for s in app.board.spots if s.chip is not None and app.pads.present(s.name)]
    return {
        "board": app.board.name,
        "game": app.game,
        "options": app.game_options,
        "seq": app.events.seq,
        "state": app.mode.dump(),
        "present": present,
        "lit": app.lights.lit(),
        "faults": app.pads.faults(),
        "sweeping": app.sweep is not None,
    }


def _since(app, tag, args, kw, now):
    no_more("since", args, kw, 1)
    if not args:
        raise CommandError("since: want N, the last seq you have (e.g. since 0)")
    n = int_arg(args[0], "since", 0, 1 << 30)
    ev = app.events
    if n > ev.seq:
        raise _too_new(n, ev.seq)
    lines = ev.since(n)
    if lines is None:
        raise _too_old(n, ev.oldest(), ev.seq)
    app._out.extend(lines)
    return {"from": n + 1, "to": ev.seq, "count": len(lines)}


def _too_old(n, oldest, seq):
    held = "the buffer is empty" if oldest > seq else "the buffer holds %d..%d" % (oldest, seq)
    return CommandError(
        "since %d: events after %d are no longer buffered (%s); send dump" % (n, n, held)
    )


def _too_new(n, seq):
    return CommandError(
        "since %d: the table's last event is %d (it restarted fresh?); send dump" % (n, seq)
    )


def _game(app, tag, args, kw, now):
    if not args:
        no_more("game", args, kw)
        return {"game": app.game, "options": app.game_options, "games": games.names()}
    no_more("game", args, {}, 1)
    name = args[0].lower()
    app.switch_game(name, kw)
    return {"game": name, "options": kw}


def _board(app, tag, args, kw, now):
    no_more("board", args, kw)
    b = app.board
    spots = []
    for s in b.spots:
        spots.append(
            {
                "name": s.name,
                "leds": list(s.leds),
                "pad": None if s.chip is None else ["0x%02X" % s.chip, s.electrode],
                "xy": [s.x, s.y],
            }
        )
    return {"board": {"name": b.name, "title": b.title, "leds": b.led_count, "spots": spots}}


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


def _pads(app, tag, args, kw, now):
    no_more("pads", args, kw, 1)
    chip = chip_arg(app, args[0]) if args else None
    return {"pads": app.pads.report(chip)}


def _faults(app, tag, args, kw, now):
    no_more("faults", args, kw)
    return {"faults": app.pads.faults()}


def _calib(app, tag, args, kw, now):
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


def _sweep(app, tag, args, kw, now):
    if args and args[0].lower() == "stop":
        no_more("sweep stop", args[1:], kw)
        was = app.sweep is not None
        if was:
            app.sweep = None
            app.pixels.clear()
            app.redraw()
        return {"stopped": was}
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


def _repl(app, tag, args, kw, now):
    no_more("repl", args, kw)
    if app.options.get("emulated"):
        raise CommandError("repl: not on the emulated table (stop the emulator instead)")
    app.running = False
    return {"repl": True}


CORE = {
    "hello": _hello,
    "help": _help,
    "dump": _dump,
    "since": _since,
    "game": _game,
    "board": _board,
    "pads": _pads,
    "faults": _faults,
    "calib": _calib,
    "sweep": _sweep,
    "repl": _repl,
}
