"""A restarted emulated table resumes from its state dir: the event seq goes on, never back."""

import pytest


def test_restart_resumes_seq(table):
    if not table.emulated:
        pytest.skip("restarts an emulated table")
    table.world.touch("pad_03")
    ev = table.expect("pad", spot="pad_03")
    before = table.ok("hello")["seq"]
    assert before >= ev["seq"]
    table.restart()
    after = table.hello["seq"]
    assert after >= before, (before, after)
    table.world.touch("pad_04")
    assert table.expect("pad", spot="pad_04")["seq"] > before


def test_fresh_state_dir_starts_from_nothing(request, table_factory, tmp_path):
    if request.config.getoption("--table") != "sim":
        pytest.skip("state dirs belong to emulated tables")
    a = table_factory(state=tmp_path / "a")
    a.world.touch("pad_01")
    a.expect("pad")
    b = table_factory(state=tmp_path / "b")
    assert b.dump()["present"] == []
