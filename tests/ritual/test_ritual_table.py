"""The ritual binding at the table: seat lights (AR-TABLE-1), gestures (AR-TABLE-2), console."""
import json

import pytest
from arkham.games import CommandError
from arkham.ritual.gesture import Gestures
from fake_table import Table
from ritual_play import rig


def five(**more):
    t = Table(players=5, seed=3, leader=1, **more)
    t.mode.tick(t.now)  # the first tick sends the deal's events
    t.hands_down()
    return t


def test_board_has_seven_seats_with_pads_and_lights_AR_TABLE_1():
    t = Table(players=7, seed=1)
    for p in range(1, 8):
        s = t.board.spot("seat%d" % p)
        assert s.leds and s.chip is not None
        for k in range(1, 8):
            assert t.board.spot("seat%d_pip%d" % (p, k)).leds
    assert t.board.spot("deck").chip is not None


def test_seat_lights_show_leader_and_hands_AR_TABLE_1():
    t = five()
    f = t.scene()
    assert f["seat1"] == ((255, 140, 0), "steady")  # leader
    for p in (2, 3, 4, 5):
        assert f["seat%d" % p] == ((0, 170, 0), "steady")  # hand on the table
    t.pad("seat4", False)  # lifting = nominated
    f = t.scene()
    assert f["seat4"] == ((255, 255, 255), "pulse")
    assert t.state["nominated"] == 4
    t.hold("seat4")  # pass
    f = t.scene()
    assert f["seat4"] == ((40, 40, 40), "steady")  # hand lifted: out of this turn
    t.pad("seat2", False)  # seat 4 passed; the next hand to lift is the next nomination
    assert t.state["nominated"] == 2


def test_follower_off_the_pad_blinks_AR_TABLE_1():
    t = Table(players=5, seed=3)
    t.mode.tick(t.now)
    f = t.scene()
    assert f["seat3"] == ((0, 170, 0), "blink")  # may be nominated: put the hand down


def test_sanity_on_request_AR_TABLE_1():
    t = five()
    assert not any("pip" in k for k in t.scene())
    t.pad("deck", True)
    t.pad("deck", False)
    f = t.scene()
    pips = sorted(k for k in f if "pip" in k)
    assert len(pips) == 5 * 7 and f["seat1_pip7"] == ((140, 0, 200), "steady")
    t.wait(6000)
    assert not any("pip" in k for k in t.scene())
    t.state["sanity"][2] = 4
    t.cmd("sanity")
    f = t.scene()
    assert "seat3_pip4" in f and "seat3_pip5" not in f


def test_seat_light_never_shows_card_colour_AR_TABLE_1():
    """The same table state with different held cards paints the same lights (see also the
    AR-INFO-1 random test)."""
    t = five()
    a = t.scene()
    rig(t.mode.core, ["gate", "cthulhu", "book_red", "key_blue", "orb"])
    assert t.scene() == a


def test_lift_nominates_double_tap_takes_AR_TABLE_2():
    t = five()
    rig(t.mode.core, ["key_blue", "orb", "clock_blue", "knife_red", "candle_blue"],
        offered="gate", deck=["book_blue", "key_red"])
    t.pad("seat3", False)
    assert t.state["phase"] == "decide" and t.state["nominated"] == 3
    assert ("gesture", {"seat": 3, "gesture": "lift", "means": "nominate"}) in t.events
    turn = t.state["turn"]
    t.tap("seat3", 2)
    assert ("gesture", {"seat": 3, "gesture": "double_tap", "means": "take"}) in t.events
    assert t.state["turn"] == turn + 1 and t.state["held"][2] == "gate"
    assert t.state["leader"] == 2  # nearest clockwise with a hand on the table (AR-TURN-7)


def test_hold_passes_AR_TABLE_2():
    t = five()
    t.pad("seat2", False)
    t.hold("seat2")
    assert ("gesture", {"seat": 2, "gesture": "hold", "means": "pass"}) in t.events
    assert t.state["phase"] == "nominate" and t.state["nominator"] == 2


def test_lifted_and_not_taking_times_out_to_pass_AR_TABLE_2():
    t = five()
    t.pad("seat5", False)
    t.wait(9000)
    assert t.state["nominated"] == 5  # still thinking
    t.wait(1500)
    assert ("gesture", {"seat": 5, "gesture": "timeout", "means": "pass"}) in t.events
    assert t.state["nominated"] == 0 and 5 not in t.state["open"]


def test_single_tap_is_not_a_take_AR_TABLE_2():
    t = five()
    t.pad("seat2", False)
    t.tap("seat2", 1)
    t.wait(200)
    assert t.state["phase"] == "decide"
    # two taps too far apart are not a double tap either
    t.tap("seat2", 1)
    t.wait(800)
    t.tap("seat2", 1)
    assert t.state["phase"] == "decide"


