"""deploy to CircuitPython: the libraries installed are exactly those backend_cp imports (less
CircuitPython's built-in modules), and a game whose table needs more heap than CircuitPython
leaves on the board is refused with the figures (host/arkham_host/maker/cp_memory.json)."""

import importlib.metadata as md
import json
import re

import pytest

from arkham_host import cli
from arkham_host.maker import deploy, deploy_cp


def run(argv, capsys):
    parser, modules = cli.build_parser()
    args = parser.parse_args(["deploy", *argv])
    rc = modules["deploy"].run(args)
    out = capsys.readouterr()
    return rc, out.out, out.err


def test_the_libraries_are_the_backends_imports_less_builtins():
    assert deploy_cp.imports() >= {"adafruit_mpr121", "neopixel", "board", "busio", "arkham"}
    assert deploy_cp.libraries() == ["adafruit_mpr121", "neopixel"]
    assert deploy.CP_LIBS == deploy_cp.libraries()


def test_a_new_import_in_the_backend_becomes_a_library(tmp_path):
    src = tmp_path / "backend_cp.py"
    src.write_text(
        "import time\nimport board\nfrom adafruit_display_text import label\n"
        "from arkham.hw import Hardware\n"
        "def f():\n    import adafruit_ticks\n"
    )
    assert deploy_cp.libraries(src) == ["adafruit_display_text", "adafruit_ticks"]


def test_each_library_is_an_adafruit_package_circup_can_name():
    """circup and the bundle name a library by its module; each comes from an Adafruit
    CircuitPython distribution (the test extra installs the same ones)."""
    owners = md.packages_distributions()
    for lib in deploy_cp.libraries():
        dists = [d.lower() for d in owners.get(lib, [])]
        assert any(d.startswith("adafruit-circuitpython-") for d in dists), (lib, dists)


def test_builtins_are_built_into_circuitpython_on_every_pico_board():
    """deploy_cp.BUILTIN against the board definitions of the installed circuitpython-stubs."""
    try:
        dist = md.distribution("circuitpython-stubs")
    except md.PackageNotFoundError:
        pytest.skip("circuitpython-stubs not installed (pip install -e .[test])")
    for board in deploy_cp.memory_table()["boards"]:
        f = dist.locate_file("board_definitions/%s/__init__.pyi" % board)
        text = f.read_text()
        m = re.search(r"Included modules: (.*)", text)
        included = {x.strip() for x in m.group(1).split(",")} | {"gc", "micropython"}
        assert deploy_cp.BUILTIN <= included, (board, sorted(deploy_cp.BUILTIN - included))
    # and what the backend imports from the board is built in, so never installed
    for name in ("board", "busio", "neopixel_write", "usb_cdc", "adafruit_bus_device"):
        assert name in deploy_cp.BUILTIN


def test_dry_run_installs_exactly_those_with_circup(monkeypatch, capsys):
    monkeypatch.setattr(deploy, "find_circuitpy", lambda: None)
    rc, out, _ = run(["--runtime", "circuitpython", "--dry-run", "--board", "bringup"], capsys)
    assert rc == 0
    line = [x for x in out.splitlines() if "circup --path" in x][0]
    assert line.split("install ", 1)[1].split() == ["adafruit_mpr121", "neopixel"]


TABLE = {
    "boards": {
        "small_board": {"title": "Small Board", "free": 100000, "source": "test"},
        "big_board": {"title": "Big Board", "free": 300000, "source": "test"},
        "new_board": {"title": "New Board", "free": None, "source": "test"},
    },
    "board_games": {"ah2e": "ah2e", "ritual": "ritual"},
    "games": {"ah2e": {"need": 229376}, "ritual": {"need": None}},
}


def test_fit_says_why_with_the_figures():
    ok, why = deploy_cp.fit("ah2e", "small_board", TABLE)
    assert ok is False and "229376" in why and "100000" in why and "Small Board" in why
    ok, why = deploy_cp.fit("ah2e", "big_board", TABLE)
    assert ok is True and "fits" in why
    assert deploy_cp.fit("ah2e", "new_board", TABLE)[0] is None
    assert deploy_cp.fit("ritual", "big_board", TABLE)[0] is None
    assert deploy_cp.fit("ah2e", None, TABLE)[0] is None
    assert deploy_cp.fit("bringup", "small_board", TABLE)[0] is None


def test_a_game_that_fits_only_precompiled_is_told_so():
    table = dict(TABLE, games={"ah2e": {"need": 229376, "need_mpy": 90000}, "ritual": {}})
    ok, why = deploy_cp.fit("ah2e", "small_board", table)
    assert ok is False and "--mpy-cross" in why and "90000" in why
    assert deploy_cp.fit("ah2e", "small_board", table, compiled=True)[0] is True
    ok, why = deploy_cp.fit("ah2e", "small_board", TABLE)  # no compiled figure: MicroPython
    assert ok is False and "--romfs" in why and "--mpy-cross" not in why


def fake_drive(tmp_path, board_id):
    drive = tmp_path / "CIRCUITPY"
    drive.mkdir()
    (drive / "boot_out.txt").write_text(
        "Adafruit CircuitPython 10.0.3 on 2026-01-01; Raspberry Pi Pico W with rp2040\n"
        "Board ID:%s\n" % board_id
    )
    return drive


def test_deploy_refuses_a_game_that_does_not_fit_and_copies_nothing(monkeypatch, tmp_path, capsys):
    monkeypatch.setattr(deploy_cp, "memory_table", lambda: TABLE)
    ran = []
    monkeypatch.setattr(deploy, "execute", lambda step: ran.append(step))
    drive = fake_drive(tmp_path, "small_board")
    rc, out, err = run([str(drive), "--board", "ah2e"], capsys)
    assert rc == 1
    assert "the ah2e table needs 229376 bytes" in err and "Small Board has about 100000" in err
    assert ran == [] and sorted(p.name for p in drive.iterdir()) == ["boot_out.txt"]
    # the same game on a board with room goes ahead (--cp-board overrides boot_out.txt)
    rc, out, err = run([str(drive), "--board", "ah2e", "--cp-board", "big_board"], capsys)
    assert rc == 0, err
    assert "the ah2e table needs 229376 bytes, a Big Board has about 300000 free" in out
    assert ran  # the plan ran


def test_the_memory_table_is_whole():
    t = deploy_cp.memory_table()
    assert set(t["boards"]) >= {"raspberry_pi_pico", "raspberry_pi_pico_w", "raspberry_pi_pico2"}
    for b in t["boards"].values():
        assert b["source"] and (b["free"] is None or b["free"] > 0)
    for game in t["board_games"].values():
        assert game in t["games"]
    json.dumps(t)
