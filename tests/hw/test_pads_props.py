"""Pads properties under random play (CPython, hypothesis): with jitter below the threshold margin,
after the debounce our presence equals what is on the table, whatever the order of events, the
model time that passes, or a chip failing meanwhile (no fake lifts)."""

from arkham.boardmap import validate
from arkham.emu.boards import small_board
from arkham.emu.rig import Rig
from hypothesis import example, given, settings
from hypothesis import strategies as st

BOARD = small_board()
SPOTS = [s.name for s in BOARD.spots]

actions = st.lists(
    st.one_of(
        st.tuples(st.just("place"), st.sampled_from(SPOTS)),
        st.tuples(st.just("lift"), st.sampled_from(SPOTS)),
        st.tuples(st.just("touch"), st.sampled_from(SPOTS)),
        st.tuples(st.just("minutes"), st.integers(1, 240)),
        st.tuples(st.just("fail"), st.sampled_from(["0x5A", "0x5B", "0x5C", "0x5D"])),
    ),
    max_size=30,
)


@settings(max_examples=60, deadline=None)
@given(actions, st.integers(0, 3), st.integers(1, 1000))
# found by CI: noise 3 stepping a pad by 6 (half the touch threshold) counted as "still moving"
# and held a new token's report back for as long as the noise did
@example(acts=[("place", "pad_00")] * 5 + [("place", "pad_03")], noise=3, seed=97)
def test_presence_follows_the_table(acts, noise, seed):
    rig = Rig(BOARD, seed=seed)
    for a in BOARD.chips:
        rig.bus.chip(a).noise = noise
    rig.scan(2)
    on = set()
    failing = None
    for verb, arg in acts:
        if verb == "minutes":
            rig.bus.advance(arg * 60000)
        elif verb == "fail":
            if failing:
                rig.do("heal " + failing)
                rig.scan(25, 50)  # Pads retries about once a second
            failing = arg
            rig.do("fail " + arg)
        else:
            rig.do(verb + " " + arg + (" 0" if verb == "touch" else ""))
            if verb == "lift":
                on.discard(arg)
            else:
                on.add(arg)
        before = set(rig.pads.present_spots())
        rig.scan(3)
        now = set(rig.pads.present_spots())
        for s in SPOTS:
            chip = BOARD.spot(s).chip
            if failing and chip == int(failing, 16):
                assert (s in now) == (s in before), "a failing chip's spot changed: " + s
            else:
                assert (s in now) == (s in on), (s, verb, arg)
    if failing:
        rig.do("heal " + failing)
        rig.scan(60, 50)
        assert set(rig.pads.present_spots()) == on


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 100) | st.text(max_size=6),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=20,
)


@settings(max_examples=200, deadline=None)
@given(json_values)
def test_validate_never_raises(data):
    errs = validate(data)
    assert isinstance(errs, list) and errs and all(isinstance(e, str) for e in errs)


def good_map():
    return {
        "name": "t",
        "leds": {"count": 24, "pin": "GP16", "order": "GRB"},
        "i2c": {"sda": "GP4", "scl": "GP5"},
        "chips": ["0x5A", "0x5B", "0x5C", "0x5D"],
        "power": {"supply_amps": 2.0, "reserve_ma": 300, "ma_per_led_full": 60},
        "spots": [
            {
                "name": s.name,
                "leds": list(s.leds),
                "pad": ["0x%02X" % s.chip, s.electrode],
                "xy": [s.x, s.y],
            }
            for s in BOARD.spots
        ],
    }


@settings(max_examples=100, deadline=None)
@given(st.sampled_from(["leds", "pad", "xy"]), st.integers(0, 23), json_values)
def test_a_broken_spot_is_named(field, i, value):
    d = good_map()
    assert validate(d) == []
    d["spots"][i][field] = value
    errs = validate(d)
    if errs:  # (some values are valid: an empty LED list, a null pad)
        assert any(("spot %r" % d["spots"][i]["name"]) in e for e in errs), errs