def test_gesture_recogniser_AR_TABLE_2():
    g = Gestures(400, 600, 1200)
    assert g.change(1, True, 0) is None
    assert g.change(1, False, 100) is None
    assert g.change(1, True, 500) is None
    assert g.change(1, False, 600) == "double"
    g.change(2, True, 0)
    assert g.poll(2, 1100) is None and g.poll(2, 1200) == "hold" and g.poll(2, 1300) is None
    assert g.change(2, False, 1400) is None  # the end of a hold is not a tap
    g.change(3, True, 0)
    g.change(3, False, 500)  # too long for a tap
    g.change(3, True, 600)
    assert g.change(3, False, 700) is None


def test_non_open_lift_is_ignored_AR_TABLE_2():
    t = five()
    t.pad("seat1", False)  # the leader cannot be nominated
    assert t.state["phase"] == "nominate"
    t.pad("seat2", False)
    t.pad("seat3", False)  # someone else lifting while seat 2 decides
    assert t.state["nominated"] == 2


def test_orb_gestures_and_console_AR_TABLE_2():
    t = five()
    rig(t.mode.core, ["key_blue", "orb", "clock_blue", "knife_red", "candle_blue"],
        offered="gate", deck=["book_blue", "key_red"])
    t.pad("seat2", False)
    t.tap("seat2", 2)
    assert t.state["phase"] == "orb" and t.scene()["deck"] == ((140, 0, 200), "pulse")
    assert t.scene()["seat2"] == ((255, 255, 255), "pulse")
    t.hold("seat2")
    assert ("orb", {"seat": 2, "keep": False}) in t.events


def test_round_over_double_tap_deck_deals_AR_TABLE_2():
    t = five()
    rig(t.mode.core, ["key_blue", "book_red", "clock_blue", "knife_red", "candle_blue"],
        offered="key_red", deck=[])
    t.pad("seat2", False)
    t.tap("seat2", 2)
    assert t.state["phase"] == "round_over"
    f = t.scene()
    nl = t.state["next_leader"]
    assert f["seat%d" % nl] == ((255, 140, 0), "blink") and "seat1_pip1" in f
    t.tap("deck", 2)
    assert t.state["phase"] == "nominate" and t.state["round"] == 2 and t.state["leader"] == nl


def test_console_verbs_and_errors():
    t = five()
    assert "cannot be nominated" in t.bad("nominate 1")
    assert "seat" in t.bad("nominate 9")
    assert "not now" in t.bad("take")
    r = t.cmd("nominate 2")
    assert r["phase"] == "decide" and r["nominated"] == 2
    assert "knows the card" in t.bad("take gate")
    assert "orb keep" in t.bad("orb maybe")
    assert t.cmd("legal")["legal"][0] == "1 take"  # one `legal` format for every game
    before = t.mode.snapshot()
    for line in ("new players=9", "new cards=paper", "new goo=azathoth", "new colour=red",
                 "reveal", "goo x", "peek 2", "peek 2 sideways"):
        t.bad(line)
    assert t.mode.snapshot() == before
    with pytest.raises(CommandError):
        Table(players=5, wrong=1)


def test_new_drops_the_saved_game_first_and_brings_it_back_if_refused():
    """A Pico holds one game: with the game saved as it is, `new` lets the old one go before it
    deals the next (its cards serve again); a refused `new` brings it back from the save."""
    t = five()
    t.cmd("nominate 2")
    before = t.mode.snapshot()
    t.flash = json.dumps(before)
    for line in ("new players=9", "new players=2", "new goo=azathoth"):
        t.bad(line)
        assert t.mode.snapshot() == before
    old = t.mode.core
    t.cmd("new players=6")
    assert list(old.state) == ["opts"]  # (the old game had left before the deal)
    assert t.mode.core.cards is old.cards and t.state["n"] == 6


def test_look_is_private_and_hides_own_card_AR_INFO_1():
    t = five()
    for p in range(1, 6):
        r = t.cmd("look %d" % p)
        assert r["private"] == p
        holders = [h for h, _ in r["view"]["others"]]
        assert p not in holders and len(holders) == 4
        assert ("top" in r["view"]) == (p == t.state["leader"])


def test_dump_has_no_hidden_cards_AR_INFO_1():
    t = five()
    d = t.mode.dump()
    assert "held" not in d and "deck" not in d and "offered" not in d


def test_snapshot_restore_roundtrip():
    t = five()
    t.pad("seat2", False)
    snap = t.mode.snapshot()
    t2 = Table(players=3, seed=9)
    t2.mode.restore(snap)
    assert t2.mode.core.state_hash() == t.mode.core.state_hash()
    assert t2.mode.opts == t.mode.opts


