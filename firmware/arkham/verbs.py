"""The core verbs of protocol v1 (every game mode has these; docs/protocol.md documents them).

A handler is fn(app, tag, args, kw, now_ms) -> dict merged into the ok reply (or False when it
replied itself). It raises CommandError before changing anything when the command is bad.
The maker's verbs live in arkham.calibrate (board, calib, sweep) and arkham.padcheck (pads,
faults), `since` in arkham.evreplay, loaded when one is sent and forgotten after (`handler`): a
table in play rarely needs them, and on a Pico every loaded module's code (and each of its names)
sits in the heap.
"""

from arkham import games
from arkham.compat import const, forget
from arkham.games import CommandError
from arkham.protocol import no_more


def hello(app, tag, args, kw, now):
    no_more("hello", args, kw)
    return app.hello_fields()


def help(app, tag, args, kw, now):
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
    from arkham import helptext  # loaded for a `help` only: on a Pico its text sits in the heap

    forget("arkham.helptext")  # (the dict lives on while the reply uses it)
    return helptext.HELP


def dump(app, tag, args, kw, now):
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


def game(app, tag, args, kw, now):
    if not args:
        no_more("game", args, kw)
        return {"game": app.game, "options": app.game_options, "games": games.names()}
    no_more("game", args, {}, 1)
    name = args[0].lower()
    app.switch_game(name, kw)
    if app.restart:  # (another game on a Pico: it restarts once saved, a `hello` event follows)
        return {"game": name, "options": kw, "restart": True}
    return {"game": name, "options": kw}


def repl(app, tag, args, kw, now):
    no_more("repl", args, kw)
    if app.options.get("emulated"):
        raise CommandError("repl: not on the emulated table (stop the emulator instead)")
    app.running = False
    app.restart = False  # (the REPL, even right after a game switch)
    return {"repl": True}


_MAKER = const("arkham.calibrate")  # (a CORE entry naming the module that holds the handler)
_PADS = const("arkham.padcheck")
_REPLAY = const("arkham.evreplay")  # (`since`: between reconnects no table needs its code)

CORE = {
    "hello": hello,
    "help": help,
    "dump": dump,
    "since": _REPLAY,
    "game": game,
    "board": _MAKER,
    "pads": _PADS,
    "faults": _PADS,
    "calib": _MAKER,
    "sweep": _MAKER,
    "repl": repl,
}


def handler(verb):
    """The handler of a core verb, or None; a maker's verb loads its module (a CORE entry that
    is a module's name: _MAKER, _PADS), which the app forgets once the reply is written."""
    h = CORE.get(verb)
    if isinstance(h, str):
        h = getattr(__import__(h, None, None, ["_"]), verb)
    return h


if __file__.endswith(".py"):  # compiled from source (CircuitPython, tests): compile it now, on a
    from arkham import calibrate, padcheck  # noqa: E402,F401  (clean heap; forget keeps sources)
