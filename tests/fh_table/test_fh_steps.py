"""FH-TABLE-2 at the table: the core's changes animated step by step, prompts that wait for the
pads, misplaced tokens, `ok`/`override`, and the lights showing the picture (FH-TABLE-1)."""
import pytest
from arkham.games import CommandError
from arkham.games.fh import GATE, PROMPT, STEP, STEP_MS, Mode
from arkham.fh.game import Game
from arkham.games.fh_start import core_options
from arkham.games.fh_steps import counts, steps_of, where_now
from gamefakes import FakeTable, options


# one pool monster on each gate and none elsewhere: a small setup for exact tests
SETUP = {"ritual": 12, "gates": {"tesseract": 8, "heptagram": 15, "trinity": 1}, "others": 0,
         "monsters": [[8, None], [15, None], [1, None]]}


def fresh(**opts):
    o = {"players": 2, "seed": 4, "setup": SETUP}
    o.update(opts)
    setup = o.pop("setup")
    t = FakeTable("final-hour", Mode, o)  # (it passes options as console text)
    if setup is not None:
        t.mode.opts["setup"] = setup
        t.mode.core = Game(core_options(t.mode.opts), t.mode.opts["seed"])
        t.mode._start()
    t.now = 0
    t.mode.tick(0)
    return t


def to_actions(t):
    """The round's 4 priority cards played: the effect verbs are open (FH-ROUND-3)."""
    while t.mode.core.phase() == "priority":
        a = options(t.cmd("legal")["view"]["legal"])[0]  # (private to the seat that plays)
        t.cmd("play %d %d" % (a["inv"], a["card"]))


def run(t, ms=STEP_MS, n=1):
    for _ in range(n):
        t.now += ms
        t.mode.tick(t.now)


def pool_ids(core, k):
    return [m for m in range(core.D.nstd) if core.state["mon"][m][0] == "pool"][:k]


def chain_table():
    """Seed 4: blue monster 14 alone at location 8; location 7 (its blue arrow) filled up, so a
    push walks 8 -> 7 -> 6. Setup confirmed, pads covered where monsters are."""
    t = fresh()
    core = t.mode.core
    s = core.state
    b = core.D.board
    assert s["mon"][14][:2] == ["board", 8] and b.arrow["blue"][8] == 7
    for slot, m in enumerate(pool_ids(core, b.slots[7])):
        s["mon"][m] = ["board", 7, slot, 0]
    t.cmd("ok all")
    for loc in range(1, 16):
        if t.mode.steps.covered(loc):
            t.pads.on.add("location_%d" % loc)
    to_actions(t)
    return t


def test_setup_monsters_are_prompted_one_at_a_time_and_wait_for_the_pad_FH_TABLE_2():
    t = fresh()
    core = t.mode.core
    placed = [e[1]["loc"] for e in t.events if e[0] in ("placed", "inv_placed")]
    assert placed[:2] == [12, 12] and len(placed) == 5  # 2 investigators, 3 monsters
    for k, loc in enumerate(placed):
        spot = "location_%d" % loc
        prompt = [e for e in t.events if e[0] == "prompt"][-1][1]
        assert prompt["spot"] == spot and prompt["do"] == "place" and prompt["pad"]
        assert prompt["what"] == (core.state["inv"][k]["name"] if k < 2 else prompt["what"])
        assert prompt["sees"] == (k != 1)  # the 2nd investigator joins the 1st: unseen
        assert t.scene()[spot] == (PROMPT, "blink")
        run(t, n=3)  # time alone does not move on: the table waits for the token
        assert len([e for e in t.events if e[0] == "prompt"]) == k + 1
        t.pads.on.add(spot)
        t.mode.on_pad(spot, True, t.now)
        assert t.events[-1] == ("prompt_done", {"spot": spot, "by": "pad"})
        run(t)
    run(t)
    assert t.names()[-1] == "settled"
    assert t.mode.steps.shown == counts(core.state, 15) and not t.mode.steps.busy()


