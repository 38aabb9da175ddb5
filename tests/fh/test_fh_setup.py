"""Setup (FH-SETUP-1..10) and the board data (FH-BOARD-1..2) with the shipped data files."""
import copy
import json
import pathlib
from collections import Counter

import pytest

from arkham.fh import new_game
from arkham.fh.facts import DataError
from arkham.fh.load import board as Board
from arkham.fh.load import read

BOARD_SPOTS = pathlib.Path(__file__).parents[2] / "hardware" / "boards" / "final-hour.json"


def test_shipped_board_checks_and_matches_the_table_spots_FH_BOARD_1():
    raw = read("board")
    b = Board(raw)
    assert b.n == 15 and len(b.zones) == 3
    for i in range(1, 16):
        assert b.arrow["blue"][i] in b.paths[i]  # blue arrows follow paths
        assert 1 <= b.arrow["red"][i] <= 15 and b.arrow["red"][i] != i
    assert any(b.arrow["red"][i] not in b.paths[i] for i in range(1, 16))  # red may jump
    spots = {s["name"] for s in json.loads(BOARD_SPOTS.read_text())["spots"]}
    assert {"location_%d" % i for i in range(1, 16)} <= spots
    assert {"round_%d" % i for i in range(1, 9)} <= spots


@pytest.mark.parametrize("breakit, words", [
    (lambda r: r["locations"][0].update(blue=3), "blue arrow of location 1 follows no path"),
    (lambda r: r["locations"][1].update(paths=[3]), "path 1-2 is listed at 1 only"),
    (lambda r: r["locations"][2].update(red=3), "points at itself"),
    (lambda r: r["locations"][3].update(slots=0), "slots of location 4"),
    (lambda r: r["locations"][4].update(n=1), "listed twice"),
    (lambda r: r["locations"][5].pop("zone"), "zone"),
])
def test_a_replacement_board_is_checked_FH_BOARD_1(breakit, words):
    raw = copy.deepcopy(read("board"))
    breakit(raw)
    with pytest.raises(DataError) as e:
        Board(raw)
    assert words in str(e.value)
    with pytest.raises(ValueError):
        new_game(1, {"board": raw})


def test_state_holds_what_the_board_carries_FH_BOARD_2():
    g = new_game(5, {"players": 3})
    s = g.state
    for key in ("mon", "ruin", "sealed", "seals", "clues", "gate_stack", "gates", "inv", "lead",
                "round", "phase", "ritual", "ritual_parts"):
        assert key in s
    assert s["round"] == 1 and s["phase"] == "priority"
    assert [len(r) for r in s["ruin"]] == [g.D.board.slots[i] for i in range(1, 16)]
    for m in range(len(s["mon"])):
        assert g.D.colour(m) in ("blue", "red") and g.D.hp(m) >= 1
        assert all(x in ("killer", "wanderer", "destroyer") for x in g.D.syms(m))


def test_each_investigator_gets_a_shuffled_deck_of_ten_FH_SETUP_1():
    g = new_game(1, {"players": 4})
    decks = [i["deck"] for i in g.state["inv"]]
    assert all(sorted(d) == list(range(1, 11)) for d in decks)
    assert len({tuple(d) for d in decks}) > 1
    assert [i["name"] for i in g.state["inv"]] == read("game")["investigators"][:4]
    g = new_game(1, {"players": 2, "investigators": ["rita_young", "lily_chen"]})
    assert [i["name"] for i in g.state["inv"]] == ["rita_young", "lily_chen"]
    with pytest.raises(ValueError):
        new_game(1, {"players": 2, "investigators": ["rita_young", "rita_young"]})


def test_the_lead_investigator_is_chosen_FH_SETUP_2():
    assert new_game(1, {"players": 3, "lead": 3}).state["lead"] == 3
    assert new_game(1, {"players": 3}).state["lead"] == 1
    with pytest.raises(ValueError):
        new_game(1, {"players": 3, "lead": 4})


def test_standard_monsters_in_the_pool_specials_beside_the_sheet_FH_SETUP_3():
    g = new_game(1, {"ancient": "cthulhu", "players": 2})
    places = Counter()
    for m, t in enumerate(g.state["mon"]):
        places[(t[0], g.D.special(m))] += 1
    assert places[("reserve", True)] + places[("board", True)] == 8  # Deep Ones 6, Star Spawn 2
    assert places[("pool", False)] + places[("board", False)] == 40
    assert ("reserve", False) not in places and ("pool", True) not in places


@pytest.mark.parametrize("ao", ["cthulhu", "shudde_mell", "umordhoth"])
@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_the_sheet_places_ritual_gates_and_monsters_FH_SETUP_4(ao, level):
    g = new_game(3, {"ancient": ao, "level": level, "players": 2})
    st = read("game")["ancient_ones"][ao][level]
    assert g.state["ritual"] == st["ritual"]
    assert sorted([x[0], x[1]] for x in g.state["gates"]) == sorted(
        [k, v] for k, v in st["gates"].items())
    gates = st["gates"]
    want = Counter()
    for loc in range(1, 16):  # "others": pool monsters on every location without gate or ritual
        if loc != st["ritual"] and loc not in gates.values():
            want[(loc, None)] += st["others"]
    for where, kind, n in st["monsters"]:
        want[(gates.get(where, where), kind)] += n
    got = Counter()
    for m, t in enumerate(g.state["mon"]):
        if t[0] == "board":
            got[(t[1], g.D.token[m] if g.D.special(m) else None)] += 1
    assert got == +want  # unnamed kind: drawn from the pool; no overflow at setup


