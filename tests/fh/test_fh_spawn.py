"""Monsters appearing (FH-SPAWN-1..4)."""
from fh_board import kinds, ok, on_board, play_cards, pool_only, put, resolve, small, where

from arkham.fh import new_game


def _to_ancient(g):
    resolve(g)
    g.state["gate_stack"][-1] = "tesseract"  # the gate token drawn next: the one gate here


def test_gates_spawn_in_the_ancient_one_phase_from_the_pool_FH_SPAWN_1():
    g = small()
    before = [m for m in range(len(g.state["mon"])) if g.state["mon"][m][0] == "pool"]
    _to_ancient(g)
    ev = ok(g, {"a": "end_round", "inv": 1})
    sp = kinds(ev, "spawn")
    assert [e["loc"] for e in sp] == [1, 1]  # the drawn gate, one per token now there
    assert sp[0]["m"] in before and where(g, sp[0]["m"]) == 1


def test_a_card_spawns_elsewhere_and_a_full_location_moves_it_FH_SPAWN_1():
    g = small()
    put(g, "red_plain_1", 2)  # location 2 (1 slot) full
    pool_only(g, "blue_killer_1")
    ev = ok(g, {"a": "spawn", "inv": 1, "loc": 2})
    m = kinds(ev, "spawn")[0]["m"]
    assert where(g, m) == 3  # FH-MOVE: blue arrow 2>3
    assert kinds(ev, "moved")[0]["path"] == [3]


def test_several_monsters_appear_one_at_a_time_FH_SPAWN_2():
    """Two tokens on the gate: the first takes location 1's last slot, the second then finds
    it full and moves on (it would not, were both drawn before placing)."""
    g = small()
    put(g, "red_plain_1", 1)  # one of 1's two slots taken
    pool_only(g, "blue_plain_1")
    _to_ancient(g)
    ev = ok(g, {"a": "end_round", "inv": 1})
    order = [(e["e"], e["m"]) for e in ev if e["e"] in ("spawn", "placed")]
    first, second = order[0][1], order[2][1]
    assert order == [("spawn", first), ("placed", first), ("spawn", second), ("placed", second)]
    assert where(g, first) == 1 and where(g, second) == 2


def test_empty_pool_takes_back_the_monsters_set_aside_FH_SPAWN_3():
    g = small()
    for m in range(g.D.nstd):
        g.state["mon"][m][0] = "aside"
    m = put(g, "blue_plain_1", 2)
    ok(g, {"a": "move", "inv": 1, "to": 4})
    ok(g, {"a": "move", "inv": 1, "to": 1})
    ok(g, {"a": "move", "inv": 1, "to": 2})
    ok(g, {"a": "attack", "inv": 1, "m": m, "dmg": 1})
    assert g.state["mon"][m][0] == "aside"  # defeated: set beside the pool
    ev = ok(g, {"a": "spawn", "inv": 1, "loc": 4})
    assert kinds(ev, "pool_refilled")[0]["n"] == g.D.nstd  # every set-aside token
    assert sum(1 for t in g.state["mon"][:g.D.nstd] if t[0] == "pool") == g.D.nstd - 1


def test_special_monsters_come_from_the_reserve_until_all_are_out_FH_SPAWN_4():
    g = new_game(2, {"ancient": "shudde_mell", "players": 2})
    play_cards(g)
    pool = sum(1 for t in g.state["mon"] if t[0] == "pool")
    reserve = [m for m in range(len(g.state["mon"])) if g.state["mon"][m][0] == "reserve"]
    assert [g.D.token[m] for m in reserve] == ["chthonian"] * 3
    free = [loc for loc in range(1, 16) if loc != g.state["ritual"]]
    for i in range(3):
        ev = ok(g, {"a": "spawn_special", "inv": 1, "loc": free[i], "kind": "chthonian"})
        assert kinds(ev, "spawn")[0]["m"] in reserve
    assert sum(1 for t in g.state["mon"] if t[0] == "pool") == pool  # the pool untouched
    n = len(on_board(g))
    assert not [a for a in g.legal_actions() if a["a"] == "spawn_special"]
    good, why = g.apply({"a": "spawn_special", "inv": 1, "loc": free[3], "kind": "chthonian"})
    assert not good and "FH-SPAWN-4" in why and len(on_board(g)) == n
    good, why = g.apply({"a": "spawn_special", "inv": 1, "loc": 3, "kind": "deep_one"})
    assert not good and "chthonian" in why  # not this Ancient One's
