"""Issue 33: the README's own example session (start, play, log, replay, chart, render, forecast)
runs as a user runs it on a fresh clone: the commands are read from README.md's section "A whole
game, and looking back at it", `tools/arkham X` run as the venv's `arkham-table X`, in an empty
folder with an empty state home (no saved game, nobody's saves). The game is started the README's
way, without `seed=`. (The venv is this checkout's: making a new one takes a minute and a
network, and is `tools/arkham`'s own, tested by .ci/run.)"""

import json
import os
import pathlib
import re
import subprocess
import sys
import time

import pytest

README = pathlib.Path(__file__).resolve().parents[2] / "README.md"
SECTION = "### A whole game, and looking back at it"
PLAYED = 40  # times the typed lines after the `game` line are typed again (~5 AH2e turns)


def session():
    """(sh command lines, typed lines) of the README's session, in order."""
    text = README.read_text()
    assert SECTION in text, "README.md lost its session section"
    part = text.split(SECTION, 1)[1].split("\n## ", 1)[0].split("\n### ", 1)[0]
    blocks = re.findall(r"```(\w+)\n(.*?)```", part, re.S)
    commands = [line.split("  #")[0].strip() for kind, body in blocks if kind == "sh"
                for line in body.splitlines() if line.strip()]
    typed = [line.strip() for kind, body in blocks if kind == "text"
             for line in body.splitlines() if line.strip()]
    return commands, typed


def argv(command, port):
    words = command.rstrip("&").split()
    assert words[:1] == ["tools/arkham"], command
    words = [port if w == "/dev/pts/N" else w for w in words[1:]]
    return [str(pathlib.Path(sys.executable).with_name("arkham-table"))] + words


def test_the_readme_session_runs_from_a_fresh_clone(request, tmp_path):
    if request.config.getoption("--table") != "sim":
        pytest.skip("starts its own emulated table, as the README does")
    commands, typed = session()
    assert [c.split()[1] for c in commands] == [
        "sim", "log", "replay", "chart", "render", "forecast"], commands
    assert typed[0] == "game ah2e players=3" and "seed=" not in typed[0]
    env = dict(os.environ, XDG_STATE_HOME=str(tmp_path / "state"))  # a fresh user
    sim = subprocess.Popen(argv(commands[0], ""), cwd=tmp_path, env=env, stdin=subprocess.PIPE,
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        port = sim.stdout.readline().split()[-1]  # "serial /dev/pts/N"
        assert port.startswith("/dev/"), port
        # a person types the next line seconds later: the table has set its game up and made
        # its pads check (docs/host-tools.md: a log replays from 0.5 s after boot on)
        from arkham_host.wire.link import Link

        link = Link(port)
        try:
            link.request("hello", timeout=30)
            link.request("state", timeout=30)
        finally:
            link.close()
        time.sleep(1.0)
        lines = typed[:1] + typed[1:] * PLAYED
        out = subprocess.run(argv(commands[1], port) + ["-q"], cwd=tmp_path, env=env,
                             input="\n".join(lines) + "\n", capture_output=True, text=True,
                             timeout=300)
        assert out.returncode == 0, out.stdout + out.stderr
    finally:
        sim.stdin.close()  # (headless on a pipe: EOF stops it)
        sim.wait(30)
    log = tmp_path / "game.jsonl"
    seeds = [json.loads(json.loads(x)["line"]) for x in log.read_text().splitlines()
             if '\\"ev\\":\\"seed\\"' in x]
    assert len(seeds) == 1, seeds  # the seed the table chose, announced
    dumps = [json.loads(json.loads(x)["line"]) for x in log.read_text().splitlines()
             if '\\"board\\":\\"ah2e\\"' in x and '\\"state\\"' in x]
    core = dumps[-1]["state"]["core"]
    assert core["turn"] >= 3, core["turn"]  # (a game played for some turns)
    said = {}
    for command in commands[2:]:
        out = subprocess.run(argv(command, port), cwd=tmp_path, env=env, capture_output=True,
                             text=True, timeout=600)
        assert out.returncode == 0, (command, out.stdout, out.stderr)
        said[command.split()[1]] = out.stdout
    assert "the fresh table said the same" in said["replay"], said["replay"]
    assert "%d turns" % core["turn"] in said["chart"], said["chart"]  # (was "1 turns")
    assert said["forecast"].startswith("forecast from turn %d (%s), doom %d:" % (
        core["turn"], core["phase"], core["doom"])), said["forecast"]  # (was "turn 1, doom 1")
    assert (tmp_path / "game.svg").stat().st_size > 0 and (tmp_path / "board.png").exists()
    # the board drawn is the game played: its doom track (issue 33: render showed doom 1)
    out = subprocess.run(argv("tools/arkham render game.jsonl -o board.svg", port), cwd=tmp_path,
                         env=env, capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, out.stderr
    import xml.etree.ElementTree as ET

    ns = "{http://www.w3.org/2000/svg}"
    lit = 0
    for g in ET.parse(tmp_path / "board.svg").getroot().iter(ns + "g"):
        if re.fullmatch(r"spot-doom_\d+", g.get("id") or ""):
            light = [e for e in g if "light" in (e.get("class") or "").split()]
            lit += any(e.get("fill") == "#cc79a7" for e in light)  # (the doom colour)
    assert lit == core["doom"], (lit, core["doom"])
