"""AH2e at the table, a resume's own part: the words of a saved state, its shape checked, the
data's names shared with it. Loaded only at a resume (games.ah2e.Mode.prepare, restore) and
forgotten with ah2e_start (games.ah2e._forget): a new game never makes its names (a Pico keeps
every name it made; AH2e is near the 1,260 names where the chip allocates a 7.7 KB pool: issue
28)."""


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


def check(snap):
    """A resumed game's snapshot (freshly parsed JSON) has the shape a game has: ValueError
    otherwise (a save without a CRC with an investigator's "name" renamed resumed into
    a game whose every `act` failed). The keys every state and investigator has all game long
    (setup.setup, setup.sheet_state; those a game adds as it goes are not asked for), each of
    its kind (arkham.shape). (Lists, not tuples: see STATE_WORDS.)"""
    from arkham import shape

    shape.check(snap, ["opts", "core"], "d?", "the saved AH2e game")
    core = snap["core"]
    if core is None:  # a new game saved before its setup (Mode.persist): set up at its tick
        return
    shape.check(core, ["v", "seed", "ao", "phys", "inv", "first", "turn", "phase", "doom",
                       "terror", "allies", "clues", "gates", "gm", "mon", "signs", "closed",
                       "signs_used", "score_adj", "deck", "env", "rumor", "q", "step", "chk",
                       "cmb", "fb", "over", "woke", "setup", "id", "rng"],
                "iislliisiiiddllllii" "lIIlLDDDDSiil", "the saved AH2e state")
    shape.each(core["inv"], ["name", "at", "msan", "msta", "san", "sta", "money", "clues",
                             "focus", "sk", "sl", "hand3", "items", "bonus", "bless", "bnew",
                             "loan", "lnew", "noloan", "ret", "rnew", "delayed", "explored",
                             "dead", "mp", "ev"],
               "ssiiiiiiillildiiiiiiiiSiil", "a saved investigator")
    t = snap.get("table")
    if t is not None:
        shape.check(t, ["todo", "wrong"], "dd", "the saved table")


def share(snap):
    """A resumed game's snapshot (freshly parsed JSON: {"opts", "core", "table"}) made to use the
    data tables' own place and world names and one string for each investigator: the parse made
    each its own string, where a fresh game shares the data's. As the game moves on those copies
    are let go one by one and leave small holes among its long-lived blocks (with the keys, see
    STATE_WORDS, a resumed AH2e game's worst point was 4 KB above a fresh one's without them:
    bench m32; a Pico resumes after every switch to another game). Dict keys too
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
    the fresh one (bench m32's `_resumed` figures)."""
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
