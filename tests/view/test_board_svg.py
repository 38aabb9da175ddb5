"""The board drawing (issue 12): every shipped map has a layout that passes `boards`; the SVG
names every spot of the map with its label; lights, animations, tokens and waits are drawn;
PNG output is the same drawing; a bad layout is refused with a reason naming the spot."""

import copy
import json
import subprocess
import sys
import xml.etree.ElementTree as ET

import pytest
from arkham_host.maker import boards
from arkham_host.view import board_svg, layout

SVGNS = "{http://www.w3.org/2000/svg}"


def load(name):
    path = boards.map_path(name)
    data = json.loads(path.read_text())
    return path, data


@pytest.mark.parametrize("name", boards.map_names())
def test_every_map_has_a_valid_layout_next_to_it(name):
    path, data = load(name)
    lp = layout.layout_path(path)
    assert lp.exists(), "no layout for %s at %s" % (name, lp)
    assert layout.validate(json.loads(lp.read_text()), data) == []


@pytest.mark.parametrize("name", boards.map_names())
def test_svg_names_every_spot_of_the_map(name):
    path, data = load(name)
    lay = layout.load_for(path, data)
    root = ET.fromstring(board_svg.svg(data, lay, {}))
    groups = {g.get("data-spot"): g for g in root.iter(SVGNS + "g") if g.get("data-spot")}
    assert sorted(groups) == sorted(s["name"] for s in data["spots"])
    for s in data["spots"]:
        g = groups[s["name"]]
        assert g.get("id") == "spot-" + s["name"]
        shown = " ".join(t.text for t in g.iter(SVGNS + "text") if t.get("class") == "label")
        assert shown.replace(" ", "") == lay["spots"][s["name"]]["label"].replace(" ", "")
        assert s["name"] in g.find(SVGNS + "title").text


def test_ah2e_layout_labels_the_real_board():
    path, data = load("ah2e")
    lay = layout.load_for(path, data)
    kinds = {n: s["kind"] for n, s in lay["spots"].items()}
    assert kinds["northside"] == "street" and kinds["independence_square"] == "location"
    assert kinds["sky"] == "sky" and kinds["outskirts"] == "outskirts"
    assert kinds["rlyeh_1"] == "world" and lay["spots"]["rlyeh_1"]["label"] == "R'lyeh 1"
    assert sum(1 for k in kinds.values() if k == "terror") == 11
    assert sum(1 for k in kinds.values() if k == "doom") == 14
    assert ["downtown", "independence_square"] in lay["links"] or [
        "independence_square", "downtown"] in lay["links"]


def test_look_is_drawn_lights_shapes_tokens_waits():
    path, data = load("ah2e")
    lay = layout.load_for(path, data)
    look = {
        "lit": {"northside": [230, 159, 0], "downtown": [255, 255, 255]},
        "anim": {"northside": "pulse", "downtown": "blink", "easttown": "flash"},
        "present": ["downtown"],
        "awaited": {"downtown": "place ghoul"},
        "faults": ["rivertown"],
    }
    root = ET.fromstring(board_svg.svg(data, lay, look))
    g = {e.get("data-spot"): e for e in root.iter(SVGNS + "g") if e.get("data-spot")}
    light = [e for e in g["northside"] if e.get("class") == "light"][0]
    assert light.get("fill") == "#e69f00"
    assert "anim-pulse" in g["northside"].get("class").split()
    assert {"anim-blink", "present", "awaited"} <= set(g["downtown"].get("class").split())
    assert "anim-flash" in g["easttown"].get("class")
    assert "fault" in g["rivertown"].get("class")
    assert "place ghoul" in g["downtown"].find(SVGNS + "title").text
    off = [e for e in g["uptown"] if e.get("class") == "light"][0]
    assert off.get("fill") == "none" and "anim-steady" in g["uptown"].get("class")


def test_png_is_the_same_drawing(tmp_path):
    path, data = load("bringup")
    text = board_svg.svg(data, layout.load_for(path, data), {"lit": {"pad_00": [0, 160, 0]}})
    out = tmp_path / "b.png"
    board_svg.write(text, out)
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    with pytest.raises(ValueError, match="svg or .png"):
        board_svg.write(text, tmp_path / "b.gif")


@pytest.mark.parametrize(
    "breaks, says",
    [
        (lambda L: L["spots"].pop("pad_05"), "spot pad_05: in the map but not in the layout"),
        (lambda L: L["spots"].__setitem__("pad_99", L["spots"]["pad_00"]), "pad_99: in the layout"),
        (lambda L: L["spots"]["pad_03"].__setitem__("at", [5000, 1]), "pad_03: at [5000, 1] is"),
        (lambda L: L["spots"]["pad_03"].__setitem__("kind", "blob"), "pad_03: kind 'blob'"),
        (lambda L: L["spots"]["pad_03"].__setitem__("label", ""), "pad_03: label"),
        (lambda L: L["links"].append(["pad_00", "nowhere"]), "links[0]"),
        (lambda L: L["kinds"]["pad"].__setitem__("shape", "star"), "kind pad: shape"),
    ],
)
def test_bad_layouts_are_refused_naming_the_spot(breaks, says, tmp_path):
    path, data = load("bringup")
    lay = copy.deepcopy(json.loads(layout.layout_path(path).read_text()))
    breaks(lay)
    errs = layout.validate(lay, data)
    assert any(says in e for e in errs), errs
    # the boards command refuses the map whose layout is bad
    (tmp_path / "layout").mkdir()
    (tmp_path / "bringup.json").write_text(json.dumps(data))
    (tmp_path / "layout" / "bringup.json").write_text(json.dumps(lay))
    r = subprocess.run(
        [sys.executable, "-m", "arkham_host.cli", "boards", str(tmp_path / "bringup.json"),
         "--check"],
        capture_output=True, text=True,
    )
    assert r.returncode == 1 and "layout: " in r.stdout and says in r.stdout


def test_a_map_without_layout_is_drawn_from_its_xy(tmp_path):
    _, data = load("bringup")
    p = tmp_path / "mine.json"
    p.write_text(json.dumps(data))
    lay = layout.load_for(p, data)
    assert layout.validate(lay, data) == []
    assert 'data-spot="pad_47"' in board_svg.svg(data, lay)
