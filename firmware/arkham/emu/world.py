"""The emulated table's world: tokens and hands on pads, chip faults, model time, and the world
side channel that carries them (docs/design.md, "The emulated table").

World.execute(command) runs one command against the chip models and returns the reply fields
(raising WorldError, changing nothing, when the command is bad); emu.stream carries the lines.
"""

from arkham.compat import ticks_add, ticks_diff, ticks_ms
from arkham.emu.mpr121 import HAND_DELTA, TOKEN_DELTA
from arkham.hw import parse_chip

RS = 0x1E
TOUCH_HOLD_MS = 300
_NONE = 0
_TOKEN = 1
_HAND = 2

HELP = (
    "place SPOT | lift SPOT | touch SPOT [MS] | leds | fail CHIP | heal CHIP | noise N | "
    "overlay N | hours H | stuck SPOT | unstick SPOT | quit"
)


class WorldError(Exception):
    pass


def _int_arg(args, lo, hi, what):
    if len(args) != 1:
        raise WorldError("%s needs one number %d..%d" % (what, lo, hi))
    try:
        v = int(args[0])
    except ValueError:
        raise WorldError("%s needs a whole number %d..%d, not %r" % (what, lo, hi, args[0]))
    if not lo <= v <= hi:
        raise WorldError("%s must be %d..%d" % (what, lo, hi))
    return v


def _hours_ms(text):
    """'2' or '0.25' hours -> ms, without floats."""
    whole, _, frac = text.partition(".")
    if not (whole or frac) or (whole and not whole.isdigit()) or (frac and not frac.isdigit()):
        raise WorldError("hours needs a number like 1 or 0.5, not %r" % (text,))
    ms = int(whole or "0") * 3600000
    if frac:
        frac = frac[:6]
        ms += int(frac) * 3600000 // (10 ** len(frac))
    if ms > 1000 * 3600000:
        raise WorldError("hours must be at most 1000")
    return ms


class World:
    """The things on the table, acting on the chip models of a Bus."""

    def __init__(self, board, bus, lights=None, clock=ticks_ms):
        self.board = board
        self.bus = bus
        self.lights = lights
        self.clock = clock
        self.overlay = 0
        self.what = {}  # spot -> _TOKEN / _HAND
        self.release_at = {}  # spot -> ms when a touching hand lifts
        self.quit = False

    def _pad(self, spot):
        s = self.board.spot(spot)
        if s is None:
            raise WorldError("unknown spot %r" % (spot,))
        if s.chip is None:
            raise WorldError("spot %r has no pad" % (spot,))
        chip = self.bus.chip(s.chip)
        if chip is None:
            raise WorldError("the chip of spot %r is not fitted" % (spot,))
        return chip, s.electrode

    def _delta(self, kind):
        d = TOKEN_DELTA if kind == _TOKEN else HAND_DELTA if kind == _HAND else 0
        return d * 4 // (4 + self.overlay)  # a thicker overlay weakens the coupling

    def _put(self, spot, kind):
        chip, e = self._pad(spot)
        if kind == _NONE:
            if spot in self.what:
                del self.what[spot]
        else:
            self.what[spot] = kind
        chip.load[e] = self._delta(kind)

    def _chip_arg(self, args, verb):
        if len(args) != 1:
            raise WorldError("%s needs a chip address like 0x5B" % verb)
        a = parse_chip(args[0])
        if a is None or self.bus.chip(a) is None:
            raise WorldError("no chip %s on this table" % (args[0],))
        return a

    def tick(self):
        """Lift hands whose touch time is over."""
        if not self.release_at:
            return
        now = self.clock()
        for spot in sorted(self.release_at):
            if ticks_diff(now, self.release_at[spot]) >= 0:
                del self.release_at[spot]
                if self.what.get(spot) == _HAND:
                    self._put(spot, _NONE)

    def execute(self, line):
        """One world command -> reply dict (without "wid"). Bad input changes nothing."""
        words = line.split()
        if not words:
            raise WorldError("empty world command; known: " + HELP)
        verb = words[0]
        args = words[1:]
        if verb in ("place", "lift", "touch", "stuck", "unstick"):
            if not args or (len(args) > 1 and verb != "touch") or len(args) > 2:
                raise WorldError("%s needs one spot name" % verb)
            spot = args[0]
            chip, e = self._pad(spot)
            if verb == "place":
                self._put(spot, _TOKEN)
            elif verb == "lift":
                self._put(spot, _NONE)
                if spot in self.release_at:
                    del self.release_at[spot]
            elif verb == "touch":
                hold = TOUCH_HOLD_MS
                if len(args) == 2:
                    hold = _int_arg(args[1:], 0, 600000, "touch time (ms)")
                self._put(spot, _HAND)
                if hold:
                    self.release_at[spot] = ticks_add(self.clock(), hold)
                elif spot in self.release_at:
                    del self.release_at[spot]
            else:
                chip.shorted[e] = 1 if verb == "stuck" else 0
            return {"spot": spot}
        if verb == "leds":
            return {"leds": self.lights.lit() if self.lights else {}}
        if verb == "fail":
            self.bus.fail(self._chip_arg(args, verb))
            return {}
        if verb == "heal":
            self.bus.heal(self._chip_arg(args, verb))
            return {}
        if verb == "noise":
            n = _int_arg(args, 0, 200, "noise")
            for a in sorted(self.bus.chips):
                self.bus.chips[a].noise = n
            return {"noise": n}
        if verb == "overlay":
            self.overlay = _int_arg(args, 0, 40, "overlay")
            for spot in sorted(self.what):
                self._put(spot, self.what[spot])
            return {"overlay": self.overlay}
        if verb == "hours":
            if len(args) != 1:
                raise WorldError("hours needs one number")
            ms = _hours_ms(args[0])
            self.bus.advance(ms)
            return {"ms": ms}
        if verb == "quit":
            self.quit = True
            return {}
        raise WorldError("unknown world command %r; known: %s" % (verb, HELP))