def test_a_setup_naming_a_kind_takes_that_token_FH_SETUP_4():
    from fh_board import BOARD

    g = new_game(1, {"board": BOARD, "setup": {"ritual": 5, "gates": {"trinity": 2},
                     "monsters": [[1, "deep_one"], [3, "red_killer_2"]]}})
    got = sorted((t[1], g.D.token[m]) for m, t in enumerate(g.state["mon"]) if t[0] == "board")
    assert got == [(1, "deep_one"), (3, "red_killer_2")]


def test_investigators_start_at_the_ritual_site_FH_SETUP_5():
    g = new_game(9, {"players": 4, "ancient": "umordhoth", "level": "hard"})
    assert {i["loc"] for i in g.state["inv"]} == {g.state["ritual"]}


def test_gate_stack_nine_left_one_boxed_eight_stacked_FH_SETUP_6():
    g = new_game(4, {"players": 2})
    s = g.state
    assert len(s["gate_box"]) == 1 and len(s["gate_stack"]) == 8
    every = Counter(s["gate_stack"] + s["gate_box"] + [x[0] for x in s["gates"]])
    assert every == Counter({"heptagram": 4, "tesseract": 4, "trinity": 4})
    stacks = {tuple(new_game(seed, {"players": 2}).state["gate_stack"]) for seed in range(6)}
    assert len(stacks) > 1  # shuffled


def test_clues_two_in_the_ritual_one_on_each_free_location_FH_SETUP_7():
    g = new_game(6, {"players": 2})
    s = g.state
    assert len(s["ritual_parts"]) == 2
    gate_locs = [x[1] for x in s["gates"]]
    faces = []
    for loc in range(1, 16):
        c = s["clues"][loc - 1]
        if loc == s["ritual"] or loc in gate_locs:
            assert c is None
        else:
            assert c is not None and c[1] is False  # face down
            faces.append(c[0])
    assert len(faces) == 11 and faces.count("key") == 3
    every = Counter(faces + s["ritual_parts"])
    assert every == Counter({"key": 3, "diamond": 2, "hourglass": 2, "moon": 2, "star": 2,
                             "clubs": 2})
    assert "key" not in s["ritual_parts"]
    assert "ritual_parts" not in g.public() and "face_down" in g.public()["clues"]


def test_four_priority_cards_each_FH_SETUP_8():
    g = new_game(2, {"players": 3})
    p = g.state["priority"]
    assert [len(h) for h in p["hands"]] == [4, 4, 4]
    assert sorted(sum(p["hands"], []) + p["deck"]) == list(range(1, 31))
    # shuffled (issue 29: dropping the shuffle survived): the hands differ between seeds, and
    # are not the deck's last cards in order
    hands = {tuple(map(tuple, new_game(seed, {"players": 3}).state["priority"]["hands"]))
             for seed in range(6)}
    assert len(hands) > 1
    assert p["hands"][0] != list(range(27, 31))


@pytest.mark.parametrize("players, hp", [(2, 5), (3, 4), (4, 3)])
def test_health_by_player_count_FH_SETUP_9(players, hp):
    g = new_game(1, {"players": players})
    assert [i["hp"] for i in g.state["inv"]] == [hp] * players
    assert [i["max"] for i in g.state["inv"]] == [hp] * players


def test_solo_is_one_player_with_two_investigators_FH_SETUP_9_FH_ROUND_3():
    g = new_game(1, {"players": 1})
    s = g.state
    assert s["players"] == 1 and len(s["inv"]) == 2  # one player runs two investigators
    assert [i["hp"] for i in s["inv"]] == [5, 5]  # data: health["1"] (JFH, uncertain)
    assert [len(h) for h in s["priority"]["hands"]] == [4, 4]
    seats = []
    while g.phase() == "priority":
        a = [x for x in g.legal_actions() if x["a"] == "play"][0]
        seats.append(a["inv"])
        ok = g.apply(a)[0]
        assert ok
    assert seats == [1, 2, 1, 2]  # 4 actions a round, the two investigators in turn


def test_zero_or_five_players_are_refused_FH_SETUP_9():
    for n in (0, 5, "2"):
        with pytest.raises(ValueError):
            new_game(1, {"players": n})


def test_item_deck_and_supplies_FH_SETUP_10():
    g = new_game(3, {"players": 2})
    s = g.state
    assert sorted(s["items"]) == list(range(1, 10))
    assert s["ruin_supply"] == 18 and s["seals"] == 8 and s["sealed"] == []
    assert all(sum(r) == 0 for r in s["ruin"])


def test_same_seed_same_game_other_seed_other_game():
    a = new_game(7, {"players": 3}).state_hash()
    assert a == new_game(7, {"players": 3}).state_hash()
    assert a != new_game(8, {"players": 3}).state_hash()


def test_bad_options_are_refused():
    for opts in ({"colour": 1}, {"ancient": "hastur"}, {"level": "nightmare"},
                 {"rules": {"speed": 1}}, {"rules": {"draw_after_play": "x"}},
                 {"rules": {"ritual_need": {"2": 4}}}, {"rules": {"top_cards": 5}},
                 {"setup": {"ritual": 3, "gates": {"trinity": 4}, "monsters": [["moon", None, 1]]}},
                 {"setup": {"ritual": 99, "gates": {}, "monsters": []}}):
        with pytest.raises(ValueError):
            new_game(1, opts)
