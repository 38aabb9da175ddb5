"""A small board for exact rule tests, and helpers to put tokens where a test needs them.

    1 --- 2        blue arrows (follow paths): 1>2, 2>3, 3>4, 4>1, 5>4
    |     |        red arrows: 1>3, 2>4, 3>1, 4>2, 5>1
    4 --- 3        zones: a = 1, 3; b = 2, 4; c = 5 (the ritual site)
    |              slots: 1:2, 2:1, 3:1, 4:1, 5:2
    5
"""
from arkham.fh import new_game

BOARD = {"locations": [
    {"n": 1, "zone": "a", "slots": 2, "blue": 2, "red": 3, "paths": [2, 4]},
    {"n": 2, "zone": "b", "slots": 1, "blue": 3, "red": 4, "paths": [1, 3]},
    {"n": 3, "zone": "a", "slots": 1, "blue": 4, "red": 1, "paths": [2, 4]},
    {"n": 4, "zone": "b", "slots": 1, "blue": 1, "red": 2, "paths": [1, 3, 5]},
    {"n": 5, "zone": "c", "slots": 2, "blue": 4, "red": 1, "paths": [4]},
]}
SETUP = {"ritual": 5, "gates": {"tesseract": 1}, "monsters": []}


def small(seed=1, **opts):
    o = {"board": BOARD, "setup": SETUP, "players": 2}
    o.update(opts)
    return new_game(seed, o)


def token(g, kind, nth=0):
    """Id of the nth token of a kind."""
    ids = [m for m in range(len(g.D.token)) if g.D.token[m] == kind]
    return ids[nth]


def put(g, kind, loc, nth=0, slot=None):
    """Put a token of `kind` on a location (next free slot unless given); returns its id."""
    m = token(g, kind, nth)
    if slot is None:
        used = [t[2] for t in g.state["mon"] if t[0] == "board" and t[1] == loc]
        slot = 0
        while slot in used:
            slot += 1
    g.state["mon"][m] = ["board", loc, slot, 0]
    return m


def where(g, m):
    t = g.state["mon"][m]
    return t[1] if t[0] == "board" else t[0]


def ok(g, action):
    good, ev = g.apply(action)
    assert good, (action, ev)
    return ev


def kinds(events, name):
    return [e for e in events if e["e"] == name]


def pool_only(g, kind):
    """Leave only tokens of `kind` in the pool (the rest beside it), so a spawn is known."""
    for m in range(g.D.nstd):
        t = g.state["mon"][m]
        if t[0] == "pool" and g.D.token[m] != kind:
            t[0] = "aside"


def on_board(g):
    return [m for m in range(len(g.state["mon"])) if g.state["mon"][m][0] == "board"]
