"""`arkham-table render LOG [--at N] -o board.svg|.png` (issue 12): the board after line N of a
logged game, drawn by the view's renderer from the game played again on a fresh emulated table."""

import json
import subprocess
import sys
import xml.etree.ElementTree as ET

from arkham_host.maker import boards

SVGNS = "{http://www.w3.org/2000/svg}"


def spots_of(svg_path):
    root = ET.parse(svg_path).getroot()
    return {g.get("data-spot"): g for g in root.iter(SVGNS + "g") if g.get("data-spot")}


def light(g):
    return [e for e in g if e.get("class") == "light"][0].get("fill")


def render(*args):
    return subprocess.run([sys.executable, "-m", "arkham_host.cli", "render", *map(str, args)],
                          capture_output=True, text=True, timeout=300)


def test_render_a_log_at_its_end_and_after_line_n(ah2e_log, tmp_path):
    end = tmp_path / "end.svg"
    r = render(ah2e_log, "-o", end)
    assert r.returncode == 0, r.stderr
    g = spots_of(end)
    ah2e = json.loads(boards.map_path("ah2e").read_text())
    assert sorted(g) == sorted(s["name"] for s in ah2e["spots"])  # every spot of the map, named
    assert light(g["doom_1"]) == "#cc79a7"  # the doom track holds at least the first token
    # the game's start: the setup's tokens are all awaited (blinking white) on their pads
    lines = ah2e_log.read_text().splitlines()
    first_need = next(
        i for i, t in enumerate(lines, 1) if '"ev":"need"' in json.loads(t).get("line", "")
    )
    start = tmp_path / "start.svg"
    r = render(ah2e_log, "--at", first_need, "-o", start)
    assert r.returncode == 0, r.stderr
    g = spots_of(start)
    waits = [n for n, e in g.items() if "awaited" in e.get("class").split()]
    assert waits and all("anim-blink" in g[n].get("class") for n in waits)
    assert all(light(g[n]) == "#ffffff" for n in waits)
    assert "train_station" in waits  # Jenny Barnes starts there (investigators at home)


def test_render_refuses_bad_arguments(ah2e_log, tmp_path):
    r = render(ah2e_log, "-o", tmp_path / "x.gif")
    assert r.returncode == 2 and ".svg or .png" in r.stderr
    r = render(ah2e_log, "--at", 0, "-o", tmp_path / "x.svg")
    assert r.returncode == 2 and "--at" in r.stderr
