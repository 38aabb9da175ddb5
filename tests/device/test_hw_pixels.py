"""Pixels and lights: colour order on the wire, brightness cap, gamma, animation phases from the
clock, and transmits only when the frame changed (counted at the backend's hook: devstrip.py)."""

# ruff: noqa: I001, E402  (import order matters in a 96k heap: the board check first)
import gc
from arkham import boardmap

board = boardmap.load("../../hardware/boards/bringup.json")
gc.collect()
from arkham.hw.pixels import BLINK, FLASH, GAMMA, PULSE, STEADY, Pixels, level
from check import check, done, equal, raises
from arkham.hw.lights import Lights
from devstrip import Counting  # the backend's strip, its transmits captured (devstrip.py)


px = Counting(4, "GRB", cap=255, gamma=False)
check(px.render(0), "the first render transmits (the strip state is unknown)")
equal(len(px.sent), 1, "one transmit")
check(not px.render(10), "an unchanged frame is not transmitted")
equal(len(px.sent), 1, "still one transmit")
px.set(1, (10, 20, 30))
check(px.render(20), "a changed frame is transmitted")
equal(px.sent[-1][3:6], bytes([20, 10, 30]), "GRB order on the wire")
px.render(30)
px.set(1, (10, 20, 30))
check(not px.render(40), "setting the same colour again transmits nothing")
equal(len(px.sent), 2, "two transmits in all")

rgb = Counting(1, "RGB", gamma=False)
rgb.set(0, (1, 2, 3))
rgb.render(0)
equal(rgb.sent[-1], bytes([1, 2, 3]), "RGB order")
brg = Counting(1, "BRG", gamma=False)
brg.set(0, (1, 2, 3))
brg.render(0)
equal(brg.sent[-1], bytes([3, 1, 2]), "BRG order")

# brightness cap: the bring-up board's power budget
capped = Counting(board.led_count, board.order, cap=board.brightness_cap, gamma=False)
capped.set(0, (255, 255, 255))
capped.render(0)
equal(capped.sent[-1][0:3], bytes([150, 150, 150]), "full white is capped to 150 on this board")
check(max(capped.sent[-1]) <= board.brightness_cap, "no byte above the cap")

# gamma
equal((GAMMA[0], GAMMA[1], GAMMA[128], GAMMA[255]), (0, 1, 48, 255), "gamma table ends")
check(all(GAMMA[i] <= GAMMA[i + 1] for i in range(255)), "gamma is monotonic")
g = Counting(1, "RGB")
g.set(0, (128, 0, 255))
g.render(0)
equal(g.sent[-1], bytes([48, 0, 255]), "gamma applied before sending")

