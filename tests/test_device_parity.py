"""Every device test script runs under CPython and under the MicroPython unix port; both must pass
and print the same bytes (MicroPython's run-tests idea). The 64-bit port runs at the Pico's heap
scaled to its object sizes (runtimes.PICO_HEAP_64): it proves the runtimes agree; the memory
figure is the 32-bit run.
They also run on the 32-bit unix port at the Pico's heap (../shared/pico/micropython32, 248000
bytes: what a stock Pico has free), skipped with the reason where that binary is missing."""
import pathlib
import subprocess

import pytest

from arkham_host.device import runtimes

DEVICE = pathlib.Path(__file__).parent / "device"
SCRIPTS = sorted(p for p in DEVICE.glob("test_*.py"))


def run(runtime, script):
    argv, env = runtimes.command(runtime, str(script), extra_path=[DEVICE], heap=runtimes.PICO_HEAP_64)
    return subprocess.run(argv, env=env, capture_output=True, text=True, timeout=600, cwd=DEVICE)


@pytest.mark.parametrize("script", SCRIPTS, ids=[p.stem for p in SCRIPTS])
def test_same_output_on_cpython_and_micropython(script):
    cp = run("cpython", script)
    mp = run("micropython", script)
    assert cp.returncode == 0, "CPython failed:\n" + cp.stdout[-3000:] + cp.stderr[-3000:]
    assert mp.returncode == 0, "MicroPython failed:\n" + mp.stdout[-3000:] + mp.stderr[-3000:]
    assert "FAIL" not in cp.stdout
    assert mp.stdout == cp.stdout, "outputs differ between CPython and MicroPython"


@pytest.mark.parametrize("script", SCRIPTS, ids=[p.stem for p in SCRIPTS])
def test_same_output_on_micropython32_at_the_picos_heap(script):
    """The same scripts on the 32-bit unix port (objects the size they have on an RP2040) at the
    heap a stock Pico has free (runtimes.PICO_HEAP), modules compiled from .py into that heap."""
    if runtimes.micropython32_binary() is None:
        pytest.skip(runtimes.MICROPYTHON32_MISSING)
    cp = run("cpython", script)
    argv, env = runtimes.command(
        "micropython32", str(script), extra_path=[DEVICE], heap=runtimes.PICO_HEAP
    )
    mp = subprocess.run(argv, env=env, capture_output=True, text=True, timeout=600, cwd=DEVICE)
    assert cp.returncode == 0, "CPython failed:\n" + cp.stdout[-3000:] + cp.stderr[-3000:]
    assert mp.returncode == 0, "micropython32 failed:\n" + mp.stdout[-3000:] + mp.stderr[-3000:]
    assert mp.stdout == cp.stdout, "outputs differ between CPython and micropython32"
