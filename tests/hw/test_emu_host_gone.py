"""Issue 15: when only the host side of the emulator dies, the firmware stops at once (as at
stdin's end) instead of reporting write failures as `error` events and saving them where no host
can receive them."""

import json

import pytest

from arkham import boardmap, emu
from arkham.app import App

from arkham_host.maker import boards


class GoneIO:
    """The pty's other end: readable with nothing to say; writes fail once the host is gone."""

    def __init__(self):
        self.gone = False
        self.out = []

    def read(self):
        return b""

    def writable(self):
        return True

    def write(self, data):
        if self.gone:
            raise BrokenPipeError(32, "Broken pipe")
        self.out.append(bytes(data))

    def wait(self, ms):
        pass


def test_a_dead_host_stops_the_emulator_without_saving_error_events(tmp_path):
    board = boardmap.BoardMap(json.loads(boards.map_path("bringup").read_text()))
    io = GoneIO()
    now = [0]
    hw = emu.make(board, {"io": io, "state_dir": str(tmp_path), "clock": lambda: now[0]})
    app = App(hw, board, {"emulated": True})
    app.step(0)
    seq = app.events.seq
    io.gone = True
    spot = next(s.name for s in board.spots if s.chip is not None)
    hw.world.execute("place " + spot)  # an event to send: its write fails
    with pytest.raises(SystemExit):
        for t in range(10, 200, 10):
            now[0] = t
            app.step(t)
    saved = json.loads((tmp_path / "state.json").read_text())
    events_after = saved["seq"] - seq
    assert events_after <= 1, "only the pad event itself may be saved"
    assert "error" not in [json.loads(x)["ev"] for x in b"".join(io.out).splitlines() if b'"ev"' in x]
