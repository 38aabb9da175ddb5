"""AH2e at the table, a game's start: its options read and checked, the words of a saved state,
and the pads compared with the state before play (AH-TABLE-2); and the `state` query.

At a new game and at resume every sensed spot that differs from the state becomes a prompt
before play. Its own file, so compiling games/ah2e.py from source needs no more heap, and
dropped from a small heap once done (games.ah2e._forget): none of it runs during play."""

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


# The words of a saved game's state (its keys and step names): loaded before the save is
# parsed (Mode.prepare), so the parse finds each as a name the code made, not as a string of its
# own in every record: setup's and the effects' keys are in no module a resume has loaded (with
# 8 investigators ~1.5 KB of a resumed game; tests/app/test_resume_heap.py). A list, not a tuple:
# a tuple of constants is one object of the .mpy, its strings made as strings, not names.
STATE_WORDS = [
    "allies", "ao", "at", "bless", "bnew", "bonus", "chk", "closed", "clues", "cm", "cmb", "dead",
    "deck", "delayed", "doom", "env", "eq", "ev", "explored", "fb", "first", "focus", "frozen",
    "gates", "gm", "gone", "hand", "hand3", "hs", "hw", "id", "inv", "items", "lnew", "loan", "mb",
    "mon", "money", "mp", "msan", "msta", "name", "noloan", "over", "pb", "phase", "phys", "pool",
    "q", "r", "ret", "rnew", "rng", "rumor", "san", "score_adj", "seed", "setup", "signs",
    "signs_used", "sk", "sl", "sta", "step", "terror", "todo", "turn", "v", "woke", "wrong",
    "fend", "rumab", "rumor_n", "rumor_new",
]


def shape(snap):
    """A resumed game's snapshot (freshly parsed JSON) has the shape a game has: ValueError
    otherwise (issue 32: a save without a CRC with an investigator's "name" renamed resumed into
    a game whose every `act` failed). The keys every state and investigator has all game long
    (setup.setup, setup.sheet_state; those a game adds as it goes are not asked for), each of
    its kind (arkham.shape). (Lists, not tuples: see STATE_WORDS.)"""
    from arkham.shape import check, each

    check(snap, ["opts", "core"], "d?", "the saved AH2e game")
    core = snap["core"]
    check(core, ["v", "seed", "ao", "phys", "inv", "first", "turn", "phase", "doom", "terror",
                 "allies", "clues", "gates", "gm", "mon", "signs", "closed", "signs_used",
                 "score_adj", "deck", "env", "rumor", "q", "step", "chk", "cmb", "fb", "over",
                 "woke", "setup", "id", "rng"],
          "iislliisiiiddllllii" "lIIlLDDDDSiil", "the saved AH2e state")
    each(core["inv"], ["name", "at", "msan", "msta", "san", "sta", "money", "clues", "focus",
                       "sk", "sl", "hand3", "items", "bonus", "bless", "bnew", "loan", "lnew",
                       "noloan", "ret", "rnew", "delayed", "explored", "dead", "mp", "ev"],
         "ssiiiiiiillildiiiiiiiiSiil", "a saved investigator")
    t = snap.get("table")
    if t is not None:
        check(t, ["todo", "wrong"], "dd", "the saved table")


def share(snap):
    """A resumed game's snapshot (freshly parsed JSON: {"opts", "core", "table"}) made to use the
    data tables' own place and world names and one string for each investigator: the parse made
    each its own string, where a fresh game shares the data's. As the game moves on those copies
    are let go one by one and leave small holes among its long-lived blocks (with the keys, see
    STATE_WORDS, a resumed AH2e game's worst point had been 4 KB above a fresh one's: bench m32,
    issue 9's eighth session; a Pico resumes after a switch to another game now). Dict keys too
    (`gates`, `clues`, the prompts' spots): such a dict has each entry put back under the
    shared key. Long lists and dicts of many keys are copied to their own size (_share)."""
    from arkham.ah2e import tables

    d = tables.get()
    names = {}
    for k in d.adj:
        names[k] = k
    for k in d.worlds:
        names[k] = k
    for k in (snap.get("opts") or {}).get("investigators") or ():
        names[k] = k
    for k in snap:
        if k != "opts":  # (the investigators' names themselves: kept as they are)
            snap[k] = _share(snap[k], names)


def _share(x, names):
    """x with the shared names, or its copy where the parse left room to spare: a list the parse
    grew by doubling (the mythos deck's 67 cards in room for 128: 240 bytes) or a dict it grew a
    size at a time (an investigator's 26 keys in room for 29: 32 bytes; a fresh game's dicts are
    literals, their own size). With 8 investigators a resumed AH2e game held 430-580 bytes more
    than a fresh one at each point of its play measured; with the copies ~490 less, within 80 of
    the fresh one (bench m32's figure for it 161,792 -> 159,744, issue 9's ninth session)."""
    if isinstance(x, list):
        if len(x) > 32:
            x = x[:]
        for i in range(len(x)):
            v = x[i]
            x[i] = names.get(v, v) if isinstance(v, str) else _share(v, names)
    elif isinstance(x, dict):
        if len(x) > 8 and hasattr(dict, "fromkeys"):  # (it sizes the table by the keys' count;
            # a copy keeps the room. A firmware built without it resumes the game unfitted)
            fit = dict.fromkeys(x)
            for k in x:
                fit[k] = x[k]
            x = fit
        keys = list(x)
        for k in keys:
            v = x[k]
            x[k] = names.get(v, v) if isinstance(v, str) else _share(v, names)
        for k in keys:
            if k in names:  # keys from the parse: each entry put back under the shared one
                for key in keys:
                    v = x.pop(key)
                    x[names.get(key, key)] = v
                return x
    return x


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
    known = tables.ancient_ones()
    if ao not in known:
        raise CommandError("ah2e: unknown Ancient One %r; known: %s" % (ao, " ".join(known)))
    names = opts["investigators"]
    if not 1 <= len(names) <= 8:
        raise CommandError("ah2e: 1 to 8 investigators")
    known = tables.investigator_names()
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
            what = there(mode.core, spot) if want else "the token (nothing is here)"
            chs.append((spot, "place" if want else "lift", what))
    if chs:
        mode.ctx.emit("pads_differ", {"spots": [c[0] for c in chs]})
        mode._prompts(chs)
        mode.ctx.save()


def there(core, spot):
    """What the state has on a spot: investigators, monster kinds, a gate."""
    s = core.s
    out = [v["name"] for v in s["inv"] if v["at"] == spot and not v["dead"]]
    for m in range(len(s["mon"])):
        if s["mon"][m] == spot:
            out.append(core.d.kind_of(m))
    if spot in s["gates"]:
        out.append("gate")
    return ", ".join(out)


def more_state(core, out):
    """`state`: monsters by area (the Outskirts, the Sky, in an encounter "enc" too: kinds), the
    Ancient One, and in the final battle its round and pool."""
    s = core.s
    mon = {}
    for m in range(len(s["mon"])):
        at = s["mon"][m]
        if at in ("cup", "box") or (at[:1] == "t" and at[1:].isdigit()):
            continue
        mon[at] = mon.get(at, []) + [core.d.kind_of(m)]
    out["monsters"] = mon
    out["ao"] = s["ao"]
    if s.get("fb"):
        out["final"] = {"round": s["fb"]["r"], "pool": s["fb"]["pool"]}


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
    more_state(mode.core, out)
    return out
