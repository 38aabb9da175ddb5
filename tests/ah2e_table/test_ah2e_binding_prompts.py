"""AH-TABLE-2: a physical change the core needs is named in an event and its spot lit until the
pad sees it or a player confirms; and moving an investigator by lifting and placing the token."""

import random

from ah2e_fake import Table, play
from arkham.games.ah2e_sync import expected


def prompts(events):
    return [f for ev, f in events if ev == "prompt"]


def test_setup_prompts_every_token_AH_TABLE_2():
    t = Table(players=3, seed=11)
    ev = t.take()
    named = {(p["spot"], p["what"]) for p in prompts(ev)}
    for v in t.s["inv"]:
        assert (v["at"], v["name"]) in named
    for loc in t.s["gates"]:
        assert any(p[0] == loc and p[1].startswith("gate to ") for p in named)
    for m, at in enumerate(t.s["mon"]):
        if t.board.spot(at) is not None:
            assert (at, t.core.d.kind_of(m)) in named
    # the events come before the need, and the need is last
    assert [e for e, _ in ev][-1] == "need"
    assert sorted(t.mode.sync.todo) == sorted({p[0] for p in named})


def test_placing_the_token_is_seen_AH_TABLE_2():
    t = Table(players=2, seed=5)
    t.take()
    spot = "train_station"  # Jenny Barnes's home
    assert spot in t.mode.sync.todo and t.scene()[spot][1] == "blink"
    t.place(spot)
    assert t.take() == [("prompt_done", {"spot": spot, "by": "pad"})]
    assert spot not in t.mode.sync.todo
    assert t.scene()[spot][1] != "blink"


def test_ok_confirms_what_the_pad_cannot_see_AH_TABLE_2():
    t = Table(players=2, seed=5)
    t.take()
    spots = sorted(t.mode.sync.todo)
    r = t.cmd("ok " + spots[0])
    assert r == {"ok": [spots[0]]}
    assert t.take() == [("prompt_done", {"spot": spots[0], "by": "ok"})]
    assert "nothing to confirm" in t.bad("ok " + spots[0])
    r = t.cmd("ok")
    assert r["ok"] == spots[1:] and not t.mode.sync.todo


def test_lift_and_put_back_on_a_covered_spot_AH_TABLE_2():
    """A prompt on a spot that stays covered is done when the pile is lifted and put back."""
    t = Table(players=2, seed=5)
    t.settle()
    t.take()
    at = t.s["inv"][0]["at"]
    t.mode._prompts([(at, "place", "cultist")])
    assert at in t.mode.sync.todo
    t.lift(at)  # intermediate: no error on a prompted spot
    assert at in t.mode.sync.todo and not t.mode.sync.wrong
    t.place(at)
    assert at not in t.mode.sync.todo
    assert t.names()[-1] == "prompt_done"


def test_each_action_prompts_its_changes_AH_TABLE_2():
    """Over a random game: every monster, investigator and gate that changes place on a sensed
    spot is prompted there (unless the pad already shows it), and the lights blink there."""
    t = Table(players=3, seed=2)
    rnd = random.Random(3)
    seen = 0
    for _ in range(150):
        t.settle()
        if t.core.over():
            break
        t.take()
        before = {
            "mon": list(t.s["mon"]),
            "inv": [v["at"] for v in t.s["inv"]],
            "gates": dict(t.s["gates"]),
        }
        need = t.core.need()
        if need["k"] == "ao_attack":
            t.cmd("act done")
            continue
        t.cmd("act %d" % rnd.randint(1, len(t.core.legal_actions())))
        ev = t.take()
        named = {p["spot"] for p in prompts(ev)}
        moved = set()
        for m, at in enumerate(t.s["mon"]):
            if at != before["mon"][m]:
                moved |= {at, before["mon"][m]}
        for i, v in enumerate(t.s["inv"]):
            if v["at"] != before["inv"][i]:
                moved |= {v["at"], before["inv"][i]}
        for loc in set(t.s["gates"]) ^ set(before["gates"]):
            moved.add(loc)
        for spot in moved:
            sp = t.board.spot(spot)
            if sp is None:
                continue
            bare = sp.chip is not None and not expected(t.core, spot) and not t.pads.present(spot)
            assert spot in named or bare, (spot, ev)
            if spot in named and sp.chip is not None:
                assert t.scene()[spot][1] == "blink"
                seen += 1
    assert seen > 5


