"""The ah2e mode's console: options, `act` in its three forms, `legal`, `state`, events,
physical chance (AH-TABLE-4), snapshot/restore, bad input (refused, nothing changed)."""

import json
import random

import pytest
from ah2e_fake import Table, play
from arkham.ah2e.game import new_game
from arkham.games import CommandError
from arkham.games.ah2e import Mode, fmt


def test_defaults_start_a_small_game():
    t = Table()
    assert [v["name"] for v in t.s["inv"]] == ["jenny_barnes", "joe_diamond"]
    assert t.s["ao"] == "cthulhu" and t.s["phys"] == []
    assert isinstance(t.mode.opts["seed"], int)


def test_options_reach_the_core():
    t = Table(
        investigators="kate_winthrop,vincent_lee,mandy_thompson",
        ao="hastur",
        seed=7,
        first=1,
        chance="dice,cup",
    )
    assert [v["name"] for v in t.s["inv"]] == ["kate_winthrop", "vincent_lee", "mandy_thompson"]
    assert t.s["ao"] == "hastur" and t.s["first"] == 1 and sorted(t.s["phys"]) == ["cup", "dice"]
    assert len(Table(players=8, seed=1).s["inv"]) == 8


@pytest.mark.parametrize(
    "opts,why",
    [
        ({"players": "9"}, "players"),
        ({"players": "0"}, "players"),
        ({"ao": "dagon"}, "dagon"),
        ({"investigators": "nobody"}, "nobody"),
        ({"chance": "dice,tarot"}, "chance"),
        ({"colour": "red"}, "unknown option"),
        ({"seed": "x"}, "seed"),
        ({"investigators": "jenny_barnes,jenny_barnes"}, "twice"),
    ],
)
def test_bad_options_are_refused(opts, why):
    with pytest.raises(CommandError) as e:
        Table(**opts)
    assert why in str(e.value)


def test_wrong_board_is_refused():
    class Ctx:
        class board:  # a board with none of AH2e's spots
            @staticmethod
            def index(name):
                return None

    with pytest.raises(CommandError, match="--board ah2e"):
        Mode(Ctx(), {})


def test_core_events_pass_through_in_order():
    t = Table(players=2, seed=5)
    t.settle()
    t.take()
    g = new_game(5, {"investigators": ["jenny_barnes", "joe_diamond"]})
    for line in ("act upkeep", "act upkeep inv=1"):
        t.cmd(line)
    ev = [e for e in t.take() if e[0] not in ("need", "prompt")]
    want = []
    for a in ({"a": "upkeep"}, {"a": "upkeep", "inv": 1}):
        want += [(e["ev"], {k: e[k] for k in e if k != "ev"}) for e in g.apply(a)[1]]
    assert ev == want


def test_act_forms_and_legal():
    t = Table(players=2, seed=5)
    t.settle()
    la = t.core.legal_actions()
    r = t.cmd("legal")
    assert r["legal"] == ["%d %s" % (k + 1, fmt(a)) for k, a in enumerate(la)]
    t.cmd("act 1")
    assert t.cmd('act {"a":"upkeep","inv":1}')["done"] == "upkeep inv=1"
    play(t, random.Random(1), 40, stop=lambda t: t.core.need()["k"] == "move")
    to = next(a["to"] for a in t.core.legal_actions() if a["a"] == "move")
    r = t.cmd("act move to=" + to)
    assert r["done"] == "move to=" + to and r["events"] >= 1


def test_legal_actions_are_listed_once_an_action():
    """`need`, `act N`, `legal`, the scene's destinations and a token's lift all read one list of
    the state's legal actions; an action (or a new game, a restore) makes it listed again."""
    t = Table(players=2, seed=5)
    t.settle()
    play(t, random.Random(1), 40, stop=lambda t: t.core.need()["k"] == "move")
    core = t.core
    calls = []
    listed = core.legal_actions

    def counted():
        calls.append(1)
        return listed()

    core.legal_actions = counted
    t.take()
    for _ in range(6):  # moves and their ends: each action's `need`, the next `act N`, the scene
        t.settle()
        if t.core.need()["k"] != "move":
            break
        before = len(calls)
        t.cmd("legal")
        t.scene()
        i = t.core.need()["inv"]
        t.lift(t.s["inv"][i]["at"])  # the moving investigator's token in hand: its destinations
        t.place(t.s["inv"][i]["at"])  # put back
        t.cmd("act 1")
        assert t.last("need")["legal"] >= 1
        t.cmd("legal")
        t.scene()
        assert len(calls) - before <= 1, len(calls) - before
    assert calls
    snap = t.mode.snapshot()
    t.mode.restore(snap)
    t.mode.core.legal_actions = counted
    n = len(calls)
    t.cmd("legal")
    t.cmd("legal")
    assert len(calls) == n + 1  # (listed again for the restored game, then kept)


