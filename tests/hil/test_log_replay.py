"""A log holds a whole session and replays: one file across `game` changes (or one per game in a
folder, each replayable), a log started mid-game replays from its `dump`, the state hash is
checked at every step, and a bad log is one clear line (exit 2), never a pass."""

import json
import subprocess
import sys
import time

import pytest

CLI = [sys.executable, "-m", "arkham_host.cli"]


def run(*args, stdin="", timeout=120):
    return subprocess.run(
        CLI + list(args), input=stdin, capture_output=True, text=True, timeout=timeout
    )


def records(path):
    return [json.loads(x) for x in path.read_text().splitlines()]


def test_one_file_across_game_changes_replays(table_factory, tmp_path):
    table = table_factory(game="bringup", board="ah2e")
    if not table.emulated:
        pytest.skip("replays on an emulated table")
    path = tmp_path / "session.jsonl"
    typed = "faults\ngame ah2e seed=3 players=2\nok\nlegal\nact 1\nstate\ngame bringup\nfaults\n"
    with table.detached() as port:
        out = run("log", port, "-o", str(path), "-q", stdin=typed)
    assert out.returncode == 0, out.stderr
    assert sorted(tmp_path.glob("*.jsonl")) == [path]  # one file for the whole session
    recs = records(path)
    games = [r["game"] for r in recs if r["dir"] == "meta"]
    assert games == ["bringup", "ah2e", "bringup"], games
    dumps = [r for r in recs if r["dir"] == ">" and r["line"].endswith(" dump")]
    assert len(dumps) >= 8  # the state after every command typed
    out = run("replay", str(path))
    assert out.returncode == 0, out.stdout + out.stderr


def test_a_log_started_mid_game_replays_from_its_dump(table_factory, tmp_path):
    table = table_factory(game="ah2e", board="ah2e")
    if not table.emulated:
        pytest.skip("replays on an emulated table")
    time.sleep(1.0)  # the table's own check of its pads at boot is done (ah2e_start)
    table.ok("ok")
    for _ in range(3):  # played before the log starts
        table.ok("act 1")
    path = tmp_path / "mid.jsonl"
    with table.detached() as port:
        out = run("log", port, "-o", str(path), "-q", stdin="legal\nact 1\nstate\nact 1\n")
    assert out.returncode == 0, out.stderr
    assert records(path)[0]["dump"]["state"]["core"]["turn"] >= 1
    out = run("replay", str(path))
    assert out.returncode == 0, out.stdout + out.stderr
    # a different starting state is caught at the first step, by the state hash
    recs = records(path)
    recs[0]["dump"]["state"]["core"]["doom"] += 1
    doctored = tmp_path / "doctored.jsonl"
    doctored.write_text("".join(json.dumps(r) + "\n" for r in recs))
    out = run("replay", str(doctored))
    assert out.returncode == 1 and "state differs" in out.stdout, out.stdout + out.stderr


def test_a_log_across_a_resync_replays_each_event_once(table_factory, tmp_path):
    """Issue 32: a host back from an unplug asks `since LAST` (the console's resync), and the log
    records that request, its reply and every event it sends again, some of them recorded live
    before. Replay takes each recorded event once (the same seq, the same line) and does not
    play the `since` again (its reply counts the replaying table's buffer, not the game). Typed
    here, as the resync sends it."""
    table = table_factory(game="bringup", board="ah2e")
    if not table.emulated:
        pytest.skip("replays on an emulated table")
    path = tmp_path / "resync.jsonl"
    typed = "game ah2e seed=3 players=2\nok\nact 1\nact 1\nsince 23\nstate\nact 1\n"
    with table.detached() as port:
        out = run("log", port, "-o", str(path), "-q", stdin=typed)
    assert out.returncode == 0, out.stderr
    recs = records(path)
    seqs = [json.loads(r["line"]).get("seq") for r in recs
            if r["dir"] == "<" and r["line"].startswith('{"seq"')]
    assert len(seqs) > len(set(seqs))  # (events recorded twice: live, then by `since`)
    out = run("replay", str(path))
    assert out.returncode == 0, out.stdout + out.stderr


def test_a_mid_game_ritual_log_is_refused_with_the_reason(table_factory, tmp_path):
    table = table_factory(game="ritual", board="ritual")
    if not table.emulated:
        pytest.skip("records an emulated table")
    path = tmp_path / "ritual.jsonl"
    with table.detached() as port:
        out = run("log", port, "-o", str(path), "-q", stdin="state\n")
    assert out.returncode == 0, out.stderr
    out = run("replay", str(path))
    assert out.returncode == 2, out.stdout + out.stderr
    assert "middle of a ritual game" in out.stderr and "Traceback" not in out.stderr


def test_a_folder_log_replays_file_by_file(table, tmp_path):
    if not table.emulated:
        pytest.skip("replays on an emulated table")
    logdir = tmp_path / "logs"
    with table.detached() as port:
        out = run("log", port, "-o", str(logdir) + "/", "-q", stdin="faults\ngame bringup\ndump\n")
    assert out.returncode == 0, out.stderr
    files = sorted(logdir.glob("*.jsonl"), key=lambda p: p.stat().st_mtime_ns)
    assert len(files) == 2, files
    assert records(files[1])[0]["from"] == "game"
    for f in files:
        out = run("replay", str(f))
        assert out.returncode == 0, (f, out.stdout + out.stderr)


def test_watching_a_replay_draws_the_board(table, tmp_path):
    if not table.emulated:
        pytest.skip("replays on an emulated table")
    path = tmp_path / "w.jsonl"
    with table.detached() as port:
        out = run("log", port, "-o", str(path), "-q", stdin="faults\nsweep ms=zero\n")
    assert out.returncode == 0, out.stderr
    out = run("replay", "--speed", "50", str(path))
    assert out.returncode == 0, out.stdout + out.stderr
    assert "board bringup" in out.stdout and "> #" in out.stdout, out.stdout
    out = run("replay", "--step", str(path), stdin="\n" * 20)
    assert out.returncode == 0 and "Enter" in out.stdout, out.stdout + out.stderr


META = '{"dir": "meta", "game": "bringup", "hello": {"board": "bringup"}, "t": 1.0}\n'


@pytest.mark.parametrize(
    "name,text,says",
    [
        ("missing.jsonl", None, "cannot read"),
        ("empty.jsonl", "", "empty"),
        ("truncated.jsonl", META + '{"dir": ">", "line": "#1 hel', "line 2: truncated"),
        ("corrupt.jsonl", META + "garbage\n", "line 2: not a log record"),
        ("nometa.jsonl", '{"dir": ">", "line": "#1 hello", "t": 1}\n', "no meta record"),
        ("nocommands.jsonl", META, "no command recorded"),
    ],
)
def test_a_bad_log_is_one_clear_line(tmp_path, name, text, says):
    path = tmp_path / name
    if text is not None:
        path.write_text(text)
    out = run("replay", str(path))
    assert out.returncode == 2, out.stdout + out.stderr
    err = out.stderr.strip()
    assert len(err.splitlines()) == 1 and str(path) in err and says in err, err
    assert "Traceback" not in err
