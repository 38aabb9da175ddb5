"""Seeded games pinned by their hashes: the same seeds must give the same game, action by action
and event by event, whatever is done to the core for speed or memory (issue 9: "identical game
logs before and after"). Each game is a random legal game of ah2e_driver (card effects, refused
actions, all chance modes) plus the bench's 4- and 8-investigator games; the pins are the final
state hash, a CRC of the whole log (every action, whether it was taken, its events or refusal
text) and the number of actions.

A rules change that is meant to change games (a rule fix) re-pins with
`ARKHAM_REPIN=1 tools/arkham test tests/ah2e/test_ah2e_pinned_games.py` and says so in its commit.
"""
import json
import os
import pathlib
import random

import pytest
from ah2e_driver import INVESTIGATORS, play

from arkham.ah2e import digest
from arkham.ah2e.game import new_game

PINS = pathlib.Path(__file__).parent / "golden" / "pinned_games.json"
SEEDS = [1, 2, 3, 5, 8, 13, 21, 34, 55, 89]


class Log:
    def __init__(self):
        self.crc = 0
        self.n = 0

    def __call__(self, g, a, ok, ev):
        import binascii

        self.crc = binascii.crc32(digest.state_hash([a, ok, ev]).encode(), self.crc)
        self.n += 1


def driver_game(seed):
    log = Log()
    g = play(seed, each=log)
    return {"hash": g.state_hash(), "log": "%08x" % (log.crc & 0xFFFFFFFF), "actions": log.n}


def bench_game(seed, n):
    """The bench's kind of game: n investigators, virtual chance, anything from legal_actions."""
    import binascii

    rnd = random.Random(seed)
    g = new_game(seed, {"ao": rnd.choice(["cthulhu", "yig", "hastur", "ithaqua"]),
                        "investigators": INVESTIGATORS[:n]})
    crc = binascii.crc32(digest.state_hash(g.setup_events).encode())
    k = 0
    while not g.over() and k < 20000:
        need = g.need()
        if need["k"] == "ao_attack":
            alive = [i for i in range(n) if not g.s["inv"][i]["dead"]]
            a = {"a": "effect", "inv": rnd.choice(alive), "stamina": -1}
        else:
            a = rnd.choice(g.legal_actions())
        ok, ev = g.apply(a)
        crc = binascii.crc32(digest.state_hash([a, ok, ev]).encode(), crc)
        k += 1
    return {"hash": g.state_hash(), "log": "%08x" % (crc & 0xFFFFFFFF), "actions": k}


GAMES = {"driver-%d" % s: (driver_game, (s,)) for s in SEEDS}
GAMES.update({"bench4-%d" % s: (bench_game, (s, 4)) for s in (0, 1, 2)})
GAMES.update({"bench8-%d" % s: (bench_game, (s, 8)) for s in (7, 11)})


def _pins():
    return json.loads(PINS.read_text()) if PINS.exists() else {}


def test_repin():
    """ARKHAM_REPIN=1 writes the pins from the current core (only when a change is meant to)."""
    if not os.environ.get("ARKHAM_REPIN"):
        pytest.skip("set ARKHAM_REPIN=1 to write tests/ah2e/golden/pinned_games.json")
    out = {name: fn(*args) for name, (fn, args) in sorted(GAMES.items())}
    PINS.write_text(json.dumps(out, indent=1, sort_keys=True) + "\n")


@pytest.mark.parametrize("name", sorted(GAMES))
def test_seeded_game_is_pinned(name):
    pins = _pins()
    assert name in pins, "no pin for %s: run with ARKHAM_REPIN=1 once" % name
    fn, args = GAMES[name]
    assert fn(*args) == pins[name]
