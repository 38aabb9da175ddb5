"""The whole table on the CircuitPython backend (run by tests/hw/test_backend_cp.py under CPython
with tests/cp first on the path): backend_cp.make() -> App, a command over the usb_cdc data port,
a token placed on the MPR121 model reported as a `pad` event, the LEDs sent through neopixel."""

import json
import sys
import tempfile

import board as _board
import busio
import neopixel_write
import usb_cdc

from arkham.app import App
from arkham.emu.boards import small_board
from arkham.emu.mpr121 import Bus
from arkham.emu.world import World
from arkham.hw import backend_cp

BOARD = small_board()
bus = Bus(BOARD.chips, 5)
world = World(BOARD, bus)
busio.wire(_board.GP5, _board.GP4, bus)
hw = backend_cp.make(BOARD, {"state_dir": tempfile.mkdtemp(prefix="arkham-cp-")})
app = App(hw, BOARD, {})
now = 0


def steps(n):
    global now
    for _ in range(n):
        now += 20
        app.step(now)


def lines():
    text = b"".join(usb_cdc.data.written).decode()
    del usb_cdc.data.written[:]
    return [json.loads(x) for x in text.split("\n") if x.startswith("{")]


steps(3)
lines()
usb_cdc.data.feed(b"#1 hello\n")
steps(2)
got = lines()
hello = [o for o in got if o.get("re") == 1]
print("hello ok", bool(hello) and hello[0]["ok"], "impl", hw.impl)
world.execute("place pad_07")
steps(4)
pads = [o for o in lines() if o.get("ev") == "pad"]
print("pad events", [(o["spot"], o["present"]) for o in pads])
frames = neopixel_write.frames(hw.pixels._np.pin)
print("frames sent", len(frames) > 0, "bytes per frame", len(frames[-1]))
# a switch to another game restarts code.py once it is saved and answered: the backend hands
# the app CircuitPython's supervisor.reload for that (tests/ah2e_table: the app's side)
import supervisor  # noqa: E402  (the stand-in)

app.restart = True  # (as a switch to another game leaves it)
try:
    app.run()
except supervisor.ReloadException:
    pass
print("restart through reload", supervisor.reloads == 1 and hw.soft_reset is supervisor.reload)
sys.exit(0 if hello and pads else 1)
