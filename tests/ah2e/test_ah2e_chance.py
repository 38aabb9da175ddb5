"""AH-TABLE-4: decks, cup and dice either physical (the players say what came out) or virtual
(the seeded generator in the state); both give the same game log."""
import random

import pytest
from ah2e_driver import INVESTIGATORS, choose
from arkham.ah2e.game import new_game


def outcomes(events):
    """The chance results a virtual game drew, in order, from its events."""
    out = []
    for e in events:
        k = e["ev"]
        if k == "mythos":
            out.append(("mythos", e["card"]))
        elif k == "gate_opened":
            out.append(("gate", e["world"]))
        elif k == "monster_drawn":
            out.append(("monster", e["kind"]))
        elif k == "roll" and e["dice"]:
            out.append(("dice", e["dice"]))
        elif k in ("upkeep_roll", "chthonian", "rumor_roll", "item_roll"):
            out.append(("die", e["die"]))
    return out


def play_virtual(seed, n, ao):
    rnd = random.Random(seed)
    g = new_game(seed, {"ao": ao, "investigators": INVESTIGATORS[:n], "chance": "virtual"})
    log = list(g.setup_events)
    acts = []
    for _ in range(3000):
        if g.over():
            break
        a = choose(g, rnd, False)
        ok, ev = g.apply(a)
        assert ok, ev
        acts.append(a)
        log += ev
    return acts, log


def take(queue, kind):
    assert queue and queue[0][0] == kind, "expected %s, next is %r" % (kind, queue[:1])
    return queue.pop(0)[1]


def replay_physical(seed, n, ao, acts, queue):
    g = new_game(seed, {"ao": ao, "investigators": INVESTIGATORS[:n], "chance": "physical"})
    log = list(g.setup_events)

    def step(a):
        ok, ev = g.apply(a)
        assert ok, (a, ev, g.need())
        log.extend(ev)

    def chance():
        while g.need() is not None:
            k = g.need()["k"]
            if k == "draw_mythos":
                step({"a": "draw_mythos", "card": take(queue, "mythos")})
            elif k == "draw_gate":
                step({"a": "draw_gate", "world": take(queue, "gate")})
            elif k == "draw_monster":
                step({"a": "draw_monster", "kind": take(queue, "monster")})
            elif k == "roll":
                step({"a": "roll", "dice": take(queue, "dice")})
            elif k == "die":
                step({"a": "roll", "die": take(queue, "die")})
            else:
                return

    chance()
    for a in acts:
        a = dict(a)
        if a["a"] in ("monster_appears", "place_monster") and "kind" not in a:
            a["kind"] = take(queue, "monster")
        elif a["a"] == "spend_clue":
            a["dice"] = take(queue, "dice")
        step(a)
        chance()
    return g, log


@pytest.mark.parametrize("seed,n,ao", [(3, 2, "cthulhu"), (11, 5, "yig"), (21, 8, "hastur")])
def test_physical_and_virtual_give_the_same_log_AH_TABLE_4(seed, n, ao):
    acts, vlog = play_virtual(seed, n, ao)
    queue = outcomes(vlog)
    g, plog = replay_physical(seed, n, ao, acts, queue)
    assert queue == []
    assert plog == vlog
