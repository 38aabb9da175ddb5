"""Building blocks for the rule tests: physical-chance games (the test says what the dice, the
cards and the cup show) and small state edits to set a scene."""
from arkham.ah2e.game import new_game

NAMES = ["jenny_barnes", "joe_diamond", "amanda_sharpe", "ashcan_pete", "bob_jenkins",
         "carolyn_fern", "darrell_simmons", "dexter_drake"]


def ok(g, action):
    good, ev = g.apply(action)
    assert good, "rejected %r: %s (waiting for %r)" % (action, ev, g.need())
    return ev


def bad(g, action):
    before = g.snapshot()
    good, reason = g.apply(action)
    assert not good, "accepted %r" % (action,)
    assert g.snapshot() == before, "a rejected action changed the state"
    return reason


def names(events, ev):
    return [e for e in events if e["ev"] == ev]


def game(n=2, ao="cthulhu", card="heat_wave", world="rlyeh", monsters=("cultist", "cultist"),
         chance="physical", first=0, investigators=None):
    """A game whose setup mythos is `card`, opening a `world` gate with `monsters` there."""
    g = new_game(1, {"ao": ao, "investigators": investigators or NAMES[:n], "first": first,
                     "chance": chance})
    if chance == "physical" or (isinstance(chance, list) and "mythos" in chance):
        ok(g, {"a": "draw_mythos", "card": card})
    k = 0
    while g.need() and g.need()["k"] in ("draw_gate", "draw_monster", "take_clue", "die"):
        need = g.need()["k"]
        if need == "draw_gate":
            ok(g, {"a": "draw_gate", "world": world})
        elif need == "draw_monster":
            ok(g, {"a": "draw_monster", "kind": monsters[k % len(monsters)]})
            k += 1
        elif need == "die":
            ok(g, {"a": "roll", "die": 3})
        else:
            ok(g, {"a": "leave_clue"})
    return g


def marker(g, kind, where="cup"):
    """A monster marker of `kind` found at `where`."""
    for m in range(len(g.s["mon"])):
        if g.s["mon"][m] == where and g.d.kind_of(m) == kind:
            return m
    raise AssertionError("no %s in %s" % (kind, where))


def put(g, kind, area):
    m = marker(g, kind)
    g.s["mon"][m] = area
    return m


def clear_board(g):
    """All monsters back in the cup, all gates closed (markers to the stack)."""
    for m in range(len(g.s["mon"])):
        if g.s["mon"][m] not in ("cup", "box"):
            g.s["mon"][m] = "cup"
    for loc in list(g.s["gates"]):
        g.s["gm"][g.s["gates"].pop(loc)] = "stack"


def open_gate(g, loc, world):
    for m in range(16):
        if g.s["gm"][m] == "stack" and g.d.gate_world[m] == world:
            g.s["gm"][m] = loc
            g.s["gates"][loc] = m
            return m
    raise AssertionError("no %s marker in the stack" % world)


def to_need(g, kind, limit=200):
    """Answer the simplest way until the game waits for `kind`."""
    for _ in range(limit):
        need = g.need()
        if need is None or need["k"] == kind:
            return need
        k = need["k"]
        if k in ("upkeep", "final_adjust"):
            ok(g, {"a": "upkeep"})
        elif k == "move":
            _evade_all(g, need["inv"])
        elif k in ("encounter", "other", "ao_attack"):
            ok(g, {"a": "done"})
        elif k in ("close", "seal"):
            ok(g, {"a": "pass"})
        elif k == "draw_mythos":
            ok(g, g.legal_actions()[0])
        elif k == "draw_gate":
            ok(g, {"a": "draw_gate"} if not g.physical("gates") else g.legal_actions()[0])
        elif k == "draw_monster":
            ok(g, g.legal_actions()[0])
        elif k == "die":
            ok(g, {"a": "roll", "die": 3})
        elif k == "roll":
            ok(g, {"a": "roll", "successes": 0})
        elif k == "clue":
            ok(g, {"a": "accept"})
        elif k == "take_clue":
            ok(g, {"a": "leave_clue"})
        elif k == "return":
            ok(g, g.legal_actions()[0])
        elif k == "combat":
            ok(g, {"a": "flee"} if {"a": "flee"} in g.legal_actions() else {"a": "fight"})
        elif k == "final_attack":
            ok(g, {"a": "attack"})
        elif k in ("ao_loss", "new_investigator", "meet", "surge"):
            ok(g, g.legal_actions()[0])
        else:
            raise AssertionError("to_need: cannot answer %r" % (need,))
    raise AssertionError("never reached %s" % kind)


def _monsters_here(g, i):
    from arkham.ah2e import turn

    return turn.unhandled(g, i)


def _evade_all(g, i):
    for m in _monsters_here(g, i):
        g.s["inv"][i]["ev"].append(m)
    ok(g, {"a": "end_move", "clues": 0})


def fill(g, areas, kinds=("cultist",) * 6 + ("maniac",) * 3 + ("ghost",) * 3):
    """One monster in each area (cultists, then maniacs, then ghosts)."""
    out = []
    for k, area in enumerate(areas):
        out.append(put(g, kinds[k], area))
    return out
