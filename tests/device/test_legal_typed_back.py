"""Issue 33: every line `legal` prints in Arkham Ritual and Final Hour is a command the table
accepts as it is typed (without its number), and `act N` takes the Nth: each line of the states
a seeded game passes through is typed back through the protocol's parser on a copy of the game
(the game restored from its snapshot after each); then `act N` plays on. A line the rules refuse
is a failure. Runs on CPython and the MicroPython unix port (tests/test_device_parity.py)."""

# ruff: noqa: I001  (import order matters in a small heap)
import gc

from arkham.protocol import parse
from arkham.rng import Rng
from check import check, done


class Spot:
    def __init__(self, name):
        self.name = name
        self.chip = 0x5A


class Board:
    """Spot names only (no board map file: its checks cost heap)."""

    def __init__(self, names):
        self._names = sorted(names)

    def spot(self, name):
        return Spot(name) if name in self._names else None

    def index(self, name):
        return self._names.index(name) if name in self._names else None

    def chip_at(self, k):
        return 0x5A


class Pads:
    def __init__(self):
        self.on = {}

    def present(self, spot):
        return spot in self.on


class Ctx:
    def __init__(self, names):
        self.board = Board(names)
        self.pads = Pads()
        self.n = 0

    def emit(self, ev, fields=None):
        self.n += 1

    def save(self):
        pass

    def redraw(self):
        pass

    def on_flash(self):
        return False


def lines_of(reply):
    view = reply.get("view") or {}
    return list(reply.get("legal") or view.get("legal") or [])


def settle(mode):
    """Final Hour: every prompted token as if moved (`ok all`), until nothing waits."""
    for _ in range(50):
        try:
            mode.command("ok", ["all"], {})
        except Exception:
            return
        if not mode.steps.busy():
            return


def typed_back(name, mode, states, pol):
    typed = 0
    bad = []
    for _ in range(states):
        if name == "final-hour":
            settle(mode)
        lines = lines_of(mode.command("legal", [], {}))
        if not lines:
            break
        snap = mode.snapshot()
        for k in range(len(lines)):
            text = lines[k]
            number, line = text.split(" ", 1)
            if number != str(k + 1):
                bad.append("line %d numbered %s" % (k + 1, number))
            _, verb, args, kw = parse(line)
            if verb not in mode.VERBS:  # (the app refuses a verb its game does not list)
                bad.append("%r: %s is not a verb of the game" % (line, verb))
            try:
                mode.command(verb, args, kw)
                typed += 1
            except Exception as e:
                bad.append("%r refused: %s" % (line, e))
            mode.restore(snap)
            if name == "final-hour":
                settle(mode)
            gc.collect()
        snap = None
        mode.command("act", [str(1 + pol.below(len(lines)))], {})
        gc.collect()
    check(not bad, "%s: every line `legal` printed is accepted as typed %s" % (name, bad[:3]))
    return typed


pol = Rng(7)
from arkham.games.ritual import Mode as Ritual  # noqa: E402

seats = ["seat%d" % p for p in range(1, 8)] + ["deck"]
total = 0
for seed in (3, 12):
    mode = Ritual(Ctx(seats), {"seed": str(seed), "players": str(3 + seed % 3)})
    n = typed_back("ritual", mode, 25, pol)
    print("ritual seed %d: %d lines typed back" % (seed, n))
    total += n
    mode = None
    gc.collect()
check(total > 40, "ritual: lines typed back")
Ritual = None
gc.collect()

from arkham.games.fh import Mode as FinalHour  # noqa: E402

locs = ["location_%d" % i for i in range(1, 16)] + ["round_%d" % i for i in range(1, 9)]
mode = FinalHour(Ctx(locs), {"seed": "5", "players": "2"})
n = typed_back("final-hour", mode, 8, pol)
print("final-hour seed 5: %d lines typed back" % n)
check(n > 20, "final-hour: lines typed back")
done()
