"""The emulated chip's C stack figure (rp2040.mjs paints the main stack, 0x20040000..0x20042000,
at every power-up; issue 28): sane on a booted table, measured from a repaint on, and raised by a
deep recursion at the bare firmware's REPL up to MicroPython's limit (mem_info: "out of 7936").
Fast: one bring-up table (~10 s wall) and two REPL scripts (~1 s each)."""

import pytest

from arkham_host.device import runtimes
from arkham_host.chip import repl
from arkham_host.hil.plugin import chip_unavailable
from arkham_host.wire.link import Link

BOARD = runtimes.BOARDS_DIR / "bringup.json"
SIZE = 7936  # MicroPython's limit on the RP2040 (the 8 KB region less 256 bytes)
REGION = 8192


@pytest.fixture
def need_chip():
    why = chip_unavailable()
    if why:
        pytest.skip(why)


def test_a_booted_tables_stack_figure_is_sane_and_repaints(need_chip, tmp_path):
    from arkham_host.chip.chipsim import ChipSim

    sim = ChipSim(BOARD, game="bringup", state_dir=tmp_path, realtime=False).start()
    try:
        link = Link(sim.serial_path)
        try:
            link.request("hello", 60)
            boot = sim.stack()
            assert (boot["size"], boot["region"]) == (SIZE, REGION)
            assert 0 < boot["max"] < SIZE  # booting the firmware and the table's main.py
            assert boot["max_ever"] == boot["max"]  # (one power-up, no repaint yet)
            assert 0x20040000 < boot["sp"] <= 0x20042000
            now = sim.stack(repaint=True)  # read, then paint below SP
            assert now["max"] >= boot["max"]
            after = sim.stack()
            assert 0 < after["max"] <= now["max"]  # the live frames above SP, and the loop's
            assert after["max_ever"] >= now["max"]  # (the deepest before the repaint kept)
            world = sim.chip()  # the world socket's `chip` carries the same figures
            assert world["ok"] and world["resets"] == 0 and world["usb"] is True
            assert set(world["stack"]) >= {"max", "max_ever", "size", "region", "sp"}
            assert sim.world("chip now")["ok"] is False
        finally:
            link.close()
    finally:
        sim.stop()


def test_a_deep_recursion_raises_the_stack_figure_to_the_limit(need_chip):
    out, shallow = repl.run_with_stack("import micropython\nprint(micropython.stack_use())\n")
    assert 0 < int(out) < shallow["max"] < SIZE  # (the boot went deeper than the REPL's call)
    script = (
        "d = [0]\n"
        "def f(n):\n    d[0] = n\n    f(n + 1)\n"
        "try:\n    f(0)\nexcept RuntimeError as e:\n    print(d[0], e)\n"
    )
    out, deep = repl.run_with_stack(script)
    depth, why = out.split(" ", 1)
    assert why.strip() == "maximum recursion depth exceeded"
    assert 20 <= int(depth) <= 40  # ~250 bytes of C stack a Python call
    # the check fires past the limit; the C code that raises goes a little further (up to the
    # region's end: the heap lies below it)
    assert SIZE - 400 < deep["max"] <= REGION
    assert deep["max"] > shallow["max"] + 20 * 200
