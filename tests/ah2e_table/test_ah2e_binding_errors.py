"""AH-TABLE-3: a token placed or lifted where the rules don't allow flashes an error at once, an
event explains it, and nothing in the game state changes until it is put right or overridden."""

import random

import pytest
from ah2e_fake import Table, play
from arkham.games.ah2e_scene import colour

ERROR = (colour("error")[0], "flash")


def ready(seed=5, players=2):
    t = Table(players=players, seed=seed)
    t.settle()
    t.take()
    return t


def empty_spot(t):
    from arkham.games.ah2e_sync import expected

    for sp in t.board.spots:
        if sp.chip is not None and not expected(t.core, sp.name) and sp.name not in t.pads.on:
            return sp.name
    raise AssertionError("no empty sensed spot")


def test_token_where_nothing_belongs_flashes_AH_TABLE_3():
    t = ready()
    spot = empty_spot(t)
    t.place(spot)
    ev = t.take()
    assert ev == [
        ("misplaced", {"spot": spot, "present": True, "why": "nothing belongs here now: lift it"})
    ]
    assert t.scene()[spot] == ERROR


def test_nothing_changes_until_put_right_AH_TABLE_3():
    t = ready()
    spot = empty_spot(t)
    h = t.core.state_hash()
    t.place(spot)
    assert "put the flashing token right first" in t.bad("act 1")
    assert t.core.state_hash() == h
    t.lift(spot)
    assert t.take()[-1] == ("put_right", {"spot": spot})
    assert spot not in t.scene() or t.scene()[spot] != ERROR
    t.cmd("act 1")  # now the game goes on
    assert t.core.state_hash() != h


def test_lifting_a_token_that_belongs_flashes_AH_TABLE_3():
    t = ready()
    at = t.s["inv"][1]["at"]  # not the investigator the game waits for
    t.lift(at)
    assert t.take() == [
        ("misplaced", {"spot": at, "present": False, "why": "a token belongs here: put it back"})
    ]
    assert t.scene()[at] == ERROR
    t.place(at)
    assert t.take() == [("put_right", {"spot": at})]


def test_override_accepts_the_token_AH_TABLE_3():
    t = ready()
    a, b = sorted(
        sp.name
        for sp in t.board.spots
        if sp.chip is not None
        and sp.name not in t.pads.on
        and sp.name not in t.s["gates"]
        and sp.name not in t.s["mon"]
    )[:2]
    t.place(a)
    t.place(b)
    assert sorted(t.mode.sync.wrong) == [a, b]
    assert "nothing flagged" in t.bad("override nowhere")
    assert t.cmd("override " + a) == {"override": [a]}
    assert t.cmd("override") == {"override": [b]}
    assert [e for e, _ in t.take()][-2:] == ["overridden", "overridden"]
    t.cmd("act 1")


def test_illegal_move_destination_flashes_and_explains_AH_TABLE_3():
    t = Table(players=2, seed=5)
    play(t, random.Random(1), 40, stop=lambda t: t.core.need()["k"] == "move")
    t.take()
    i = t.core.need()["inv"]
    frm = t.s["inv"][i]["at"]
    legal = [a["to"] for a in t.core.legal_actions() if a["a"] == "move"]
    far = next(
        sp.name
        for sp in t.board.spots
        if sp.chip is not None
        and sp.name not in legal
        and sp.name != frm
        and sp.name not in t.pads.on
    )
    h = t.core.state_hash()
    t.lift(frm)
    t.place(far)
    ev = t.take()[-1]
    assert ev[0] == "misplaced" and ev[1]["spot"] == far
    assert "may not move here" in ev[1]["why"] and all(x in ev[1]["why"] for x in legal)
    assert t.core.state_hash() == h
    # a legal destination is refused too while something flashes
    if legal:
        t.place(legal[0])
        assert t.take()[-1][0] == "misplaced" and t.core.state_hash() == h
        t.lift(legal[0])
    t.lift(far)
    assert not t.mode.sync.wrong
    if legal:
        t.place(legal[0])  # still in hand: now the move is made
        assert t.s["inv"][i]["at"] == legal[0]


def test_a_hand_on_an_empty_pad_clears_when_it_lifts_AH_TABLE_3():
    t = ready()
    spot = empty_spot(t)
    t.place(spot)
    t.lift(spot)
    assert [e for e, _ in t.take()] == ["misplaced", "put_right"]
    assert not t.mode.sync.wrong


@pytest.mark.parametrize("seed", [1, 2])
def test_random_pad_noise_never_changes_the_state_AH_TABLE_3(seed):
    """Random placing and lifting on spots without a prompt and without a token in hand never
    changes the core's state; once every pad is as the state wants, the game goes on."""
    from arkham.games.ah2e_sync import expected

    t = Table(players=3, seed=seed)
    rnd = random.Random(seed)
    play(t, rnd, 30)
    t.settle()
    if t.core.need()["k"] == "move":  # no token moves in this test
        t.cmd(
            "act end_move clues=0"
            if t.s["clues"].get(t.s["inv"][t.core.need()["inv"]]["at"])
            else "act end_move"
        )
        t.settle()
    h = t.core.state_hash()
    sensed = [sp.name for sp in t.board.spots if sp.chip is not None]
    for _ in range(60):
        spot = rnd.choice(sensed)
        if t.core.need() and t.core.need()["k"] == "move":
            break
        if spot in t.pads.on:
            t.lift(spot)
        else:
            t.place(spot)
        assert t.core.state_hash() == h
    for spot in sensed:
        if (spot in t.pads.on) != expected(t.core, spot):
            (t.lift if spot in t.pads.on else t.place)(spot)
    assert not t.mode.sync.wrong
