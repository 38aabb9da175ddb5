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


@pytest.mark.table(game="ah2e", board="ah2e")
def test_journaled_actions_come_back_after_a_power_cut(table):
    """An AH2e game's actions go to its journal (docs/protocol.md, "The journal"), a few records
    and a whole save every 8; after the plug is pulled the boot runs the records again on the
    whole save: the same game, the same legal actions, the event numbers going on."""
    if not table.emulated:
        pytest.skip("pulls the plug on an emulated table")
    import random

    table.ok("game ah2e seed=9 players=4 chance=virtual", timeout=30)
    table.ok("ok")  # the setup's prompts, confirmed from the console
    rnd = random.Random(3)
    acted = 0
    while acted < 11:  # (past one whole save: 3 records after it)
        legal = table.ok("legal", timeout=20)["legal"]
        r = table.send("act %s" % rnd.choice(legal).split()[0], timeout=30)
        if r["ok"]:
            acted += 1
        else:  # new prompts (tokens to move) block actions until answered
            table.ok("ok")
    before = table.dump()["state"]
    legal = table.ok("legal", timeout=20)["legal"]
    seq = table.ok("hello")["seq"]
    table.power_cut()
    assert table.expect("hello")["seq"] == seq + 1  # (the boot's event: none lost, none twice)
    after = table.dump()["state"]
    assert after["core"] == before["core"] and after["need"] == before["need"]
    assert table.ok("legal", timeout=20)["legal"] == legal
