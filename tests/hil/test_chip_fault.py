"""A chip that stops answering is reported once, the rest of the table keeps working, and it
recovers when it answers again."""


def spots_on(table, chip):
    board = table.ok("board")["board"]
    return [s["name"] for s in board["spots"] if s["pad"] and s["pad"][0].upper() == chip.upper()]


def test_failed_chip_reported_once_rest_works_then_heals(table):
    bad = spots_on(table, "0x5B")
    good = spots_on(table, "0x5A")
    assert bad and good
    table.skip_events()
    table.world.fail("0x5B")
    fault = table.expect("chip_fault")
    assert fault["chip"] == "0x5B"
    # the other chips still work, and the fault is not repeated while it lasts
    table.world.touch(good[0])
    table.expect("pad", spot=good[0], present=True)
    table.world.place(bad[0])  # on the dead chip: nothing can be seen
    table.world.touch(good[1])
    table.expect("pad", spot=good[1], present=True)
    seen = table.link.events[-50:]
    assert sum(1 for e in seen if e["ev"] == "chip_fault") == 1, seen
    assert not any(e["ev"] == "pad" and e["spot"] == bad[0] for e in seen)
    assert any(f.get("chip") == "0x5B" for f in table.ok("faults")["faults"])
    table.world.heal("0x5B")
    table.expect("chip_ok", chip="0x5B")
    table.expect("pad", spot=bad[0], present=True)  # the token placed meanwhile is seen now
    assert table.ok("faults")["faults"] == []
