"""The emulated table: the real app on arkham.emu hardware, serial link on stdin/stdout.

    micropython firmware/emulator.py --board PATH|NAME [--game NAME] [--state DIR]
                                     [--period MS] [--seed N] [--noise N] [--debug 1]
                                     [--clock MS] [--restart 1]

--board   a board map file, or the NAME of hardware/boards/NAME.json
--game    the game to run; a saved game of the same name in --state is resumed, another one is
          replaced (seq still continues). Without it: the saved game, else bringup.
--state   where state.json and calib.json are kept (created if missing); without it nothing is
          kept between runs.
--debug 1 prints the traceback of every failure reported as an `error` event to stderr.
--clock   a synthetic table for benches (off by default: the machine's clock): every input line
          read is MS ms of table time, see SyntheticClock; then the same input gives the same run.
--restart 1 models a Pico's restart after a game switch (arkham.app: a Pico restarts to drop the
          old game's names): once the new game is saved and its reply is out, the emulator
          exits (SystemExit); run it again without --game to resume the game (bench m32 does).
Lines starting with 0x1E on stdin/stdout are the world side channel (docs/design.md), handled
inside arkham.emu; everything else is protocol v1 (docs/protocol.md). Runs under the MicroPython
unix port or CPython; stdin end-of-file or the world command `quit` ends it.
"""

import sys

USAGE = (
    "usage: emulator.py --board PATH|NAME [--game NAME] [--state DIR] [--period MS] "
    "[--seed N] [--noise N] [--debug 1] [--clock MS] [--restart 1]"
)
_FLAGS = ("--board", "--game", "--state", "--period", "--seed", "--noise", "--debug", "--clock",
          "--restart")


def _bytes(piece):
    # a piece is a str, bytes, or a view of a buffer the writer reuses
    return piece.encode() if isinstance(piece, str) else bytes(piece)


class MemoryStorage:
    """Storage that forgets everything when the process ends (no --state). A file is kept as
    its pieces, as they were written (no block of its whole size, like the flash)."""

    def __init__(self):
        self.files = {}

    def save(self, name, data):
        if callable(data):
            pieces = []
            data(lambda piece: pieces.append(_bytes(piece)))  # (the piece's buffer is reused)
        else:
            pieces = [_bytes(data)]
        self.files[name] = pieces  # replaced only once all of it was written

    def load(self, name):
        pieces = self.files.get(name)
        return None if pieces is None else b"".join(pieces).decode()


class SyntheticClock:
    """Table time that follows the input, not the machine (--clock MS): the same input lines
    give the same run, step for step, on a busy machine or an idle one (bench m32 measures
    heaps so). Off by default: `tools/arkham sim` and a Pico keep the real clock.

    The device code's ticks_ms (arkham.compat's, patched before the app is imported) and the
    emulated chips read `now`. It starts at 0 and moves only where the app's loop waits, by
    `period` ms each time: the app's step takes no table time, so a step is one period (the
    emulator's idle rest, which spares the host's CPU, does not apply: a Pico steps every
    period). Each input line read is `per_line` ms of table time: the loop runs per_line /
    period steps (scans, ticks, repaints, saves, as on a table left alone meanwhile) without
    reading, then waits for input with the clock standing still; the boot is a line's time
    too (its hello goes out first). Input that comes meanwhile waits unread: for a host that
    sends one command at a time and waits for its reply (answered in its first step), every
    command is per_line / period steps whatever the pipe's timing. A wait allocates the same
    whatever it lasts (one poll). New games' seeds (compat.fresh_seed, the chip's entropy on a
    Pico) are 1, 2, 3... in the order asked."""

    def __init__(self, io, per_line, period):
        self.io = io
        self.per_line = per_line
        self.period = period
        self.now = 0
        self.left = per_line  # ms of table time before the input is read (the boot: a line's)
        self.seeds = 0

    def ticks(self):
        return self.now

    def seed(self):
        self.seeds += 1
        return self.seeds

    def read(self):
        if self.left > 0:
            return b""
        io = self.io
        io.wait(None)  # (once, even when input is there: the same allocations every time)
        data = io.read()
        while data[-1:] != b"\n":  # a line still coming (EOFError at the end of input)
            io.wait(None)
            data += io.read()
        self.left = self.per_line * data.count(b"\n")
        return data

    def writable(self):
        return self.io.writable()

    def write(self, data):
        self.io.write(data)

    def wait(self, ms):
        self.now += self.period
        self.left -= self.period


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
    for k in ("period", "seed", "noise", "clock"):
        if k in got:
            if not got[k].isdigit():
                _fail("--%s wants a whole number" % k)
            got[k] = int(got[k])
    if "clock" in got and got.get("period", 10) < 1:
        _fail("--clock needs a --period of 1 ms or more (its time moves only when a step waits)")
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
    options = {"emulated": True}
    for k in ("game", "period", "seed", "noise"):
        if k in args:
            options[k] = args[k]
    if "clock" in args:
        from arkham import compat
        from arkham.emu.stream import stdio

        clock = SyntheticClock(stdio(), args["clock"], options.get("period", 10))
        compat.ticks_ms = options["clock"] = clock.ticks  # (before the app imports it)
        compat.fresh_seed = clock.seed
        options["io"] = clock
    from arkham import table

    # the board first, then the hardware's and the app's code, as a Pico's main.py does
    # (table.make_app): the code fills the holes the board file's parse leaves in the heap
    board = table.load_board(board_path(args["board"]))
    if board is None:
        sys.exit(1)
    from arkham import emu
    from arkham.app import App

    if "state" in args:
        _make_dir(args["state"])
        options["state_dir"] = args["state"]
    if args.get("debug") == "1":
        options["on_failure"] = _print_failure
    hw = emu.make(board, options)
    if "state" not in args:
        hw.storage = MemoryStorage()
    if args.get("restart") == "1":
        hw.soft_reset = sys.exit  # (a Pico's program ends there too, then its boot runs again)
    app = App(hw, board, options)
    app.run()  # (with --restart 1: sys.exit after a switch to another game)


if __name__ == "__main__":
    main(sys.argv[1:])
