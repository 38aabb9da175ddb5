"""Figures of the AH2e rules core.

ah2e_heap_peak_bytes    an 8-investigator random game (legal actions, card effects, the final
                        battle) under the MicroPython unix port: the most heap in use at any
                        step (in use after a collect + what the step allocated, automatic gc off).
                        Includes the code, compiled from .py into the heap (see ..._code_bytes).
                        64-bit unix port: objects are bigger than on a Pico; the budgets are
                        measured on the 32-bit port at the Pico's heap (bench m32).
ah2e_heap_live_peak_bytes  the most heap still in use after a collect at the end of a step
ah2e_code_bytes         heap taken by the imported core modules and data tables alone
ah2e_state_bytes        heap of one copy of the starting 8-investigator state (a snapshot)
ah2e_mythos_ref_units   the costliest mythos phase of that game, in units of a fixed reference
                        loop: every step that resolved a mythos card (ah2e_mythos_steps of them)
                        is replayed k=7 times from a snapshot, only apply() timed (not the
                        restore), each time followed by one reference pass; a step's cost is its
                        best apply over the best reference pass of the same 7 (the machine of
                        that moment); the figure is the worst step in those units
ah2e_mythos_us          the same step in microseconds (MicroPython unix port, so it moves with
                        the machine; the ref units much less), ah2e_mythos_ref_us: its reference
                        pass, ah2e_mythos_step: its action number
ah2e_mythos_..._cpython the same three on CPython (the same script and game), the runtime other
                        Python engines are measured on
ah2e_games_per_s_4 / _8 random full games per CPU second on CPython (process_time, so not the
                        machine's load) with 4 and 8 investigators, 20 seeded games each, after
                        one untimed game (the modules' imports and first reads of data files are
                        once per process, not per game); ah2e_games_end_<how>: how those games
                        ended (won: closed / sealed / final battle; lost: devoured / ...; a random
                        player loses them all, devoured), ah2e_games_actions: actions played
ah2e_game_ref_units_4 / _8  one game's CPU time in reference passes (a fixed 100,000-step loop,
                        one run after each game): moves less with the machine's load than games/s
ah2e_games_per_s        kept for the docs that cite it: = ah2e_games_per_s_4
"""

from __future__ import annotations

import json
import pathlib
import random
import subprocess
import tempfile
import time

from arkham_host.device import runtimes

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
    out = {"peak": 0, "live": 0, "mythos": []}
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
        if ok and [e for e in ev if e["ev"] == "mythos"]:
            out["mythos"].append(k)
        ev = None
        gc.collect()
        out["live"] = max(out["live"], alloc())
        k += 1
    out["steps"] = k
    return g, r, out


g, r, out = play(steps, True)
mythos_steps = out["mythos"]
g, r, _ = play(0, False)
gc.collect()
before = alloc()
snap = g.snapshot()
gc.collect()
state = alloc() - before  # one copy of the starting 8-investigator state
snap = None
mythos_us = 0
ref = 1
worst = -1
for k in mythos_steps:  # each mythos step from its snapshot, k=7 times: apply() only is timed,
    g, r, _ = play(k, False)  # each time beside one reference pass (the same moment's machine)
    a = choose(g, r)
    snap = g.snapshot()
    b = None
    rb = None
    for _ in range(7):
        g.restore(snap)
        gc.collect()
        t0 = ticks_us()
        g.apply(a)
        t = ticks_diff(ticks_us(), t0)
        b = t if b is None or t < b else b
        rt = best(reference_pass, 1)
        rb = rt if rb is None or rt < rb else rb
    if worst < 0 or b * ref > mythos_us * rb:  # the worst step in reference units
        mythos_us = b
        ref = rb
        worst = k
    g = snap = None
    gc.collect()
print('{"peak": %d, "live": %d, "code": %d, "state": %d, "mythos_us": %d, "ref_us": %d, '
      '"steps": %d, "mythos_step": %d, "mythos_steps": %d}' % (
          out["peak"] - base, out["live"] - base, code, state, mythos_us, max(1, ref),
          out["steps"], worst, len(mythos_steps)))
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


