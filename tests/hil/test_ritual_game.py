"""Arkham Ritual on the emulated table: a whole game driven only by hands on the seat pads
(world place/lift/touch) — nominations by lifting, take by double tap, pass by holding, the next
round by a double tap on the deck pad (AR-TABLE-2). The console only starts the game and reads the
public state (`dump`); the seat lights are checked against AR-TABLE-1 on the way.

Progress is read from `dump` (polled), not from events, so a lost event line cannot hang it."""
import random
import time

import pytest

LEADER = [255, 140, 0]
# Gesture windows are chip time; the host's place/lift steps wait for the table between them, so
# on the emulated chip (about 0.15x real time) a tap spans more chip time: wider windows there.
GESTURE_SCALE = {"rp2040": 2}  # (gap_ms is at most 3000)


def state(table):
    return table.dump()["state"]


def wait_for(table, pred, timeout=6.0, what="state"):
    """Poll `dump` until pred(dump) holds (the table acts on gestures in its own loop)."""
    end = time.monotonic() + timeout * table.timescale  # (slower on an emulated chip)
    while True:
        d = table.dump()
        if pred(d):
            return d
        if time.monotonic() > end:
            s = d["state"]
            raise AssertionError("%s did not arrive: %r" % (what, {k: s.get(k) for k in (
                "phase", "leader", "nominated", "open", "round", "turn")}))
        time.sleep(0.03)


def pad_is(table, spot, present):
    wait_for(table, lambda d: (spot in d["present"]) == present, 3.0, "%s %s" % (spot, present))


def blinks(table, spot, within=1.5):
    """Seen both lit and dark within `within` s (BLINK: 500 ms on, 500 ms off)."""
    seen = set()
    end = time.monotonic() + within * table.timescale
    while time.monotonic() < end and len(seen) < 2:
        seen.add(any(table.world.leds().get(spot, [0, 0, 0])))
        time.sleep(0.05)
    return seen == {True, False}


def tap(table, spot):
    table.world.place(spot)
    pad_is(table, spot, True)
    table.world.lift(spot)
    pad_is(table, spot, False)


def hold(table, spot, until):
    """Hand on the pad until the table has read a hold (`until` holds), then off."""
    table.world.place(spot)
    wait_for(table, until, 6.0, "a hold on " + spot)
    table.world.lift(spot)
    pad_is(table, spot, False)


def moved(turn, phase="nominate"):
    """The card went round (or the round/game ended) since `turn`/`phase`."""
    return lambda d: d["state"]["turn"] != turn or d["state"]["phase"] != phase


@pytest.mark.table(game="ritual", board="ritual")
def test_whole_game_by_hands_AR_TABLE_2(table):
    rnd = random.Random(4)
    k = GESTURE_SCALE.get(table.chip, 1)  # an emulated chip reads pads at a fraction of real time
    r = table.ok(
        "game ritual players=3 seed=21 leader=1 tap_ms=%d gap_ms=%d hold_ms=%d"
        % (700 * k, 1500 * k, 600 * k)
    )
    assert r["game"] == "ritual"
    turns = rounds = takes = passes = 0
    for _ in range(300):
        d = state(table)
        ph = d["phase"]
        if ph == "game_over":
            break
        if ph == "round_over":
            rounds += 1
            assert blinks(table, "seat%d" % d["next_leader"]), "the next leader's light blinks"
            tap(table, "deck")
            tap(table, "deck")  # double tap on the deck pad: the next round
            wait_for(table, lambda d: d["state"]["phase"] != "round_over", what="next round")
            continue
        if ph == "orb":
            spot = "seat%d" % d["orb_seat"]
            tap(table, spot)
            tap(table, spot)  # keep the top card
            wait_for(table, lambda d: d["state"]["phase"] != "orb", what="the Orb")
            continue
        assert ph == "nominate", d
        present = table.dump()["present"]
        for p in d["open"]:  # every follower's hand on the table (AR-TURN-1)
            if "seat%d" % p not in present:
                table.world.place("seat%d" % p)
                pad_is(table, "seat%d" % p, True)
        assert table.world.leds()["seat%d" % d["leader"]] == table.shown(LEADER)  # AR-TABLE-1
        turns += 1
        seat = rnd.choice(d["open"])
        spot = "seat%d" % seat
        table.world.lift(spot)  # lifting the hand: nominated (AR-TABLE-2)
        wait_for(table, lambda d: d["state"]["nominated"] == seat, what="nomination")
        if rnd.random() < 0.35:
            tap(table, spot)
            tap(table, spot)  # double tap: take
            takes += 1
            wait_for(table, moved(d["turn"], "decide"), what="take")
        else:
            hold(table, spot, lambda d: d["state"]["nominated"] != seat)  # hold: pass
            passes += 1
    d = state(table)
    assert d["phase"] == "game_over", d
    assert min(d["sanity"]) == 0 and d["winners"]
    assert rounds >= 1 and turns >= 3 and takes and passes
    for w in d["winners"]:
        assert blinks(table, "seat%d" % w, 1.0), "a winner's light flashes"


@pytest.mark.table(game="ritual", board="ritual")
def test_game_survives_a_restart(table):
    """The virtual deal and the flow are saved: after a power cut the same game goes on."""
    table.ok("game ritual players=4 leader=2")
    for p in (1, 3, 4):
        table.world.place("seat%d" % p)
        pad_is(table, "seat%d" % p, True)
    table.world.lift("seat3")
    before = wait_for(table, lambda d: d["state"]["nominated"] == 3, what="nomination")["state"]
    look = table.ok("look 1")
    assert look["private"] == 1 and all(h != 1 for h, _ in look["view"]["others"])
    table.restart()
    after = state(table)
    assert after == before
    assert table.ok("look 1")["view"] == look["view"]  # the same hidden deal
