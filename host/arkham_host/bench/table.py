"""Figures of the firmware itself, under the MicroPython unix port at the Pico's 96 KB heap:
`heap_peak_bytes` (bring-up mode, loops with touches) and `scan_render_ref_units` (one
scan -> render cycle in units of a reference loop timed in the same run)."""

from __future__ import annotations

import json
import pathlib
import subprocess
import tempfile

from arkham_host import boardfile, runtimes

SCRIPT = pathlib.Path(__file__).with_name("_device_table.py")


def run_device(runtime="micropython", board="bringup", loops=300, heap="512k") -> dict:
    with tempfile.TemporaryDirectory(prefix="arkham-bench-") as state:
        argv, env = runtimes.command(
            runtime, str(SCRIPT), str(boardfile.board_path(board)), state, str(loops), heap=heap
        )
        out = subprocess.run(argv, env=env, capture_output=True, text=True, timeout=300, cwd=state)
    if out.returncode != 0:
        raise RuntimeError(
            "bench script failed (%s):\n%s" % (runtime, (out.stdout + out.stderr)[-2000:])
        )
    return json.loads(out.stdout.strip().splitlines()[-1])


def measure() -> dict:
    d = run_device()
    return {
        "heap_peak_bytes": d["heap_peak_bytes"],
        "heap_after_boot_bytes": d["heap_after_boot_bytes"],
        "scan_render_ref_units": round(d["scan_render_us"] / max(1, d["reference_us"]), 3),
        "scan_render_us": d["scan_render_us"],
    }
