"""`arkham-table chart LOG -o game.svg|.png` (issue 12): one point per turn of the log for each of
doom, terror, open gates, monsters in Arkham and clue tokens; closings and the awakening marked."""

import json
import subprocess
import sys
import xml.etree.ElementTree as ET

from arkham_host.view import chart

SVGNS = "{http://www.w3.org/2000/svg}"


def turns_in(log):
    turns = set()
    for text in log.read_text().splitlines():
        line = json.loads(text).get("line", "")
        if '"ev":"phase"' in line:
            turns.add(json.loads(line)["turn"])
    return sorted(turns - {0})  # turn 0: the setup's Mythos phase


def markers(svg_path, gid):
    root = ET.parse(svg_path).getroot()
    g = next(e for e in root.iter(SVGNS + "g") if e.get("id") == gid)
    return len(list(g.iter(SVGNS + "use")))


def test_chart_has_one_point_per_turn_of_the_log(ah2e_log, tmp_path):
    out = tmp_path / "game.svg"
    r = subprocess.run([sys.executable, "-m", "arkham_host.cli", "chart", str(ah2e_log), "-o",
                        str(out)], capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    want = turns_in(ah2e_log)
    assert len(want) >= 3
    for key, _, _ in chart.SERIES:
        assert markers(out, "series-" + key) == len(want), key
    png = tmp_path / "game.png"
    r = subprocess.run([sys.executable, "-m", "arkham_host.cli", "chart", str(ah2e_log), "-o",
                        str(png)], capture_output=True, text=True, timeout=300)
    assert r.returncode == 0 and png.read_bytes()[:4] == b"\x89PNG"


def test_closings_and_the_awakening_are_marked(tmp_path):
    data = {
        "turns": [{"turn": t, "doom": t, "terror": t // 2, "gates": 1, "in_arkham": 2,
                   "clues": 9} for t in range(1, 8)],
        "closings": [(3, "woods"), (5, "the_witch_house")],
        "awakening": 7,
        "over": None,
    }
    out = tmp_path / "m.svg"
    chart.draw(data, out)
    ids = {e.get("id") for e in ET.parse(out).getroot().iter(SVGNS + "g")}
    assert {"closing-0", "closing-1", "awakening"} <= ids
    assert markers(out, "series-doom") == 7
    text = out.read_text()
    assert "woods" in text and "the_witch_house" in text


def test_chart_refuses_a_bad_output(ah2e_log, tmp_path):
    r = subprocess.run([sys.executable, "-m", "arkham_host.cli", "chart", str(ah2e_log), "-o",
                        str(tmp_path / "x.jpg")], capture_output=True, text=True)
    assert r.returncode == 2 and ".svg or .png" in r.stderr


def test_the_doom_line_is_drawn_over_the_gates_line(tmp_path):
    """Issue 33: doom and open gates are often equal (a gate adds a doom token), and the doom
    line was hidden under the gates line. Doom is drawn last (on top) and wider than gates."""
    data = {"turns": [{"turn": t, "doom": t, "terror": 0, "gates": t, "in_arkham": 0,
                       "clues": 0} for t in range(1, 6)],
            "closings": [], "awakening": None, "over": None}
    out = tmp_path / "d.svg"
    chart.draw(data, out)
    order = [e.get("id") for e in ET.parse(out).getroot().iter(SVGNS + "g")
             if (e.get("id") or "").startswith("series-")]
    assert order.index("series-doom") > order.index("series-gates"), order

    def width(gid):
        g = next(e for e in ET.parse(out).getroot().iter(SVGNS + "g") if e.get("id") == gid)
        path = next(g.iter(SVGNS + "path"))
        return float(path.get("style").split("stroke-width:")[1].split(";")[0])

    assert width("series-doom") > width("series-gates")
