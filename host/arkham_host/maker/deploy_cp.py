"""What deploy needs to know about CircuitPython, in one place:
- which libraries to install: the modules arkham.hw.backend_cp imports, less those built into
  CircuitPython on the Pico boards (BUILTIN, from circuitpython-stubs' board definitions; a test
  checks them) and our own package. circup and the Adafruit bundle name a library by its module.
- whether a game fits: cp_memory.json holds the heap each board has free for code.py and the heap
  each game's table needs (measured: `ARKHAM_BENCH_M32_LAYOUT=py,mpy arkham-table bench --only
  m32`, a whole game), in one table.
"""

from __future__ import annotations

import ast
import json
import pathlib
import re

from arkham_host.device import runtimes

BACKEND = runtimes.FIRMWARE_DIR / "arkham" / "hw" / "backend_cp.py"
MEMORY = pathlib.Path(__file__).with_name("cp_memory.json")
# Built into CircuitPython 10 on the Raspberry Pi Pico, Pico W, Pico 2 and Pico 2 W ("Included
# modules" of each board in circuitpython-stubs 10.3.1), limited to what the table may import;
# gc and micropython are part of every build.
BUILTIN = frozenset(
    "adafruit_bus_device adafruit_pixelbuf array board busio collections digitalio errno gc io "
    "json math microcontroller micropython neopixel_write os random re select storage struct "
    "supervisor sys time usb_cdc".split()
)
OURS = "arkham"


def imports(path: pathlib.Path = BACKEND) -> set[str]:
    """Top-level names of every module `path` imports (absolute imports, anywhere in it)."""
    tree = ast.parse(path.read_text(), str(path))
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(a.name.split(".")[0] for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module.split(".")[0])
    return names


def libraries(path: pathlib.Path = BACKEND) -> list[str]:
    """The libraries the CircuitPython backend needs in /lib: its imports that are neither built
    into CircuitPython nor ours, as circup names them (the module name)."""
    return sorted(n for n in imports(path) if n not in BUILTIN and n != OURS)


def memory_table() -> dict:
    return json.loads(MEMORY.read_text())


def board_id(drive: pathlib.Path) -> str | None:
    """From boot_out.txt: 'Board ID:raspberry_pi_pico_w' -> 'raspberry_pi_pico_w'."""
    try:
        text = (pathlib.Path(drive) / "boot_out.txt").read_text(errors="replace")
    except OSError:
        return None
    m = re.search(r"^Board ID:\s*(\S+)", text, re.M)
    return m.group(1) if m else None


def fit(board_map: str, board: str | None, table: dict | None = None, compiled: bool = False):
    """(fits: True/False/None for not known, one line saying why with the figures).
    compiled: the package goes as .mpy files (deploy --mpy-cross), not .py sources."""
    t = table or memory_table()
    game = t["board_games"].get(board_map)
    if game is None:
        return None, "memory: board map %s runs no game, nothing to check" % board_map
    need = t["games"].get(game, {}).get("need_mpy" if compiled else "need")
    b = t["boards"].get(board or "")
    if b is None:
        return None, "memory: not checked: board %s unknown (known: %s; give --cp-board)" % (
            board or "not known", ", ".join(sorted(t["boards"]))
        )
    free = b.get("free")
    if need is None or free is None:
        return None, "memory: not checked: no figure for %s (game %s needs %s, %s has %s free)" % (
            "the game" if need is None else b["title"],
            game,
            "?" if need is None else "%d bytes" % need,
            b["title"],
            "?" if free is None else "%d bytes" % free,
        )
    if need > free:
        compiled_need = t["games"][game].get("need_mpy")
        if not compiled and compiled_need is not None and compiled_need <= free:
            way = "precompiled it needs %d: deploy --mpy-cross (CircuitPython's mpy-cross)" % (
                compiled_need)
        else:
            way = "run it on MicroPython (deploy --romfs) instead"
        return False, (
            "the %s table needs %d bytes of heap and CircuitPython on a %s has about %d free "
            "(%s): %s" % (game, need, b["title"], free, MEMORY.name, way)
        )
    return True, "memory: the %s table needs %d bytes, a %s has about %d free: it fits" % (
        game, need, b["title"], free
    )
