"""`link_roundtrips_per_s`: command -> reply through the pty of a headless emulated table
(unix port firmware, the same relay `arkham-table sim` uses)."""

from __future__ import annotations

import tempfile
import time

from arkham_host import boardfile
from arkham_host.link import Link
from arkham_host.simcore import Sim

ROUNDS = 200


def measure() -> dict:
    with tempfile.TemporaryDirectory(prefix="arkham-bench-") as state:
        sim = Sim(
            boardfile.board_path("bringup"), state_dir=state, socket_path=state + "/world.sock"
        ).start()
        try:
            link = Link(sim.serial_path)
            try:
                link.request("hello", timeout=20)  # booted
                t0 = time.perf_counter()
                for _ in range(ROUNDS):
                    link.request("hello")
                dt = time.perf_counter() - t0
            finally:
                link.close()
        finally:
            sim.stop()
    return {"link_roundtrips_per_s": round(ROUNDS / dt, 1)}
