"""The emulated table: the real app on arkham.emu hardware, serial link on stdin/stdout.

    micropython firmware/emulator.py --board PATH|NAME [--game NAME] [--state DIR]
                                     [--period MS] [--seed N] [--noise N] [--debug 1]

--board   a board map file, or the NAME of hardware/boards/NAME.json
--game    the game to run; a saved game of the same name in --state is resumed, another one is
          replaced (seq still continues). Without it: the saved game, else bringup.
--state   where state.json and calib.json are kept (created if missing); without it nothing is
          kept between runs.
--debug 1 prints the traceback of every failure reported as an `error` event to stderr.
Lines starting with 0x1E on stdin/stdout are the world side channel (docs/design.md), handled
inside arkham.emu; everything else is protocol v1 (docs/protocol.md). Runs under the MicroPython
unix port or CPython; stdin end-of-file or the world command `quit` ends it.
"""

import sys

USAGE = (
    "usage: emulator.py --board PATH|NAME [--game NAME] [--state DIR] [--period MS] "
    "[--seed N] [--noise N] [--debug 1]"
)
_FLAGS = ("--board", "--game", "--state", "--period", "--seed", "--noise", "--debug")


class MemoryStorage:
    """Storage that forgets everything when the process ends (no --state). A file is kept as
    its pieces, as they were written (no block of its whole size, like the flash)."""

    def __init__(self):
        self.files = {}

    def save(self, name, data):
        if callable(data):
            pieces = []
            data(lambda piece: pieces.append(bytes(piece)))  # (the piece's buffer is reused)
        else:
            pieces = [data.encode() if isinstance(data, str) else bytes(data)]
        self.files[name] = pieces  # replaced only once all of it was written

    def load(self, name):
        pieces = self.files.get(name)
        return None if pieces is None else b"".join(pieces).decode()


def _fail(msg):
    sys.stderr.write("emulator.py: %s\n%s\n" % (msg, USAGE))
    sys.exit(2)


def parse_args(argv):
    got = {}
    i = 0
    while i < len(argv):
        flag = argv[i]
        if flag in ("-h", "--help"):
            sys.stdout.write(__doc__)
            sys.exit(0)
        if flag not in _FLAGS:
            _fail("unknown argument %r" % flag)
        if i + 1 >= len(argv):
            _fail("%s needs a value" % flag)
        got[flag[2:]] = argv[i + 1]
        i += 2
    if "board" not in got:
        _fail("--board is required")
    for k in ("period", "seed", "noise"):
        if k in got:
            if not got[k].isdigit():
                _fail("--%s wants a whole number" % k)
            got[k] = int(got[k])
    return got


def _here():
    f = __file__ if "/" in __file__ else "./" + __file__
    return f[: f.rfind("/")]


def board_path(text):
    if "/" in text or text.endswith(".json"):
        return text
    return _here() + "/../hardware/boards/" + text + ".json"


def _print_failure(where, exc):
    sys.stderr.write("emulator.py: failure in %s:\n" % where)
    if hasattr(sys, "print_exception"):
        sys.print_exception(exc, sys.stderr)  # MicroPython
    else:
        import traceback

        traceback.print_exception(type(exc), exc, exc.__traceback__, file=sys.stderr)


def _make_dir(path):
    import os

    parts = path.split("/")
    for i in range(1, len(parts) + 1):
        p = "/".join(parts[:i])
        if not p:
            continue
        try:
            os.mkdir(p)
        except OSError:
            pass  # exists (or cannot be made: Storage reports that on the first save)


def main(argv):
    args = parse_args(argv)
    from arkham import hw as hardware
    from arkham import table
    from arkham.app import App

    board = table.load_board(board_path(args["board"]))
    if board is None:
        sys.exit(1)
    options = {"emulated": True}
    for k in ("game", "period", "seed", "noise"):
        if k in args:
            options[k] = args[k]
    if "state" in args:
        _make_dir(args["state"])
        options["state_dir"] = args["state"]
    if args.get("debug") == "1":
        options["on_failure"] = _print_failure
    hw = hardware.make(board, options)
    if "state" not in args:
        hw.storage = MemoryStorage()
    App(hw, board, options).run()


if __name__ == "__main__":
    main(sys.argv[1:])
