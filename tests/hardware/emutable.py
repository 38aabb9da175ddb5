"""An in-process table for calibration tests: the real Pads over the emulated MPR121 model,
driven with a manual clock, answering just the verbs `calibrate` uses (pads, calib ...).

It stands in for the app so the calibration maths can be tested fast and on its own; the HIL
tests (tests/hil/test_calib*.py) run the same procedure against the whole emulated table.
"""

import json

from arkham import boardmap, emu

from arkham_host.maker import boards


class NullIO:
    def read_available(self):
        return b""

    def write(self, data):
        return len(data)


class EmuTable:
    def __init__(self, board="bringup", noise=0, overlay=0, seed=7, scan_ms=20):
        data = json.loads(boards.map_path(board).read_text())
        self.board = boardmap.BoardMap(data)
        self.now = 0
        self.scan_ms = scan_ms
        self.hw = emu.make(
            self.board,
            {
                "noise": noise,
                "seed": seed,
                "io": NullIO(),
                "clock": lambda: self.now,
                "state_dir": "/nonexistent",
            },
        )
        self.pads = self.hw.pads
        self.world = self.hw.world
        self.events = []
        self.sent = []
        self.world_do("overlay %d" % overlay)
        for _ in range(4):
            self.tick()

    def world_do(self, line):
        return self.world.execute(line)

    def tick(self):
        """One loop iteration: time passes, every chip is scanned."""
        self.now += self.scan_ms
        self.world.tick()
        for spot, present in self.pads.scan(self.now):
            self.events.append((spot, present))

    def settle(self, scans=6):
        for _ in range(scans):
            self.tick()

    def send(self, command):
        """The subset of protocol v1 that calibrate uses, answered from the real Pads."""
        self.sent.append(command)
        self.tick()
        words = command.split()
        try:
            if words[0] == "pads":
                return {"ok": True, "pads": self.pads.report(words[1] if len(words) > 1 else None)}
            if words == ["calib", "empty"]:
                return {"ok": True, "captured": self.pads.calibrate_empty()}
            if words == ["calib"]:
                return {"ok": True, "calib": self.pads.calibration()}
            if words[:2] == ["calib", "set"]:
                kw = dict(w.split("=", 1) for w in words[3:])
                self.pads.set_threshold(words[2], int(kw["touch"]), int(kw["release"]))
                return {"ok": True}
        except ValueError as e:
            return {"ok": False, "err": str(e)}
        return {"ok": False, "err": "unknown command %r" % command}


class WorldMaker:
    """The maker's hands, played by the emulator's world: a token on each spot asked for."""

    def __init__(self, table, skip=(), wrong=None):
        self.table = table
        self.skip = set(skip)
        self.wrong = wrong or {}  # spot -> the spot the token really lands on (swapped wiring)
        self.covered = []

    def clear_board(self):
        for spot in list(self.table.world.what):
            self.table.world_do("lift " + spot)
        self.table.settle()

    def cover(self, spot):
        if spot in self.skip:
            return False
        self.covered.append(spot)
        self.table.world_do("place " + self.wrong.get(spot, spot))
        return True

    def uncover(self, spot):
        self.table.world_do("lift " + self.wrong.get(spot, spot))
        self.table.settle()
