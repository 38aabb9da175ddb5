"""AH-TABLE-1: every area of the board has a lit spot showing its state, from one documented,
colour-blind-readable palette (arkham.games.ah2e_scene.PALETTE, docs/ah2e-table.md)."""

import pathlib
import random
import re

from ah2e_fake import Table, board, play
from arkham.ah2e import tables
from arkham.games.ah2e_scene import PALETTE, colour
from arkham.hw.pixels import BLINK, FLASH, PULSE, STEADY

DOCS = pathlib.Path(__file__).resolve().parents[2] / "docs" / "ah2e-table.md"
NAMES = {STEADY: "steady", BLINK: "blink", PULSE: "pulse", FLASH: "flash"}


def rgb(name):
    return colour(name)[0], NAMES[colour(name)[1]]


def test_every_area_and_track_has_a_lit_spot_AH_TABLE_1():
    d = tables.get()
    b = board()
    areas = list(d.adj) + ["sky", "outskirts", "lost_in_time_and_space"]
    areas += [w + "_1" for w in d.worlds] + [w + "_2" for w in d.worlds]
    areas += ["terror_%d" % n for n in range(11)]
    longest = max(tables.ancient_one(a)["doom"] for a in tables.ancient_ones())
    areas += ["doom_%d" % n for n in range(1, longest + 1)]
    for a in areas:
        assert b.spot(a) is not None and b.spot(a).leds, a


def test_palette_is_readable_without_hue_AH_TABLE_1():
    """What needs a player (error, prompt, act here) differs by animation shape; the steady
    rows are all steady; every row for an area is a distinct (colour, shape) pair."""
    shapes = {row[0]: row[2] for row in PALETTE}
    assert shapes["error"] == FLASH and shapes["prompt"] == BLINK and shapes["act"] == PULSE
    assert len({shapes["error"], shapes["prompt"], shapes["act"]}) == 3
    for name in ("gate", "monster", "investigator", "elder_sign", "clue", "closed"):
        assert shapes[name] == STEADY, name
    areas = [row for row in PALETTE if not row[0].startswith(("terror", "doom"))]
    assert len({(row[1], row[2]) for row in areas}) == len(areas)  # (tracks: by position)
    # the two pulsing rows differ in brightness too (where to act vs where one may go)
    assert sum(colour("act")[0]) > 1.5 * sum(colour("go")[0])
    # brightness tiers among the steady states (docs/ah2e-table.md): bright > mid > dim
    for n in ("gate", "monster", "investigator", "terror", "doom"):
        assert max(colour(n)[0]) >= 200, n
    assert 100 <= max(colour("elder_sign")[0]) < 200
    for n in ("clue", "closed", "world_gate", "doom_empty", "terror_past"):
        assert max(colour(n)[0]) <= 80, n


def test_docs_table_is_the_code_palette_AH_TABLE_1():
    rows = re.findall(
        r"^\| `(\w+)` \| (\d+),(\d+),(\d+) \| (\w+) \| ([^|]+) \|$", DOCS.read_text(), re.MULTILINE
    )
    got = [(r[0], (int(r[1]), int(r[2]), int(r[3])), r[4]) for r in rows]
    want = [(row[0], row[1], NAMES[row[2]]) for row in PALETTE]
    assert got == want


def test_scene_shows_each_kind_of_state_AH_TABLE_1():
    t = Table(players=2, seed=5)
    t.settle()
    s = t.s
    s["gates"] = {"woods": 0}
    s["gm"][0] = "woods"
    m = s["mon"].index("cup")
    s["mon"][m] = "rivertown"
    s["signs"] = ["graveyard"]
    s["closed"] = ["general_store"]
    s["clues"] = {"black_cave": 2}
    s["terror"] = 4
    s["doom"] = 3
    s["inv"][1]["at"] = "lost_in_time_and_space"
    f = t.scene()
    assert f["woods"] == rgb("gate")
    assert f["rivertown"] == rgb("monster")
    assert f["graveyard"] == rgb("elder_sign")
    assert f["general_store"] == rgb("closed")
    assert f["black_cave"] == rgb("clue")
    assert f["lost_in_time_and_space"] == rgb("investigator")
    world = t.core.d.gate_world[0]
    assert f[world + "_1"] == rgb("world_gate") and f[world + "_2"] == rgb("world_gate")
    assert f["terror_4"] == rgb("terror") and f["terror_2"] == rgb("terror_past")
    assert "terror_5" not in f
    assert f["doom_3"] == rgb("doom") and f["doom_4"] == rgb("doom_empty")
    assert "doom_%d" % (t.core.ao["doom"] + 1) not in f  # beyond this Ancient One's track
    assert "easttown" not in f  # nothing there: dark


def test_where_to_act_and_where_to_go_pulse_AH_TABLE_1():
    t = Table(players=2, seed=5)
    play(t, random.Random(1), 60, stop=lambda t: t.core.need()["k"] == "move" and any(
        a["a"] == "move" for a in t.core.legal_actions()))
    need = t.core.need()
    assert need["k"] == "move"
    at = t.s["inv"][need["inv"]]["at"]
    f = t.scene()
    assert f[at] == rgb("act")
    dests = [a["to"] for a in t.core.legal_actions() if a["a"] == "move"]
    assert dests
    for d in dests:
        assert f[d] == rgb("go") or f[d][1] != "steady", d


def test_prompts_and_errors_outrank_state_AH_TABLE_1():
    t = Table(players=2, seed=5)
    f = t.scene()
    for spot in t.mode.sync.todo:
        assert f[spot] == rgb("prompt")
    t.settle()
    t.place("easttown")
    assert t.scene()["easttown"] == rgb("error")


def test_game_over_lights_every_street_AH_TABLE_1():
    t = Table(players=1, seed=5)
    t.settle()
    t.s["over"] = {"won": 1, "how": "seals"}
    f = t.scene()
    for street in t.core.d.white:
        assert f[street] == rgb("won")
    t.s["over"] = {"won": 0, "how": "devoured"}
    assert t.scene()["merchant_district"] == rgb("lost")


def test_final_battle_doom_track_pulses_AH_TABLE_1():
    t = Table(players=1, seed=5)
    t.settle()
    t.s["phase"] = "final"
    t.s["doom"] = 2
    f = t.scene()
    assert f["doom_2"] == (colour("doom")[0], "pulse")


def test_palette_rows_painted_by_index_are_the_named_ones():
    """paint() names each row of PALETTE by its index (no search by name per spot: issue 9);
    each `put(..., N)  # name` there must be PALETTE's row N, and every row is painted."""
    import arkham.games.ah2e_scene as scene

    src = pathlib.Path(scene.__file__).read_text()
    pairs = re.findall(r"put\(.*, (\d+)\)  # (\w+)", src)
    # (prompts and errors are laid on last, as rows[k] = 1 + their row)
    pairs += [(str(int(n) - 1), name) for n, name in re.findall(r"rows\[k\] = (\d+)  # (\w+)", src)]
    assert re.search(r"row = 15 if .* else 16  # won, lost", src)
    pairs += [("15", "won"), ("16", "lost")]
    for n, name in pairs:
        assert PALETTE[int(n)][0] == name, (n, name)
    assert sorted({int(n) for n, _ in pairs}) == list(range(len(PALETTE)))
