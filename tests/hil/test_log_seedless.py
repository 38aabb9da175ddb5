"""Issue 33: a game started the way the README starts one (no `seed=`) replays and is read back
as it was played. The table seeds itself and announces the seed (a `seed` event, private in
Arkham Ritual: AR-INFO-1); replay, chart, render, forecast and the view's game log use it, and
a reader whose replayed game departs from the log stops at that line instead of drawing another
game. A log that starts mid-game starts at its first `game` line, or says why it cannot."""

import json
import subprocess
import sys

import logplay
import pytest

from arkham_host.session import replay
from arkham_host.view import chart
from arkham_host.view import forecast
from arkham_host.view import gamelog

CLI = [sys.executable, "-m", "arkham_host.cli"]
GAMES = {
    "ah2e": ("ah2e", "game ah2e players=2"),
    "ritual": ("ritual", "game ritual players=3"),
    "final-hour": ("final-hour", "game final-hour players=2"),
}


def run(*args):
    return subprocess.run(CLI + list(args), capture_output=True, text=True, timeout=180)


def records(path):
    return [json.loads(x) for x in path.read_text().splitlines()]


def events(path, name):
    out = []
    for r in records(path):
        if r["dir"] == "<" and '"ev":"%s"' % name in r["line"]:
            out.append(json.loads(r["line"]))
    return out


def last_dump(path):
    for r in reversed(records(path)):
        if r["dir"] == "<" and '"state"' in r["line"]:
            obj = json.loads(r["line"])
            if obj.get("ok") and obj.get("game") == "ah2e":
                return obj["state"]
    raise AssertionError("no AH2e dump in %s" % path)


@pytest.fixture(scope="module")
def logs(tmp_path_factory):
    base = tmp_path_factory.mktemp("seedless")
    out = {}
    for name, (board, line) in GAMES.items():
        (out[name],) = logplay.record(base / ("%s.jsonl" % name), board, line, actions=24)
    return out


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_game_the_table_seeded_replays(logs, name):
    path = logs[name]
    seeds = events(path, "seed")
    assert len(seeds) == 1 and isinstance(seeds[0]["seed"], int), seeds  # announced once
    # Arkham Ritual's seed decides the hidden deal: a private line (AR-INFO-1)
    assert (seeds[0].get("private") == "log") == (name == "ritual"), seeds
    assert replay.replay(str(path)) == []


def test_a_seedless_ah2e_log_charts_forecasts_and_renders_the_game_played(logs):
    path = logs["ah2e"]
    core = last_dump(path)["core"]
    data = chart.series(str(path))
    assert data["turns"][-1]["turn"] == core["turn"], data["turns"]
    assert data["turns"][-1]["doom"] == core["doom"], data["turns"]
    st = forecast.state_from(str(path))
    assert (st["core"]["turn"], st["core"]["doom"]) == (core["turn"], core["doom"])
    assert st["core"]["seed"] == events(path, "seed")[0]["seed"]
    out = run("render", str(path), "-o", str(path.with_suffix(".svg")))
    assert out.returncode == 0, out.stdout + out.stderr


def _doctored(path, tmp_path):
    """The log with one recorded event changed: the mythos card drawn first."""
    lines = path.read_text().splitlines()
    for i, text in enumerate(lines):
        if '\\"ev\\":\\"mythos\\"' in text:
            rec = json.loads(text)
            ev = json.loads(rec["line"])
            ev["card"] = "not_" + ev["card"]
            rec["line"] = json.dumps(ev, separators=(",", ":"))
            lines[i] = json.dumps(rec)
            out = tmp_path / "doctored.jsonl"
            out.write_text("\n".join(lines) + "\n")
            return out, i + 1
    raise AssertionError("no mythos event")


def test_a_reader_stops_where_the_replayed_game_departs_from_the_log(logs, tmp_path):
    bad, line = _doctored(logs["ah2e"], tmp_path)
    with pytest.raises(gamelog.Differs, match="at line %d: event differs" % line):
        gamelog.replay(str(bad))
    for args in (("chart", str(bad), "-o", str(tmp_path / "c.svg")),
                 ("render", str(bad), "-o", str(tmp_path / "r.svg")),
                 ("forecast", str(bad), "--games", "5")):
        out = run(*args)
        assert out.returncode == 1, (args, out.stdout, out.stderr)
        assert "departs from the log at line %d" % line in out.stderr, (args, out.stderr)
        assert not (tmp_path / "c.svg").exists() and not (tmp_path / "r.svg").exists()
        assert "Traceback" not in out.stderr


def test_a_ritual_log_started_mid_game_replays_from_its_game_line(tmp_path):
    # `console --log` on a table playing Arkham Ritual, then `game ritual players=3`
    (path,) = logplay.record(tmp_path / "r.jsonl", "ritual", "game ritual players=3",
                             actions=12, boot="ritual", before=3)
    assert records(path)[0]["dump"]["game"] == "ritual"
    assert replay.replay(str(path)) == []
    w = gamelog.replay(str(path))  # (render's and the view's reader too)
    w.close()


def test_a_final_hour_folder_log_replays_from_its_game_file(tmp_path):
    # `log -o DIR/` on a table playing Final Hour, then `game final-hour players=2`
    first, second = logplay.record(str(tmp_path / "logs") + "/", "final-hour",
                                   "game final-hour players=2", actions=12,
                                   boot="final-hour", before=3)
    assert records(second)[0]["from"] == "game"
    assert replay.replay(str(second)) == []
    out = run("replay", str(first))  # mid-game, its game in the next file: says so
    assert out.returncode == 2 and "middle of a final-hour game" in out.stderr, out.stderr
    assert "next file" in out.stderr and "Traceback" not in out.stderr


def test_final_hours_paced_steps_are_not_a_state_difference():
    """Final Hour shows a change's steps one at a time on its clock: a `dump` right after a
    command may come before or after the next step (on the recorded table as on the replayed
    one; a folder log replayed ~1 time in 4 "state differs" for it). The steps are checked as
    their `prompt` events; the hash leaves the step queue out, and nothing else."""
    def dump(queue, doom):
        return {"game": "final-hour", "state": {
            "ruin_supply": doom, "table": {"opts": {"seed": 5}, "queue": queue, "lit": 0,
                                           "inv": [12, 0], "hand": None}}}

    a = dump([["place", -2, 12], ["place", 22, 2]], 18)
    b = dump([["place", 22, 2]], 18)
    b["state"]["table"]["inv"] = [0, 0]
    assert replay.state_hash(a) == replay.state_hash(b)
    assert replay.state_hash(a) != replay.state_hash(dump(a["state"]["table"]["queue"], 17))
    c = dump([], 18)
    c["state"]["table"]["hand"] = [1, 12]  # (a token in hand: the pads', not the clock's)
    assert replay.state_hash(c) != replay.state_hash(dump([], 18))


def test_a_log_from_before_gain_said_now_still_compares():
    """(issue 33) `gain` names the new amount `now`, not `left`: an older log's gain events are
    the same events."""
    old = {"seq": 5, "ev": "gain", "inv": 0, "what": "clues", "n": 1, "left": 3}
    new = {"seq": 5, "ev": "gain", "inv": 0, "what": "clues", "n": 1, "now": 3}
    assert replay._same(old, new) and replay._same(new, new)
    assert not replay._same(dict(old, left=4), new)
    assert not replay._same({"seq": 5, "ev": "spend", "left": 3}, {"seq": 5, "ev": "spend", "now": 3})
