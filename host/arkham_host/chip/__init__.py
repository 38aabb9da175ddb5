"""The emulated RP2040: the stock MicroPython Pico firmware on rp2040js, the second emulated table.

`rp2040.mjs` runs the chip in Node (rp2040js pinned by package-lock.json here); `chipsim.py` is
its host side (pty, world socket, the MPR121 register models on the I2C bus, WS2812 frames);
`firmware.py` finds and checks the firmware image; `flash.py` lays the device package into the
chip's littlefs (and ROMFS) exactly as `arkham-table deploy` does. docs/design.md, "The emulated
chip", says what this proves that the unix-port table does not.
"""

from __future__ import annotations

import pathlib
import shutil
import subprocess

CHIP_DIR = pathlib.Path(__file__).resolve().parent
SCRIPT = CHIP_DIR / "rp2040.mjs"
RP2040JS = CHIP_DIR / "node_modules" / "rp2040js" / "package.json"
NODE_MAJOR_MIN = 18  # rp2040js 1.4 declares node >= 18


class ChipError(Exception):
    """The emulated chip cannot start; the message says what is missing and how to fix it."""


def node_binary() -> str:
    """The system's Node, checked; ChipError says how to install what is missing."""
    node = shutil.which("node")
    if node is None:
        raise ChipError(
            "Node.js is not installed (needed to run rp2040js): install Node %d or newer, "
            "e.g. `sudo apt install nodejs npm` or from https://nodejs.org" % NODE_MAJOR_MIN
        )
    try:
        out = subprocess.run([node, "--version"], capture_output=True, text=True, timeout=20)
        major = int(out.stdout.strip().lstrip("v").split(".")[0])
    except (OSError, ValueError, subprocess.TimeoutExpired):
        raise ChipError("%s does not say its version: reinstall Node.js" % node) from None
    if major < NODE_MAJOR_MIN:
        raise ChipError(
            "Node %d found at %s; rp2040js needs Node %d or newer" % (major, node, NODE_MAJOR_MIN)
        )
    return node


def check_rp2040js() -> None:
    if not RP2040JS.is_file():
        raise ChipError(
            "rp2040js is not installed: run `npm ci --prefix %s` (tools/arkham does it when npm "
            "is there; the version is pinned by package-lock.json)" % CHIP_DIR
        )


def install_rp2040js() -> None:
    """`npm ci` in the chip folder (what tools/arkham runs on a fresh clone)."""
    npm = shutil.which("npm")
    if npm is None:
        raise ChipError("npm is not installed: install Node.js with npm (e.g. `apt install npm`)")
    r = subprocess.run([npm, "ci", "--no-audit", "--no-fund"], cwd=CHIP_DIR, capture_output=True)
    if r.returncode != 0:
        raise ChipError("npm ci failed in %s:\n%s" % (CHIP_DIR, r.stderr.decode()[-2000:]))
