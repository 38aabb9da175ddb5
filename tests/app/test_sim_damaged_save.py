"""Issue 32's second fault: `arkham-table sim --headless --board ah2e --state DIR` crashed on a
damaged save before the firmware saw it (UnicodeDecodeError from a 0xff byte at offset 2000,
IsADirectoryError for a folder where state.json is, from the sim's saved_game() reading the head
as text). The host never trusts the file: the sim starts, and the table reports
`restore_failed`, sets the file aside and resumes the previous save. With and without --game."""

import os

import pytest

from arkham_host.hil.plugin import SimProcess
from arkham_host.table.saved_game import saved_game
from arkham_host.wire.link import Link


def _good_state(tmp_path):
    """A state folder with two good AH2e saves (state.json and its .bak), made by the sim."""
    state = tmp_path / "state"
    sim = SimProcess("ah2e", "ah2e", state, False, tmp_path / "sim.stderr")
    try:
        link = Link(sim.serial)
        try:
            link.request("hello", timeout=20)
            for _ in range(2):
                assert link.request("act 1", timeout=20)["ok"]
        finally:
            link.close()
    finally:
        sim.stop()
    assert (state / "state.json").stat().st_size > 2000 and (state / "state.json.bak").exists()
    return state


def _damage(state, how):
    path = state / "state.json"
    if how == "0xff at 2000":
        data = bytearray(path.read_bytes())
        data[2000] = 0xFF
        path.write_bytes(bytes(data))
    else:
        path.unlink()
        path.mkdir()


@pytest.mark.parametrize("game", [None, "ah2e"])
@pytest.mark.parametrize("how", ["0xff at 2000", "a folder"])
def test_sim_starts_on_a_damaged_save_and_the_table_reports_it(tmp_path, how, game):
    state = _good_state(tmp_path)
    _damage(state, how)
    assert saved_game(state) == "ah2e"  # (the head, or the .bak's: never an exception)
    sim = SimProcess("ah2e", game, state, False, tmp_path / "sim2.stderr")
    try:
        link = Link(sim.serial)
        try:
            hello = link.request("hello", timeout=20)
            assert hello["game"] == "ah2e"
            link.request("since 0", timeout=20)
            evs = [e.get("ev") for e in link.events]
            assert "restore_failed" in evs and "resumed" in evs, evs
            failed = [e for e in link.events if e.get("ev") == "restore_failed"][0]
            assert failed["aside"] == "state.json"
            assert link.request("act 1", timeout=20)["ok"]
        finally:
            link.close()
    finally:
        sim.stop()
    assert os.path.exists(state / "state.json.bad")


def test_saved_game_reads_bytes_and_passes_over_what_it_cannot_read(tmp_path):
    assert saved_game(tmp_path) is None
    (tmp_path / "state.json").write_bytes(b'{"seq":1,"table":{"game":"ritual"' + b"\xff" * 9000)
    assert saved_game(tmp_path) == "ritual"
    (tmp_path / "state.json").write_bytes(b"\xff\xfe" * 300)
    assert saved_game(tmp_path) is None
    (tmp_path / "state.json.bak").write_bytes(b'{"seq":1,"table":{"game":"ah2e","mode":')
    assert saved_game(tmp_path) == "ah2e"
    (tmp_path / "state.json").unlink()
    (tmp_path / "state.json").mkdir()
    assert saved_game(tmp_path) == "ah2e"
