"""Nobody reading the serial port must never stall the emulated table: the sim keeps a bounded
buffer, drops whole lines (and counts them), and the world and the firmware keep going."""

import os

import pytest


def test_absent_reader_drops_lines_and_the_table_keeps_going(table):
    if not table.emulated:
        pytest.skip("the relay belongs to the emulated table")
    with table.detached() as port:
        fd = os.open(port, os.O_WRONLY | os.O_NOCTTY)  # a writer that never reads
        try:
            for i in range(120):
                os.write(fd, b"#%d pads\n" % (100 + i))
                table.world.leds()  # a firmware round trip: the table keeps its pace
            dropped = table.world.do("stats")["dropped_lines"]
            assert dropped > 0, "expected dropped lines after ~600 KB nobody read"
            table.world.touch("pad_01")
            assert isinstance(table.world.leds(), dict)
        finally:
            os.close(fd)
    # a reader comes back: after the stale lines, the table answers as before
    assert table.ok("faults", timeout=20)["faults"] == []
