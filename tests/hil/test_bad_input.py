"""Bad input over the real pty: each bad line gets one clear error (or is dropped with one error),
nothing in the state changes, and the next good command works."""

import pytest


def state_of(table):
    """The table's whole visible state, without the reply's own tag."""
    d = dict(table.dump())
    d.pop("re", None)
    return d


def check_good_after(table, before):
    assert table.ok("hello")["proto"] == 1
    assert state_of(table) == before


def test_unknown_verb_is_refused_by_tag(table):
    before = state_of(table)
    reply = table.send("frobnicate now")
    assert reply["ok"] is False and "frobnicate" in reply["err"]
    check_good_after(table, before)


@pytest.mark.parametrize(
    "command",
    [
        "since abc",
        "dump extra",
        "since",
        "game no_such_game",
        "sweep ms=zero",
        "pads 0x99",
        "calib set pad_00 touch=5",
    ],
)
def test_bad_arguments_are_refused(table, command):
    before = state_of(table)
    reply = table.send(command)
    assert reply["ok"] is False and reply["err"], reply
    check_good_after(table, before)


def test_over_long_line_gives_one_error(table):
    before = state_of(table)
    start = len(table.link.untagged)
    table.write("#41 hello " + "A" * 600 + "\n")
    table.write("#42 hello\n")
    assert table.link.reply(42)["ok"] is True
    errors = [r for r in table.link.untagged[start:]] + (
        [table.link.replies.pop("41")] if "41" in table.link.replies else []
    )
    assert len(errors) == 1 and errors[0]["ok"] is False and "long" in errors[0]["err"], errors
    check_good_after(table, before)


@pytest.mark.parametrize(
    "garbage",
    [bytes(range(256)).replace(b"\n", b""), b"\x03\x04", b"\x03", b"\x04", b"\xff\xfe\x00hello"],
    ids=["all-bytes", "ctrl-c-d", "ctrl-c", "ctrl-d", "binary-hello"],
)
def test_binary_garbage_gives_one_error(table, garbage):
    before = state_of(table)
    start = len(table.link.untagged)
    table.write(garbage + b"\n")
    table.write("#43 hello\n")
    assert table.link.reply(43)["ok"] is True
    errors = table.link.untagged[start:]
    assert len(errors) == 1 and errors[0]["ok"] is False, errors
    check_good_after(table, before)


def test_half_line_then_its_completion(table):
    table.write("#44 hel")
    table.world.leds()  # a full loop of the table passes while the line is half sent
    table.write("lo\n")
    assert table.link.reply(44)["proto"] == 1


def test_flood_of_500_lines(table):
    """Every line of the flood is either answered or counted in an `input flood` error; then the
    next good command works and nothing changed."""
    before = state_of(table)
    link = table.link
    start = len(link.untagged)
    table.write(b"".join(b"#%d hello\n" % (1000 + i) for i in range(500)))

    def accounted():
        answered = sum(1 for i in range(500) if str(1000 + i) in link.replies)
        dropped = 0
        for r in link.untagged[start:]:
            assert r["ok"] is False and r["err"].startswith("input flood: dropped"), r
            dropped += int(r["err"].split()[3])
        return answered, dropped

    with link.cond:
        link.cond.wait_for(lambda: sum(accounted()) >= 500, 30)
    answered, dropped = accounted()
    assert answered + dropped == 500, (answered, dropped, link.recent_text())
    assert table.ok("faults")["faults"] == []
    check_good_after(table, before)


def test_world_channel_cannot_be_forged_from_the_serial_port(table):
    """0x1E starts a world line inside the sim; a user's 0x1E is stripped, so this is a bad verb."""
    table.skip_events()
    table.write(b"\x1e7 fail 0x5A\n")
    table.write("#45 faults\n")
    assert table.link.reply(45)["faults"] == []
    table.world.touch("pad_00")
    ev = table.expect(None)
    assert ev["ev"] == "pad", ev


def test_a_half_line_left_behind_does_not_reach_the_next_test(table, tmp_path):
    """A test that leaves `#44 hel` in the table's input must not spoil the next one: the
    fixture ends the stray line before its hello (here a second fixture table on the same port,
    as the next test on a real table would be)."""
    from arkham_host.hil.plugin import Table, WireLog

    table.write("#44 hel")  # no newline: the table holds the half line
    with table.detached() as port:
        log = WireLog(tmp_path / "next.wire.log")
        nxt = Table(port, log, None)  # connects as to a real table
        try:
            assert nxt.hello["ok"] is True and nxt.hello["proto"] == 1
            assert nxt.ok("faults")["faults"] == []
        finally:
            nxt.close()
            log.close()


def test_a_test_for_a_game_or_board_the_table_lacks_skips_with_the_reason(table, tmp_path):
    import pytest
    from arkham_host.hil.plugin import Table, WireLog

    with table.detached() as port:
        log = WireLog(tmp_path / "real.wire.log")
        real = Table(port, log, None)  # as a real table with the bringup board
        try:
            with pytest.raises(pytest.skip.Exception, match="needs board ritual"):
                real.reset_game("ritual", "ritual")
            with pytest.raises(pytest.skip.Exception, match="needs game chess"):
                real.reset_game("chess")
            with pytest.raises(pytest.skip.Exception, match="cannot start ah2e"):
                real.reset_game("ah2e")  # the bringup board has no Arkham
            real.reset_game("bringup")  # its own game, fresh
            assert real.ok("game")["game"] == "bringup"
        finally:
            real.close()
            log.close()
