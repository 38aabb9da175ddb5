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
    for row in PALETTE:
        if row[0] == name:
            return row[1], row[2]
    raise KeyError(name)


def paint(lights, board, core, sync, act, go, _base=None):
    """Paint every spot from the core state `core.s`, the table's own state `sync` (prompts,
    wrong tokens), `act` (the spot where a decision is awaited) and `go` (legal destinations).
    Returns the rows of the state, act and go alone (`sync` aside): given back as `_base` while
    neither changed (after a pad change: the mode's scene), only `sync` is laid on them again,
    ~1 ms of the emulated chip instead of ~10. Otherwise all is computed here, and little is
    allocated (no tuple per lit spot: a repaint runs after every change).

    Each row of PALETTE, in order, names its spots from the state (the first row that names a
    spot is its colour), not each of the board's spots tried against every row: the spots that
    show something are ~half of them, and asking all 79 of AH2e's every question took ~55 ms of
    the emulated chip per repaint. A row is taken by its index; the indices are
    checked against the names by tests/ah2e_table (test_palette_rows_*). Prompts and errors
    outrank the rest: laid on last, an error over a prompt."""
    s = core.s
    index = board.index
    rows = _base
    if rows is None:
        rows = bytearray(board.count)  # spot k -> 1 + its row in PALETTE (0: none yet); one
        # small block, not a dict that grows (a repaint was the AH2e table's worst point in m32)

        def put(name, row):
            k = index(name)  # (None: a place of the game that is no spot of this board)
            if k is not None and not rows[k]:
                rows[k] = row + 1

        over = s["over"]
        if over is not None:
            row = 15 if over.get("won") else 16  # won, lost: every street
            for name in core.d.white:
                put(name, row)
        if act is not None:
            put(act, 2)  # act
        for name in go:
            put(name, 3)  # go
        gates = s["gates"]
        for name in gates:
            put(name, 4)  # gate
        for name in s["mon"]:
            if name != "cup":  # (most of the 60 markers: no call for them)
                put(name, 5)  # monster
        for v in s["inv"]:
            if not v["dead"]:
                put(v["at"], 6)  # investigator
        for name in s["signs"]:
            put(name, 7)  # elder_sign
        clues = s["clues"]
        for name in clues:
            if clues[name]:
                put(name, 8)  # clue
        for name in s["closed"]:
            put(name, 9)  # closed
        for loc in gates:
            world = core.d.gate_world[gates[loc]]
            put(world + "_1", 10)  # world_gate
            put(world + "_2", 10)
        terror = s["terror"]
        for n in range(terror):
            put("terror_%d" % n, 12)  # terror_past
        put("terror_%d" % terror, 11)  # terror
        doom = s["doom"]
        for n in range(doom + 1):
            put("doom_%d" % n, 13)  # doom
        for n in range(doom + 1, core.ao["doom"] + 1):
            put("doom_%d" % n, 14)  # doom_empty
    _base = rows
    rows = bytearray(rows)  # (the lights keep it: it must not be _base)
    for name in sync.todo:
        k = index(name)
        if k is not None:
            rows[k] = 2  # prompt
    for name in sync.wrong:
        k = index(name)
        if k is not None:
            rows[k] = 1  # error
    palette = PALETTE
    if s["phase"] == "final":  # the final battle: the doom track pulses (the Ancient One's health)
        palette = tuple((row[0], row[1], PULSE if row[0] == "doom" else row[2]) for row in PALETTE)
    lights.paint(rows, palette)
    return _base
