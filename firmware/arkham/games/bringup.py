"""Bring-up: the self-test a maker runs first on a freshly built table.

What the table shows (docs/protocol.md lists the same):
  red    (160, 0, 0)  steady  this spot's chip is missing or failing (I2C errors)
  amber  (160, 80, 0) blink   this spot's electrode is stuck or noisy
  green  (0, 160, 0)  steady  a token or a hand is on this spot's pad
  blue   (0, 0, 40)   steady  a light-only spot (no pad): shows its LEDs are wired
  any colour you set with `light SPOT COLOUR` (kept across restarts, until `unlight`)
Core verbs do the rest: `sweep` (every LED in turn), `pads [CHIP]`, `faults`, `calib`.
"""

from arkham.games import CommandError
from arkham.games import Mode as _Mode
from arkham.hw.pixels import BLINK, STEADY
from arkham.protocol import int_arg, no_more

PRESENT = (0, 160, 0)
CHIP_FAULT = (160, 0, 0)
PAD_FAULT = (160, 80, 0)
LIGHT_ONLY = (0, 0, 40)
NAMED = {
    "white": (255, 255, 255),
    "red": (255, 0, 0),
    "green": (0, 255, 0),
    "blue": (0, 0, 255),
    "amber": (255, 128, 0),
    "purple": (160, 0, 255),
}


def colour_arg(text):
    """`green` or `R,G,B` (0..255 each) -> (r, g, b)."""
    rgb = NAMED.get(text.lower())
    if rgb is not None:
        return rgb
    parts = text.split(",")
    if len(parts) != 3:
        raise CommandError(
            "colour %r: want a name (%s) or R,G,B" % (text[:20], " ".join(sorted(NAMED)))
        )
    return (
        int_arg(parts[0], "red", 0, 255),
        int_arg(parts[1], "green", 0, 255),
        int_arg(parts[2], "blue", 0, 255),
    )


class Mode(_Mode):
    name = "bringup"
    VERBS = {
        "light": "light SPOT [COLOUR]: light a spot (COLOUR: a name or R,G,B; default white)",
        "unlight": "unlight SPOT|all: switch off spots lit with `light`",
    }

    def __init__(self, ctx, options=None, snap=None):
        _Mode.__init__(self, ctx, options)
        if options:
            raise CommandError("bringup takes no options (got %s)" % " ".join(sorted(options)))
        self.manual = {}  # spot -> [r, g, b] lit by hand with `light`

    def command(self, verb, args, kw):
        if verb == "light":
            no_more("light", args, kw, 2)
            if not args:
                raise CommandError("light: want SPOT [COLOUR]")
            spot = self._spot(args[0])
            rgb = colour_arg(args[1]) if len(args) > 1 else NAMED["white"]
            self.manual[spot] = list(rgb)
            self.ctx.save()
            return {"spot": spot, "rgb": list(rgb)}
        if verb == "unlight":
            no_more("unlight", args, kw, 1)
            if not args:
                raise CommandError("unlight: want SPOT or all")
            if args[0].lower() == "all":
                n = len(self.manual)
                self.manual = {}
            else:
                spot = self._spot(args[0])
                n = 1 if self.manual.pop(spot, None) is not None else 0
            self.ctx.save()
            return {"unlit": n}
        raise CommandError("bringup: unknown verb %r" % verb)

    def _spot(self, name):
        s = self.ctx.board.spot(name)
        if s is None:
            raise CommandError("no spot %r on this board (`board` lists them)" % name[:40])
        if not s.leds:
            raise CommandError("spot %s has no LEDs" % s.name)
        return s.name

    def scene(self, lights, now_ms):
        ctx = self.ctx
        bad_chips = []
        bad_spots = []
        for f in ctx.pads.faults():
            if f.get("spot") is not None:
                bad_spots.append(f["spot"])
            elif f.get("chip") is not None:
                c = f["chip"]
                bad_chips.append(int(c, 16) if isinstance(c, str) else c)
        board = ctx.board
        start = board.led_start
        names = board.spot_names
        for k in range(board.count):
            if start[k] == start[k + 1]:
                continue  # (no LED)
            name = names[k]
            chip = board.chip_at(k)
            if name in self.manual:
                lights.show(name, tuple(self.manual[name]), STEADY)
            elif chip is None:
                lights.show(name, LIGHT_ONLY, STEADY)
            elif chip in bad_chips:
                lights.show(name, CHIP_FAULT, STEADY)
            elif name in bad_spots:
                lights.show(name, PAD_FAULT, BLINK)
            elif ctx.pads.present(name):
                lights.show(name, PRESENT, STEADY)

    def snapshot(self):
        return {"manual": self.manual}

    def restore(self, snap):
        manual = {}
        for k in sorted(snap.get("manual") or {}):
            rgb = snap["manual"][k]
            if self.ctx.board.index(k) is not None and isinstance(rgb, list) and len(rgb) == 3:
                manual[k] = [int(rgb[0]), int(rgb[1]), int(rgb[2])]
        self.manual = manual

    def dump(self):
        return {"manual": self.manual}
