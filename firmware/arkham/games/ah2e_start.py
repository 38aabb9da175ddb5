"""AH2e at the table, a game's start: its options read and checked, the words of a saved state,
and the pads compared with the state before play (AH-TABLE-2); and the `state` query.

At a new game and at resume every sensed spot that differs from the state becomes a prompt
before play. Its own file, so compiling games/ah2e.py from source needs no more heap, and
dropped from a small heap once done (games.ah2e._forget): none of it runs during play. A resume's own part (the saved state's words, its shape, the data's
names shared) is arkham.games.ah2e_resume."""

from arkham.compat import fresh_seed, ticks_diff
from arkham.games import CommandError
from arkham.games.ah2e_sync import expected
from arkham.protocol import int_arg

SOURCES = ("dice", "mythos", "cup", "gates")
# the investigators of a game whose options name none: the first `players` of these
DEFAULT = (
    "jenny_barnes",
    "joe_diamond",
    "amanda_sharpe",
    "ashcan_pete",
    "bob_jenkins",
    "carolyn_fern",
    "darrell_simmons",
    "dexter_drake",
)

PADS_SETTLE_MS = 500  # at boot (resume), the pads are compared with the state this much later


def options(kw):
    """key=value strings (or the restored values) -> options; CommandError when bad."""
    out = {}
    for k in sorted(kw):
        v = kw[k]
        if k in ("players", "seed", "first"):
            hi = {"players": 8, "seed": 999999999, "first": 7}[k]
            out[k] = v if isinstance(v, int) else int_arg(str(v), k, 0 if k != "players" else 1, hi)
        elif k == "investigators":
            out[k] = v if isinstance(v, list) else str(v).lower().split(",")
        elif k == "ao":
            out[k] = str(v).lower()
        elif k == "chance":
            c = v if isinstance(v, list) else str(v).lower()
            if c not in ("virtual", "physical"):
                c = c if isinstance(c, list) else c.split(",")
                for x in c:
                    if x not in SOURCES:
                        raise CommandError(
                            "chance: virtual, physical or some of %s" % ",".join(SOURCES)
                        )
            out[k] = c
        else:
            raise CommandError(
                "ah2e: unknown option %s (known: ao chance first investigators players seed)" % k
            )
    if "investigators" not in out:
        out["investigators"] = list(DEFAULT[: out.get("players", 2)])
    out.pop("players", None)
    if "seed" not in out:
        out["seed"] = fresh_seed()  # (chip entropy) kept so a restart resumes it
    return out


def check_options(opts):
    """The option checks the core's setup makes, made without building a game (AH-SETUP-1)."""
    from arkham.ah2e import tables

    ao = opts.get("ao", "cthulhu")
    names = opts["investigators"]
    load = tables.load_once("load")  # (tables._once inline: the data files are read two calls
    try:  # less deep on the Pico's small C stack, where a file's read takes ~1 KB of it)
        known = load.ancient_ones()
        if ao not in known:
            raise CommandError("ah2e: unknown Ancient One %r; known: %s" % (ao, " ".join(known)))
        if not 1 <= len(names) <= 8:
            raise CommandError("ah2e: 1 to 8 investigators")
        known = load.investigator_names()
    finally:
        tables.unload("load")
    for k in range(len(names)):
        if names[k] not in known:
            raise CommandError(
                "ah2e: unknown investigator %r; known: %s" % (names[k], " ".join(known))
            )
        if names[k] in names[:k]:
            raise CommandError("ah2e: investigator %r twice" % names[k])
    if opts.get("first", 0) >= len(names):
        raise CommandError("ah2e: first player must be 0..%d" % (len(names) - 1))


def due(mode, now_ms):
    """mode.check_at: -1 (not started), a time (compare when it comes), None (done). A game
    started on a running table is compared at once (in the step of its command: the same
    moment on every replay); at boot (the first tick comes after the first scan) the pads get
    PADS_SETTLE_MS to settle first."""
    if mode.check_at == -1:
        if getattr(mode.ctx.pads, "scans", 2) > 1:
            mode.check_at = None
            compare_pads(mode)
            return
        mode.check_at = now_ms + PADS_SETTLE_MS
    elif ticks_diff(now_ms, mode.check_at) >= 0:
        mode.check_at = None
        compare_pads(mode)


def compare_pads(mode):
    sync = mode.sync
    pads = mode.ctx.pads
    hand = sync.hand[1] if sync.hand else None
    chs = []
    for sp in mode.ctx.board.spots:
        spot = sp.name
        if sp.chip is None or spot in sync.todo or spot in sync.wrong or spot == hand:
            continue
        want = expected(mode.core, spot)
        if pads.present(spot) != want:
            what = "the token (nothing is here)"
            if want:  # what the state has there: investigators, monster kinds, a gate
                s = mode.core.s
                out = [v["name"] for v in s["inv"] if v["at"] == spot and not v["dead"]]
                for m in range(len(s["mon"])):
                    if s["mon"][m] == spot:
                        out.append(mode.core.d.kind_of(m))
                if spot in s["gates"]:
                    out.append("gate")
                what = ", ".join(out)
            chs.append((spot, "place" if want else "lift", what))
    if chs:
        mode.ctx.emit("pads_differ", {"spots": [c[0] for c in chs]})
        mode._prompts(chs)
        mode.ctx.save()


def brief(mode):
    """`state`: phase, turn, doom, terror, gates, investigators, prompts; monsters by area, the
    final battle."""
    s = mode.core.s
    invs = []
    for v in s["inv"]:
        invs.append(
            {
                "name": v["name"],
                "at": v["at"],
                "sanity": v["san"],
                "stamina": v["sta"],
                "clues": v["clues"],
                "money": v["money"],
                "dead": v["dead"],
            }
        )
    out = {
        "phase": s["phase"],
        "turn": s["turn"],
        "doom": s["doom"],
        "terror": s["terror"],
        "gates": s["gates"],
        "clues": s["clues"],
        "signs": s["signs"],
        "closed": s["closed"],
        "investigators": invs,
        "over": s["over"],
        "need": mode.core.need(),
        "todo": mode.sync.todo_lists(),
        "wrong": mode.sync.wrong,
        "hand": mode.sync.hand,
    }
    # monsters by area (the Outskirts, the Sky, in an encounter "enc" too: kinds), the Ancient
    # One, and in the final battle its round and pool
    mon = {}
    for m in range(len(s["mon"])):
        at = s["mon"][m]
        if at in ("cup", "box") or (at[:1] == "t" and at[1:].isdigit()):
            continue
        mon[at] = mon.get(at, []) + [mode.core.d.kind_of(m)]
    out["monsters"] = mon
    out["ao"] = s["ao"]
    if s.get("fb"):
        out["final"] = {"round": s["fb"]["r"], "pool": s["fb"]["pool"]}
    return out
