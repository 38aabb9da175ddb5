"""Final Hour on the emulated table (`arkham-table sim --headless --game final-hour --board
final-hour`): FH-TABLE-2 seen from the host. Setup monsters are prompted one at a time and wait
for their pads; a core action is refused while a token is awaited; a misplaced token flashes and
blocks until put right; a monster's move is a lift prompt then a place prompt."""

import time

import pytest
from gamefakes import options

WHITE = [255, 255, 255]
RED = [255, 0, 0]


def table_state(table):
    return table.dump()["state"]["table"]


def seen(table, spot, rgb, within=1.5):
    """The spot shows exactly `rgb` at some moment within `within` s (blink/flash phases)."""
    end = time.monotonic() + within * table.timescale
    while time.monotonic() < end:
        if table.world.leds().get(spot) == table.shown(rgb):
            return True
        time.sleep(0.03)
    return False


def play_prompts(table, first=None, n_max=40):
    """Do every prompt with the world's tokens, as players would; returns the prompts done.
    `first`: a prompt event already read. Where another token hides the change from the pad
    ("sees": false) the player confirms with `ok`."""
    done = []
    for _ in range(n_max):
        ev = first or table.expect(lambda o: o.get("ev") in ("prompt", "settled"), timeout=8.0)
        first = None
        if ev["ev"] == "settled":
            return done
        spot = ev["spot"]
        assert seen(table, spot, WHITE), "the prompted spot blinks white: " + spot
        if ev["sees"]:
            (table.world.place if ev["do"] == "place" else table.world.lift)(spot)
            table.expect("prompt_done", spot=spot, by="pad", timeout=5.0)
        else:
            table.ok("ok " + spot)
        done.append((ev["do"], spot))
    raise AssertionError("too many prompts")


@pytest.mark.table(game="final-hour", board="final-hour")
def test_prompts_wait_for_tokens_and_misplaced_tokens_block_FH_TABLE_2(table):
    table.ok("game final-hour seed=4 players=2")
    first = table.expect("prompt", timeout=8.0)
    r = table.send("spawn 1 3")  # the setup's tokens are not down yet
    assert not r["ok"] and first["spot"] in r["err"] and "waits for tokens" in r["err"]
    done = play_prompts(table, first)
    assert done[:2] == [("place", "location_12")] * 2  # the investigators at the ritual site
    assert len(done) == 25 and {d[0] for d in done} == {"place"}  # and 23 monsters

    table.world.place("location_15")  # a token where nothing belongs (a gate, no monster)
    ev = table.expect("misplaced", spot="location_15", timeout=5.0)
    assert ev["present"] is True
    assert seen(table, "location_15", RED, 1.0)
    r = table.send("legal")
    card = options(r["view"]["legal"])[0]  # the cards a seat may play: a private reply
    r = table.send("play %d %d" % (card["inv"], card["card"]))
    assert not r["ok"] and "location_15" in r["err"]
    table.world.lift("location_15")
    table.expect("put_right", spot="location_15", timeout=5.0)

    for _ in range(4):  # the round's priority cards (FH-ROUND-3)
        card = options(table.ok("legal")["view"]["legal"])[0]
        table.ok("play %d %d" % (card["inv"], card["card"]))
    mon = table.dump()["state"]["mon"]
    m = [i for i, x in enumerate(mon) if x[0] == "board" and x[1] == 9][0]
    table.ok("push 1 %d" % m)  # a monster of location 9 walks along its arrow
    done = play_prompts(table)
    assert done[0] == ("lift", "location_9") and done[-1][0] == "place"
    t = table_state(table)
    assert t["queue"] == [] and t["wait"] is None and t["wrong"] == {}

