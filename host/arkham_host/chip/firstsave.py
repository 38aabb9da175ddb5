"""A new game's first save, made on the host, for an emulated chip with a fresh flash.

A Pico takes no options at power-up: asked for a game, the chip boots the bring-up table, runs
`game NAME`, saves, restarts and resumes the new game from its save (~7.7 s of chip time, ~25 s
of wall time for AH2e). The first save is the same file whichever runtime writes it (the one
firmware, its one canonical encoding), so the host writes it with the firmware under CPython
on the emulated hardware and puts it into the flash's /state/ before the chip's first boot: the
chip then boots straight into resuming the game (~3.9 s of chip time), as it does after any
power cycle. The game switch itself stays covered on the chip (tests/chip/test_on_chip.py).

    files(board_path, game) -> {file name: bytes} of the state folder after the first save
"""

from __future__ import annotations

import tempfile
from pathlib import Path

_STEPS = 3  # loop steps after the boot: the first one saves the new game


class _Quiet:
    """The table's serial port while it saves: nothing comes in, what it writes is dropped."""

    def read(self):
        return b""

    def writable(self):
        return True

    def write(self, data):
        return len(data)

    def wait(self, ms):
        pass


def files(board_path, game: str) -> dict[str, bytes]:
    from arkham import boardmap
    from arkham.app import App
    from arkham.emu.table import make

    board = boardmap.load(str(board_path))
    with tempfile.TemporaryDirectory(prefix="arkham-first-save-") as state:
        now = [0]
        hw = make(board, {"emulated": True, "state_dir": state, "io": _Quiet(),
                          "clock": lambda: now[0]})
        app = App(hw, board, {"emulated": True, "game": game})
        for _ in range(_STEPS):
            now[0] += app.period
            app.step(now[0])
        if app.game != game:
            raise RuntimeError("the first save of %s: the table started %s" % (game, app.game))
        out = {p.name: p.read_bytes() for p in sorted(Path(state).iterdir()) if p.is_file()}
    if "state.json" not in out:
        raise RuntimeError("the first save of %s: no state.json was written" % game)
    return out
