"""Figures of the firmware itself, under the MicroPython unix port (64-bit):
`heap_peak_bytes` (bring-up mode, loops with touches), `scan_render_ref_units` (one
scan -> render cycle in units of a reference loop timed in the same run) and
`scan_render_alloc_bytes` (heap one cycle allocates); the same three with `_ah2e8` for the AH2e
table (8 investigators, board ah2e). The emulated chips run on a synthetic clock."""

from __future__ import annotations

import json
import pathlib
import subprocess
import tempfile

from arkham_host.device import boardfile, runtimes

SCRIPT = pathlib.Path(__file__).with_name("_device_table.py")


AH2E = "game ah2e players=8 seed=7 chance=virtual"


def run_device(runtime="micropython", board="bringup", loops=300, heap="512k", game=None) -> dict:
    with tempfile.TemporaryDirectory(prefix="arkham-bench-") as state:
        args = [str(boardfile.board_path(board)), state, str(loops)] + ([game] if game else [])
        argv, env = runtimes.command(runtime, str(SCRIPT), *args, heap=heap)
        out = subprocess.run(argv, env=env, capture_output=True, text=True, timeout=300, cwd=state)
    if out.returncode != 0:
        raise RuntimeError(
            "bench script failed (%s):\n%s" % (runtime, (out.stdout + out.stderr)[-2000:])
        )
    return json.loads(out.stdout.strip().splitlines()[-1])


def measure() -> dict:
    d = run_device()
    a = run_device(board="ah2e", loops=100, game=AH2E)
    return {
        "heap_peak_bytes": d["heap_peak_bytes"],
        "heap_after_boot_bytes": d["heap_after_boot_bytes"],
        "scan_render_ref_units": round(d["scan_render_us"] / max(1, d["reference_us"]), 3),
        "scan_render_us": d["scan_render_us"],
        "scan_render_alloc_bytes": d["scan_render_alloc_bytes"],
        "scan_render_ref_units_ah2e8": round(a["scan_render_us"] / max(1, a["reference_us"]), 3),
        "scan_render_us_ah2e8": a["scan_render_us"],
        "scan_render_alloc_bytes_ah2e8": a["scan_render_alloc_bytes"],
        "heap_peak_bytes_ah2e8": a["heap_peak_bytes"],
    }
