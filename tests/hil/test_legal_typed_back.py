"""Issue 33: what `legal` prints in Arkham Ritual and Final Hour can be typed back on the table,
through the protocol: every game takes `act N` for its numbered list, and a printed line without
its number is a command the table accepts (every line of every state: tests/device/
test_legal_typed_back.py; here a line picked at random, typed as printed, at each step)."""

import random

import pytest


def lines_of(reply):
    return reply.get("legal") or (reply.get("view") or {}).get("legal") or []


@pytest.mark.parametrize("game,board,options", [
    ("ritual", "ritual", "players=4 seed=9"),
    ("final-hour", "final-hour", "players=2 seed=4"),
])
def test_a_legal_line_typed_as_printed_is_taken(table_factory, game, board, options):
    table = table_factory(game="bringup", board=board)
    table.ok("game %s %s" % (game, options), timeout=30)
    rnd = random.Random(3)
    typed = numbered = 0
    for step in range(30):
        if game == "final-hour":
            table.send("ok all")  # (the tokens the pads cannot see here)
        lines = lines_of(table.ok("legal"))
        if not lines:
            break
        k = rnd.randrange(len(lines))
        number, line = lines[k].split(" ", 1)
        assert number == str(k + 1), lines
        if step % 3 == 2:
            table.ok("act %s" % number)  # `act N`: the Nth line
            numbered += 1
        else:
            table.ok(line)  # the line as printed (table.ok: the reply must be ok)
            typed += 1
    assert typed >= 10 and numbered >= 5, (typed, numbered)
