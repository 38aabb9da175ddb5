"""Figures of the AH2e rules core.

ah2e_heap_peak_bytes    an 8-investigator random game (legal actions, card effects, the final
                        battle) under the MicroPython unix port: the most heap in use at any
                        step (in use after a collect + what the step allocated, automatic gc off).
                        Includes the code, compiled from .py into the heap (see ..._code_bytes).
                        Budget 96 KB; the unix port is 64-bit, so objects are bigger than on a Pico.
ah2e_heap_live_peak_bytes  the most heap still in use after a collect at the end of a step
ah2e_code_bytes         heap taken by the imported core modules and data tables alone
ah2e_state_bytes        heap of one copy of the starting 8-investigator state (a snapshot)
ah2e_mythos_ref_units   the costliest mythos phase of that game (one apply() that resolves a
                        mythos card), in units of a fixed reference loop timed in the same process
ah2e_games_per_s        random full games per second on CPython (2-8 investigators)
"""

from __future__ import annotations

import json
import pathlib
import random
import subprocess
import tempfile
import time

from arkham_host import runtimes

DEVICE_SCRIPT = r'''
import gc
import sys
from arkham.rng import Rng
try:
    from time import ticks_us, ticks_diff
except ImportError:
    import time
    def ticks_us():
        return int(time.perf_counter() * 1000000)
    def ticks_diff(a, b):
        return a - b

def alloc():
    return gc.mem_alloc() if hasattr(gc, "mem_alloc") else 0

def reference_pass():
    x = 1
    for i in range(1000):
        x = (x * 31 + i) & 0xFFFF
    return x

def best(fn, reps):
    b = None
    for _ in range(reps):
        gc.collect()
        t0 = ticks_us()
        fn()
        t = ticks_diff(ticks_us(), t0)
        b = t if b is None or t < b else b
    return b

gc.collect()
base = alloc()
from arkham.ah2e import tables
tables.get()
import arkham.ah2e.actions, arkham.ah2e.effects, arkham.ah2e.legal, arkham.ah2e.final
from arkham.ah2e.game import new_game
gc.collect()
code = alloc() - base
INV = ["jenny_barnes", "joe_diamond", "amanda_sharpe", "ashcan_pete", "bob_jenkins",
       "carolyn_fern", "darrell_simmons", "dexter_drake"]
seed = int(sys.argv[1])
steps = int(sys.argv[2])


def choose(g, r):
    need = g.need()
    if need is not None and need["k"] == "ao_attack":
        alive = [i for i in range(8) if not g.s["inv"][i]["dead"]]
        i = alive[r.below(len(alive))]
        return {"a": "effect", "inv": i, "stamina": -1} if r.below(4) else {"a": "done"}
    if r.below(25) == 0:
        i = r.below(8)
        return [{"a": "effect", "inv": i, "clues": 1}, {"a": "place_monster", "at": "woods"},
                {"a": "effect", "inv": i, "sanity": -1}, {"a": "terror", "n": 1}][r.below(4)]
    la = g.legal_actions()
    return la[r.below(len(la))]


def play(stop, measure):
    # the game up to action `stop`; with measure, the heap and time figures on the way
    r = Rng(seed)
    g = new_game(seed, {"ao": "cthulhu", "investigators": INV})
    g.setup_events = None
    out = {"peak": 0, "live": 0, "worst": -1, "worst_us": 0}
    k = 0
    while k < stop and not g.over():
        a = choose(g, r)
        if not measure:
            g.apply(a)
            k += 1
            continue
        gc.collect()
        gc.disable()
        t0 = ticks_us()
        ok, ev = g.apply(a)
        t = ticks_diff(ticks_us(), t0)
        used = alloc()
        gc.enable()
        out["peak"] = max(out["peak"], used)
        if ok and [e for e in ev if e["ev"] == "mythos"] and t > out["worst_us"]:
            out["worst"] = k
            out["worst_us"] = t
        ev = None
        gc.collect()
        out["live"] = max(out["live"], alloc())
        k += 1
    out["steps"] = k
    return g, r, out


g, r, out = play(steps, True)
g, r, _ = play(0, False)
gc.collect()
before = alloc()
snap = g.snapshot()
gc.collect()
state = alloc() - before  # one copy of the starting 8-investigator state
snap = None
mythos_us = 0
if out["worst"] >= 0:  # replay to the costliest mythos step and time it from a snapshot
    g, r, _ = play(out["worst"], False)
    a = choose(g, r)
    snap = g.snapshot()

    def again():
        g.restore(snap)
        g.apply(a)

    mythos_us = best(again, 7)
ref = best(reference_pass, 21)
print('{"peak": %d, "live": %d, "code": %d, "state": %d, "mythos_us": %d, "ref_us": %d, '
      '"steps": %d}' % (out["peak"] - base, out["live"] - base, code, state, mythos_us, ref,
                        out["steps"]))
'''


def run_device(runtime="micropython", seed=2026, steps=1500, heap="1024k") -> dict:
    with tempfile.TemporaryDirectory(prefix="arkham-ah2e-bench-") as tmp:
        script = pathlib.Path(tmp) / "ah2e_bench.py"
        script.write_text(DEVICE_SCRIPT)
        argv, env = runtimes.command(runtime, str(script), str(seed), str(steps), heap=heap)
        out = subprocess.run(argv, env=env, capture_output=True, text=True, timeout=600, cwd=tmp)
    if out.returncode != 0:
        raise RuntimeError("ah2e bench failed (%s):\n%s" % (runtime, (out.stdout + out.stderr)[-2000:]))
    return json.loads(out.stdout.strip().splitlines()[-1])


def random_game(seed: int) -> int:
    """One random full game on CPython; returns the number of actions."""
    from arkham.ah2e.game import new_game

    rnd = random.Random(seed)
    n = rnd.randint(2, 8)
    names = ["jenny_barnes", "joe_diamond", "amanda_sharpe", "ashcan_pete", "bob_jenkins",
             "carolyn_fern", "darrell_simmons", "dexter_drake"][:n]
    g = new_game(seed, {"ao": rnd.choice(["cthulhu", "yig", "hastur", "ithaqua"]),
                        "investigators": names})
    k = 0
    while not g.over() and k < 50000:
        need = g.need()
        if need["k"] == "ao_attack":
            alive = [i for i in range(n) if not g.s["inv"][i]["dead"]]
            a = {"a": "effect", "inv": rnd.choice(alive), "stamina": -1}
        else:
            a = rnd.choice(g.legal_actions())
        g.apply(a)
        k += 1
    return k


def games_per_s(games=20) -> float:
    t0 = time.perf_counter()
    for seed in range(games):
        random_game(seed)
    return games / (time.perf_counter() - t0)


def measure() -> dict:
    d = run_device()
    return {
        "ah2e_heap_peak_bytes": d["peak"],
        "ah2e_heap_live_peak_bytes": d["live"],
        "ah2e_code_bytes": d["code"],
        "ah2e_state_bytes": d["state"],
        "ah2e_mythos_ref_units": round(d["mythos_us"] / max(1, d["ref_us"]), 2),
        "ah2e_games_per_s": round(games_per_s(), 2),
    }


if __name__ == "__main__":
    print(json.dumps(measure(), indent=1))
