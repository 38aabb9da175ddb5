"""Arkham Ritual at the table, a game's start and its reports: the options and a new game, a
saved game restored; `state` and `dump`.

All of it runs once a game or on request: imported for one call and dropped after on MicroPython
(arkham.games.offheap.once), so this code is not in RAM between (~2 KB on a Pico).
"""
from arkham.compat import fresh_seed
from arkham.games import CommandError
from arkham.protocol import int_arg

INT_OPTS = {"players": (3, 7), "leader": (1, 7), "seed": (0, 999999999),
            "decide_ms": (500, 600000), "typed_ms": (500, 600000), "tap_ms": (50, 2000),
            "gap_ms": (50, 3000),
            "hold_ms": (300, 10000), "show_ms": (500, 60000)}
SLOT_OPTS = ("cult", "ally", "event", "goo")
# typed_ms: a nominee named at the console (`nominate`, `act`) may be typing there, not lifting
# a hand: a minute to decide, not decide_ms (10 s ran out while they typed)
DEFAULTS = {"players": 5, "leader": 1, "decide_ms": 10000, "typed_ms": 60000, "tap_ms": 400,
            "gap_ms": 600,
            "hold_ms": 1200, "show_ms": 5000, "cards": "virtual"}


def options(kw):
    """key=value strings (or restored ints) -> resolved options; CommandError on anything bad."""
    out = dict(DEFAULTS)
    for k in sorted(kw):
        v = kw[k]
        if k in INT_OPTS:
            lo, hi = INT_OPTS[k]
            out[k] = v if isinstance(v, int) else int_arg(str(v), k, lo, hi)
        elif k == "cards":
            if v not in ("virtual", "physical"):
                raise CommandError("cards=virtual or cards=physical")
            out[k] = v
        elif k in SLOT_OPTS:
            out[k] = str(v)
        else:
            known = " ".join(sorted(list(INT_OPTS) + list(SLOT_OPTS) + ["cards"]))
            raise CommandError("ritual: unknown option %s (known: %s)" % (k, known))
    if "seed" not in out:
        out["seed"] = fresh_seed()  # (chip entropy) kept so a restart resumes it
    return out


def core_options(opts):
    slots = {}
    for k in SLOT_OPTS:
        if k in opts:
            slots[k] = opts[k]
    core_opts = {"players": opts["players"], "leader": opts["leader"], "mode": opts["cards"],
                 "slots": slots}
    return core_opts


def check_board(board, n):
    for p in range(1, n + 1):
        if board.index("seat%d" % p) is None:
            raise CommandError("this board has no spot seat%d (use --board ritual)" % p)


def state(mode):
    """`state`: the brief with the round and the outcome (the status view's source)."""
    s = mode.core.state
    out = mode._brief()
    out["round"] = s["round"]
    out["players"] = s["n"]
    if s["result"] is not None:
        out["result"] = s["result"]
        out["winners"] = s["winners"]
    if mode.asking:
        out["waiting"] = mode.asking + " CARD"
    return out


def dump(mode):
    out = mode.core.public()  # never the held cards, the deck or the offered card
    out["table"] = {"decide_ms": mode.opts["decide_ms"], "hold_ms": mode.opts["hold_ms"],
                    "asking": mode.asking}
    return out
