"""The lights' shapes read from a running table end to end (issue 12): the bring-up game blinks a
stuck pad amber (docs/protocol.md); the view reads "blink" and the colour at full level, from the
sim's frames (own sim) and from the world's `leds` polled every 50 ms (a sim run elsewhere)."""

import tempfile
import time

import pytest

from arkham_host.device import boardfile
from arkham_host.table.relay import Sim
from arkham_host.view.watch import TableWatch


@pytest.mark.parametrize("source", ["frames", "leds"])
def test_a_stuck_pad_is_seen_blinking_amber(source):
    with tempfile.TemporaryDirectory(prefix="arkham-shapes-") as state:
        sim = Sim(boardfile.board_path("bringup"), game="bringup", state_dir=state,
                  socket_path=state + "/w.sock").start()
        w = None
        try:
            own = sim if source == "frames" else None
            w = TableWatch(sim.serial_path, world_path=sim.world_path, sim=own)
            sim.world("stuck pad_04")
            sim.world("touch pad_06 0")  # a hand held on pad_06: steady green
            look = None
            for _ in range(400):  # bounded: 400 x 50 ms
                look = w.look()
                if look["anim"].get("pad_04") == "blink" and "pad_06" in look["lit"]:
                    break
                time.sleep(0.05)
            assert look["anim"].get("pad_04") == "blink", look
            assert look["lit"]["pad_04"] == [160, 80, 0]
            assert look["anim"]["pad_06"] == "steady" and look["lit"]["pad_06"] == [0, 160, 0]
        finally:
            if w is not None:
                w.close()  # (stops the sim it was handed)
            if w is None or source == "leds":
                sim.stop()
