"""The HIL tests on the emulated chip: the stock MicroPython Pico firmware on rp2040js, the
package laid out as `deploy` does, the MPR121s answered on the I2C pins and the LED colours
decoded from the WS2812 pin (docs/design.md, "The emulated chip").

The CI subset runs here by default: boot and hello, touch -> event -> a lit spot, bad input, a
chip failing and healing, a power cut and resume (the whole-game slices:
test_chip_whole_games.py). With --slow: 60 AH2e actions and a whole Ritual game by hands on the
pads (each takes minutes at the emulated chip's ~0.15x real time). Every other HIL test runs on the
chip with `tools/arkham test tests/hil --sim-chip rp2040`. Each test skips, saying why, where
the firmware file, the boot ROM, Node or rp2040js is missing.

The tests themselves are the HIL suite's (tests/hil), loaded from their files and run here on
the `chip` marker, so the unix-port table and the chip pass the very same checks.
"""

import importlib.util
import pathlib
import random

import pytest

HIL = pathlib.Path(__file__).resolve().parent.parent / "hil"


def _hil(name):
    spec = importlib.util.spec_from_file_location("hil_on_chip_" + name, HIL / (name + ".py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


touch_lights = _hil("test_touch_lights")
bad_input = _hil("test_bad_input")
chip_fault = _hil("test_chip_fault")
ritual = _hil("test_ritual_game")

CHIP = pytest.mark.table(chip="rp2040")


@CHIP
def test_boots_the_stock_firmware_and_says_hello(table):
    h = table.hello
    assert h["ok"] and h["impl"] == "micropython" and h["emulated"] is False
    assert h["board"] == "bringup" and h["game"] == "bringup"
    # the Pico's heap: 241,760 bytes free at a bare REPL; the table's code and state take some
    assert 100_000 < h["mem_free"] < 241_760, h["mem_free"]


@CHIP
def test_touch_gives_an_event_and_lights_the_spot(table):
    touch_lights.test_touch_emits_pad_event_and_lights_the_spot(table)


@CHIP
def test_token_place_and_lift(table):
    touch_lights.test_token_place_and_lift(table)


@CHIP
def test_bad_input_is_refused_and_changes_nothing(table):
    before = table.dump()
    bad_input.test_unknown_verb_is_refused_by_tag(table)
    bad_input.test_over_long_line_gives_one_error(table)
    bad_input.test_binary_garbage_gives_one_error(table, b"\x00\xff\xfe garbage \x07\n")
    bad_input.test_half_line_then_its_completion(table)
    after = table.dump()
    for key in ("game", "state", "present", "faults"):
        assert after[key] == before[key], key


@CHIP
def test_a_failed_chip_is_reported_then_heals(table):
    chip_fault.test_failed_chip_reported_once_rest_works_then_heals(table)


def same_game_resumed(table, before):
    """The state after a restart is the one before, prompts aside: the emulated chip's pads are
    bare (the setup was confirmed with `ok`), so at resume every spot the saved game covers is
    a prompt again (`pads_differ`, AH-TABLE-2) besides the prompts there were. The pads are
    compared PADS_SETTLE_MS (chip time) after the boot: the state is asked once they were (a
    quick resume answers `state` before that)."""
    ev = table.expect("pads_differ", timeout=10.0)
    after = table.ok("state")
    todo, before_todo = after.pop("todo"), before.pop("todo")
    after.pop("re", None)
    before.pop("re", None)
    assert after == before
    assert set(before_todo) <= set(todo)
    assert set(ev["spots"]) <= set(todo), (ev, todo)


@pytest.mark.table(chip="rp2040", game="ah2e", board="ah2e")
def test_power_cut_resumes_the_game(table):
    """Kill the emulated chip mid-game (no shutdown): the saved game comes back from its flash,
    and the event numbers go on from where they were."""
    table.ok("game ah2e seed=5 players=2", timeout=30)
    table.ok("ok")  # the setup prompts, confirmed from the console
    table.ok("act upkeep inv=0")
    before = table.ok("state")
    seq = table.ok("hello")["seq"]
    table.power_cut()
    same_game_resumed(table, before)
    assert table.hello["seq"] >= seq and table.hello["game"] == "ah2e"


@pytest.mark.table(chip="rp2040", game="bringup", board="ah2e")
def test_a_game_switch_restarts_the_chip_which_resumes_the_new_game(table):
    """A Pico keeps every name (qstr) its program made until it restarts: after a switch to
    another game the old one's would stay beside the new one's (bench m32: the AH2e table after
    the bring-up table's boot passed 1,260 names, a 7.7 KB pool more). So the chip restarts once
    the new game is saved: the reply says so, the boot's hello follows (link.request waits for
    it), the event numbers go on and the new game is the one that resumes."""
    assert table.hello["game"] == "bringup"
    table.skip_events()
    r = table.ok("game ah2e seed=5 players=3", timeout=30)
    assert r["restart"] is True
    switched = table.expect("game", game="ah2e")
    hello = table.expect("hello")  # the new boot's: the seq goes on after the new game's events
    assert hello["game"] == "ah2e"
    resumed = table.expect("resumed")
    assert resumed["game"] == "ah2e"
    with table.link.cond:
        seqs = [e["seq"] for e in table.link.events
                if switched["seq"] <= e["seq"] <= resumed["seq"]]
    assert seqs == list(range(switched["seq"], resumed["seq"] + 1))  # none lost, none twice
    assert len(table.ok("state")["investigators"]) == 3  # the new game, as asked
    assert table.ok("hello")["game"] == "ah2e"


@pytest.mark.slow
@pytest.mark.table(chip="rp2040", game="ritual", board="ritual")
def test_whole_ritual_game_by_hands_AR_TABLE_2(table):
    ritual.test_whole_game_by_hands_AR_TABLE_2(table)


# The default run's whole-game slices on the chip (40 AH2e actions with 8 investigators, Final
# Hour, a Ritual round) are tests/chip/test_chip_whole_games.py; --slow plays the bench's 60.
@pytest.mark.parametrize("actions", [pytest.param(60, marks=pytest.mark.slow)])
@pytest.mark.table(chip="rp2040", game="ah2e", board="ah2e")
def test_ah2e_actions_with_8_investigators(table, actions):
    """Actions of a seeded 8-investigator game, chosen from `legal` by a seeded generator;
    every action is answered, the heap never runs out, and the game is the same after a restart."""
    table.ok("game ah2e seed=7 players=8 chance=virtual", timeout=30)
    table.ok("ok")  # the setup prompts, confirmed from the console (the pads: tests above)
    rnd = random.Random(11)
    low = table.ok("hello")["mem_free"]
    acted = 0
    while acted < actions:
        legal = table.ok("legal", timeout=20)["legal"]
        if not legal:
            break
        choice = rnd.choice(legal).split()[0]
        r = table.send("act %s" % choice, timeout=30)
        if not r["ok"]:  # new prompts (tokens to move) block actions until answered
            assert table.ok("state")["todo"], r
            table.ok("ok")
            continue
        acted += 1
        if acted % 5 == 0:
            low = min(low, table.ok("hello")["mem_free"])
    assert acted == actions or table.ok("state")["over"], acted
    assert low > 20_000, "the heap ran low: %d bytes free" % low
    before = table.ok("state")
    table.restart()
    same_game_resumed(table, before)