def random_action(g, rnd):
    """The random player of random_game (and of bench peer): a random legal action; at the final
    battle's Ancient One attack, one stamina from a random living investigator."""
    need = g.need()
    if need["k"] == "ao_attack":
        alive = [i for i, v in enumerate(g.s["inv"]) if not v["dead"]]
        return {"a": "effect", "inv": rnd.choice(alive), "stamina": -1}
    return rnd.choice(g.legal_actions())


def new_random_game(seed: int, n: int = 4):
    """(game, its random.Random) as random_game starts them: the seed picks the Ancient One among
    four and the first n of eight investigators."""
    from arkham.ah2e.game import new_game

    rnd = random.Random(seed)
    g = new_game(seed, {"ao": rnd.choice(AOS), "investigators": INVESTIGATORS[:n]})
    return g, rnd


INVESTIGATORS = ["jenny_barnes", "joe_diamond", "amanda_sharpe", "ashcan_pete", "bob_jenkins",
                 "carolyn_fern", "darrell_simmons", "dexter_drake"]
AOS = ["cthulhu", "yig", "hastur", "ithaqua"]


def random_game(seed: int, n: int = 4):
    """One random full game on CPython with n investigators: (actions, how it ended)."""
    return play_random(*new_random_game(seed, n))


def play_random(g, rnd):
    """Play g to its end with random_action: (actions, how it ended)."""
    k = 0
    while not g.over() and k < 50000:
        g.apply(random_action(g, rnd))
        k += 1
    over = g.over()
    how = "unfinished" if not over else ("won_" if over["won"] else "lost_") + str(over["how"])
    return k, how


def _reference_pass():
    x = 1
    for i in range(100000):
        x = (x * 31 + i) & 0xFFFF
    return x


def games_per_s(games=20, n=4):
    """(games per CPU second, {how: count}, actions, ref units): CPU time of this process, so
    another process on the machine does not slow the figure down (it still moves: two cores
    shared with busy neighbours run slower). ref units: the games' CPU time over that of as many
    reference passes, one after each game, so both see the same moments of the machine."""
    from arkham.ah2e import tables

    tables.get()  # the data tables are built once per process, not counted,
    random_game(games, n)  # nor the first game's imports and first reads (an untimed game)
    ends = {}
    actions = 0
    spent = ref = 0.0
    for seed in range(games):
        t0 = time.process_time()
        k, how = random_game(seed, n)
        t1 = time.process_time()
        _reference_pass()
        ref += time.process_time() - t1
        spent += t1 - t0
        ends[how] = ends.get(how, 0) + 1
        actions += k
    return games / spent, ends, actions, spent / ref


def measure() -> dict:
    d = run_device()
    c = run_device("cpython")
    out = {
        "ah2e_heap_peak_bytes": d["peak"],
        "ah2e_heap_live_peak_bytes": d["live"],
        "ah2e_code_bytes": d["code"],
        "ah2e_state_bytes": d["state"],
        "ah2e_mythos_ref_units": round(d["mythos_us"] / max(1, d["ref_us"]), 2),
        "ah2e_mythos_us": d["mythos_us"],
        "ah2e_mythos_ref_us": d["ref_us"],
        "ah2e_mythos_step": d["mythos_step"],
        "ah2e_mythos_steps": d["mythos_steps"],
        "ah2e_mythos_ref_units_cpython": round(c["mythos_us"] / max(1, c["ref_us"]), 2),
        "ah2e_mythos_us_cpython": c["mythos_us"],
        "ah2e_mythos_step_cpython": c["mythos_step"],
    }
    actions = 0
    for n in (4, 8):
        gps, ends, k, units = games_per_s(20, n)
        out["ah2e_games_per_s_%d" % n] = round(gps, 2)
        out["ah2e_game_ref_units_%d" % n] = round(units, 2)
        actions += k
        for how in ends:
            key = "ah2e_games_end_" + how
            out[key] = out.get(key, 0) + ends[how]
    out["ah2e_games_actions"] = actions
    out["ah2e_games_per_s"] = out["ah2e_games_per_s_4"]
    return out


if __name__ == "__main__":
    print(json.dumps(measure(), indent=1))
