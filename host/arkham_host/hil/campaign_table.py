"""The firmware in this process for the campaign (arkham_host.hil.campaign and its rows): arkham.app
over the emulated MPR121s and a real Storage in a folder, a manual clock, the serial link a pair
of byte buffers. PowerCut stands for the power going at a chosen point."""

from __future__ import annotations

import json
import os

# steps (10 ms each) past a boot before lines are sent: an AH2e game holds command lines until
# its pads check, PADS_SETTLE_MS (500 ms) after the boot's first scan (docs/protocol.md)
BOOT_STEPS = 60


class PowerCut(BaseException):
    """The power goes: nothing after it runs (not an Exception: the firmware cannot catch it)."""


def cut_storage(storage, how, rnd):
    """Make the next save of `storage` lose power `how` (a PowerCut at that point)."""
    import arkham.hw.storage as st

    real_save = storage.save
    real_rename = st.os.rename

    def save(name, data):
        storage.save = real_save
        if how == "mid_write":
            pieces = []
            (data(lambda p: pieces.append(bytes(p) if not isinstance(p, str) else p.encode()))
             if callable(data) else pieces.append(data.encode() if isinstance(data, str) else data))
            whole = b"".join(pieces)
            with open(storage.path(name) + ".tmp", "wb") as f:
                f.write(whole[: rnd.randint(0, max(0, len(whole) - 1))])
            raise PowerCut()
        calls = [0]
        stop_at = 1 if how == "before_rename" else 2

        def rename(a, b):
            calls[0] += 1
            if calls[0] == stop_at or (stop_at == 2 and not os.path.exists(b) and calls[0] == 1):
                raise PowerCut()
            real_rename(a, b)

        st.os.rename = rename
        try:
            real_save(name, data)
        finally:
            st.os.rename = real_rename

    storage.save = save


class _IO:
    def __init__(self):
        self.inbox = bytearray()
        self.out = bytearray()

    def read(self):
        data = bytes(self.inbox[:512])
        del self.inbox[:512]
        return data

    def writable(self):
        return True

    def write(self, data):
        self.out += data

    def wait(self, ms):
        pass


class Table:
    """The firmware in this process: App over the emulated hardware, a manual clock."""

    def __init__(self, state_dir, board="bringup", game=None, noise=0, seed=1):
        from arkham import boardmap, emu
        from arkham.app import App

        from arkham_host.maker import boards

        self.board = boardmap.BoardMap(json.loads(boards.map_path(board).read_text()))
        self.now = 0
        self.io = _IO()
        self.hw = emu.make(self.board, {"io": self.io, "state_dir": state_dir, "seed": seed,
                                        "noise": noise, "clock": lambda: self.now})
        options = {"emulated": True}
        if game:
            options["game"] = game
        self.app = App(self.hw, self.board, options)
        self.seen = []  # every object the host received

    def step(self, n=1):
        for _ in range(n):
            self.now += 10
            self.app.step(self.now)
        return self.take()

    def take(self):
        out = []
        data = bytes(self.io.out)
        self.io.out.clear()
        for line in data.split(b"\n"):
            if line.startswith(b"{"):
                out.append(json.loads(line))
        self.seen += out
        return out

    def send(self, raw, steps=3):
        self.io.inbox += raw
        return self.step(steps)

    def max_seq(self):
        return max([o["seq"] for o in self.seen if "ev" in o and "seq" in o] or [0])
