"""`arkham-table sim --headless` and `arkham-table ports` as a user runs them."""

import json
import subprocess
import sys

import pytest


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


def sim_cli(*args, timeout=60):
    return subprocess.run(
        [sys.executable, "-m", "arkham_host.cli", "sim", "--headless", *args],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=timeout,
    )


def test_an_unknown_game_fails_at_the_command_line_with_the_choices(tmp_path):
    out = sim_cli("--game", "arkham", "--state", str(tmp_path))
    assert out.returncode == 2, out.stdout + out.stderr
    assert "unknown game 'arkham'" in out.stderr
    for name in ("ah2e", "bringup", "final-hour", "ritual"):
        assert name in out.stderr
    assert "serial" not in out.stdout  # no table was started


def test_a_game_its_board_cannot_host_fails_at_the_command_line(tmp_path):
    out = sim_cli("--game", "ah2e", "--state", str(tmp_path))  # the bringup board
    assert out.returncode == 2, out.stdout + out.stderr
    assert "--board ah2e" in out.stderr and "Traceback" not in out.stderr
    out = sim_cli("--game", "ritual", "--board", "final-hour", "--state", str(tmp_path))
    assert out.returncode == 2 and "--board ritual" in out.stderr, out.stderr


def test_a_restart_without_game_resumes_the_saved_game(request, tmp_path):
    """Issue 15: `sim` without --game resumes what is saved; replacing it takes --new-game."""
    import pytest
    from arkham_host.hil.plugin import SimProcess
    from arkham_host.wire.link import Link

    if request.config.getoption("--table") != "sim":
        pytest.skip("restarts an emulated table")
    state = tmp_path / "state"

    def game_of(game):
        sim = SimProcess("ritual", game, state, False, tmp_path / "sim.stderr")
        try:
            link = Link(sim.serial)
            try:
                return link.request("hello", timeout=20)["game"]
            finally:
                link.close()
        finally:
            sim.stop()

    assert game_of("ritual") == "ritual"
    assert game_of(None) == "ritual"  # no flag: resume what is saved
    out = sim_cli("--board", "ritual", "--game", "bringup", "--state", str(state))
    assert out.returncode == 2 and "--new-game" in out.stderr, out.stdout + out.stderr
    assert game_of(None) == "ritual"  # the refusal changed nothing
    assert game_of("ritual") == "ritual"  # the same game: resumed


def test_stopping_a_sim_twice_is_harmless(tmp_path):
    """A test's finally and a fixture may both stop the same emulated table (was a TypeError)."""
    from arkham_host.device import boardfile
    from arkham_host.table.relay import Sim

    sim = Sim(boardfile.board_path("bringup"), game="bringup", state_dir=str(tmp_path),
              socket_path=str(tmp_path / "w.sock")).start()
    sim.stop()
    sim.stop()
    assert not sim.running


def test_a_request_whose_reply_says_the_table_restarts_returns_once_it_is_back():
    """A Pico restarts after a game switch: the reply says `"restart": true`, the new boot's
    `hello` event follows; Link.request returns after that hello, expect()'s cursor untouched
    (the `game` event before the reply is still there to expect)."""
    import threading
    import time

    from arkham_host.wire.link import Link

    link = Link.__new__(Link)
    link.recorder, link.on_line, link.keep = None, None, 10
    link.cond = threading.Condition()
    link.lines, link.events, link.untagged, link.replies = [], [], [], {}
    link.cursor, link.last_seq, link.hello, link.closed, link._tag = 0, 0, None, False, 0
    link._dropped, link._reply_at = 0, {}
    sent = []
    link.write = sent.append
    for n in range(1, 200):  # (older events, dropped from the front as the list grows)
        link._line('{"seq": %d, "ev": "pad", "spot": "pad_01", "present": true}' % n)

    def table():
        while not sent:
            time.sleep(0.01)
        link._line('{"seq": 200, "ev": "game", "game": "ah2e"}')
        link._line('{"seq": 201, "ev": "hello", "game": "bringup"}')  # (an old one: before)
        link._line('{"re": 1, "ok": true, "game": "ah2e", "restart": true}')
        time.sleep(0.3)
        link._line('{"seq": 202, "ev": "hello", "game": "ah2e"}')

    threading.Thread(target=table, daemon=True).start()
    r = link.request("game ah2e", timeout=5)
    assert r["restart"] is True
    assert link.events[-1]["seq"] == 202  # (it returned once the new boot's hello was in)
    link.skip_events()
    link.cursor = 0
    assert link.expect("game")["seq"] == 200


