"""Board maps: every shipped map passes the firmware's own boot check; the AH2e and Final Hour
maps hold exactly the spots the games name; broken maps are refused with readable reasons; the
report's figures (LEDs, electrodes per chip, power, brightness cap) follow from the map."""

import copy
import json
import re
import subprocess
import sys

import pytest

from arkham import boardmap
from arkham_host.device import runtimes
from arkham_host.maker import boards

NEIGHBOURHOODS = {
    "northside": ["curiositie_shoppe", "newspaper", "train_station"],
    "downtown": ["arkham_asylum", "bank_of_arkham", "independence_square"],
    "easttown": ["hibbs_roadhouse", "police_station", "velmas_diner"],
    "merchant_district": ["river_docks", "the_unnamable", "unvisited_isle"],
    "rivertown": ["black_cave", "general_store", "graveyard"],
    "miskatonic_u": ["administration", "library", "science_building"],
    "french_hill": ["silver_twilight_lodge", "the_witch_house"],
    "southside": ["historical_society", "mas_boarding_house", "south_church"],
    "uptown": ["st_marys_hospital", "woods", "ye_olde_magick_shoppe"],
}
WORLDS = [
    "abyss",
    "another_dimension",
    "city_of_the_great_race",
    "great_hall_of_celeano",
    "plateau_of_leng",
    "rlyeh",
    "dreamlands",
    "yuggoth",
]
SPECIAL = ["sky", "outskirts", "lost_in_time_and_space"]


def load(name):
    return json.loads(boards.map_path(name).read_text())


def names(data):
    return [s["name"] for s in data["spots"]]


@pytest.mark.parametrize("name", boards.map_names())
def test_every_shipped_map_passes_the_boot_check(name):
    data = load(name)
    assert boardmap.validate(data) == []
    assert data["name"] == name
    for s in data["spots"]:
        assert re.fullmatch(r"[a-z][a-z0-9_]*", s["name"]), s["name"]


@pytest.mark.parametrize("name", ["ah2e", "final-hour"])
def test_led_chain_has_no_dark_pixels(name):
    """Every LED index 0..count-1 belongs to a spot: a gap would be a pixel lit by nobody."""
    data = load(name)
    used = sorted(i for s in data["spots"] for i in s["leds"])
    assert used == list(range(data["leds"]["count"]))


def test_ah2e_map_has_every_area_AH_BOARD_1_and_AH_TABLE_1():
    """AH-BOARD-1 / AH-TABLE-1: every location, street, Sky, Outskirts, Lost in Time and Space,
    each Other World area, the terror track 0-10 and the doom track up to 14 has a lit spot."""
    data = load("ah2e")
    want = set(NEIGHBOURHOODS) | {loc for locs in NEIGHBOURHOODS.values() for loc in locs}
    want |= set(SPECIAL) | {"%s_%d" % (w, i) for w in WORLDS for i in (1, 2)}
    want |= {"terror_%d" % t for t in range(11)} | {"doom_%d" % d for d in range(1, 15)}
    got = names(data)
    assert len(got) == len(set(got))
    assert set(got) == want
    assert len([n for locs in NEIGHBOURHOODS.values() for n in locs]) == 26
    assert all(s["leds"] for s in data["spots"])


def test_ah2e_electrodes_go_where_tokens_move_within_48():
    """Design choice (hardware/README.md): locations, streets, Sky, Outskirts and Lost in Time
    and Space are sensed (38 pads); Other World areas and both tracks are light-only. Each
    neighbourhood sits on one chip, so its electrode leads stay short."""
    data = load("ah2e")
    sensed = {s["name"]: s["pad"] for s in data["spots"] if s["pad"]}
    arkham = set(NEIGHBOURHOODS) | {n for locs in NEIGHBOURHOODS.values() for n in locs}
    assert set(sensed) == arkham | set(SPECIAL)
    assert len(sensed) == 38 <= 4 * 12
    for street, locs in NEIGHBOURHOODS.items():
        assert {sensed[n][0] for n in [street, *locs]} == {sensed[street][0]}, street


def test_ah2e_map_uses_the_rules_core_names():
    """The map and the AH2e core meet without a translation table (docs/design.md)."""
    data_dir = runtimes.FIRMWARE_DIR / "arkham" / "ah2e" / "data"
    if not (data_dir / "board.json").exists():
        pytest.skip("the AH2e rules core data is not here yet")
    core = json.loads((data_dir / "board.json").read_text())
    worlds = json.loads((data_dir / "worlds.json").read_text())["worlds"]
    spots = set(names(load("ah2e")))
    areas = {a[1] for a in core["areas"]}
    assert areas <= spots, sorted(areas - spots)
    for w in worlds:
        assert {w[0] + "_1", w[0] + "_2"} <= spots, w[0]


def test_final_hour_map_15_locations_8_rounds_marked_unverified():
    data = load("final-hour")
    assert [n for n in names(data) if n.startswith("location_")] == [
        "location_%d" % i for i in range(1, 16)
    ]
    assert [n for n in names(data) if n.startswith("round_")] == [
        "round_%d" % i for i in range(1, 9)
    ]
    assert "UNVERIFIED" in data["title"]
    assert all(s["pad"] for s in data["spots"] if s["name"].startswith("location_"))


