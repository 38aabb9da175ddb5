"""The host commands against a running emulated table: console (piped), log, bench --json."""

import json
import subprocess
import sys

import pytest

CLI = [sys.executable, "-m", "arkham_host.cli"]


def run(*args, stdin="", timeout=60):
    return subprocess.run(
        CLI + list(args), input=stdin, capture_output=True, text=True, timeout=timeout
    )


def test_console_pretty_prints_replies_and_errors(table):
    with table.detached() as port:
        out = run("console", port, stdin="hello\nfrobnicate\nfaults\n")
    assert out.returncode == 0, out.stderr
    # one reply a line; a reply's objects too long for its line follow it, indented (hello's
    # step_ms: its width depends on how many ms the last command took)
    lines = [line for line in out.stdout.splitlines() if not line.startswith(" ")]
    assert lines[0].startswith("ok ") and "proto=1" in lines[0], lines
    assert lines[1].startswith("error: ") and "frobnicate" in lines[1], lines
    assert lines[2] == "ok faults=[]", lines


def test_console_draws_the_board_from_dump(table):
    if not table.emulated:
        pytest.skip("needs the world to place a token")
    table.world.place("pad_09")
    table.expect("pad", spot="pad_09", present=True)
    with table.detached() as port:
        out = run("console", port, stdin="board\n")
    assert out.returncode == 0, out.stderr
    rows = [line for line in out.stdout.splitlines() if "PAD_09" in line]
    assert len(rows) == 1 and rows[0].split()[1] == "PPAD_09", out.stdout  # lit P, a token


def test_log_records_both_directions_with_the_hello(table, tmp_path):
    path = tmp_path / "game.jsonl"
    with table.detached() as port:
        out = run("log", port, "-o", str(path), "-q", stdin="dump\n", timeout=60)
    assert out.returncode == 0, out.stderr
    recs = [json.loads(line) for line in path.read_text().splitlines()]
    assert recs[0]["dir"] == "meta" and recs[0]["hello"]["proto"] == 1
    sent = [r["line"] for r in recs if r["dir"] == ">"]
    got = [json.loads(r["line"]) for r in recs if r["dir"] == "<"]
    assert any(s.endswith(" dump") for s in sent)
    assert any(g.get("re") is not None and "lit" in g for g in got)
    assert all(isinstance(r["t"], float) for r in recs)


def test_bench_json_prints_the_figures():
    out = run("bench", "--json", "--only", "table", "--only", "link", timeout=120)
    assert out.returncode == 0, out.stdout + out.stderr
    figures = json.loads(out.stdout)
    assert "bench: [1/2] link" in out.stderr and "bench: [2/2] table" in out.stderr, out.stderr
    assert isinstance(figures["heap_peak_bytes"], int) and figures["heap_peak_bytes"] > 0
    assert isinstance(figures["scan_render_ref_units"], (int, float))
    assert figures["scan_render_ref_units"] > 0
    assert isinstance(figures["link_roundtrips_per_s"], (int, float))
    assert figures["link_roundtrips_per_s"] > 0


def test_replay_of_a_recorded_session_matches(table, tmp_path):
    """Record a session (commands + tokens), replay it on a fresh table: same replies and events;
    a doctored log is caught."""
    if not table.emulated:
        pytest.skip("records from an emulated table")
    path = tmp_path / "session.jsonl"
    from arkham_host.wire.link import Link
    from arkham_host.session.recorder import Recorder

    with table.detached() as port:
        rec = Recorder(path, port)
        link = Link(port, recorder=rec)
        link.request("hello")
        rec.start_file("bringup")
        table.world.place("pad_04")
        link.expect("pad", spot="pad_04")
        link.request("dump")
        link.request("sweep ms=zero")
        table.world.lift("pad_04")
        link.expect("pad", spot="pad_04", present=False)
        link.request("faults")
        link.close()
        rec.close()
    out = run("replay", str(path))
    assert out.returncode == 0, out.stdout + out.stderr
    doctored = tmp_path / "doctored.jsonl"
    doctored.write_text(path.read_text().replace('\\"pad_04\\"]', '\\"pad_05\\"]'))
    out = run("replay", str(doctored))
    assert out.returncode == 1 and "differs" in out.stdout, out.stdout + out.stderr


def test_log_starts_a_new_file_for_each_game(table, tmp_path):
    logdir = tmp_path / "logs"
    with table.detached() as port:
        out = run("log", port, "-o", str(logdir) + "/", "-q", stdin="faults\ngame bringup\ndump\n")
    assert out.returncode == 0, out.stderr
    files = sorted(logdir.glob("*.jsonl"), key=lambda p: p.stat().st_mtime_ns)
    assert len(files) == 2, files
    first = [json.loads(x) for x in files[0].read_text().splitlines()]
    second = [json.loads(x) for x in files[1].read_text().splitlines()]
    assert first[0]["dir"] == "meta" and second[0]["dir"] == "meta"
    assert second[0]["game"] == "bringup"
    assert any(r["dir"] == ">" and r["line"].endswith(" faults") for r in first)
    assert any(r["dir"] == ">" and r["line"].endswith(" dump") for r in second)
