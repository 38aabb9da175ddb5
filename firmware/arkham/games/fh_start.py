"""Final Hour at the table, a game's start and its reports: the options and a new game, a saved
game restored; `state`, `dump` and `override`.

All of it runs once a game or on request: imported when needed and dropped after on
MicroPython (games/fh.py `_more`), so this code is not in RAM between (~3 KB on a Pico).
"""
from arkham.compat import fresh_seed
from arkham.fh.game import Game
from arkham.games import CommandError
from arkham.games.fh_steps import Steps, bad_step, counts, inv_locs
from arkham.protocol import int_arg

INT_OPTS = {"players": (1, 4), "lead": (1, 4), "seed": (0, 999999999)}
STR_OPTS = {"ancient": ("cthulhu", "shudde_mell", "umordhoth"),
            "level": ("easy", "normal", "hard")}
DEFAULTS = {"players": 2, "lead": 1, "ancient": "cthulhu", "level": "easy"}


def options(kw):
    out = dict(DEFAULTS)
    for k in sorted(kw):
        v = kw[k]
        if k == "setup" and isinstance(v, dict):
            out[k] = v  # an Ancient One sheet of one's own (FH-SETUP-4), from a script or a save
        elif k in INT_OPTS:
            lo, hi = INT_OPTS[k]
            out[k] = v if isinstance(v, int) else int_arg(str(v), k, lo, hi)
        elif k in STR_OPTS:
            if v not in STR_OPTS[k]:
                raise CommandError("%s is one of: %s" % (k, " ".join(STR_OPTS[k])))
            out[k] = v
        else:
            known = " ".join(sorted(list(INT_OPTS) + list(STR_OPTS)))
            raise CommandError("final-hour: unknown option %s (known: %s)" % (k, known))
    seats = 2 if out["players"] == 1 else out["players"]  # solo: two investigators
    if out["lead"] > seats:
        raise CommandError("lead is a seat 1..%d" % seats)
    if "seed" not in out:
        out["seed"] = fresh_seed()  # (chip entropy) kept so a restart resumes it
    return out


def core_options(opts):
    """The core's options (and the seed) for the binding's options."""
    o = {"players": opts["players"], "lead": opts["lead"], "ancient": opts["ancient"],
         "level": opts["level"]}
    if "setup" in opts:
        o["setup"] = opts["setup"]
    return o


def check_board(board):
    for i in range(1, 16):
        if board.index("location_%d" % i) is None:
            raise CommandError("this board has no spot location_%d (use --board final-hour)"
                               % i)


def restore(mode, snap):
    opts = options(snap.get("opts") or {})
    try:
        c = Game(state=snap["core"])
    except (KeyError, ValueError, TypeError):
        raise CommandError("final-hour: not a Final Hour snapshot")
    shown = counts(c.state, c.D.board.n)
    inv = inv_locs(c.state)
    steps = Steps(shown, inv)
    table = snap.get("table")
    if table is not None:
        if not isinstance(table, dict):
            raise CommandError("final-hour: not a Final Hour snapshot")
        steps.restore(table, shown, inv)
        nmon = len(c.state["mon"])
        for st in steps.queue + ([steps.wait] if steps.wait is not None else []):
            why = bad_step(st, c.D.board.n, nmon, len(inv))
            if why is not None:
                raise CommandError("final-hour: saved table: " + why)
    mode.opts = opts
    mode.core = c
    mode.steps = steps
    mode.pending = []


def state(mode):
    """`state`: the brief and where everyone is (the status view's source)."""
    s = mode.core.state
    out = mode._brief()
    out["investigators"] = [{"name": i["name"], "at": "location_%d" % i["loc"],
                             "health": i["hp"], "max": i["max"]} for i in s["inv"]]
    out["gates"] = ["%s at location_%d" % (g[0], g[1]) for g in s["gates"]]
    out["seals"] = s["seals"]
    mon = {}
    for m in range(len(s["mon"])):
        if s["mon"][m][0] == "board":
            at = "location_%d" % s["mon"][m][1]
            mon[at] = mon.get(at, []) + ["m%d" % m]
    out["monsters"] = mon
    if s["why"]:
        out["why"] = s["why"]
    return out


def dump(mode):
    out = mode.core.public()  # never the ritual components, face-down clues or stacks
    st = mode.steps
    out["table"] = {"opts": mode.opts, "queue": st.queue, "wait": st.wait,
                    "shown": st.shown, "inv": st.inv, "hand": st.hand, "wrong": st.wrong}
    return out


def override(mode, what):
    st = mode.steps
    if what == "all":
        spots = sorted(st.wrong)
    elif what in st.wrong:
        spots = [what]
    else:
        raise CommandError("override: nothing flagged at %r (%s)"
                           % (what[:40], " ".join(sorted(st.wrong)) or "none"))
    for spot in spots:
        del st.wrong[spot]
        mode.ctx.emit("overridden", {"spot": spot})
    st.due = None
    mode.ctx.save()
    mode.ctx.redraw()
    return {"override": spots}
