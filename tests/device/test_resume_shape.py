"""A restored game the rules cannot play is a damaged save (issue 32): a save without a CRC (an
older firmware's `"v":1`, or one a host tool wrote) in which a key was renamed or a value's kind
changed must be refused by the game's restore (ValueError), not resumed into a game whose every
`act` fails (an investigator's "name" read "nale": `internal error in act: KeyError: name`).
AH2e through its table binding (Mode.restore, what a resume calls), Arkham Ritual and Final
Hour through their cores. A good snapshot still restores, and the game plays on."""

# ruff: noqa: I001, F401  (import order matters in a small heap: the biggest first, on a clean heap)
from arkham.ah2e import tables
import gc
import sys

tables.get()
gc.collect()
import json
from arkham.games.ah2e import Mode
from check import check, done, equal
from fakeboard import Columns


class Spot:
    def __init__(self, name, sensed):
        self.name = name
        self.leds = (0,)
        self.chip = 0x5A if sensed else None


class Board(Columns):
    """The ah2e board's spot names (no board map file: its checks cost heap)."""

    def __init__(self):
        d = tables.get()
        self.spots = [Spot(n, True) for n in sorted(d.adj) + ["sky", "outskirts"]]
        self._by = {}
        for s in self.spots:
            self._by[s.name] = s
        self._columns()

    def spot(self, name):
        return self._by.get(name)


class Pads:
    def present(self, spot):
        return False


class Ctx:
    def __init__(self):
        self.board = Board()
        self.pads = Pads()

    def emit(self, ev, fields=None):
        pass

    def save(self):
        pass

    def redraw(self):
        pass


def refused(restore, text, what):
    """restore(parsed text) raises ValueError (a damaged save: the resume reports it)."""
    try:
        restore(json.loads(text))
    except ValueError:
        return True
    except Exception as e:  # (any other error is a fault too: the resume would report it,
        print("other error", what, type(e).__name__)  # but not say it is damage)
        return True
    print("resumed", what)
    return False


# ---- AH2e (AH-TABLE-2: a resumed game is the saved one) -----------------------------------------
mode = Mode(Ctx(), {"seed": "5", "players": "2"})
mode.tick(0)
for _ in range(6):
    mode.command("act", ["1"], {})
good = json.dumps(mode.snapshot())
mode.restore(json.loads(good))
check(mode.command("act", ["1"], {})["done"] != "", "a good AH2e snapshot: restored, plays on")

INV = ["name", "at", "msan", "msta", "san", "sta", "money", "clues", "focus", "sk", "sl", "hand3",
       "items", "bonus", "bless", "bnew", "loan", "lnew", "noloan", "ret", "rnew", "delayed",
       "explored", "dead", "mp", "ev"]
CORE = ["seed", "ao", "phys", "inv", "first", "turn", "phase", "doom", "terror", "allies",
        "clues", "gates", "gm", "mon", "signs", "closed", "signs_used", "score_adj", "deck", "env",
        "rumor", "q", "step", "chk", "cmb", "fb", "over", "woke", "setup", "id", "rng"]


def renamed(key, where):
    s = json.loads(good)
    obj = s["core"]["inv"][1] if where == "inv" else s["core"]
    obj[key + "_"] = obj.pop(key)  # (a one-bit flip of a key reads as another key)
    return json.dumps(s)


n = 0
for k in INV:
    n += refused(mode.restore, renamed(k, "inv"), "investigator " + k)
equal(n, len(INV), "AH2e: an investigator's key renamed: refused, each of %d" % len(INV))
n = 0
for k in CORE:
    n += refused(mode.restore, renamed(k, "core"), "core " + k)
equal(n, len(CORE), "AH2e: a state's key renamed: refused, each of %d" % len(CORE))
bad = json.loads(good)
bad["core"]["inv"][0]["san"] = "3"
check(refused(mode.restore, json.dumps(bad), "san text"), "AH2e: a number that is text: refused")
bad["core"]["inv"] = []
check(refused(mode.restore, json.dumps(bad), "no inv"), "AH2e: no investigators: refused")
bad = json.loads(good)
bad["core"]["step"] = ["mv"]  # (what it waits for cannot be told: refused at the restore)
check(refused(mode.restore, json.dumps(bad), "step"), "AH2e: a step that names no one: refused")
mode.restore(json.loads(good))
check(mode.command("act", ["1"], {})["done"] != "", "AH2e: the good snapshot again: plays on")
mode = bad = good = None
gc.collect()

# ---- Arkham Ritual -------------------------------------------------------------------------------
from arkham.ritual import new_game as ritual_game

g = ritual_game(3, {"players": 4})
for _ in range(5):
    g.apply(g.legal_actions()[0])
good = json.dumps(g.snapshot())
n = 0
keys = sorted(json.loads(good))
for k in keys:
    s = json.loads(good)
    s[k + "_"] = s.pop(k)
    n += refused(g.restore, json.dumps(s), "ritual " + k)
equal(n, len(keys), "Ritual: a state's key renamed: refused, each of %d" % len(keys))
g.restore(json.loads(good))
good2, ev = g.apply(g.legal_actions()[0])
check(good2, "Ritual: the good snapshot: plays on")
g = good = None
# (a Pico runs one game's core at a time: the other two cores' modules leave the heap here, as
# a game switch's restart would; three in one 192 KB heap is this script's, not the table's)
for name in [m for m in sys.modules if m.startswith(("arkham.ah2e", "arkham.ritual",
                                                    "arkham.games"))]:
    del sys.modules[name]
Mode = tables = ritual_game = None  # (this script's own hold on them)
gc.collect()

# ---- Final Hour ----------------------------------------------------------------------------------
# (every module of the core at once, on the swept heap: a module loaded later is compiled from
# source in a fragmented heap here, which wants a large block; a Pico loads .mpy, no compiling)
from arkham.fh import info  # (its restore's part first)
from arkham.fh import actions, activate, check as fh_check, monsters, reckon, ritual, rounds  # noqa
from arkham.fh import new_game as fh_game

g = fh_game(seed=4)
for _ in range(5):
    g.apply(g.legal_actions()[0])
good = json.dumps(g.snapshot())
keys = sorted(json.loads(good))
n = 0
for k in keys:
    s = json.loads(good)
    s[k + "_"] = s.pop(k)
    n += refused(g.restore, json.dumps(s), "fh " + k)
equal(n, len(keys), "Final Hour: a state's key renamed: refused, each of %d" % len(keys))
n = 0
for k in ("name", "loc", "hp", "max", "deck"):
    s = json.loads(good)
    s["inv"][0][k + "_"] = s["inv"][0].pop(k)
    n += refused(g.restore, json.dumps(s), "fh inv " + k)
equal(n, 5, "Final Hour: an investigator's key renamed: refused, each of 5")
g.restore(json.loads(good))
good2, ev = g.apply(g.legal_actions()[0])
check(good2, "Final Hour: the good snapshot: plays on")
done()
