"""`render PORT` and `forecast PORT` (issue 12): the board and the odds now, from a table's serial
port (here an emulated table's pty, read as a real table would be: `dump` only; render and
forecast never look up the registry)."""

import json
import os
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

from arkham_host.device import boardfile
from arkham_host.wire import registry
from arkham_host.wire.link import Link
from arkham_host.table.relay import Sim
from arkham_host.wire.worldclient import World

SVGNS = "{http://www.w3.org/2000/svg}"


def cli(*args):
    return subprocess.run([sys.executable, "-m", "arkham_host.cli", *map(str, args)],
                          capture_output=True, text=True, timeout=300)


def test_render_and_forecast_from_a_port(tmp_path):
    with tempfile.TemporaryDirectory(prefix="arkham-port-") as state:
        sim = Sim(boardfile.board_path("ah2e"), game="bringup", state_dir=state,
                  socket_path=state + "/w.sock").start()
        # this process serves the pty (it holds the slave end): registered as a running sim, so
        # the port check does not take it for another program holding the port
        entry = registry.register({"pid": os.getpid(), "serial": sim.serial_path,
                                   "world": sim.world_path, "board": "ah2e", "game": "ah2e",
                                   "state": state})
        try:
            link = Link(sim.serial_path)
            link.request("game ah2e seed=4 players=2", timeout=30)
            link.close()
            w = World(sim.world_path)
            w.place("train_station")  # Jenny Barnes put down at home, as prompted
            w.close()
            out = tmp_path / "now.svg"
            r = cli("render", sim.serial_path, "-o", out)
            assert r.returncode == 0, r.stderr
            root = ET.parse(out).getroot()
            g = {e.get("data-spot"): e for e in root.iter(SVGNS + "g") if e.get("data-spot")}
            assert "present" in g["train_station"].get("class").split()
            assert len(g) == 79
            r = cli("forecast", sim.serial_path, "--games", "5", "--json")
            assert r.returncode == 0, r.stderr
            fc = json.loads(r.stdout)
            assert fc["games"] == 5 and fc["turn"] == 1
            r = cli("render", sim.serial_path, "--at", "3", "-o", tmp_path / "x.svg")
            assert r.returncode == 2 and "--at is for a log" in r.stderr
        finally:
            entry.unlink()
            sim.stop()
