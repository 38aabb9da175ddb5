"""Arkham Ritual rules core on every runtime: seeded random games print the same hashes.

Run by tests/test_device_parity.py under CPython and the MicroPython unix port (96 KB heap)."""
import gc

from arkham.ritual import new_game
from arkham.rng import Rng
from check import check, done, equal

# AR-SETUP-1..4 and AR-END-2 on the device: setup, a whole game, its end
g = new_game(11, {"players": 3})
equal([g.state["n"], g.state["k"], len(g.state["held"]), g.state["deck_n"]], [3, 2, 5, 16],
      "3 players get 2 dummies; 5 cards held; 16 left after the first draw")
h0 = g.state_hash()
good, why = g.apply({"a": "nominate", "seat": 1})
check(not good and g.state_hash() == h0, "a rejected action changes nothing")

pol = Rng(5)
total_steps = 0
for seed in range(12):
    g = None
    gc.collect()  # one game at a time in the 96 KB heap
    g = new_game(seed, {"players": 3 + seed % 5, "leader": 1 + seed % 3})
    steps = 0
    hashes = []
    while g.state["phase"] != "game_over" and steps < 1500:
        la = g.legal_actions()
        calm = [a for a in la if a["a"] != "peek"]
        if calm and pol.below(40) > 0:
            la = calm
        good, ev = g.apply(la[pol.below(len(la))])
        if not good:
            check(False, "legal action refused: " + ev)
            break
        steps += 1
        if steps % 10 == 0:
            hashes.append(g.state_hash())
    total_steps += steps
    snap = g.snapshot()
    print("game", seed, "steps", steps, "rounds", g.state["round"], "sanity", g.state["sanity"],
          "winners", g.state["winners"], "hash", g.state_hash(), "trail", hashes[-1:])
    check(g.state["phase"] == "game_over", "game %d ends" % seed)
    g2 = new_game(0, {"players": 5})
    g2.restore(snap)
    equal(g2.state_hash(), g.state_hash(), "snapshot/restore %d" % seed)
    g2 = snap = None
print("steps", total_steps)
done()
