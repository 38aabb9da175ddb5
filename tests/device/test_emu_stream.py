"""The emulated serial stream: world lines (0x1E) are taken out of the serial bytes (also when
split across reads), replies carry the id, frames are pushed when transmitted, `leds` answers from
the frame shown now, frame lines are throttled, writes always go out whole (the host's sim is the
one that drops when nobody reads the pty), `quit` and
end-of-input end the process."""

# ruff: noqa: I001  (import order matters in a 96k heap: the biggest first, on a clean heap)
from arkham.emu.world import World
from arkham.emu.stream import WorldStream
from arkham.emu.mpr121 import Bus
from arkham.hw.lights import Lights
import json
from check import check, done, equal, raises
from arkham.boardmap import BoardMap
from arkham.canon import dumps


class FakeIO:
    def __init__(self):
        self.inbox = []
        self.out = []
        self.open = True
        self.eof = False

    def read(self):
        if self.inbox:
            return self.inbox.pop(0)
        if self.eof:
            raise EOFError
        return b""

    def writable(self):
        return self.open

    def write(self, data):
        self.out.append(bytes(data))  # (sent at once, as a real stream: the buffer is reused)

    def wait(self, ms):
        pass

    def world(self):
        # (a line may arrive in several writes: a frame is streamed in pieces, no big block)
        lines = b"".join(bytes(x) for x in self.out).split(b"\n")
        got = [json.loads(x[1:]) for x in lines if x[:1] == b"\x1e"]
        self.out = []
        return got


SPOTS = [{"name": "pad_%d" % i, "leds": [i], "pad": ["0x5A", i], "xy": [i, 0]} for i in range(4)]
board = BoardMap(
    {
        "name": "small",
        "leds": {"count": 4, "pin": "GP16", "order": "GRB"},
        "i2c": {"sda": "GP4", "scl": "GP5"},
        "chips": ["0x5A"],
        "power": {"supply_amps": 1, "reserve_ma": 300, "ma_per_led_full": 60},
        "spots": SPOTS,
    }
)
from arkham.emu.strip import CapturedPixels  # noqa: E402

pixels = CapturedPixels(4, "GRB", board.brightness_cap)
lights = Lights(board, pixels)
bus = Bus(board.chips)
io = FakeIO()
now = [0]  # the model's clock, in ms: frame throttling is tested without real time
stream = WorldStream(World(board, bus, lights, clock=lambda: now[0]), io)
pixels.on_frame = stream.push_frame


def world(line):
    io.inbox.append(b"\x1e" + line.encode() + b"\n")
    rest = stream.read_available()
    return rest, io.world()


equal(stream.read_available(), b"", "nothing waiting: b''")
io.inbox.append(b"hello\n")
equal(stream.read_available(), b"hello\n", "serial bytes pass through")
equal(world("7 place pad_3"), (b"", [{"ok": True, "spot": "pad_3", "wid": 7}]), "reply with id")
equal(bus.chip(0x5A).load[3], 40, "the token is on the model")
equal(world("8 jump")[1][0]["ok"], False, "an unknown command: ok false")
equal(world("abc leds")[1][0]["wid"], "abc", "a non-numeric id is echoed as a string")

io.inbox.append(b"dump\n\x1e9 li")
equal(stream.read_available(), b"dump\n", "app bytes before a world line are returned")
equal(io.world(), [], "half a world line waits")
io.inbox.append(b"ft pad_3\nsince 3\n")
equal(stream.read_available(), b"since 3\n", "the rest of the world line is taken out")
equal(io.world(), [{"ok": True, "spot": "pad_3", "wid": 9}], "the split line was executed")
equal(bus.chip(0x5A).load[3], 0, "lifted")
io.inbox.append(b"a\x1e10 leds\nb\x1e11 leds\n")
equal(stream.read_available(), b"ab", "two world lines in one read")
equal([r["wid"] for r in io.world()], [10, 11], "both answered in order")

# leds answers from the frame shown now; a frame line is pushed on each transmit
lights.show("pad_1", (0, 200, 0))
equal(world("12 leds")[1], [{"leds": {}, "ok": True, "wid": 12}], "not rendered yet: not lit")
pixels.render(0)
equal(io.world(), [{"frame": {"pad_1": [0, 200, 0]}}], "a frame line on transmit")
equal(world("13 leds")[1], [{"leds": {"pad_1": [0, 200, 0]}, "ok": True, "wid": 13}], "leds")
pixels.render(5)
equal(io.world(), [], "an unchanged frame is not pushed")
equal(pixels.frames, 1, "one frame captured")
check(pixels.wire[3] > 0 and pixels.wire[4] == 0, "GRB on the wire: green first")

# a second frame within 40 ms is held back, then sent by the next read
lights.show("pad_2", (0, 0, 200))
pixels.render(10)
check(not any(x[:1] == b"\x1e" for x in io.out), "a frame 10 ms after the last is held back")
now[0] += 100
stream.read_available()
raw = b"".join(bytes(x) for x in io.out)  # (written spot by spot, no dict of the lit spots)
equal(raw, b"\x1e" + dumps({"frame": lights.lit()}).encode() + b"\n", "canon.dumps' bytes")
equal(
    io.world(), [{"frame": {"pad_1": [0, 200, 0], "pad_2": [0, 0, 200]}}], "sent by the next read"
)

# writes go out whole: a reply sent in pieces must never lose its middle
stream.write(b"x")
stream.write(b"y\n")
equal(io.out, [b"x", b"y\n"], "every piece written")
io.out = []

io.inbox.append(b"\x1e15 quit\n")
raises(SystemExit, stream.read_available, "quit ends the emulator")
equal(io.world(), [{"ok": True, "wid": 15}], "after answering")
io.eof = True
raises(SystemExit, stream.read_available, "end of input ends the emulator")
done()
