"""`arkham-table sim --headless` and `arkham-table ports` as a user runs them."""

import json
import subprocess
import sys


def test_running_sim_is_listed_by_ports(table):
    if not table.emulated:
        return
    out = subprocess.run(
        [sys.executable, "-m", "arkham_host.cli", "ports", "--json"],
        capture_output=True,
        text=True,
        timeout=30,
    )
    assert out.returncode == 0, out.stderr
    ports = json.loads(out.stdout)
    mine = [p for p in ports if p.get("serial") == table.sim.serial]
    assert len(mine) == 1 and mine[0]["kind"] == "emulated" and mine[0]["world"] == table.sim.world


def test_world_help_and_errors(table):
    if not table.emulated:
        return
    assert "place" in table.world.do("help")["help"]
    assert table.world.raw("bogus")["ok"] is False
    assert table.world.raw("place")["ok"] is False  # missing argument
    assert table.world.raw("fail 0x77")["ok"] is False  # not a chip of this board