def test_drawn_through_a_gate_is_prompted_AH_TABLE_2():
    t = Table(players=2, seed=9)
    play(t, random.Random(2), 400, stop=lambda t: t.core.need()["k"] == "encounter" and t.s[
        "inv"][t.core.need()["inv"]]["at"] in t.core.d.unstable)  # AH-BOARD-2: gates only there
    need = t.core.need()
    assert need["k"] == "encounter"
    at = t.s["inv"][need["inv"]]["at"]
    t.take()
    t.cmd("act gate_appears")
    ev = t.take()
    if at in t.s["signs"]:
        return  # no gate where an elder sign is
    world = t.core.d.gate_world[t.s["gates"][at]]
    ps = prompts(ev)
    name = t.s["inv"][need["inv"]]["name"]
    assert {"spot": at, "do": "place", "what": "gate to " + world, "pad": True} in ps
    assert {"spot": world + "_1", "do": "place", "what": name, "pad": False} in ps
    # the location stays covered (the gate), so the investigator's lift is a prompt there too
    assert {"spot": at, "do": "lift", "what": name, "pad": True} in ps


def can_move(t):
    """Waiting for a move with movement points left (Speed can be 0 on some slider positions)."""
    return t.core.need()["k"] == "move" and any(
        a["a"] == "move" for a in t.core.legal_actions())


def moving(seed=5):
    t = Table(players=2, seed=seed)
    play(t, random.Random(1), 60, stop=can_move)
    assert t.core.need()["k"] == "move"
    t.take()
    return t


def test_move_by_lifting_and_placing_the_token():
    t = moving()
    i = t.core.need()["inv"]
    frm = t.s["inv"][i]["at"]
    points = t.s["inv"][i]["mp"]
    to = next(a["to"] for a in t.core.legal_actions() if a["a"] == "move")
    t.lift(frm)
    assert t.take() == [
        (
            "in_hand",
            {
                "inv": i,
                "frm": frm,
                "to": [a["to"] for a in t.core.legal_actions() if a["a"] == "move"],
            },
        )
    ]
    t.place(to)
    ev = t.take()
    assert ("inv_moved", {"inv": i, "frm": frm, "to": to, "why": "move"}) in ev
    assert not prompts(ev)  # the players already did it
    assert t.s["inv"][i]["at"] == to and t.s["inv"][i]["mp"] == points - 1
    assert not t.mode.sync.wrong and t.mode.sync.hand is None


def test_put_back_changes_nothing():
    t = moving()
    i = t.core.need()["inv"]
    frm = t.s["inv"][i]["at"]
    h = t.core.state_hash()
    t.lift(frm)
    t.place(frm)
    assert [e for e, _ in t.take()] == ["in_hand", "put_back"]
    assert t.core.state_hash() == h and t.mode.sync.hand is None


def test_end_move_from_the_console_while_in_hand_prompts_put_back_AH_TABLE_2():
    t = moving()
    i = t.core.need()["inv"]
    frm = t.s["inv"][i]["at"]
    t.lift(frm)
    if t.s["clues"].get(frm):
        t.cmd("act end_move clues=0")
    else:
        t.cmd("act end_move")
    assert frm in t.mode.sync.todo and t.mode.sync.hand is None
    assert any(p["spot"] == frm and p["what"].endswith("back") for p in prompts(t.take()))
    t.place(frm)
    assert frm not in t.mode.sync.todo


def test_a_move_onto_a_prompted_spot_is_still_a_move_AH_TABLE_2():
    """The investigator's token put on a spot that waits for a monster moves them there; the
    monster's prompt stays (the pad cannot tell the two tokens apart)."""
    t = moving()
    i = t.core.need()["inv"]
    frm = t.s["inv"][i]["at"]
    to = next(a["to"] for a in t.core.legal_actions() if a["a"] == "move")
    t.mode._prompts([(to, "place", "cultist")])
    t.lift(frm)
    t.place(to)
    assert t.s["inv"][i]["at"] == to
    assert t.mode.sync.todo_lists()[to] == ["place cultist"]
    t.cmd("ok " + to)
    assert not t.mode.sync.todo


def test_a_lift_prompt_on_a_failed_chips_spot_waits_for_it_AH_TABLE_2():
    """Issue 15: while a chip is down its pads only say what they saw before it failed. A token
    put there meanwhile is unseen, so a later "lift" prompt was skipped (the pad read bare) and,
    once the chip healed, the token left there was flagged misplaced and play blocked. Now the
    prompt stays until the healed chip sees the spot bare, or a player confirms (`ok`)."""
    t = Table(players=2, seed=5)
    t.settle()
    t.take()
    spot = next(s.name for s in t.board.spots
                if s.chip is not None and not expected(t.core, s.name) and s.name not in t.pads.on)
    chip = t.board.spot(spot).chip
    t.pads.down.add(chip)
    t.mode._prompts([(spot, "lift", "cultist")])  # (the token was put there while it was down)
    assert spot in t.mode.sync.todo, "the prompt waits for the chip"
    t.pads.down.discard(chip)
    t.take()
    t.place(spot)  # the healed chip sees the token left there: still a prompt, not an error
    assert spot not in t.mode.sync.wrong and spot in t.mode.sync.todo
    assert [e for e, _ in t.take()] == []
    t.lift(spot)
    assert t.take() == [("prompt_done", {"spot": spot, "by": "pad"})]
    # with the chip answering, a bare pad needs no prompt (as before)
    t.mode._prompts([(spot, "lift", "cultist")])
    assert spot not in t.mode.sync.todo