def test_a_link_nobody_reads_events_from_stays_bounded():
    """A console or log session reads lines through on_line and never consumes events: the
    link's event list must not grow for the whole session (noticed in issue 12)."""
    from arkham_host.wire.link import Link

    link = Link.__new__(Link)  # (no port: lines are fed as the reader thread would)
    import threading

    link.recorder, link.on_line, link.keep = None, None, 10
    link.cond = threading.Condition()
    link.lines, link.events, link.untagged, link.replies = [], [], [], {}
    link.cursor, link.last_seq, link.hello = 0, 0, None
    link._dropped, link._reply_at = 0, {}
    for n in range(1, 1001):
        link._line('{"seq": %d, "ev": "pad", "spot": "pad_01", "present": true}' % n)
    assert len(link.events) <= 80 and link.events[-1]["seq"] == 1000
    assert link.cursor == 0


def test_a_switch_to_another_game_restarts_the_emulated_table_as_a_pico(table_factory):
    """A Pico restarts after `game NAME` starts another game (its names go with the old
    program) and resumes the new game from its save; the emulated table does the same (its
    firmware process ends and boots again), and the world, the table's physical side, stays:
    the token on its pad is still sensed. A new game of the same kind does not restart."""
    table = table_factory(game="bringup", board="ah2e")
    if not table.emulated:
        pytest.skip("the emulated table's restart")
    table.world.do("place rivertown")
    table.expect("pad", spot="rivertown", present=True)
    r = table.ok("game ah2e seed=5 players=2")
    assert r["restart"] is True
    assert table.world.do("stats")["restarts"] == 1
    assert table.ok("hello")["game"] == "ah2e"  # (the new boot's: the saved game resumed)
    assert "rivertown" in table.world.do("tokens")["tokens"]
    sensed = [p["spot"] for p in table.ok("pads")["pads"] if p["present"]]
    assert sensed == ["rivertown"]  # (by the new program)
    r = table.ok("game ah2e seed=6 players=2")
    assert not r.get("restart") and table.world.do("stats")["restarts"] == 1


def test_each_checkout_keeps_its_own_emulated_table(tmp_path, monkeypatch):
    """Issue 33: saves were per user (~/.local/state/arkham-table/boards/ah2e), so a second
    clone's first `sim` resumed the first clone's game. The default state folder is now one per
    checkout (and board), under the user's state home."""
    from arkham_host.device import runtimes
    from arkham_host.table import sim

    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "home"))
    folders = set()
    for clone in ("a/arkham-table", "b/arkham-table"):
        monkeypatch.setattr(runtimes, "FIRMWARE_DIR", tmp_path / clone / "firmware")
        d = sim.default_state_dir("ah2e")
        assert str(d).startswith(str(tmp_path / "home" / "arkham-table")), d
        assert d.name == "ah2e" and d == sim.default_state_dir("ah2e")  # (the same next time)
        folders.add(d)
    assert len(folders) == 2, folders


def test_a_sim_that_resumes_says_which_game_and_from_where(request, tmp_path):
    """Issue 33: a sim that resumes a saved game says so at start, with the folder and how to
    replace it (headless: on stderr; the board view: its status line)."""
    from arkham_host.table import sim
    from arkham_host.hil.plugin import SimProcess
    from arkham_host.wire.link import Link

    if request.config.getoption("--table") != "sim":
        pytest.skip("starts an emulated table")
    state = tmp_path / "state"
    for game in ("ritual", None):
        p = SimProcess("ritual", game, state, False, tmp_path / ("%s.stderr" % game))
        try:
            link = Link(p.serial)
            assert link.request("hello", timeout=20)["game"] == "ritual"  # (and saved)
            link.close()
        finally:
            p.stop()
        said = p.stderr_text()
        if game is None:
            assert "resumes the saved ritual game from %s" % state in said, said
            assert "--new-game" in said
        else:
            assert "resumes" not in said, said  # (a new game: nothing to say)
    assert sim.resumes(str(state), "ritual", True) is None  # --new-game: not resumed
    assert sim.resumes(str(tmp_path / "none"), None, False) is None


def test_tests_never_touch_a_users_saves():
    """(issue 33) tests/conftest.py points the state home at a folder of the test run."""
    import os

    from arkham_host.wire import registry

    home = str(registry.state_home())
    assert not home.startswith(os.path.expanduser("~/.local/state")), home
    assert "arkham-tests-state-" in home


def test_a_game_saved_before_saves_were_per_checkout_is_named_not_resumed(tmp_path, monkeypatch):
    """(issue 33) The old per-user folder's game is not resumed by itself (it may be another
    clone's), but a sim says where it is and how to resume it."""
    import json as _json

    from arkham_host.table import sim

    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path))
    old = tmp_path / "arkham-table" / "boards" / "ah2e"
    old.mkdir(parents=True)
    (old / "state.json").write_text(_json.dumps({"seq": 1, "table": {"game": "ah2e"}},
                                                separators=(",", ":")))
    new = sim.default_state_dir("ah2e")
    said = sim.older_save("ah2e", None, str(new))
    assert said and "ah2e game" in said and "--state %s" % old in said, said
    assert sim.older_save("ritual", None, str(sim.default_state_dir("ritual"))) is None
