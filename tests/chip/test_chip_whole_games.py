"""Whole-game slices of the three games on the emulated chip (the stock MicroPython Pico firmware
on rp2040js, `.mpy` on littlefs), in the default test run (issue 28):
- AH2e, 8 investigators, 40 actions with a whole Mythos phase, a combat and a knock-out;
- Final Hour, >= 20 actions with a Reckoning (the Ancient One's phase);
- Arkham Ritual, a whole round.
Every command goes to the chip and to the host's twin (tests/chip/twin.py: the same firmware
under CPython): every reply must be the twin's, and the game state's hash the twin's at the end.
No `error` event, no reset, and the deepest C stack of a step (the world's `chip` figures, from
the `game` command on) within half the chip's: AH2e's, the others' under a guard. The choices
come from the twin's `legal`, so the chip spends its time on the game only.
"""

import random

import pytest
from gamefakes import options
from twin import Twin, same

# seed 2 with picks by random.Random(2) of the twin's `legal`: a combat at action 22, a
# knock-out at 26, a Mythos phase at 30 (found by playing the host core alone)
AH2E_SEED = 2
AH2E_PICKS = 2
AH2E_ACTIONS = 40
# the budget of the deepest C stack of a step: half of the chip's 7,936 bytes (docs/memory.md),
# from the `game` command (its options read from flash) and the new game's setup on. Final Hour
# and Ritual do not meet it yet (measured: 4,840 at Final Hour's `game`, which builds the game
# ~10 calls down and reads its data there; 4,392 at a Reckoning's lazy import; Ritual 4,648 at
# a `dump`): held below this guard until they do
STACK_BUDGET = 7936 // 2
STACK_GUARD = 5000


def _faults(table):
    with table.link.cond:
        errors = [e for e in table.link.events if e.get("ev") == "error"]
    chip = table.world.do("chip")
    return errors, chip


def _clean(table, what):
    errors, chip = _faults(table)
    assert errors == [], "%s: error events on the chip: %r" % (what, errors[:3])
    assert chip.get("resets", 0) == 0, "%s: the chip reset: %r" % (what, chip)
    return chip


def _within_budget(chip, what, most=STACK_BUDGET):
    stack = chip["stack"]
    print("%s: deepest C stack of a step %d of %d bytes" % (what, stack["max"], stack["size"]))
    assert stack["size"] == 7936 and stack["max"] <= most, stack


def _both(table, twin, command, timeout=60.0):
    r = table.send(command, timeout=timeout)
    t = twin.send(command)
    same(r, t, command)
    return r


def _same_state(table, twin, what):
    from arkham.canon import state_hash

    chip = state_hash(table.ok("dump", timeout=60)["state"])
    assert chip == twin.state_hash(), "%s: the chip's game is not the host's" % what


@pytest.mark.table(chip="rp2040", game="ah2e", board="ah2e")
def test_ah2e_40_actions_8_investigators_mythos_combat_knock_out(table, tmp_path):
    twin = Twin("ah2e", tmp_path / "twin")
    start = "game ah2e seed=%d players=8 chance=virtual" % AH2E_SEED
    table.world.do("chip repaint")  # the stack from here on: the game's, not the boot's
    _both(table, twin, start)
    _both(table, twin, "ok")  # the setup's tokens, confirmed from the console
    rnd = random.Random(AH2E_PICKS)
    seen = set()
    n0 = len(table.link.events)
    for n in range(1, AH2E_ACTIONS + 1):
        legal = twin.ok("legal")["legal"]
        assert legal, "the game ended at action %d" % n
        k = int(rnd.choice(legal).split()[0])
        r = _both(table, twin, "act %d" % k)
        assert r["ok"], "action %d: %r" % (n, r)
        if n % 10 == 0:  # (a dump is ~0.6 s of chip time: the whole state every 10th)
            _same_state(table, twin, "action %d" % n)
    with table.link.cond:
        for e in table.link.events[n0:]:
            if e.get("ev") in ("combat", "knocked_out") or e.get("ev") == "phase" and e.get(
                "phase"
            ) == "mythos":
                seen.add(e["ev"] if e["ev"] != "phase" else "mythos")
    assert seen == {"combat", "knocked_out", "mythos"}, seen
    _within_budget(_clean(table, "ah2e"), "ah2e")


def _command(a):
    """An option read back from `legal` as the console verb takes it (positional)."""
    words = [a["a"]]
    for k, v in a.items():
        if k == "a":
            continue
        if v is True or v is False:
            words.append(k if v else {"keep": "remove"}.get(k, "no"))
        else:
            words.append(str(v))
    return " ".join(words)


@pytest.mark.table(chip="rp2040", game="final-hour", board="final-hour")
def test_final_hour_20_actions_with_a_reckoning(table, tmp_path):
    twin = Twin("final-hour", tmp_path / "twin")
    table.world.do("chip repaint")  # (the game's stack, `game` included, not the boot's)
    _both(table, twin, "game final-hour seed=11 players=2")
    _both(table, twin, "ok")  # the setup's tokens
    acted = reckonings = 0
    n0 = len(table.link.events)
    while acted < 20 or not reckonings:
        assert acted < 60, "no Reckoning in 60 actions"
        s = twin.ok("dump")["state"]
        ph = s["phase"]
        assert s["result"] is None, s["result"]
        r = twin.ok("legal")
        legal = options(r["view"]["legal"] if "private" in r else r["legal"])  # a hand: private
        if ph == "priority":
            a = [x for x in legal if x["a"] == "play"][0]
            cmd = "play %d %d" % (a["inv"], a["card"])
        elif ph == "actions":
            seat = s["plays"][s["turn"]][0]
            moves = [x for x in legal if x["a"] == "move" and x["inv"] == seat]
            cmd = "move %d %d" % (seat, moves[0]["to"]) if moves and acted % 3 == 0 else (
                "next %d" % seat)
        elif ph == "choose":
            a = legal[0]
            cmd = "%s %d %d" % (a["a"], a["inv"], a.get("m", a.get("who", 0)))
        elif ph in ("ancient", "end"):
            reckonings += ph == "ancient"
            cmd = "end %d" % s["lead"]
        else:
            raise AssertionError("phase %s" % ph)
        r = _both(table, twin, cmd)
        assert r["ok"], (cmd, r)
        acted += 1
        if r.get("steps"):
            _both(table, twin, "ok")  # the tokens the step moves, confirmed from the console
    with table.link.cond:
        kinds = {e.get("ev") for e in table.link.events[n0:]}
    assert "reckoning" in kinds or reckonings, kinds
    _same_state(table, twin, "final hour")
    _within_budget(_clean(table, "final hour"), "final hour", STACK_GUARD)


@pytest.mark.table(chip="rp2040", game="ritual", board="ritual")
def test_ritual_a_whole_round(table, tmp_path):
    twin = Twin("ritual", tmp_path / "twin")
    table.world.do("chip repaint")
    _both(table, twin, "game ritual players=3 seed=21 leader=1 decide_ms=600000")
    rnd = random.Random(3)
    for _ in range(60):
        if twin.ok("state")["phase"] == "round_over":
            break
        legal = [a for a in options(twin.ok("legal")["legal"]) if a["a"] != "peek"]
        r = _both(table, twin, _command(rnd.choice(legal)))
        assert r["ok"], r
    else:
        raise AssertionError("no round's end in 60 choices")
    _same_state(table, twin, "ritual")
    _within_budget(_clean(table, "ritual"), "ritual", STACK_GUARD)