# animations are a function of the clock
equal([level(BLINK, t) for t in (0, 499, 500, 999, 1000)], [255, 255, 0, 0, 255], "blink phase")
equal([level(FLASH, t) for t in (0, 124, 125, 249, 250)], [255, 255, 0, 0, 255], "flash phase")
equal(level(PULSE, 0), 32, "pulse starts dim")
equal(level(PULSE, 1000), 255, "pulse peaks at 1 s")
equal(level(PULSE, 1999), 32 + 0 * 223 // 15, "pulse ends dim")
equal(level(STEADY, 12345), 255, "steady is always full")
b = Counting(2, "RGB", gamma=False)
b.set(0, (100, 0, 0), BLINK)
check(b.animating(), "a lit blinking LED animates")
b.render(100)
equal(b.sent[-1][0:3], bytes([100, 0, 0]), "blink on in the first half second")
check(not b.render(400), "no transmit within the same phase")
check(b.render(600), "blink off transmits")
equal(b.sent[-1][0:3], bytes([0, 0, 0]), "blink off at 600 ms")
equal(b.shown(0), (0, 0, 0), "shown() follows the phase of the last render")
b.render(1100)
equal(b.shown(0), (100, 0, 0), "and on again at 1100 ms")
b.clear()
check(not b.animating(), "cleared: nothing animates")
b.set(1, (0, 0, 0), PULSE)
check(not b.animating(), "an unlit pulsing LED does not animate")

raises(IndexError, lambda: b.set(2, (1, 1, 1)), "LED beyond the strip refused")
raises(ValueError, lambda: b.set(0, (256, 0, 0)), "colour above 255 refused")
raises(ValueError, lambda: b.set(0, (1, 1, 1), 9), "unknown animation refused")
raises(ValueError, lambda: Pixels(3, "RGX"), "bad colour order refused")

# lights: spots by name
lp = Counting(board.led_count, board.order, cap=board.brightness_cap)
lights = Lights(board, lp)
lights.show("pad_07", (200, 100, 0))
lights.show("pad_08", (0, 0, 90), BLINK)
lp.render(0)
equal(lights.lit(), {"pad_07": [200, 100, 0], "pad_08": [0, 0, 90]}, "lit() before gamma and cap")
lp.render(700)
equal(lights.lit(), {"pad_07": [200, 100, 0]}, "a blinking spot in its off phase is not lit")
lights.off("pad_07")
lp.render(1000)
equal(sorted(lights.lit()), ["pad_08"], "off() turns a spot off")
raises(ValueError, lambda: lights.show("nowhere", (1, 1, 1)), "unknown spot refused")
lights.clear()
lp.render(1100)
equal(lights.lit(), {}, "clear() turns everything off")

# paint: the spots of a scene by index, each a palette row, into the same buffers as show() per spot
by_show = Counting(board.led_count, board.order, cap=board.brightness_cap)
by_rows = Counting(board.led_count, board.order, cap=board.brightness_cap)
one = Lights(board, by_show)
rows_lights = Lights(board, by_rows)
palette = (("a", (200, 100, 0), STEADY), ("b", (0, 0, 90), BLINK), ("c", (1, 2, 3), PULSE))
rows = bytearray(board.count)
rows[board.index("pad_07")] = 1
rows[board.index("pad_08")] = 2
rows[board.index("pad_00")] = 3
for k in range(board.count):
    if rows[k]:
        one.show(board.spot_names[k], palette[rows[k] - 1][1], palette[rows[k] - 1][2])
rows_lights.paint(rows, palette)
equal(bytes(by_rows.rgb), bytes(by_show.rgb), "paint: the colours show() sets")
equal(bytes(by_rows.anim), bytes(by_show.anim), "paint: the animations show() sets")
check(by_rows.animating(), "paint: a blinking spot animates")
check(by_rows.render(0), "paint: the next render transmits")
equal(by_rows.sent[-1], by_show.sent[-1] if by_show.render(0) else None, "the same frame on the wire")

# a repaint (clear, paint) of the frame last rendered writes the spots whose row changed alone,
# and the render builds their LEDs and the ones that animate: the frame of a whole repaint
def whole(rows, t):
    px = Counting(board.led_count, board.order, cap=board.brightness_cap)
    Lights(board, px).paint(rows, palette)
    px.render(t)
    return bytes(px._buf)


rows2 = bytearray(rows)
rows2[board.index("pad_07")] = 0  # (dark now)
rows2[board.index("pad_03")] = 2
rows_lights.clear()
rows_lights.paint(rows2, palette)
equal(by_rows.leds, [board.spot("pad_03").leds[0], board.spot("pad_07").leds[0]],
      "a repaint: the LEDs of the spots whose row changed")
by_rows.render(40)
equal(bytes(by_rows._buf), whole(rows2, 40), "a repaint's frame: a whole paint's")
equal(sorted(by_rows._ids), sorted([board.spot("pad_03").leds[0], board.spot("pad_08").leds[0],
                                    board.spot("pad_00").leds[0]]), "the LEDs that animate now")
rows_lights.clear()
rows_lights.paint(rows2, palette)
equal(by_rows.leds, [], "the same rows: nothing written")
by_rows.render(600)
equal(bytes(by_rows._buf), whole(rows2, 600), "and the levels' step built")
rows_lights.show("pad_05", (5, 5, 5))  # (written otherwise since: the next paint writes all)
by_rows.render(610)
rows_lights.clear()
rows_lights.paint(rows, palette)
check(by_rows.leds is None, "a frame not the last paint's: every spot painted")
by_rows.render(620)
equal(bytes(by_rows._buf), whole(rows, 620), "its frame")
rows_lights.clear()
rows_lights.clear()  # (cleared twice, nothing rendered between: the frame is no paint's)
rows_lights.paint(rows2, palette)
check(by_rows.leds is None, "cleared and not rendered: every spot painted")

# render builds no frame while nothing changed: the animation levels and the colours the same
quiet = Counting(3, "RGB", gamma=False)
quiet.set(0, (9, 0, 0), PULSE)
quiet.render(0)
quiet.rgb[3] = 7  # (behind its back: not seen until something is set or the phase moves)
check(not quiet.render(10), "same pulse level, nothing set: no frame built")
quiet.update()
check(quiet.render(20), "update(): the frame is built again")
equal(quiet.sent[-1][3], 7, "with what was written")
quiet.render(1000)
equal(quiet.sent[-1][0], 9, "the pulse's top level a second later")
quiet.clear()
equal((bytes(quiet.rgb), bytes(quiet.anim)), (bytes(9), bytes(3)), "clear(): all off, steady")
check(quiet.render(1010), "cleared: transmitted")

# a level step with nothing set rebuilds the LEDs that animate alone: the frame is the one a
# render of every LED builds
part = Pixels(6)
part.set(0, (200, 100, 50))
part.set(2, (90, 80, 70), PULSE)
part.set(3, (10, 20, 30), BLINK)
part.set(5, (0, 0, 0), FLASH)  # (unlit: never rebuilt)
part.render(0)
equal(part._ids, [2, 3], "the lit LEDs that animate")
check(part._state is True, "animating() known from the render, without a loop")
for t in (70, 130, 260, 500, 640, 1000, 1900):
    part.render(t)
    whole = Pixels(6)
    whole.rgb[:] = part.rgb
    whole.anim[:] = part.anim
    whole.update()
    whole.render(t)
    equal(bytes(part._buf), bytes(whole._buf), "a level step's frame at %d ms" % t)

print("transmits", lp.transmits)
done()
