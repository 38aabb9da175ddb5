"""AH2e on the emulated table (`arkham-table sim --headless --game ah2e --board ah2e`): tokens
placed and lifted through the world socket, events and lit spots seen from the host.

AH-TABLE-1 (the lights), AH-TABLE-2 (setup prompts done by the pads; a move by token),
AH-TABLE-3 (a misplaced token flashes and blocks until put right), persistence across a restart.
Progress is read from `state` (polled) where an event might be missed."""

import time

import pytest

WHITE = [255, 255, 255]
RED = [255, 0, 0]
ORANGE = [230, 159, 0]  # `act`: pulses (its level changes), so compared by hue only


def state(table):
    s = table.ok("state")
    del s["re"]
    return s


def wait_for(table, pred, timeout=8.0, what="state"):
    end = time.monotonic() + timeout * table.timescale  # (slower on an emulated chip)
    while True:
        s = state(table)
        if pred(s):
            return s
        if time.monotonic() > end:
            raise AssertionError("%s did not arrive: %r" % (what, s))
        time.sleep(0.05)


def seen(table, spot, rgb, within=1.5):
    """The spot shows exactly `rgb` at some moment within `within` s (blink/flash phases)."""
    end = time.monotonic() + within * table.timescale
    while time.monotonic() < end:
        if table.world.leds().get(spot) == table.shown(rgb):
            return True
        time.sleep(0.03)
    return False


def settle(table):
    """Put every prompted token on its spot (the emulated board starts empty)."""
    s = wait_for(table, lambda s: s["todo"], what="setup prompts")
    for spot in sorted(s["todo"]):
        assert seen(table, spot, WHITE), "a prompted spot blinks white: " + spot  # AH-TABLE-1
        table.world.place(spot)
    return wait_for(table, lambda s: not s["todo"], what="prompts done by the pads")


@pytest.mark.table(game="ah2e", board="ah2e")
def test_setup_prompts_misplaced_token_and_a_move_AH_TABLE_2_AH_TABLE_3(table):
    table.ok("game ah2e seed=5 players=2")
    table.expect("setup", timeout=8.0)
    table.expect("prompt", spot="train_station", what="jenny_barnes")
    settle(table)
    table.expect("prompt_done", spot="train_station", by="pad", timeout=5.0)

    # AH-TABLE-3: a token where nothing belongs flashes red and blocks the game
    table.world.place("easttown")
    ev = table.expect("misplaced", spot="easttown", timeout=5.0)
    assert ev["present"] is True and "lift it" in ev["why"]
    assert seen(table, "easttown", RED, 1.0)
    r = table.send("act 1")
    assert not r["ok"] and "put the flashing token right" in r["err"]
    table.world.lift("easttown")
    table.expect("put_right", spot="easttown", timeout=5.0)

    # upkeep for both, then Jenny moves by token: lift at home, put down next door
    table.ok("act upkeep inv=0")
    table.ok("act upkeep inv=1")
    s = state(table)
    assert s["need"]["k"] == "move" and s["need"]["inv"] == 0
    lit = table.world.leds().get("train_station")
    assert lit is not None and lit[2] == 0 and lit[0] >= lit[1] > 0  # orange `act` (pulsing)
    dests = [
        w.split("=")[1] for w in " ".join(table.ok("legal")["legal"]).split() if w.startswith("to=")
    ]
    assert dests
    table.world.lift("train_station")
    ev = table.expect("in_hand", inv=0, frm="train_station", timeout=5.0)
    assert ev["to"] == dests
    table.world.place(dests[0])
    table.expect("inv_moved", inv=0, to=dests[0], timeout=5.0)
    s = wait_for(table, lambda s: s["investigators"][0]["at"] == dests[0], what="the move")
    assert not s["wrong"] and s["hand"] is None


@pytest.mark.table(game="ah2e", board="ah2e")
def test_lights_show_the_state_and_survive_a_restart_AH_TABLE_1(table):
    table.ok("game ah2e seed=5 players=2")
    s = settle(table)
    leds = table.world.leds()
    for loc in s["gates"]:
        assert leds.get(loc) == table.shown([204, 121, 167]), loc  # an open gate
    for loc in s["clues"]:
        if loc not in s["gates"] and loc not in [v["at"] for v in s["investigators"]]:
            assert leds.get(loc) == table.shown([80, 76, 22]), loc  # clue tokens (dim)
    assert leds.get("terror_0") == table.shown(ORANGE)
    assert leds.get("doom_%d" % s["doom"]) == table.shown([204, 121, 167])
    d = table.dump()
    assert d["game"] == "ah2e" and d["state"]["core"]["inv"][0]["name"] == "jenny_barnes"
    table.ok("act upkeep inv=0")
    before = state(table)
    table.restart()
    after = state(table)
    todo = after.pop("todo")
    before_todo = before.pop("todo")
    assert after == before  # resumed: the same game and flags
    assert set(before_todo) <= set(todo)  # the same prompts (and maybe the pads' below)
    # the restarted emulated table's pads are bare: each covered spot is a prompt (AH-TABLE-2)
    ev = table.expect("pads_differ", timeout=5.0)
    covered = [v["at"] for v in s["investigators"]] + list(s["gates"])
    assert set(covered) <= set(ev["spots"]), (covered, ev)
    assert table.world.leds().get("terror_0") == table.shown(ORANGE)
