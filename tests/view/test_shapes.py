"""Animation shapes read back from LED samples (issue 12: each spot shown with its LED's colour
and animation). The samples come from the firmware's own animation function
(arkham.hw.pixels.level), as a table's frames would."""

import pytest
from arkham.hw import pixels
from arkham_host.view.shapes import Shapes, classify

BASE = [230, 159, 0]


def frames(anim, start=0, ms=2400, step=20):
    """What a table shows at each step: the firmware's level applied to BASE."""
    for t in range(start, start + ms, step):
        lv = pixels.level(getattr(pixels, anim.upper()), t)  # (STEADY, BLINK, ...)
        yield t, {"x": [c * lv // 255 for c in BASE]} if lv else {}


@pytest.mark.parametrize("anim", ["steady", "blink", "pulse", "flash"])
@pytest.mark.parametrize("step", [16, 50])
def test_each_shape_is_told_back(anim, step):
    s = Shapes()
    t = 0
    for t, f in frames(anim, step=step):
        s.feed(t, f)
    lit, shape = s.look(t)
    assert shape == {"x": anim}
    assert lit == {"x": BASE}


def test_a_change_of_colour_restarts_the_shape():
    s = Shapes()
    t = 0
    for t, f in frames("blink"):
        s.feed(t, f)
    s.feed(t + 10, {"x": [0, 60, 90]})
    s.feed(t + 1300, {"x": [0, 60, 90]})
    lit, shape = s.look(t + 1300)
    assert shape == {"x": "steady"} and lit == {"x": [0, 60, 90]}


def test_a_spot_turned_off_is_forgotten():
    s = Shapes()
    s.feed(0, {"x": BASE})
    s.feed(100, {})
    assert s.look(1500) == ({}, {})
    assert "x" not in s.hist


def test_a_dimmer_step_of_one_hue_is_not_a_pulse():
    # terror marker (230,159,0) moving on leaves the dim terror_past (40,28,0): one level change
    assert classify([(0, [230, 159, 0]), (500, [40, 28, 0])], 700) == ([40, 28, 0], "steady")
