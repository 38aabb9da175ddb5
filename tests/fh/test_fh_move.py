"""Monster movement (FH-MOVE-1..5) on the small board of fh_board.py."""
from fh_board import kinds, ok, pool_only, put, small, where


def test_one_transition_along_the_arrow_of_its_colour_FH_MOVE_1():
    g = small()
    blue = put(g, "blue_wanderer_2", 1)
    red = put(g, "red_wanderer_2", 1)
    ok(g, {"a": "push", "inv": 1, "m": blue})
    assert where(g, blue) == 2  # blue arrow 1>2
    ev = ok(g, {"a": "push", "inv": 1, "m": red})
    assert where(g, red) == 3  # red arrow 1>3: no path joins 1 and 3
    assert kinds(ev, "moved")[0]["path"] == [3]


def test_goes_on_past_full_locations_FH_MOVE_2():
    g = small()
    put(g, "blue_plain_1", 2)
    put(g, "blue_plain_1", 3, nth=1)
    m = put(g, "blue_wanderer_2", 1)
    ev = ok(g, {"a": "push", "inv": 1, "m": m})
    assert where(g, m) == 4  # 2 and 3 full, 4 has room
    assert kinds(ev, "moved")[0]["path"] == [2, 3, 4]


def test_comes_back_to_the_location_it_left_FH_MOVE_2():
    g = small()
    m = put(g, "blue_wanderer_2", 1)
    put(g, "blue_plain_1", 1)  # location 1 is full now
    for i, loc in enumerate((2, 3, 4)):
        put(g, "red_plain_1", loc, nth=i)
    ev = ok(g, {"a": "push", "inv": 1, "m": m})
    assert where(g, m) == 1  # the slot it left is the only empty one
    assert kinds(ev, "moved")[0]["path"] == [2, 3, 4, 1]


def _full_red_loop():
    """Locations 1 and 3 (the red loop 1>3>1) full; only red wanderers in the pool."""
    g = small()
    put(g, "blue_plain_1", 1, nth=0)
    put(g, "blue_plain_1", 1, nth=1)
    put(g, "blue_plain_1", 3, nth=2)
    pool_only(g, "red_wanderer_2")
    return g


def test_no_empty_slot_reachable_goes_straight_to_the_ritual_site_FH_MOVE_3():
    g = _full_red_loop()
    ev = ok(g, {"a": "spawn", "inv": 1, "loc": 1})
    m = kinds(ev, "spawn")[0]["m"]
    assert where(g, m) == 5  # 2 and 4 had room, but its red walk 3, 1, 3 never gets there
    assert kinds(ev, "moved")[0]["to_ritual"] is True
    assert g.state["result"] is None


def test_ritual_site_full_when_it_must_go_there_loses_FH_MOVE_4():
    g = _full_red_loop()
    # the ritual site full without the game noticing (a state built by hand): the rule itself
    put(g, "blue_plain_1", 5, nth=3)
    put(g, "blue_plain_1", 5, nth=4)
    ev = ok(g, {"a": "spawn", "inv": 1, "loc": 1})
    assert g.state["result"] == "lost" and g.state["why"] == "ritual_full"
    assert kinds(ev, "lost")
    assert sum(1 for t in g.state["mon"] if t[0] == "board" and t[1] == 5) == 2  # not 3


def test_monsters_at_the_ritual_site_stay_unless_forced_FH_MOVE_5():
    g = small()
    m = put(g, "blue_wanderer_2", 5)
    ok(g, {"a": "activate", "inv": 1, "zone": "c"})  # its own activation does not move it
    assert where(g, m) == 5
    ok(g, {"a": "push", "inv": 1, "m": m})  # an item card or a top action effect does
    assert where(g, m) == 4


def test_no_push_off_the_ritual_site_in_the_ancient_one_phase_FH_MOVE_5():
    """final-hour-and-ah2e-ru.txt (Final Hour part) line 13: a monster at the ritual site leaves it
    only by an item card or an action card's top effect, both of the Action phase; the Ancient
    One phase's effects (Reckoning) cannot push it off, and the legal list does not offer it."""
    from fh_board import resolve

    g = small()
    m = put(g, "blue_wanderer_2", 5)
    other = put(g, "blue_wanderer_2", 1, nth=1)
    resolve(g)
    assert g.phase() == "ancient"
    before = g.snapshot()
    okay, why = g.apply({"a": "push", "inv": g.state["lead"], "m": m})
    assert not okay and "ritual site" in why and where(g, m) == 5
    assert g.snapshot() == before
    pushes = [a["m"] for a in g.legal_actions() if a["a"] == "push"]
    assert m not in pushes and other in pushes
    ok(g, {"a": "push", "inv": g.state["lead"], "m": other})  # elsewhere: as before
