"""The phases' modules (tables.Lazy: fight, turn, mythos, abilities) are dropped where no phase
needs them and imported again at their next use. That happens only with .mpy files on
MicroPython (CPython and sources keep everything), so a game is played here from the .mpy tree
on the unix port: the same game as on CPython (state hash after every action), and the modules
really gone in the mythos phase and in the final battle."""
import json
import random
import subprocess

import pytest

from arkham.ah2e.game import Game
from arkham_host.device import runtimes

INVS = ["jenny_barnes", "joe_diamond", "amanda_sharpe", "ashcan_pete", "bob_jenkins",
        "carolyn_fern", "darrell_simmons", "dexter_drake"]
ACTIONS = 320

SCRIPT = """
import sys
sys.path[:] = [%(tree)r]
from arkham.ah2e.game import Game
g = Game({"seed": 7, "chance": "virtual", "investigators": %(invs)r})
picks = %(picks)r
seen = {}
for k in range(len(picks)):
    la = g.legal_actions()
    if not la:
        break
    g.apply(la[picks[k] %% len(la)])
    ph = g.s["phase"]
    mods = [m for m in ("fight", "turn", "mythos", "abilities") if "arkham.ah2e." + m in sys.modules]
    seen.setdefault(ph, []).append(mods)
    print(g.state_hash())
import json
print(json.dumps(seen))
"""


def test_a_game_from_mpy_files_drops_the_phase_modules_and_plays_as_on_cpython():
    try:
        binary = runtimes.micropython_binary()
        tree = runtimes.mpy_tree(include_emu=False)
    except Exception as e:  # (no unix port or no mpy-cross here)
        pytest.skip("no MicroPython unix port / mpy-cross: %s" % e)
    rnd = random.Random(11)
    picks = [rnd.randrange(1 << 16) for _ in range(ACTIONS)]
    g = Game({"seed": 7, "chance": "virtual", "investigators": INVS})
    want = []
    for p in picks:
        la = g.legal_actions()
        if not la:
            break
        g.apply(la[p % len(la)])
        want.append(g.state_hash())
    script = SCRIPT % {"tree": str(tree), "invs": INVS, "picks": picks}
    out = subprocess.run([binary, "-X", "heapsize=2m", "-c", script], capture_output=True,
                         text=True, timeout=300)
    assert out.returncode == 0, out.stdout[-2000:] + out.stderr[-2000:]
    lines = out.stdout.strip().splitlines()
    assert lines[:-1] == want
    seen = json.loads(lines[-1])
    assert seen["final"], "the game reaches the final battle (else pick another seed)"
    # the final battle drops the investigators' and mythos phases' code (fight comes back for a
    # roll)
    assert all(m in ([], ["fight"]) for m in seen["final"])
    assert [] in seen["final"]
    # mythos is dropped at the upkeep: never loaded while the players act in their phases
    for phase in ("upkeep", "movement", "arkham", "other"):
        assert all("mythos" not in m for m in seen[phase]), phase
