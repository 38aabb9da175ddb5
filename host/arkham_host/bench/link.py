"""`link_roundtrips_per_s`: command -> reply through the pty of a headless emulated table
(unix port firmware, the same relay `arkham-table sim` uses). Wall time of three processes (the
table, the relay, this one), so it depends on the machine's load: `link_load_avg_1min` is the
load average when it was measured, and the figure compares only with one taken on the same
machine at a similar load."""

from __future__ import annotations

import tempfile
import time

from arkham_host.device import boardfile
from arkham_host.wire.link import Link
from arkham_host.table.relay import Sim

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
    import os

    return {
        "link_roundtrips_per_s": round(ROUNDS / dt, 1),
        "link_load_avg_1min": round(os.getloadavg()[0], 2),
        "link_note": "wall time: depends on the machine's load",
    }
