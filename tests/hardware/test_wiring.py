"""The wiring diagrams in hardware/wiring/ are generated from the board maps and never go stale."""

import importlib.util
import json
import re

import pytest

from arkham_host.device import runtimes
from arkham_host.maker import boards

spec = importlib.util.spec_from_file_location("wiring", runtimes.REPO_DIR / "tools" / "wiring.py")
wiring = importlib.util.module_from_spec(spec)
spec.loader.exec_module(wiring)


@pytest.mark.parametrize("name", boards.map_names())
def test_committed_diagram_equals_a_fresh_one(name):
    data = json.loads(boards.map_path(name).read_text())
    path = wiring.OUT_DIR / (name + ".svg")
    assert path.exists(), "no %s: run python tools/wiring.py" % path
    assert path.read_text() == wiring.svg(data), "stale %s: run python tools/wiring.py" % path


def test_diagram_shows_every_spot_chip_pin_and_electrode():
    data = json.loads(boards.map_path("ah2e").read_text())
    text = wiring.svg(data)
    assert text == wiring.svg(data)  # deterministic
    assert "." not in re.sub(r'"[^"]*"|>[^<]*<', "", text.split("</defs>", 1)[1]).replace(
        "...", ""
    ), "coordinates must be integers"
    for s in data["spots"]:
        assert ">%s<" % s["name"] in text
    for chip in data["chips"]:
        assert "MPR121 %s" % chip in text
    for pin in ("GP4: I2C SDA", "GP5: I2C SCL", "GP16: LED data", "74AHCT125", "4.7 kohm"):
        assert pin in text
    assert ">A7<" in text  # independence_square: chip 0x5A, electrode 7
    assert "ELE7  independence_square" in text


def test_check_mode_finds_a_stale_diagram(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(wiring, "OUT_DIR", tmp_path)
    assert wiring.main(["ah2e"]) == 0
    assert wiring.main(["--check", "ah2e"]) == 0
    (tmp_path / "ah2e.svg").write_text("<svg/>")
    assert wiring.main(["--check", "ah2e"]) == 1
    assert "stale" in capsys.readouterr().out