def test_a_transition_chain_lights_each_location_it_passes_FH_TABLE_2():
    t = chain_table()
    n = len(t.events)
    t.cmd("push 1 14")
    moved = next(e[1] for e in t.events[n:] if e[0] == "moved")
    assert moved["path"] == [7, 6]
    run(t)  # first: lift the token from where it stood
    assert t.events[-1][0] == "prompt" and t.events[-1][1]["spot"] == "location_8"
    assert t.events[-1][1]["do"] == "lift"
    assert t.scene()["location_8"] == (PROMPT, "blink")
    t.pads.on.discard("location_8")
    t.mode.on_pad("location_8", False, t.now)
    run(t, 0)
    f = t.scene()
    assert f["location_7"] == (STEP, "steady")  # passing through the full location
    assert f["location_6"] != (STEP, "steady")
    run(t, STEP_MS // 2)
    assert t.scene()["location_7"] == (STEP, "steady")  # one step lasts STEP_MS
    run(t, STEP_MS // 2)
    assert t.events[-1][1] == {"spot": "location_6", "do": "place", "what": "blue_plain_1",
                               "m": 14, "pad": True, "sees": True}
    f = t.scene()
    assert f["location_6"] == (PROMPT, "blink") and f["location_7"] != (STEP, "steady")
    t.pads.on.add("location_6")
    t.mode.on_pad("location_6", True, t.now)
    run(t, 0)
    run(t)
    assert t.names()[-1] == "settled"


def test_core_actions_are_refused_while_a_token_is_awaited_FH_TABLE_2():
    t = chain_table()
    core = t.mode.core
    t.cmd("push 1 14")
    run(t)
    h = core.state_hash()
    why = t.bad("spawn 1 3")
    assert "waits for tokens" in why and "location_8" in why and "and 1 more" in why
    assert core.state_hash() == h
    r = t.cmd("legal")  # questions are still answered
    assert "legal" in r
    assert "location_8" in t.mode._brief()["waiting"][0]


def test_ok_confirms_the_open_prompt_or_everything_FH_TABLE_2():
    t = chain_table()
    t.cmd("push 1 14")
    run(t)
    assert "waits at location_8" in t.bad("ok location_6")
    assert t.cmd("ok location_8") == {"ok": ["location_8"]}
    assert t.events[-1] == ("prompt_done", {"spot": "location_8", "by": "ok"})
    run(t, 0)
    assert t.scene()["location_7"] == (STEP, "steady")
    assert t.cmd("ok all") == {"ok": ["location_6"]}
    assert t.names()[-1] == "settled"
    assert t.mode.steps.shown == counts(t.mode.core.state, 15)
    assert "no prompt open" in t.bad("ok location_6")
    assert t.cmd("ok") == {"ok": []}


def test_an_animation_without_prompts_does_not_block_the_next_action():
    t = chain_table()
    core = t.mode.core
    t.mode.steps.add([{"e": "activated", "m": 14, "sym": "killer", "loc": 8}],
                     where_now(core.state), len(core.state["mon"]))
    assert t.mode.steps.queue  # a monster at work is lit for a step
    t.cmd("spawn 1 3")  # accepted: the light is cut short
    assert "waits for tokens" in t.bad("spawn 1 4")


def test_an_investigators_move_is_a_lift_and_a_place_on_the_pads():
    t = chain_table()
    to = t.mode.core.D.board.paths[12][0]
    t.cmd("move 1 %d" % to)
    run(t)
    w = t.mode.steps.wait
    assert w == ["lift", -1, 12]  # the other investigator stays: the pad cannot see it
    assert [e for e in t.events if e[0] == "prompt"][-1][1]["sees"] is False
    t.cmd("ok location_12")
    run(t, 0)
    assert t.mode.steps.wait == ["place", -1, to]
    t.pads.on.add("location_%d" % to)
    t.mode.on_pad("location_%d" % to, True, t.now)
    run(t, n=2)
    assert t.names()[-1] == "settled" and t.mode.steps.inv == [to, 12]


def test_an_investigator_moved_by_its_token_is_a_move():
    t = chain_table()
    core = t.mode.core
    to = core.D.board.paths[12][0]
    t.cmd("move 1 %d" % to)
    t.cmd("ok all")
    t.pads.on.add("location_%d" % to)
    nxt = [x for x in core.D.board.paths[to] if x != 12 and not t.mode.steps.covered(x)][0]
    t.pads.on.discard("location_%d" % to)
    t.mode.on_pad("location_%d" % to, False, t.now)  # lifted: in hand
    assert t.events[-1][0] == "in_hand" and t.events[-1][1]["inv"] == 1
    assert "in hand" in t.bad("spawn 1 3")
    far = [x for x in range(1, 16) if x not in core.D.board.paths[to] and x != to
           and not t.mode.steps.covered(x)][0]
    t.mode.on_pad("location_%d" % far, True, t.now)  # not next door: misplaced
    assert t.events[-1][0] == "misplaced" and "may move to" in t.events[-1][1]["why"]
    t.mode.on_pad("location_%d" % far, False, t.now)
    t.pads.on.add("location_%d" % nxt)
    t.mode.on_pad("location_%d" % nxt, True, t.now)
    assert core.state["inv"][0]["loc"] == nxt  # the core moved it
    assert ("inv_moved", {"inv": 1, "to": nxt}) in t.events
    assert not t.mode.steps.prompts()  # no prompt for a token already moved


def test_a_misplaced_token_flashes_and_blocks_until_put_right_FH_TABLE_2():
    t = chain_table()
    core = t.mode.core
    t.pads.on.add("location_3")
    t.mode.on_pad("location_3", True, t.now)
    ev, f = t.events[-1]
    assert ev == "misplaced" and f["spot"] == "location_3" and f["present"] is True
    assert "lift it" in f["why"]
    assert t.scene()["location_3"] == ((255, 0, 0), "flash")
    h = core.state_hash()
    assert "location_3" in t.bad("spawn 1 4") and core.state_hash() == h
    t.pads.on.discard("location_3")
    t.mode.on_pad("location_3", False, t.now)
    assert t.events[-1] == ("put_right", {"spot": "location_3"})
    t.cmd("spawn 1 4")
    # a monster lifted from its location while the table waits elsewhere: flagged, steps held
    run(t)
    waiting = t.mode.steps.wait
    assert waiting is not None and waiting[2] == 4
    t.pads.on.discard("location_8")
    t.mode.on_pad("location_8", False, t.now)
    assert t.events[-1][0] == "misplaced" and "put it back" in t.events[-1][1]["why"]
    assert "waits at location_4" in t.events[-1][1]["why"]
    t.pads.on.add("location_4")
    t.mode.on_pad("location_4", True, t.now)  # the prompt is done...
    run(t, n=3)
    assert t.mode.steps.busy()  # ...but nothing goes on while a token is flagged
    assert t.cmd("override location_8") == {"override": ["location_8"]}
    assert "nothing flagged" in t.bad("override location_8")
    run(t, n=3)
    assert not t.mode.steps.busy() and t.names()[-1] == "settled"


def test_lights_show_the_tokens_as_they_should_lie_now_FH_TABLE_1():
    t = chain_table()
    t.cmd("push 1 14")
    # the core has the monster at 6 already; the lights still show it at 8 until it is lifted
    assert t.mode.core.state["mon"][14][1] == 6
    assert t.scene()["location_8"][0][0] > 0 and t.scene()["location_8"][0][1] == 0
    assert t.scene()["location_6"] != ((255, 0, 0), "steady")
    t.cmd("ok all")
    f = t.scene()
    assert 8 in [g[1] for g in t.mode.core.state["gates"]]
    assert f["location_8"] == (GATE, "steady")  # no monster now: its gate shows
    assert f["location_6"][0][0] > 0 and f["location_6"][0][1] == 0


def test_defeat_prompts_a_lift_and_a_sealed_path_walk_has_no_place_FH_TABLE_2():
    t = chain_table()
    core = t.mode.core
    s = core.state
    s["inv"][0]["loc"] = 8
    n = len(t.events)
    t.cmd("attack 1 14 3")
    assert ("defeated", {"m": 14, "why": "attack"}) in t.events[n:]
    run(t)
    assert t.events[-1][1]["do"] == "lift" and t.events[-1][1]["spot"] == "location_8"
    t.cmd("ok all")
    # steps_of on a seal: the walk is lit, then nothing is placed
    where = [0] * len(s["mon"])
    where[16] = 1
    ev = [{"e": "moved", "m": 16, "path": [15]}, {"e": "seal_broken", "a": 1, "b": 15},
          {"e": "defeated", "m": 16, "why": "seal"}]
    assert steps_of(ev, where, [], len(where)) == [["lift", 16, 1], ["pass", 16, 15]]


def test_steps_of_a_spawn_that_walks_on():
    where = [0, 0, 0]
    ev = [{"e": "spawn", "m": 2, "kind": "x", "loc": 5}, {"e": "moved", "m": 2, "path": [6, 7]},
          {"e": "placed", "m": 2, "loc": 7, "slot": 0}]
    assert steps_of(ev, where, [], 3) == [["pass", 2, 6], ["place", 2, 7]]
    assert where == [0, 0, 7]


def test_the_queue_survives_a_restart_FH_TABLE_2():
    t = chain_table()
    t.cmd("push 1 14")
    run(t)
    snap = t.mode.snapshot()
    t2 = fresh(seed=1, setup=None)
    t2.mode.restore(snap)
    assert t2.mode.core.state_hash() == t.mode.core.state_hash()
    assert t2.mode.steps.wait == ["lift", 14, 8]
    assert "location_8" in t2.bad("spawn 1 3")
    t2.cmd("ok all")
    assert t2.mode.steps.shown == counts(t2.mode.core.state, 15)
    h = t2.mode.core.state_hash()
    for bad in (5, {"queue": [["fly", 1, 2]]}, {"queue": [["lift", 14, 99]]},
                {"wait": ["place", -3, 3]}):
        with pytest.raises(CommandError):
            t2.mode.restore({"opts": {}, "core": snap["core"], "table": bad})
        assert t2.mode.core.state_hash() == h and not t2.mode.steps.busy()


def test_where_now_reads_the_board():
    t = chain_table()
    w = where_now(t.mode.core.state)
    assert w[14] == 8 and w[2] == 15 and sum(1 for x in w if x == 7) == 3


def test_the_ritual_site_counts_its_free_slots_down_FH_TABLE_1():
    t = chain_table()
    core = t.mode.core
    r = core.state["ritual"]
    slots = core.D.board.slots[r]
    spot = "location_%d" % r
    seen = [t.scene()[spot]]
    for k in range(slots - 1):
        core.state["mon"][pool_ids(core, 1)[0]] = ["board", r, k, 0]
        t.mode._settle()  # the picture follows the core
        seen.append(t.scene()[spot])
    assert seen[0] == ((200, 200, 200), "steady")
    whites = [s[0][0] for s in seen[:-1]]
    assert whites == sorted(whites, reverse=True) and len(set(whites)) == len(whites)
    assert seen[-1] == ((255, 0, 0), "pulse")  # one slot left
