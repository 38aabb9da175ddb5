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


# -- a chip whose bytes did not move is skipped, and that changes nothing --------------------------
_STATE = ("filtered", "empty", "_raw", "_present", "_count", "_drift", "_rail", "_last", "_sm",
          "_jit", "_up", "_nsum", "_quiet", "_lone", "_shl", "_shw", "_nbig", "_fault", "_win",
          "_hold", "_state", "_reported")


def _never_same(rig):
    """The reference: drivers that never say "the same bytes" and no electrode ever still, so
    every electrode of every chip is processed at every scan."""
    for d in rig.sensors.values():
        d.read_filtered = lambda out, f=d.read_filtered: bool(f(out)) and False
    pads = rig.pads
    scan = pads.scan

    def every(now_ms):
        for ci in range(len(pads.still)):
            pads.still[ci] = 0
        return scan(now_ms)

    pads.scan = every


def _state(pads):
    return {name: list(getattr(pads, name)) for name in _STATE}


moves = st.lists(
    st.one_of(
        st.tuples(st.just("place"), st.sampled_from(SPOTS)),
        st.tuples(st.just("lift"), st.sampled_from(SPOTS)),
        st.tuples(st.just("touch"), st.sampled_from(SPOTS)),
        st.tuples(st.just("drift"), st.integers(0, 47), st.integers(-30, 30)),  # an empty pad's
        st.tuples(st.just("short"), st.integers(0, 47)),  # reading moves; an electrode shorts
        st.tuples(st.just("fail"), st.sampled_from(["0x5A", "0x5B"])),
        st.tuples(st.just("heal"), st.sampled_from(["0x5A", "0x5B"])),
        st.tuples(st.just("scans"), st.integers(1, 80)),
        st.tuples(st.just("calibrate"), st.just(0)),
        st.tuples(st.just("crowd"), st.sampled_from(["place", "lift"])),  # four pads at once
    ),
    max_size=40,
)


@settings(max_examples=80, deadline=None)
@given(moves, st.integers(0, 2), st.integers(1, 1000))
def test_skipping_still_chips_changes_nothing(acts, noise, seed):
    """Pads skips a chip whose bytes are those of its last scan once its state is a fixed point
    of them (`still`): every scan leaves the very state, changes and notices of a Pads that
    processes every chip every time, whatever happens on the board."""
    rigs = [Rig(BOARD, seed=seed), Rig(BOARD, seed=seed)]
    _never_same(rigs[1])
    for rig in rigs:
        for a in BOARD.chips:
            rig.bus.chip(a).noise = noise
    for act in [("scans", 40)] + list(acts) + [("scans", 80)]:
        got = []
        for rig in rigs:
            verb = act[0]
            if verb == "drift" or verb == "short":
                chip = rig.bus.chip(BOARD.chips[act[1] // 12])
                if verb == "drift":
                    chip.empty[act[1] % 12] = 700 + act[2]
                else:
                    chip.shorted[act[1] % 12] = 1
            elif verb == "calibrate":
                rig.pads.calibrate_empty()
            elif verb == "crowd":
                for spot in ("pad_00", "pad_01", "pad_06", "pad_07"):
                    rig.do(act[1] + " " + spot)
            elif verb != "scans":
                rig.do(verb + " " + act[1] + (" 0" if verb == "touch" else ""))
            changes = rig.scan(act[1] if verb == "scans" else 3, 50)
            got.append((changes, rig.pads.take_notices(), _state(rig.pads)))
        assert got[0] == got[1], act


def test_an_idle_board_is_read_not_processed_and_a_change_scans_again_at_once():
    rig = Rig(BOARD)
    seen = []
    process = rig.pads._process
    rig.pads._process = lambda ci, buf, ch: seen.append(ci) or process(ci, buf, ch)
    rig.scan(3)
    assert list(rig.pads.still) == [0xFFF] * len(BOARD.chips)
    seen.clear()
    rig.scan(10)
    assert seen == [], "a still chip whose bytes did not move is not processed"
    rig.do("place pad_13")
    assert rig.scan(1) == [] and rig.pads.pending, "a change waits for its debounce: scan again"
    assert seen == [2], "only the chip whose bytes moved (pad_13 is on the third)"
    e = rig.pads._e[rig.pads.pad("pad_13")]
    assert rig.pads.still[2] == 0xFFF & ~(1 << e), "of its electrodes, only pad_13's moved"
    assert rig.scan(1) == [("pad_13", True)] and not rig.pads.pending
    rig.scan(3)
    assert rig.pads.still[2] == 0xFFF
    rig.pads.set_threshold("pad_13", 60, 50)  # (a token takes 40 off: no longer enough)
    assert not any(rig.pads.still), "new thresholds: every chip processed again"
    assert rig.scan(2) == [("pad_13", False)]