def test_physical_cards_at_the_table():
    t = Table(players=3, seed=2, cards="physical")
    t.mode.tick(t.now)
    t.hands_down()
    t.pad("seat2", False)
    t.tap("seat2", 2)  # take: the card that goes face up must be named
    assert ("ask" in t.names()) and t.state["phase"] == "decide"
    assert t.scene()["deck"] == ((255, 140, 0), "flash")
    t.cmd("take book_red")
    assert t.state["discards"] == ["book_red"]
    assert t.cmd("look 1")["view"]["others"] == []


def test_seed_stays_off_the_shared_console_AR_INFO_1():
    """Without seed= the table draws its own; the deal's seed and generator never show."""
    t = Table(players=5)
    t.mode.tick(t.now)
    dump = t.mode.dump()
    dump.pop("slots")  # the deck's make-up is public
    text = repr(dump) + repr(t.events) + repr(t.cmd("legal"))
    assert "seed" not in text and "rng" not in text
    for face in t.mode.core.cards.faces():  # nothing is face up yet: no card name at all
        assert "'%s'" % face not in text
    assert isinstance(t.mode.snapshot()["opts"]["seed"], int)  # kept for a restart


def test_two_tables_booted_at_the_same_moment_deal_differently_AR_INFO_1(monkeypatch):
    """Issue 15: the deal was seeded from the uptime in ms, so a player's own card and a search of
    a few thousand seeds gave away every deal. Now the seed comes from the chip's entropy: tables
    whose clocks read the same still deal differently (and a restart resumes the saved seed)."""
    import arkham.compat
    import arkham.games.ritual as ritual_mode

    monkeypatch.setattr(arkham.compat, "ticks_ms", lambda: 4242)
    if hasattr(ritual_mode, "ticks_ms"):
        monkeypatch.setattr(ritual_mode, "ticks_ms", lambda: 4242)
    deals = set()
    seeds = set()
    for _ in range(8):
        t = Table(players=5)
        deals.add(repr(t.state["held"]) + repr(t.state["deck"]))
        seeds.add(t.mode.opts["seed"])
    assert len(seeds) == 8 and len(deals) >= 7


def test_a_console_nomination_does_not_make_the_nominee_pass_AR_TABLE_2():
    """Nominated from the console, the nominee's hand is still on its pad (it has been there for
    longer than a hold): that touch is not a hold, so no pass comes by itself; a hold started
    afterwards passes, as always."""
    t = five()
    t.wait(3000)  # hands on the table for a while
    t.cmd("nominate 3")
    t.wait(3000)
    assert t.state["phase"] == "decide" and t.state["nominated"] == 3, t.state
    assert not [e for e in t.events if e[0] == "gesture"], t.events
    t.pad("seat3", False)
    t.hold("seat3")
    assert ("gesture", {"seat": 3, "gesture": "hold", "means": "pass"}) in t.events


def test_persist_is_the_snapshot_without_a_copy():
    """What the app saves is the snapshot, sharing the live state (no copy of the game made to
    be saved: that copy was the Ritual table's worst point on a Pico's heap)."""
    t = five()
    t.cmd("nominate 2")
    p = t.mode.persist()
    assert p == t.mode.snapshot()
    assert p["core"] is t.mode.core.state


def test_a_nominee_named_at_the_console_has_time_to_type_and_is_reminded_AR_TABLE_2():
    """Issue 33: the nominee's 10 s clock ran out while a console player typed. A nominee named
    at the console (`nominate`, `act`) has typed_ms (60 s by default) off the pad; a lifted
    hand keeps decide_ms. `time_left` events say the time when the clock starts, then at 30,
    10 and 5 s left, and the time-out passes as before."""
    t = five()
    t.cmd("nominate 3")
    t.pad("seat3", False)  # (their hand is off the pad: the clock runs)
    t.wait(15000)
    assert t.state["phase"] == "decide" and t.state["nominated"] == 3, t.state
    assert not [e for e in t.events if e[0] == "gesture"]
    t.wait(46000)
    assert ("gesture", {"seat": 3, "gesture": "timeout", "means": "pass"}) in t.events
    said = [f["s"] for ev, f in t.events if ev == "time_left" and f["seat"] == 3]
    assert said == [60, 30, 10, 5], said
    assert all(f["then"] == "pass" for ev, f in t.events if ev == "time_left")


def test_the_typed_clock_is_an_option_and_a_lifted_hand_keeps_decide_ms_AR_TABLE_2():
    t = five(typed_ms="20000")
    t.cmd("nominate 3")
    t.pad("seat3", False)
    t.wait(21000)
    assert ("gesture", {"seat": 3, "gesture": "timeout", "means": "pass"}) in t.events
    t = five()
    t.pad("seat5", False)  # nominated by lifting: decide_ms (10 s)
    t.wait(10500)
    assert ("gesture", {"seat": 5, "gesture": "timeout", "means": "pass"}) in t.events
    assert [f["s"] for ev, f in t.events if ev == "time_left"] == [10, 5]