def test_values_are_typed():
    from arkham.games.ah2e import _value

    assert _value("n", "3") == 3 and _value("n", "-2") == -2
    assert _value("dice", "5") == [5] and _value("dice", "5,6,1") == [5, 6, 1]
    assert _value("bless", "true") is True
    assert _value("bonus", '{"will":1}') == {"will": 1}
    assert _value("to", "rivertown") == "rivertown"
    with pytest.raises(CommandError):
        _value("bonus", "{will")


@pytest.mark.parametrize(
    "line",
    [
        "act",
        "act 0",
        "act 99",
        "act fly to=moon",
        "act move to=nowhere",
        "act {1,2}",
        'act {"to":"x"}',
        "act 1 2",
        "legal x",
        "state now",
        "ok a b",
        "frobnicate",
    ],
)
def test_bad_console_input_changes_nothing(line):
    t = Table(players=2, seed=5)
    t.settle()
    t.take()
    h = t.core.state_hash()
    todo = dict(t.mode.sync.todo)
    t.bad(line)
    assert t.core.state_hash() == h and t.mode.sync.todo == todo
    assert [e for e, _ in t.take()] == []


def test_state_is_compact_and_complete():
    t = Table(players=3, seed=5)
    st = t.cmd("state")
    for k in (
        "phase",
        "turn",
        "doom",
        "terror",
        "gates",
        "investigators",
        "need",
        "todo",
        "wrong",
        "hand",
    ):
        assert k in st
    assert st["investigators"][0]["name"] == "jenny_barnes"
    json.dumps(st)
    json.dumps(t.mode.dump())


def test_snapshot_restore_keeps_game_prompts_and_flags():
    t = Table(players=3, seed=4)
    play(t, random.Random(4), 25)
    spot = next(
        sp.name
        for sp in t.board.spots
        if sp.chip is not None
        and sp.name not in t.pads.on
        and sp.name not in t.s["gates"]
        and sp.name not in t.s["mon"]
    )
    t.place(spot)  # flagged
    t.mode._prompts([("sky", "place", "byakhee")])
    snap = json.loads(json.dumps(t.mode.snapshot()))
    u = Table(players=1, seed=99)
    u.pads.on = set(t.pads.on)
    u.mode.restore(snap)
    assert u.core.state_hash() == t.core.state_hash()
    assert u.mode.sync.todo == t.mode.sync.todo and u.mode.sync.wrong == t.mode.sync.wrong
    assert u.scene() == t.scene()
    assert u.mode.opts == t.mode.opts


def physical_game(seed):
    t = Table(players=2, seed=seed, chance="physical")
    return t


def test_physical_chance_asks_and_takes_the_answer_AH_TABLE_4():
    """The need event names the physical draw or roll and a legal answer; the answer typed
    back (`act ...` from the hint) always works."""
    t = physical_game(3)
    need = t.last("need")
    assert need["k"] == "draw_mythos" and need["try"].startswith("act draw_mythos card=")
    assert "say which card" in t.bad("act draw_mythos")
    kinds = set()
    rnd = random.Random(3)
    for _ in range(120):
        t.settle()
        if t.core.over():
            break
        need = t.last("need")
        kinds.add(need["k"])
        if need["k"] in ("draw_mythos", "draw_gate", "draw_monster", "roll", "die"):
            assert need["try"].split()[1] == {"die": "roll"}.get(need["k"], need["k"])
            t.cmd(need["try"])
        elif need["k"] == "ao_attack":
            t.cmd("act done")
        else:
            t.cmd("act %d" % rnd.randint(1, need["legal"]))
    assert {"draw_mythos", "draw_gate", "draw_monster"} <= kinds


def test_physical_and_virtual_give_the_same_game_AH_TABLE_4():
    """Telling the table what the virtual game drew gives the same events and state."""
    v = Table(players=2, seed=8)
    p = Table(players=2, seed=8, chance="physical")
    assert p.last("need")["k"] == "draw_mythos"
    drawn = [f for e, f in v.take() if e in ("mythos", "gate_opened", "monster_drawn")]
    p.take()
    p.cmd("act draw_mythos card=" + drawn[0]["card"])
    for f in drawn[1:]:
        if "world" in f:
            p.cmd("act draw_gate world=" + f["world"])
        else:
            p.cmd("act draw_monster kind=" + f["kind"])
    assert p.s["gates"] == v.s["gates"] and p.s["mon"] == v.s["mon"]
    assert p.core.need() == v.core.need()


def test_boot_resume_builds_no_fresh_game():
    """The app makes the mode, then restores the saved game at once: no throw-away setup (it
    would load data and draw a mythos card on a small heap just to be discarded)."""
    t = Table(players=3, seed=4)
    snap = json.loads(json.dumps(t.mode.snapshot()))
    m = Mode(t, {"players": "3", "seed": "4"})
    assert m._core is None
    t.events = []
    m.restore(snap)
    m.tick(0)
    assert t.events == [] and m.core.state_hash() == t.core.state_hash()
