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


def small(seed=1, at="actions", **opts):
    """A game on the small board; `at` "actions": its 4 priority cards played, the first card
    being resolved (the effect verbs are open); "priority": as set up."""
    o = {"board": BOARD, "setup": SETUP, "players": 2, "ancient": "umordhoth"}  # (its Reckoning
    o.update(opts)  # needs a Ghoul Horde on the board: on this board, no monster appears)
    g = new_game(seed, o)
    if at == "actions":
        play_cards(g)
    return g


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


def play_cards(g):
    """FH-ROUND-3: the 4 priority cards of a round, each seat playing the first card in hand."""
    while g.phase() == "priority":
        ok(g, [a for a in g.legal_actions() if a["a"] == "play"][0])


def resolve(g):
    """Every played card resolved (the players apply no effect), up to the Ancient One phase."""
    while g.phase() == "actions":
        ok(g, [a for a in g.legal_actions() if a["a"] == "next"][0])
        while g.phase() == "choose":
            ok(g, g.legal_actions()[0])


def play_round(g, attempt=False):
    """A round with no effects: cards, resolution, the gate step; then the next round unless the
    attempt is compulsory (phase "ritual"). Returns the events of the gate step."""
    play_cards(g)
    resolve(g)
    while g.phase() == "choose":  # a Reckoning's activation asks: the first choice
        ok(g, g.legal_actions()[0])
    ev = ok(g, {"a": "end_round", "inv": g.state["lead"]})
    if g.phase() == "end" and not attempt:
        ok(g, {"a": "next_round", "inv": g.state["lead"]})
    return ev
