"""Components, state and setup (AH-BOARD, AH-SETUP, AH-TURN)."""
import json
import pathlib

import pytest
from ah2e_helpers import NAMES, bad, game, names, ok, to_need
from arkham.ah2e import tables
from arkham.ah2e.game import Game, SetupError, new_game

DATA = pathlib.Path(tables.__file__).parent / "data"


def test_board_has_26_locations_9_streets_AH_BOARD_1():
    """AH-BOARD-1: 26 locations, 9 streets, locations link only to their street; 8 worlds."""
    d = tables.get()
    assert len(d.locations) == 26 and len(d.streets) == 9
    for loc in d.locations:
        assert d.adj[loc] == (d.street_of[loc],)
    assert len(d.worlds) == 8 and len(d.gate_world) == 16
    # white cycle and black cycle are each other's reverse (game-data.md 2.2)
    for st in d.streets:
        assert d.black[d.white[st]] == st
    assert set(d.adj["merchant_district"]) >= {"northside", "downtown", "rivertown",
                                                "miskatonic_u"}


def test_only_unstable_locations_take_gates_and_clues_AH_BOARD_2():
    """AH-BOARD-2: every mythos gate and clue location is unstable."""
    d = tables.get()
    assert len(d.unstable) == 11
    for c in range(d.ncards):
        name, typ, gate, clue = d.card(c)
        assert gate in d.unstable or (typ == "story" and gate is None)  # AH-MYTH-5
        assert clue is None or clue in d.unstable


def test_state_tracks_what_the_rules_need_AH_BOARD_3():
    """AH-BOARD-3: the snapshot holds every tracked item and round-trips through JSON."""
    g = game(3)
    s = g.snapshot()
    for k in ("doom", "terror", "gates", "gm", "clues", "signs", "closed", "mon", "inv", "env",
              "rumor", "first", "turn", "phase"):
        assert k in s
    for k in ("at", "san", "sta", "clues", "money", "delayed", "explored", "bless", "loan",
              "ret", "items"):
        assert k in s["inv"][0]
    # and what it holds after setup (issue 29: the keys alone let wrong values through)
    d = g.d
    assert s["doom"] == 1 and 0 <= s["doom"] <= g.ao["doom"]  # the setup gate's doom token
    assert s["terror"] == 0 and s["turn"] == 1 and s["phase"] == "upkeep" and s["first"] == 0
    assert list(s["gates"]) == ["woods"]  # heat_wave's gate, to R'lyeh
    marker = s["gates"]["woods"]
    assert s["gm"][marker] == "woods" and d.gate_world[marker] == "rlyeh"
    assert s["gm"].count("stack") == len(s["gm"]) - 1
    assert set(s["clues"]) == set(d.unstable) - {"woods"} and min(s["clues"].values()) >= 1
    assert s["signs"] == [] and s["closed"] == [] and s["rumor"] is None
    assert d.card_name(s["env"]) == "heat_wave"
    assert [p for p in s["mon"] if p in d.adj] == ["woods"]  # its monster, at the gate
    for v in s["inv"]:
        assert v["at"] in d.adj and v["at"] not in d.street_of.values()
        assert v["san"] == v["msan"] > 0 and v["sta"] == v["msta"] > 0
        assert v["delayed"] == 0 and v["explored"] is None and v["bless"] == 0
        assert v["loan"] == 0 and v["ret"] == 0 and v["money"] >= 0 and v["clues"] >= 0
    s2 = json.loads(json.dumps(s))
    g2 = Game(snap=s2)
    assert g2.state_hash() == g.state_hash()
    assert g2.legal_actions() == g.legal_actions()


def test_markers_conserved_and_clues_never_negative_AH_BOARD_4():
    """AH-BOARD-4: 60 monster markers, 16 gate markers, each in one place; clues can't go < 0."""
    g = game(2)
    assert len(g.s["mon"]) == 60 and len(g.s["gm"]) == 16
    assert bad(g, {"a": "effect", "inv": 0, "clues": -99})
    assert bad(g, {"a": "clue_at", "at": "woods", "n": -5})


def test_one_to_eight_investigators_AH_SETUP_1():
    """AH-SETUP-1: 1..8 investigators, one Ancient One, a first player."""
    for n in (1, 8):
        g = new_game(2, {"investigators": NAMES[:n], "first": n - 1})
        assert len(g.s["inv"]) == n and g.s["first"] == n - 1
    with pytest.raises(SetupError):
        new_game(2, {"investigators": []})
    with pytest.raises(SetupError):
        new_game(2, {"investigators": NAMES + ["vincent_lee"]})
    with pytest.raises(SetupError):
        new_game(2, {"ao": "dagon"})
    with pytest.raises(SetupError):
        new_game(2, {"investigators": NAMES[:2], "first": 2})


