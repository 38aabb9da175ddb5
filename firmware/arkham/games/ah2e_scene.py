"""AH2e at the table: what every spot shows (AH-TABLE-1). The one palette is PALETTE below;
docs/ah2e-table.md prints the same table (a test compares them).

Meaning is carried by the animation shape first, so a colour-blind player can read it:
  FLASH (fast)   something is wrong here: put it right (AH-TABLE-3)
  BLINK          the table asks for a physical change here (AH-TABLE-2)
  PULSE (slow)   where to act next
  STEADY         the state of the spot; brightness tiers: bright = gate, monster, investigator,
                 track markers; mid = elder sign; dim = clue, closed, empty slots, world gate.
Hues are the Okabe-Ito colour-blind-safe set. One LED per spot: the first row that applies wins.
"""

from arkham.hw.pixels import BLINK, FLASH, PULSE, STEADY

# name -> (r, g, b), animation; what it means as a comment (texts kept out of RAM: the table
# never says them; docs/ah2e-table.md has them). Order = priority on a spot.
PALETTE = (
    ("error", (255, 0, 0), FLASH),  # a token moved where the rules don't allow: put it right
    ("prompt", (255, 255, 255), BLINK),  # put a token on / lift a token off this spot
    ("act", (230, 159, 0), PULSE),  # the investigator whose decision the game waits for
    ("go", (0, 60, 90), PULSE),  # a legal destination of the moving investigator (dimmer)
    ("gate", (204, 121, 167), STEADY),  # an open gate
    ("monster", (213, 94, 0), STEADY),  # monsters (streets, locations, Sky, Outskirts)
    ("investigator", (86, 180, 233), STEADY),  # investigators (also Other Worlds, lost)
    ("elder_sign", (0, 158, 115), STEADY),  # an elder sign (sealed)
    ("clue", (80, 76, 22), STEADY),  # clue tokens (dim yellow)
    ("closed", (24, 24, 24), STEADY),  # a closed location (dim grey)
    ("world_gate", (51, 30, 42), STEADY),  # an Other World with a gate open to it (dim purple)
    ("terror", (230, 159, 0), STEADY),  # the terror level marker
    ("terror_past", (40, 28, 0), STEADY),  # terror levels below the marker (dim)
    ("doom", (204, 121, 167), STEADY),  # a doom token (final battle: PULSE, its health)
    ("doom_empty", (24, 24, 24), STEADY),  # an empty slot of the Ancient One's doom track
    ("won", (0, 158, 115), PULSE),  # game over, the investigators won (every street)
    ("lost", (255, 0, 0), PULSE),  # game over, Arkham is lost (every street)
)


def colour(name):
    row = _row(name)
    return row[1], row[2]


def _row(name):
    for row in PALETTE:
        if row[0] == name:
            return row
    raise KeyError(name)


def _count(pairs):
    out = {}
    for at in pairs:
        out[at] = out.get(at, 0) + 1
    return out


def paint(lights, board, core, sync, act, go):
    """Paint every spot from the core state `core.s`, the table's own state `sync` (prompts,
    wrong tokens), `act` (the spot where a decision is awaited) and `go` (legal destinations).
    Nothing is kept: all is computed here, on each repaint, and little is allocated (no slice of
    every spot's name, no tuple per lit spot: a repaint runs after every change)."""
    s = core.s
    d = core.d
    invs = _count([v["at"] for v in s["inv"] if not v["dead"]])
    mons = _count(s["mon"])
    over = s["over"]
    world_gates = {}
    for loc in s["gates"]:
        world_gates[d.gate_world[s["gates"][loc]]] = 1
    start = board.led_start
    names = board.spot_names
    for k in range(board.count):
        if start[k] == start[k + 1]:
            continue  # (no LED)
        name = names[k]
        key = None
        if name in sync.wrong:
            key = "error"
        elif name in sync.todo:
            key = "prompt"
        elif over is not None and name in d.white:
            key = "won" if over.get("won") else "lost"
        elif name == act:
            key = "act"
        elif name in go:
            key = "go"
        elif name in s["gates"]:
            key = "gate"
        elif mons.get(name):
            key = "monster"
        elif invs.get(name):
            key = "investigator"
        elif name in s["signs"]:
            key = "elder_sign"
        elif s["clues"].get(name):
            key = "clue"
        elif name in s["closed"]:
            key = "closed"
        elif (name.endswith("_1") or name.endswith("_2")) and name[:-2] in world_gates:
            key = "world_gate"
        elif name.startswith("terror_"):
            n = _num(name[7:])
            if n == s["terror"]:
                key = "terror"
            elif n is not None and n < s["terror"]:
                key = "terror_past"
        elif name.startswith("doom_"):
            n = _num(name[5:])
            if n is not None and n <= s["doom"]:
                key = "doom"
            elif n is not None and n <= core.ao["doom"]:
                key = "doom_empty"
        if key is not None:
            row = _row(key)
            anim = row[2]
            if key == "doom" and s["phase"] == "final":
                anim = PULSE
            lights.show(name, row[1], anim)


def _num(text):
    return int(text) if text.isdigit() else None