def test_report_figures_for_ah2e():
    data = load("ah2e")
    rep = boards.report(data)
    assert rep["leds"] == 79 and rep["spots"] == 79 and rep["sensed"] == 38
    assert {c: v["used"] for c, v in rep["chips"].items()} == {
        "0x5A": 12,
        "0x5B": 11,
        "0x5C": 12,
        "0x5D": 3,
    }
    assert rep["chips"]["0x5D"]["addr_pin"] == "SCL" and rep["chips"]["0x5A"]["addr_pin"] == "GND"
    p = rep["power"]
    assert p["full_white_ma"] == 79 * 60
    # the cap the firmware enforces, and the current it allows, fit the supply after the reserve
    assert p["brightness_cap"] == boardmap.BoardMap(data).brightness_cap
    assert p["brightness_cap"] == (4000 - 300) * 255 // (79 * 60)
    assert p["capped_full_white_ma"] <= p["supply_ma"] - p["reserve_ma"]


def test_injection_points_keep_the_drop_in_budget():
    for count, ma in [(79, 46), (48, 60), (300, 60), (5, 60)]:
        pts = boards.injection_points(count, ma)
        assert pts[0] == 0 and pts == sorted(pts)
        seg = max(b - a for a, b in zip(pts, pts[1:] + [count], strict=True))
        r_hop = boards.HOP_M * boards.WIRE_MOHM_PER_M * 2
        assert r_hop * ma * seg * (seg + 1) / 2 / 1000 <= boards.MAX_DROP_MV
    assert boards.injection_points(5, 60) == [0]


BROKEN = [
    ("duplicate spot", lambda d: d["spots"].append(copy.deepcopy(d["spots"][0])), "duplicate"),
    ("LED beyond strip", lambda d: d["spots"][3]["leds"].append(999), "beyond the strip"),
    ("LED used twice", lambda d: d["spots"][4].__setitem__("leds", [0]), "already used"),
    (
        "electrode twice",
        lambda d: d["spots"][5].__setitem__("pad", list(d["spots"][6]["pad"])),
        "already used",
    ),
    ("chip not listed", lambda d: d["chips"].remove("0x5D"), "not in 'chips'"),
    ("electrode 12", lambda d: d["spots"][0].__setitem__("pad", ["0x5A", 12]), "0..11"),
    ("chip 0x5E", lambda d: d["chips"].append("0x5E"), "outside 0x5A-0x5D"),
    ("no power", lambda d: d.pop("power"), "power"),
    ("no xy", lambda d: d["spots"][2].pop("xy"), "xy"),
]


@pytest.mark.parametrize("what,breaks,says", BROKEN, ids=[b[0] for b in BROKEN])
def test_broken_maps_are_refused_with_a_reason(what, breaks, says, tmp_path):
    data = load("ah2e")
    breaks(data)
    errors = boards.validate(data)
    assert errors and any(says in e for e in errors), errors
    path = tmp_path / "broken.json"
    path.write_text(json.dumps(data))
    r = subprocess.run(
        [sys.executable, "-m", "arkham_host.cli", "boards", str(path), "--check"],
        capture_output=True,
        text=True,
    )
    assert r.returncode == 1 and says in r.stdout


def test_boards_command_reports_and_checks(tmp_path):
    def run(*a):
        argv = [sys.executable, "-m", "arkham_host.cli", "boards", *a]
        return subprocess.run(argv, capture_output=True, text=True)

    r = run("--check")
    assert r.returncode == 0 and "ok   ah2e" in r.stdout and "ok   final-hour" in r.stdout
    r = run("ah2e")
    assert r.returncode == 0
    assert "LEDs 79" in r.stdout and "MPR121 0x5D (ADDR->SCL):  3 electrodes used" in r.stdout
    assert "brightness cap 199/255" in r.stdout
    r = run("ah2e", "--json")
    assert json.loads(r.stdout)["power"]["full_white_ma"] == 4740
    r = run("no_such_board")
    assert r.returncode == 1 and "known:" in r.stdout
    bad = tmp_path / "x.json"
    bad.write_text("{not json")
    assert run(str(bad)).returncode == 1


def test_the_hardware_readme_says_how_to_flash_and_carries_no_project_history():
    """Issue 33: hardware/README.md carried project history ("issue 9's sixth session") and did
    not say where to get the MicroPython firmware or how to flash the UF2. It gives the steps,
    in order, and every `tools/arkham` command it names is one the tool has."""
    import pathlib

    from arkham_host import cli

    text = (pathlib.Path(__file__).resolve().parents[2] / "hardware" / "README.md").read_text()
    assert not re.search(r"issue \d+'s|session", text), "project history in hardware/README.md"
    flash = text.split("## Flash", 1)[1]
    steps = ["micropython.org/download", "BOOTSEL", "RPI-RP2", "Copy the `.uf2`", "/dev/ttyACM0",
             "deploy --dry-run", "--board bringup"]
    where = [flash.find(s) for s in steps]
    assert all(w >= 0 for w in where) and where == sorted(where), list(zip(steps, where))
    for cmd in re.findall(r"tools/arkham (\w[\w-]*)", text):
        assert cmd in cli.COMMANDS or cmd == "test", cmd