def test_investigators_start_with_their_sheet_AH_SETUP_2():
    """AH-SETUP-2: sheet values at home; players may enter their own sheet."""
    sheets = tables.investigators()
    g = new_game(2, {"ao": "yig", "investigators": ["kate_winthrop"]})
    v = g.s["inv"][0]
    sh = sheets["kate_winthrop"]
    assert (v["san"], v["sta"], v["money"], v["focus"]) == (sh["sanity"], sh["stamina"],
                                                             sh["money"], sh["focus"])
    assert v["sl"] == sh["sliders"] and v["sk"] == sh["skills"]
    own = {"name": "my_own", "sanity": 4, "stamina": 4, "focus": 2, "money": 3, "clues": 2,
           "home": "library", "skills": [1, 3, 2, 2, 2, 2], "sliders": [0, 0, 0]}
    g = new_game(2, {"ao": "yig", "investigators": [own], "chance": "physical"})
    assert g.s["inv"][0]["name"] == "my_own" and g.s["inv"][0]["at"] == "library"
    assert (g.s["inv"][0]["msan"], g.s["inv"][0]["sta"], g.s["inv"][0]["clues"]) == (4, 4, 2)
    with pytest.raises(SetupError):
        new_game(2, {"investigators": [dict(own, home="atlantis")]})


def test_one_clue_on_every_unstable_location_AH_SETUP_3():
    """AH-SETUP-3 (before the setup mythos changes two of them)."""
    g = new_game(4, {"chance": "physical"})  # waits for the first mythos card
    assert g.need()["k"] == "draw_mythos"
    d = g.d
    assert g.s["clues"] == {loc: 1 for loc in d.unstable}


def test_doom_and_terror_start_at_zero_AH_SETUP_4():
    """AH-SETUP-4: doom and terror 0 (the setup gate then adds 1 doom)."""
    g = new_game(4, {"chance": "physical"})
    assert g.s["doom"] == 0 and g.s["terror"] == 0
    g = game(1)
    assert g.s["doom"] == 1 and g.s["terror"] == 0


def test_setup_mythos_resolved_rumor_redrawn_AH_SETUP_5():
    """AH-SETUP-5: a rumor drawn at setup goes to the bottom and another card is drawn; the
    card is resolved fully before the first turn (upkeep of turn 1)."""
    g = new_game(1, {"chance": "physical", "investigators": NAMES[:2]})
    ev = ok(g, {"a": "draw_mythos", "card": "the_great_ritual"})
    assert names(ev, "mythos_redraw")
    assert g.s["deck"][-1] == g.d.card_id("the_great_ritual")
    assert g.need()["k"] == "draw_mythos" and g.s["rumor"] is None
    ok(g, {"a": "draw_mythos", "card": "heat_wave"})
    ok(g, {"a": "draw_gate", "world": "yuggoth"})
    ok(g, {"a": "draw_monster", "kind": "zombie"})
    assert g.s["env"] == g.d.card_id("heat_wave")
    assert g.s["phase"] == "upkeep" and g.s["turn"] == 1 and g.s["first"] == 0


def test_possessions_drawn_from_first_player_AH_SETUP_6():
    """AH-SETUP-6: the setup events ask for random possessions in player order."""
    g = new_game(3, {"investigators": NAMES[:4], "first": 2})
    ev = names(g.setup_events, "possessions")[0]
    assert ev["order"] == [2, 3, 0, 1]


def test_five_phases_in_order_from_first_player_AH_TURN_1():
    """AH-TURN-1: upkeep, movement, arkham, other, mythos; each from the first player."""
    g = game(3, first=1)
    seen = []
    order = []
    for _ in range(40):
        need = g.need()
        if need["k"] == "draw_mythos":
            break
        if need["k"] == "upkeep":
            order.append(need["inv"])
        seen += [e["phase"] for e in _answer(g) if e["ev"] == "phase"]
    assert seen == ["movement", "arkham", "other", "mythos"]
    assert order == [1, 2, 0]


def _answer(g):
    need = g.need()
    k = need["k"]
    if k == "upkeep":
        return ok(g, {"a": "upkeep"})
    if k == "move":
        return ok(g, {"a": "end_move", "clues": 0})
    if k in ("encounter", "other"):
        return ok(g, {"a": "done"})
    if k == "close":
        return ok(g, {"a": "pass"})
    raise AssertionError(need)


def test_first_player_passes_left_after_mythos_AH_TURN_2():
    """AH-TURN-2."""
    g = game(3, first=2)
    to_need(g, "draw_mythos")
    ok(g, {"a": "draw_mythos", "card": "blue_flu"})
    to_need(g, "upkeep")
    assert g.s["first"] == 0 and g.s["turn"] == 2


def test_names_are_looked_up_whole():
    """A card, monster kind or sheet is found by its whole name only: two names run together,
    a part, an empty or a non-text name find nothing."""
    from ah2e_helpers import game

    g = game(1)
    assert g.d.card_id("a_strange_plague") is not None
    for name in ("a_strange_plague alien_technology", "strange_plague", "", " ", None, 3):
        assert g.d.card_id(name) is None, name
    assert g.d.kind_id("byakhee chthonian") is None
