"""The CircuitPython backend (arkham.hw.backend_cp) under the same device-level pad and pixel
tests as the MicroPython backend: one set of test cases (tests/device/test_hw_pads_*.py and
test_hw_pixels.py), run per backend. The CircuitPython run is CPython with the real Adafruit
libraries from the test extra (adafruit_mpr121, adafruit_bus_device, neopixel,
adafruit_pixelbuf) and tests/cp first on the path: stand-ins for board, busio.I2C (wired to the
MPR121 register model), digitalio, neopixel_write (captures frames) and usb_cdc, which also
shadow Adafruit-Blinka's Linux versions of them. Both backends must pass and print the same."""

import importlib.util
import pathlib
import subprocess

import pytest

from arkham_host.device import runtimes

TESTS = pathlib.Path(__file__).resolve().parent.parent
DEVICE = TESTS / "device"
CP = TESTS / "cp"
SHARED = sorted(DEVICE.glob("test_hw_pads_*.py")) + [DEVICE / "test_hw_pixels.py"]
BACKENDS = {"micropython": [DEVICE], "circuitpython": [CP, DEVICE]}

needs_adafruit = pytest.mark.skipif(
    importlib.util.find_spec("adafruit_mpr121") is None,
    reason="the Adafruit CircuitPython libraries are not installed (pip install -e .[test])",
)


def run(backend, script):
    argv, env = runtimes.command("cpython", str(script), extra_path=BACKENDS[backend])
    env["PYTHONSAFEPATH"] = "1"  # the script's folder not first: the path above decides
    return subprocess.run(argv, env=env, capture_output=True, text=True, timeout=600, cwd=DEVICE)


@needs_adafruit
@pytest.mark.parametrize("script", SHARED, ids=[p.stem for p in SHARED])
def test_circuitpython_backend_passes_the_shared_device_tests(script):
    mp = run("micropython", script)
    cp = run("circuitpython", script)
    assert mp.returncode == 0, mp.stdout[-3000:] + mp.stderr[-3000:]
    assert cp.returncode == 0, "CircuitPython backend failed:\n" + cp.stdout[-3000:] + cp.stderr[
        -3000:
    ]
    assert "FAIL" not in cp.stdout
    assert cp.stdout == mp.stdout, "the backends disagree"
    if "devrig" in script.read_text():  # the pad tests really ran the Adafruit driver
        assert "backend: circuitpython, adafruit_mpr121 2.1.27" in cp.stderr


@needs_adafruit
def test_the_table_runs_on_the_circuitpython_backend():
    """App over backend_cp.make(): a command in and its reply out through usb_cdc, a token on
    the MPR121 model as a `pad` event, frames through neopixel; the restart after a switch to another
    game goes through supervisor.reload."""
    r = run("circuitpython", CP / "app_on_cp.py")
    assert r.returncode == 0, r.stdout + r.stderr
    assert "hello ok True impl circuitpython" in r.stdout
    assert "pad events [('pad_07', True)]" in r.stdout
    assert "frames sent True bytes per frame 72" in r.stdout  # 24 LEDs x 3 bytes
    assert "restart through reload True" in r.stdout
