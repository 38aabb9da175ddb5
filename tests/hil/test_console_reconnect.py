"""The console survives its table going away: it reconnects (here to the restarted sim's new pty)
and resyncs with `since`, so no event is lost across the gap."""

import select
import subprocess
import sys
import time

import pytest
from arkham_host.hil.plugin import SimProcess
from arkham_host.wire.worldclient import World


def read_until(proc, want, timeout=20.0):
    deadline = time.monotonic() + timeout
    seen = []
    while time.monotonic() < deadline:
        r, _, _ = select.select([proc.stdout], [], [], deadline - time.monotonic())
        if not r:
            break
        line = proc.stdout.readline()
        if not line:
            break
        seen.append(line.rstrip("\n"))
        if want in line:
            return seen
    raise AssertionError("console never printed %r; it printed:\n%s" % (want, "\n".join(seen)))


def test_console_reconnects_and_resyncs(request, tmp_path, monkeypatch):
    if request.config.getoption("--table") != "sim":
        pytest.skip("restarts an emulated table")
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(tmp_path))  # a registry of our own
    state = tmp_path / "state"
    sim = SimProcess("bringup", "bringup", state, False, tmp_path / "a.stderr")
    console = subprocess.Popen(
        [sys.executable, "-m", "arkham_host.cli", "console", sim.serial],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        bufsize=1,
    )
    try:
        console.stdin.write("hello\n")
        read_until(console, "ok ")
        sim.stop()
        read_until(console, "link lost")
        sim = SimProcess("bringup", "bringup", state, False, tmp_path / "b.stderr")
        world = World(sim.world)
        lines = read_until(console, "reconnected")
        world.touch("pad_07")
        lines += read_until(console, "spot=pad_07")
        assert any(line.startswith("-- resynced") or "since" in line for line in lines), lines
        console.stdin.write("faults\n")
        read_until(console, "ok faults=[]")
        world.close()
    finally:
        console.stdin.close()
        console.wait(10)
        sim.stop()
    assert console.returncode == 0
