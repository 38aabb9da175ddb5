"""Fakes for testing a game mode in-process, without the app: pads, lights, and the ctx the app
hands a mode (emit, save, redraw, board, pads), plus console helpers. Used by the per-game table
tests (tests/ritual, tests/ah2e_table)."""
import json
import pathlib
import types

from arkham import boardmap
from arkham.games import CommandError
from arkham.hw.pixels import BLINK, FLASH, PULSE, STEADY

BOARDS = pathlib.Path(__file__).resolve().parents[1] / "hardware" / "boards"
ANIM = {STEADY: "steady", BLINK: "blink", PULSE: "pulse", FLASH: "flash"}
_BOARDS = {}


def board(name):
    """The real board map `name` (loaded once per test run)."""
    if name not in _BOARDS:
        _BOARDS[name] = boardmap.load(str(BOARDS / (name + ".json")))
    return _BOARDS[name]


class Pads:
    def __init__(self):
        self.on = set()
        self.down = set()  # chips not answering (their pads keep what they saw)

    def present(self, spot):
        return spot in self.on

    def chip_ok(self, chip):
        return chip not in self.down


class Lights:
    """Records what the scene painted: spot -> ((r, g, b), animation name)."""

    def __init__(self, board):
        self.board = board
        self.frame = {}

    def show(self, spot, rgb, anim=STEADY):
        self.frame[spot] = (tuple(rgb), ANIM[anim])

    def paint(self, spots, colours):  # (as arkham.hw.lights.Lights: by spot index)
        for k in range(self.board.count):
            if spots[k]:
                row = colours[spots[k] - 1]
                self.show(self.board.spot_names[k], row[1], row[2])

    def clear(self):
        self.frame = {}


class FakeTable:
    """The ctx a mode gets from the app, recording what the mode does with it."""

    now = 0

    def __init__(self, board_name, mode_cls, options):
        self.board = board(board_name)
        self.pads = Pads()
        self.events = []
        self.saves = 0
        self.redraws = 0
        self.mode = mode_cls(self, {k: str(v) for k, v in options.items()})
        self.lights = Lights(self.board)

    # ctx
    def emit(self, ev, fields=None):
        self.events.append((ev, dict(fields or {})))

    def save(self):
        self.saves += 1

    def redraw(self):
        self.redraws += 1

    flash = None  # the mode's saved snapshot, as JSON, when a test gives one: on_flash() then

    def on_flash(self):
        return self.flash is not None

    def back_from_save(self):
        self.mode.restore(json.loads(self.flash))

    # console
    def cmd(self, line):
        """A console line, split as the app does: words are args, key=value are options (a
        JSON word starting with { stays an arg)."""
        words = line.split()
        args = [w for w in words[1:] if "=" not in w or w.startswith("{")]
        kw = dict(w.split("=", 1) for w in words[1:] if "=" in w and not w.startswith("{"))
        return _sent(self.mode.command(words[0], args, kw))

    def bad(self, line):
        """The reason a console line is refused (fails the test if it is accepted)."""
        try:
            self.cmd(line)
        except CommandError as e:
            return str(e)
        raise AssertionError("accepted: " + line)

    def scene(self):
        self.lights.clear()
        self.mode.scene(self.lights, self.now)
        return dict(self.lights.frame)

    def names(self):
        return [e[0] for e in self.events]


def options(lines):
    """A numbered `legal` reply (arkham.games.legaltext) read back: ["1 play card=5 inv=1", ...]
    -> [{"a": "play", "card": 5, "inv": 1}, ...] (arkham_host.wire.legal_reply)."""
    from arkham_host.wire.legal_reply import unlabel

    for k, line in enumerate(lines):
        assert line.split(" ")[0] == str(k + 1), "options are numbered from 1, in order: %r" % line
    return [unlabel(line, lists=()) for line in lines]  # (FH: `cards` is a count)


def _sent(reply):
    """A reply as the app sends it: a generator (a long list made item by item as it is
    written, e.g. Final Hour's `legal`) is a JSON list."""
    if isinstance(reply, dict):
        return {k: _sent(v) for k, v in reply.items()}
    if isinstance(reply, types.GeneratorType):
        return list(reply)
    return reply
