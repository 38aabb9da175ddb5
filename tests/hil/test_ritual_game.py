"""Arkham Ritual on the emulated table: a whole game driven only by hands on the seat pads
(world place/lift/touch) — nominations by lifting, take by double tap, pass by holding, the next
round by a double tap on the deck pad (AR-TABLE-2). The console only starts the game and reads the
public state; the seat lights are checked against AR-TABLE-1 on the way."""
import random

import pytest

LEADER = [255, 140, 0]


def wait_state(table, pred, timeout=5.0):
    """Poll the public dump until pred(dump) (the table acts on gestures in its own loop)."""
    import time

    end = time.monotonic() + timeout
    while True:
        d = table.dump()["state"]
        if pred(d):
            return d
        if time.monotonic() > end:
            raise AssertionError("table state did not arrive: %r" % {k: d.get(k) for k in (
                "phase", "leader", "nominated", "open", "round", "turn")})
        time.sleep(0.05)


def blinks(table, spot, within=1.5):
    """Seen both lit and dark within `within` s (BLINK: 500 ms on, 500 ms off)."""
    import time

    seen = set()
    end = time.monotonic() + within
    while time.monotonic() < end and len(seen) < 2:
        seen.add(any(table.world.leds().get(spot, [0, 0, 0])))
        time.sleep(0.05)
    return seen == {True, False}


def tap(table, spot):
    table.world.touch(spot + " 80")
    table.expect("pad", spot=spot, present=True)
    table.expect("pad", spot=spot, present=False)


def double_tap(table, spot):
    tap(table, spot)
    tap(table, spot)


def hold(table, seat):
    spot = "seat%d" % seat
    table.world.place(spot)
    table.expect("pad", spot=spot, present=True)
    table.expect("gesture", timeout=5.0, seat=seat, gesture="hold")
    table.world.lift(spot)
    table.expect("pad", spot=spot, present=False)


@pytest.mark.table(game="ritual", board="ritual")
def test_whole_game_by_hands_AR_TABLE_2(table):
    rnd = random.Random(4)
    r = table.ok("game ritual players=3 seed=21 leader=1 tap_ms=600 gap_ms=900 hold_ms=600")
    assert r["game"] == "ritual"
    on = set()
    turns = 0
    rounds = 0
    for _ in range(400):
        d = table.dump()["state"]
        ph = d["phase"]
        if ph == "game_over":
            break
        if ph == "round_over":
            rounds += 1
            nxt = d["next_leader"]
            assert blinks(table, "seat%d" % nxt), "the next leader's light should blink"
            double_tap(table, "deck")
            wait_state(table, lambda d: d["phase"] == "nominate")
            continue
        assert ph == "nominate", d
        # every follower puts a hand on the table (AR-TURN-1)
        for p in d["open"]:
            if p not in on:
                table.world.place("seat%d" % p)
                table.expect("pad", spot="seat%d" % p, present=True)
                on.add(p)
        lit = table.world.leds()
        assert lit["seat%d" % d["leader"]] == LEADER  # AR-TABLE-1
        turn = d["turn"]
        turns += 1
        while True:
            seat = rnd.choice(d["open"])
            table.world.lift("seat%d" % seat)  # lifting the hand: nominated (AR-TABLE-2)
            on.discard(seat)
            table.expect("nominate", seat=seat)
            if rnd.random() < 0.35:
                double_tap(table, "seat%d" % seat)  # take
                table.expect("gesture", seat=seat, gesture="double_tap")
                break
            hold(table, seat)  # pass
            d = table.dump()["state"]
            if d["phase"] != "nominate" or d["turn"] != turn:
                break
        d = wait_state(table, lambda d: d["phase"] in ("nominate", "orb", "round_over",
                                                       "game_over") and d["turn"] != turn
                       or d["phase"] != "nominate")
        if d["phase"] == "orb":
            double_tap(table, "seat%d" % d["orb_seat"])  # keep the top card
            wait_state(table, lambda d: d["phase"] != "orb")
    d = table.dump()["state"]
    assert d["phase"] == "game_over", d
    assert min(d["sanity"]) == 0 and d["winners"]
    assert rounds >= 1 and turns >= 3
    lit = table.world.leds()
    for w in d["winners"]:
        assert "seat%d" % w in lit
