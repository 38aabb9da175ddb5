"""bench m32 (issue 9): the Pico's heap measured on the 32-bit unix port. The measure must be able
to fail (a heap too small is seen as too small), and without micropython32 it skips and says why."""
import pytest

from arkham_host import runtimes
from arkham_host.bench import m32


def test_without_micropython32_the_bench_skips_with_the_reason(monkeypatch, tmp_path):
    monkeypatch.setenv(runtimes.MICROPYTHON32_ENV, str(tmp_path / "no-such-binary"))
    assert runtimes.micropython32_binary() is None
    assert m32.measure() == {"m32_skipped": runtimes.MICROPYTHON32_MISSING}
    with pytest.raises(FileNotFoundError):
        runtimes.command("micropython32", "x.py")


def test_the_bring_up_table_runs_in_a_big_heap_and_not_in_a_tiny_one():
    if runtimes.micropython32_binary() is None:
        pytest.skip(runtimes.MICROPYTHON32_MISSING)
    cal = m32.calibrate("mpy")
    assert 0 < cal["emu"] < 64 * 1024  # the emulator's code, given on top of the measured heap
    assert m32.runs(200 * 1024, "mpy", cal, "bringup")
    assert not m32.runs(8 * 1024, "mpy", cal, "bringup")
