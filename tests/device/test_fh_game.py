"""Final Hour rules core on every runtime: seeded random games print the same hashes.

Run by tests/test_device_parity.py under CPython and the MicroPython unix port (96 KB heap).
FH-SETUP-4, FH-ROUND-2, FH-LOSE-1, FH-MOVE-1: a whole game per seed, the same on both runtimes."""
import gc

from arkham.fh import Game, new_game
from arkham.rng import Rng
from check import check, done, equal

AOS = ["cthulhu", "shudde_mell", "umordhoth"]
LEVELS = ["easy", "normal", "hard"]

g = new_game(5, {"players": 3})
equal([g.state["ritual"], len(g.state["gate_stack"]), [i["hp"] for i in g.state["inv"]]],
      [12, 8, [4, 4, 4]], "setup: Cthulhu easy ritual site, 8 gates stacked, 4 health each")
h0 = g.state_hash()
good, why = g.apply({"a": "end_round", "inv": 1})
check(not good and g.state_hash() == h0, "a rejected action changes nothing")
good, why = g.apply({"a": "play", "inv": 1, "card": g.state["priority"]["hands"][0][0]})
check(good, "the lead plays a priority card")

pol = Rng(7)
total = 0
for seed in range(9):
    g = None
    gc.collect()  # one game at a time in the 96 KB heap
    g = new_game(seed, {"players": 1 + seed % 4, "ancient": AOS[seed % 3],
                        "level": LEVELS[(seed // 3) % 3]})
    steps = 0
    trail = []
    while g.state["result"] is None and steps < 3000:
        la = g.legal_actions()
        # mostly calm play: attempting early and self-wounding only now and then
        a = la[pol.below(len(la))]
        while a["a"] in ("attempt", "wound") and pol.below(30) > 0:
            a = la[pol.below(len(la))]
        la = None
        good, ev = g.apply(a)
        if not good:
            check(False, "legal action refused: " + ev)
            break
        steps += 1
        if steps % 25 == 0:
            trail.append(g.state_hash())
    total += steps
    print("game", seed, "steps", steps, "round", g.state["round"], "result", g.state["result"],
          g.state["why"], "hash", g.state_hash(), "trail", " ".join(trail))
    check(g.state["result"] is not None, "game %d ends" % seed)
    snap = g.snapshot()
    h = g.state_hash()
    g = None
    gc.collect()
    g = Game(state=snap)
    equal(g.state_hash(), h, "snapshot/restore %d" % seed)
    snap = None
print("steps", total)
done()
