"""Setup (FH-SETUP-1..11): runs once per game, then is dropped from RAM on MicroPython."""
from arkham.fh.facts import DataError
from arkham.fh.monsters import POOL, RESERVE, Lost, spawn
from arkham.rng import Rng


def setup(D, g, opts, seed, ev):
    """FH-SETUP-1..10: the state of a new game. (The shuffles run in this order: a seed gives the
    same game on every runtime.)"""
    rng = Rng(seed)
    players, names, lead = _options(g, opts)
    n = len(names)
    b = D.board
    ritual = D.setup["ritual"]
    hp = g["health"][str(players)]  # FH-SETUP-9
    inv = []
    for i in range(n):
        deck = list(range(1, g["action_cards"] + 1))
        rng.shuffle(deck)  # FH-SETUP-1: the investigator's action deck
        inv.append({"name": names[i], "loc": ritual, "hp": hp, "max": hp, "deck": deck})  # -5
        ev.append({"e": "inv_placed", "inv": i + 1, "loc": ritual})
    prio = list(range(1, g["priority_cards"] + 1))
    rng.shuffle(prio)  # FH-SETUP-8
    hands = []
    for i in range(n):
        hands.append(sorted(prio[-g["priority_hand"]:]))
        prio = prio[:-g["priority_hand"]]
    items = list(range(1, g["item_cards"] + 1))
    rng.shuffle(items)  # FH-SETUP-10
    gates, stack, box = _gates(g, D.setup, rng)
    parts, rest, clues = _clues(g, b.n, ritual, [x[1] for x in gates], rng)
    s = {
        "v": 2, "id": 0, "opts": opts, "round": 1, "phase": "priority", "result": None, "why": "",
        "players": players, "plays": [], "turn": 0, "reck": [], "offers": [None] * n,
        "lead": lead, "inv": inv, "ritual": ritual, "ritual_parts": parts, "clues": clues,
        "clues_unplaced": sorted(rest), "gates": gates, "gate_stack": stack, "gate_box": box,
        "gate_out": [], "priority": {"deck": prio, "hands": hands, "discard": []}, "items": items,
        "ruin": [[0] * b.slots[i] for i in range(1, b.n + 1)],
        "ruin_supply": g["destruction_tokens"], "seals": g["seal_tokens"], "sealed": [],
        "mon": [], "act": None, "fx": 0, "rng": None,
    }
    _monsters(s, D, rng, ev)
    s["rng"] = rng.state()
    return s


def _options(g, opts):
    """The game's options checked -> (players, the investigators' names, the lead's seat)."""
    players = opts.get("players", 2)
    if not isinstance(players, int) or isinstance(players, bool) or str(players) not in g["health"]:
        raise DataError("players is one of: " + " ".join(sorted(g["health"])))
    n = g["solo_investigators"] if players == 1 else players  # solo: one player, 2 investigators
    names = opts.get("investigators", g["investigators"][:n])
    if not isinstance(names, list) or len(names) != n:
        raise DataError("investigators is a list of %d names" % n)
    for i in range(n):
        if names[i] not in g["investigators"] or names[i] in names[:i]:
            raise DataError("investigators are distinct, from: " + " ".join(g["investigators"]))
    lead = opts.get("lead", 1)
    if not isinstance(lead, int) or isinstance(lead, bool) or lead < 1 or lead > n:
        raise DataError("lead is a seat 1..%d" % n)
    return players, names, lead


def _gates(g, st, rng):
    """FH-SETUP-4: the gates on the board; FH-SETUP-6: the gate stack from the tokens left, some
    boxed -> (gates [symbol, location, tokens], stack, box)."""
    gates = []
    left = []
    for sym in g["gate_symbols"]:
        k = g["gates_per_symbol"]
        if sym in st["gates"]:
            gates.append([sym, st["gates"][sym], 1])
            k -= 1
        for _ in range(k):
            left.append(sym)
    rng.shuffle(left)
    return gates, left[g["gates_boxed"]:], sorted(left[:g["gates_boxed"]])


def _clues(g, locations, ritual, gate_locs, rng):
    """FH-SETUP-7: the ritual's components, then a clue on every location without a gate or the
    ritual -> (components, the clues left unplaced, each location's clue or None)."""
    red = []
    for sym in g["clue_symbols"]:
        for _ in range(g["clues_per_symbol"]):
            red.append(sym)
    rng.shuffle(red)
    parts = sorted(red[:g["ritual_components"]])
    rest = red[g["ritual_components"]:] + ["key"] * g["key_clues"]
    rng.shuffle(rest)
    clues = []
    for loc in range(1, locations + 1):
        if loc == ritual or loc in gate_locs or not rest:
            clues.append(None)
        else:
            clues.append([rest.pop(), False])
    return parts, rest, clues


def _monsters(s, D, rng, ev):
    """FH-SETUP-3: standard tokens in the pool, the Ancient One's special ones in reserve; then
    FH-SETUP-4: the setup's monsters, and pool monsters on every location without a gate or the
    ritual."""
    st = D.setup
    for m in range(len(D.token)):
        s["mon"].append([RESERVE if D.special(m) else POOL, 0, 0, 0])
    at = {}
    for x in s["gates"]:
        at[x[0]] = x[1]
    gate_locs = [x[1] for x in s["gates"]]
    todo = []
    for loc in range(1, D.board.n + 1):
        if loc != s["ritual"] and loc not in gate_locs:
            todo.append([loc, None, st.get("others", 0)])
    try:
        for m in todo + st["monsters"]:
            loc = at.get(m[0], m[0])
            for _ in range(m[2] if len(m) > 2 else 1):
                spawn(s, D, rng, loc, ev, m[1])  # (no kind: from the pool)
    except Lost:
        raise DataError("the setup fills the ritual site")