def test_a_pile_lifted_and_put_back_does_the_prompt_on_it_AH_TABLE_2():
    """A prompt on the moving investigator's area (a monster to take off the pile): lifting the
    pile and putting it back is that prompt done, not a move (no `ok` needed)."""
    t = moving()
    i = t.core.need()["inv"]
    frm = t.s["inv"][i]["at"]
    t.mode._prompts([(frm, "lift", "cultist")])
    t.take()
    h = t.core.state_hash()
    t.lift(frm)  # the pile, the investigator in it
    t.place(frm)  # the pile without the cultist
    ev = t.take()
    assert ("prompt_done", {"spot": frm, "by": "pad"}) in ev, ev
    assert frm not in t.mode.sync.todo and t.mode.sync.hand is None
    assert t.core.state_hash() == h  # nothing moved


def test_at_a_new_game_and_at_resume_the_pads_are_compared_with_the_state_AH_TABLE_2():
    """A token left on a spot where the new game has nothing is a `lift` prompt; at resume every
    sensed spot that differs from the saved state is a prompt (here: the tokens are gone)."""
    from arkham.games.ah2e_start import PADS_SETTLE_MS
    from arkham.games.ah2e_sync import expected

    t = Table(players=2, seed=5)
    empty = next(s.name for s in t.board.spots
                 if s.chip is not None and not expected(t.core, s.name)
                 and s.name not in t.mode.sync.todo)
    t.pads.on.add(empty)  # left over from the last game
    t.mode.check_at = -1  # (as for a game started on a table whose pads saw that token)
    t.take()
    t.mode.tick(1)
    t.mode.tick(1 + PADS_SETTLE_MS)
    ev = t.take()
    assert ("pads_differ", {"spots": [empty]}) in ev, ev
    assert {"spot": empty, "do": "lift", "what": "the token (nothing is here)", "pad": True} \
        in prompts(ev)
    t.lift(empty)
    assert empty not in t.mode.sync.todo
    t.pads.on.clear()
    t.settle()  # every setup token down
    assert not t.mode.sync.todo
    snap = t.mode.snapshot()
    again = Table(players=2, seed=5)
    again.mode.restore(snap)  # resumed with bare pads
    again.take()
    again.mode.tick(10)
    again.mode.tick(10 + PADS_SETTLE_MS)
    ev = again.take()
    want = [s.name for s in again.board.spots
            if s.chip is not None and expected(again.core, s.name)]  # (board order)
    assert ("pads_differ", {"spots": want}) in ev, ev
    assert sorted(again.mode.sync.todo) == sorted(want)


def test_a_move_through_an_area_leaves_no_prompt_there_AH_TABLE_2():
    """Issue 33: `act move to=A` then `act move to=B` typed on the console: the token only passed
    through A, so A's "place" prompt is done ("passed") and nothing blinks there; B waits."""
    for seed in range(5, 40):
        t = moving(seed)
        i = t.core.need()["inv"]
        frm = t.s["inv"][i]["at"]
        for a in t.core.legal_actions():
            if a["a"] != "move" or t.s["inv"][i]["mp"] < 2 or t.board.spot(a["to"]) is None:
                continue
            if expected(t.core, a["to"]):
                continue  # (a covered area: its pad cannot tell the token is not there)
            t.cmd("act move to=%s" % a["to"])
            via = a["to"]
            on = [b["to"] for b in t.core.legal_actions()
                  if b["a"] == "move" and b["to"] != frm and t.board.spot(b["to"]) is not None]
            if not on:
                break
            assert via in t.mode.sync.todo  # the first move: its place prompt
            t.take()
            t.cmd("act move to=%s" % on[0])
            assert via not in t.mode.sync.todo, t.mode.sync.todo_lists()
            assert ("prompt_done", {"spot": via, "by": "passed"}) in t.take()
            assert on[0] in t.mode.sync.todo and t.scene()[on[0]][1] == "blink"
            assert t.scene().get(via, (None, None))[1] != "blink"
            return
    raise AssertionError("no game with two moves in a row")
