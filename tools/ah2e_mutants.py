#!/usr/bin/env python3
"""Mutation pass over the AH2e rules core: how many one-line faults do the tests in tests/ah2e
catch? Not part of the default test run (it takes minutes); run it on purpose:

    .venv/bin/python tools/ah2e_mutants.py                 # every mutant (long)
    .venv/bin/python tools/ah2e_mutants.py --sample 150    # a seeded sample
    .venv/bin/python tools/ah2e_mutants.py --abilities     # only lines about abilities
    .venv/bin/python tools/ah2e_mutants.py --list          # the mutants, not run
    .venv/bin/python tools/ah2e_mutants.py --autopilot     # the autopilot's lines instead

Each mutant changes one token on one line of firmware/arkham/ah2e/*.py (a comparison, `and` /
`or`, `not`, True / False, an integer constant, `+=` / `-=`), in a copy of the core under a
temporary directory (the worktree is never touched); the copy of tests/ah2e runs against it with
`pytest -x`. A mutant is caught when the tests fail (or time out). "Ability" mutants are those on
lines about Ancient One powers, worshippers, monster abilities and mythos abilities.
With --autopilot the mutants are on host/arkham_host/playtest/autopilot.py and ah2e_invariants.py
(issue 29), in a copy of host/arkham_host put first on the path; the same tests run (tests/ah2e
holds the autopilot's and the playtests').
"""
import argparse
import io
import os
import pathlib
import random
import shutil
import subprocess
import sys
import tempfile
import time
import tokenize
from multiprocessing.pool import ThreadPool

ROOT = pathlib.Path(__file__).resolve().parent.parent
CORE = ROOT / "firmware" / "arkham"
HOST = ROOT / "host" / "arkham_host"
TESTS = ROOT / "tests" / "ah2e"
PLAYTEST = HOST / "playtest"  # the autopilot's package
AUTOPILOT = ("autopilot.py", "ah2e_invariants.py")

SWAP = {"<": "<=", "<=": "<", ">": ">=", ">=": ">", "==": "!=", "!=": "==", "and": "or",
        "or": "and", "True": "False", "False": "True", "+=": "-=", "-=": "+="}
# words that put a line among the abilities (Ancient One sheets, monster and mythos abilities)
ABILITY_WORDS = ("ao[", "g.ao", "worshippers", "power", "has(", "kabil", "ambush", "endless",
                 "resistance", "immunity", "nightmar", "overwhelm", "maniac", "undead",
                 "lost_on_damage", "through_gate", "box_on_defeat", "warded", "has_ability",
                 "in_force", "envab", "rumab", "attack", "toughness", "devour_without")


# Equivalent mutants: the change cannot alter what the core does, so no test can catch them; they
# are left out of the pass (and its counts), after a sample is drawn. Entries: (file, text on
# the line, old token, new token, why); keep each as narrow as the line allows.
EQUIVALENT = (
    ("abilities.py", 's["rumor_new"] = 1', "1", "2",
     "a flag: only read for its truth (abilities.tick) and cleared to 0 there"),
    # tables.ancient_one keeps the last sheet read in _ao = [name, sheet]: a memo. These three
    # only make it miss (every call reads the sheet from the data again, the same sheet):
    ("tables.py", "if _ao[0] == name and name is not None:", "0", "1",
     "compares the sheet (a dict) with the name: never a hit"),
    ("tables.py", "if _ao[0] == name and name is not None:", "not ", "",
     "a hit only for name None with nothing kept: returns None, as the lookup does"),
    ("tables.py", "_ao[0] = name", "0", "1",
     "the name is never kept (the next line overwrites _ao[1]): never a hit"),
    # fight.rolled(g, dice, succ) counts the faces itself when there are faces; succ is read only
    # for a success count (physical dice)
    ("actions.py", 'fight.rolled(g, a["dice"], 0)', "0", "1", "succ unread with faces"),
    ("actions.py", "fight.rolled(g, fight.roll_dice(g, n), 0)", "0", "1", "succ unread with faces"),
    # fight.hit, an investigator drawn through a gate in Arkham: the combat has ended and they are
    # in an Other World, so every caller (damage -> still, _evade_move, the spell's damage) does
    # the same with False: no combat left, not with the monster
    ("fight.py", '"monster")\n                return True', "True", "False",
     "drawn through: combat over, the investigator away"),
    # rules.devour: the Ancient One awake means the final battle (final.awaken sets the phase
    # with s["woke"]), and no sheet left is met again by game._still("newinv")
    ("rules.py", 'if s["phase"] != "final" and not s["woke"] and spare_sheets(g):', "and", "or",
     "woke only with phase final"),
    ("rules.py", 'not s["woke"] and spare_sheets(g):', "and", "or",
     "woke only with phase final; no spare sheet: _still ends the game the same way"),
    # turn.step_encounter for a street, an Other World, Lost or the devoured: a step that waits
    # is asked again at once (game._still), and "enc" waits only at a location
    ("turn.py", 'at not in g.d.street_of:\n        return True', "True", "False",
     "game._still drops the waiting step"),
    # Data.world_of gives (world, 1 or 2) or (None, 0): where only its truth is read, [0] and
    # [1] are true together
    ("actions.py", "or d.world_of(to)[0]:", "0", "1", "truth of world_of()"),
    ("effects.py", 'g.d.world_of(inv["at"])[0]:', "0", "1", "truth of world_of()"),
    ("effects.py", 'not d.world_of(to or "")[0]', "0", "1", "truth of world_of()"),
    ("rules.py", 'if g.d.world_of(v["at"])[0] or', "0", "1", "truth of world_of()"),
    # an effect without clues / money: the default is added to a count that is never negative
    ("effects.py", 'inv["clues"] + a.get("clues", 0)', "0", "1", "clues >= 0 always"),
    ("effects.py", 'inv["money"] + a.get("money", 0)', "0", "1", "money >= 0 always"),
    # the doom track never holds more than 14: taking 21 off fails the second test as 20 does
    ("effects.py", '_n(a.get("n"), -20, 20) or s["doom"] + a["n"] < 0', "20", "21",
     "doom + n < 0 refuses -21 anyway"),
    # effects.check, a card's check: the defaults only meet the bounds (do() has its own)
    ("effects.py", 'not _n(a.get("mod", 0), -9, 9)', "0", "1", "1 is within -9..9 too"),
    ("effects.py", 'not _n(a.get("difficulty", 1), 1, 9)', "1", "2", "2 is within 1..9 too"),
    # rules.nearest_gate's breadth-first search: `seen` is read for membership only
    ("rules.py", "seen[b] = 1", "1", "2", "a set kept as a dict"),
    # turn.upkeep_roll: the blessing/curse die is rolled only with bless 1 or -1 (game._still)
    ("turn.py", 'card = "blessing" if v["bless"] > 0 else "curse"', ">", ">=", "bless never 0"),
    # load._records reads a file in pieces: the size of a piece changes how often it reads, not
    # what it builds (every record's id is shorter than either)
    ("load.py", "_HEAD = const(40)", "40", "41", "a read's length: the same records"),
    ("load.py", "rest.append(f.readline(256))", "256", "257", "a read's length: the same text"),
    # the autopilot's Speed slider: no slider goes past 3, so wanting 4 picks what wanting 3 does
    # (every position is 1 nearer 4 than 3 alike: the sums it compares move together)
    ("autopilot.py", "for p in range(4) if", "4", "5", "a slider's stops are 0..3"),
    ("autopilot.py", "+ p >= d] or [3])", "3", "4", "a slider's stops are 0..3"),
    # the autopilot's dice odds: comb(n, n + 1) is 0, so one more term adds nothing
    ("autopilot.py", "for j in range(k, n + 1))", "1", "2", "comb(n, j > n) = 0"),
    # the autopilot's route: 1 << 30 stands for "not reached" (a way costs < 1000); and any of
    # several equally short ways is right (which one is no rule)
    ("autopilot.py", "if nc < best.get(b, 1 << 30):", "30", "31", "an unreached cost"),
    ("autopilot.py", "if nc < best.get(b, 1 << 30):", "<", "<=", "a tie between shortest ways"),
    ("autopilot.py", "if c > best.get(a, 1 << 30):", "30", "31", "an unreached cost"),
    ("autopilot.py", "if nc < best.get(b, 1 << 30):", "1", "2", "an unreached cost (2 << 30)"),
    ("autopilot.py", "if c > best.get(a, 1 << 30):", "1", "2", "an unreached cost (2 << 30)"),
    # p_at_least(n, 0): the sum over every count of successes is 1 as well
    ("autopilot.py", "    if k <= 0:", "<=", "<", "the whole sum is 1"),
    # a random number equal to the chance of a card report: probability 0
    ("autopilot.py", "and rnd.random() < cards:", "<", "<=", "a tie of a random float"),
    # the autopilot's whole game: a bound on actions no game comes near (games end in < 2000)
    ("autopilot.py", "while not g.over() and k < MAX_ACTIONS:", "<", "<=", "never reached"),
    # issue 29, seed 34: the game's flow bound, like the autopilot's action bound, is never met
    ("game.py", "_FLOW_BOUND = const(5000)", "5000", "5001", "a bound no action reaches"),
    # load._records: the closing quote of a record's id is at 2 + its length, never at 2 (no id
    # is empty), so the search may start at 2 or 3
    ("load.py", "end = t.find('\"', 2)", "2", "3", "no record id is empty"),
    # Data.world_of outside the Other Worlds: its second part is only compared with 2 there, or
    # read under a world (game.py, turn.py), so 0 and 1 do the same
    ("tables.py", "        return None, 0", "0", "1", "only `== 2` or under a world"),
    # the autopilot's safe_to_fight: a monster without a horror check is never nightmarish in
    # data/monsters.json (fire vampire, maniac, witch: 0), so `or 0` and `and 0` give 0 alike
    ("autopilot.py", 'kstat(m, "nightmarish") or 0', "or", "and",
     "no monster without a horror check is nightmarish"),
    # the autopilot's _move: with no monster left to meet, the movement always offers a plain
    # end_move (legal.py), which the loop before returns: its last line is never reached
    ("autopilot.py", "return a  # every clue token here\n    return acts[0]", "0", "1",
     "unreached: a plain end_move is always there"),
    # dice()'s default modifier is never used (every caller passes one)
    ("autopilot.py", "def dice(g, i, check, mod=0):", "0", "1", "every call passes mod"),
    # safe_to_fight: a horror damage of 0 (or none) only where there is no horror check, and the
    # next line sets the horror for those (data/monsters.json: fire vampire, maniac, witch)
    ("autopilot.py", 'horror = rules.stat(g, m, "horror_dmg") or 0', "0", "1",
     "overwritten: no horror check there"),
    # the action bound no game reaches, as `<` / `<=` on it above
    ("autopilot.py", "MAX_ACTIONS = 20000", "20000", "20001", "never reached"),
    # len([1 for ...]) counts the entries of a list (score, trophies): their value does not matter
    ("rules.py", "len([1 for", "1", "2", "len() of a list of 1s or 2s"),
)


def equivalent(path, lines, row, col, old, new):
    """Is this mutant one of EQUIVALENT? The entry's text must be on the line (or, when it holds
    a newline, end on it with the lines before) and, when the old token is in the text, the
    mutated token must be its first occurrence in the text."""
    for f, text, o, n, _why in EQUIVALENT:
        if path.name != f or old != o or new != n:
            continue
        k = text.count("\n")
        where = "\n".join(lines[row - 1 - k:row])
        start = len(where) - len(lines[row - 1])  # where the mutated line starts in `where`
        at = where.find(text)
        while at >= 0:
            if old not in text or at + text.index(old) == start + col:
                return True
            at = where.find(text, at + 1)
    return False


def mutants(path):
    """(line number, column, old token, new token) for each one-token change of the file."""
    src = path.read_text()
    out = []
    for tok in tokenize.generate_tokens(io.StringIO(src).readline):
        t = tok.string
        (row, col) = tok.start
        if tok.type == tokenize.OP and t in SWAP:
            out.append((row, col, t, SWAP[t]))
        elif tok.type == tokenize.NAME and t in SWAP:
            out.append((row, col, t, SWAP[t]))
        elif tok.type == tokenize.NAME and t == "not":
            out.append((row, col, "not ", ""))
        elif tok.type == tokenize.NUMBER and t.isdigit():
            out.append((row, col, t, str(int(t) + 1)))
    return out


def is_ability(path, line):
    return path.name == "abilities.py" or any(w in line for w in ABILITY_WORDS)


def apply(text, row, col, old, new):
    lines = text.split("\n")
    ln = lines[row - 1]
    assert ln[col:col + len(old)] == old, (row, col, old, ln)
    lines[row - 1] = ln[:col] + new + ln[col + len(old):]
    return "\n".join(lines)


SLOW = ("tests/ah2e/test_ah2e_properties.py", "tests/ah2e/test_ah2e_bad_input.py")


SHARED = ("qstrs.py",)  # helpers in tests/ that tests/ah2e imports (tests/conftest.py's path)


def env_for(work):
    """The copy's firmware/ first on the path (ahead of any editable install of the project)."""
    path = os.pathsep.join(str(work / p) for p in ("firmware", "host", "tests"))
    env = dict(os.environ, PYTHONPATH=path, PYTHONDONTWRITEBYTECODE="1",
               HYPOTHESIS_PROFILE="ah2e-mutants")
    # the 32-bit port as this checkout finds it: the copy, in a temporary directory, would not
    if str(ROOT / "host") not in sys.path:
        sys.path.insert(0, str(ROOT / "host"))
    from arkham_host.device import runtimes

    m32 = runtimes.micropython32_binary()
    if m32 is not None:
        env[runtimes.MICROPYTHON32_ENV] = m32
    return env


def which_core(work, module="arkham.ah2e"):
    """Where the tests run in `work` import arkham.ah2e (or `module`) from."""
    p = subprocess.run([sys.executable, "-c", "import %s as a; print(a.__file__)" % module],
                       cwd=work, env=env_for(work), capture_output=True, text=True)
    return pathlib.Path(p.stdout.strip() or ".").parent


MEMORY = 3 << 30  # bytes a test run may map: a mutant that makes a search grow without end
# (a step cost made negative in the autopilot's route) fails there, not on the shared machine


def _limit_memory():
    import resource

    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))


def run_tests(work, timeout):
    """Caught? The deterministic tests first; only a mutant they miss meets the random games
    (hypothesis, a smaller profile: ah2e-mutants)."""
    env = env_for(work)
    base = [sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider"]
    try:
        for args in (["tests/ah2e"] + ["--ignore=" + s for s in SLOW], list(SLOW)):
            p = subprocess.run(base + args, cwd=work, env=env, capture_output=True,
                               timeout=timeout, preexec_fn=_limit_memory)
            if p.returncode != 0:
                return True
        return False
    except subprocess.TimeoutExpired:
        return True


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--sample", type=int, default=0, help="run a seeded sample of N mutants")
    ap.add_argument("--seed", type=int, default=10)
    ap.add_argument("--abilities", action="store_true", help="only ability mutants")
    ap.add_argument("--files", nargs="*", help="only these core files (e.g. fight.py)")
    ap.add_argument("--only", nargs="*", metavar="FILE:LINE[:OLD:NEW]",
                    help="only these mutants (e.g. the survivors of an earlier pass:\n"
                         "abilities.py:98:or:and); tests only added since that pass\n"
                         "cannot let a caught mutant survive, so re-running its survivors\n"
                         "updates its count")
    ap.add_argument("--list", action="store_true", help="list the mutants, run nothing")
    ap.add_argument("--autopilot", action="store_true",
                    help="mutate the autopilot (host/arkham_host/playtest/: autopilot.py, "
                    "ah2e_invariants.py)")
    ap.add_argument("--timeout", type=int, default=300)
    ap.add_argument("-j", "--jobs", type=int, default=1, help="mutants run side by side")
    args = ap.parse_args()

    todo = []
    files = ([PLAYTEST / f for f in AUTOPILOT] if args.autopilot
             else sorted((CORE / "ah2e").glob("*.py")))
    for path in files:
        if args.files and path.name not in args.files:
            continue
        text = path.read_text().split("\n")
        for row, col, old, new in mutants(path):
            line = text[row - 1]
            if line.strip().startswith("#"):
                continue
            ab = is_ability(path, line)
            if args.abilities and not ab:
                continue
            if args.only is not None and not any(
                    ("%s:%d" % (path.name, row)) == o or ("%s:%d:%s:%s" % (
                        path.name, row, old.strip(), new)) == o for o in args.only):
                continue
            todo.append((path, row, col, old, new, ab))
    if args.sample and args.sample < len(todo):
        todo = sorted(random.Random(args.seed).sample(todo, args.sample),
                      key=lambda m: (m[0].name, m[1], m[2]))
    # equivalent mutants leave after the sampling, so a seed keeps its sample as the list grows
    kept = [m for m in todo
            if not equivalent(m[0], m[0].read_text().split("\n"), m[1], m[2], m[3], m[4])]
    skipped = len(todo) - len(kept)
    todo = kept
    if args.list:
        for path, row, col, old, new, ab in todo:
            print("%s:%d %r -> %r%s" % (path.name, row, old, new, "  [ability]" if ab else ""))
        print("%d mutants (%d equivalent ones left out)" % (len(todo), skipped))
        return 0

    works = [copy_tree() for _ in range(max(1, args.jobs))]
    try:
        t0 = time.time()
        for w in works:
            where = which_core(w)
            if where.resolve() != (w / "firmware" / "arkham" / "ah2e").resolve():
                # e.g. an editable install of another checkout shadowing the copy: every mutant
                # would then meet the unmutated core and survive
                print("the tests would import the core from %s, not the copy in %s" % (where, w))
                return 2
            where = which_core(w, "arkham_host")
            if args.autopilot and where.resolve() != (w / "host" / "arkham_host").resolve():
                print("the tests would import arkham_host from %s, not the copy in %s"
                      % (where, w))
                return 2
        if run_tests(works[0], args.timeout):
            print("the tests fail without any mutant: fix them first")
            return 2
        print("clean run %.0f s; %d mutants (%d equivalent ones left out, seed %d)"
              % (time.time() - t0, len(todo), skipped, args.seed), flush=True)
        caught = {True: [0, 0], False: [0, 0]}
        alive = []
        pool = ThreadPool(len(works))
        free = list(works)

        def one(m):
            work = free.pop()
            try:
                return run_mutant(work, m, args.timeout)
            finally:
                free.append(work)

        for k, (m, hit) in enumerate(zip(todo, pool.imap(one, todo))):
            path, row, col, old, new, ab = m
            caught[ab][0] += hit
            caught[ab][1] += 1
            if not hit:
                alive.append((path.name, row, old, new, ab))
            print("%3d/%d %s:%d %r -> %r %s%s" % (k + 1, len(todo), path.name, row, old, new,
                                                   "caught" if hit else "SURVIVED",
                                                   " [ability]" if ab else ""), flush=True)
        tot = [caught[True][0] + caught[False][0], caught[True][1] + caught[False][1]]
        print()
        for name, (c, n) in (("all", tot), ("ability", caught[True]), ("other", caught[False])):
            if n:
                print("%-8s %d of %d caught (%.0f%%)" % (name, c, n, 100.0 * c / n))
        if alive:
            print("\nsurvivors:")
            for name, row, old, new, ab in alive:
                print("  %s:%d:%s:%s%s" % (name, row, old.strip(), new,
                                            " [ability]" if ab else ""))
        return 0
    finally:
        for w in works:
            shutil.rmtree(w, ignore_errors=True)


def copy_tree():
    work = pathlib.Path(tempfile.mkdtemp(prefix="ah2e-mutants-"))
    shutil.copytree(CORE, work / "firmware" / "arkham")
    shutil.copytree(HOST, work / "host" / "arkham_host",
                    ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(TESTS, work / "tests" / "ah2e",
                    ignore=shutil.ignore_patterns("__pycache__", ".hypothesis"))
    for f in SHARED:
        shutil.copy(TESTS.parent / f, work / "tests" / f)
    return work


def run_mutant(work, m, timeout):
    path, row, col, old, new, ab = m
    if path.parent == PLAYTEST:
        target = work / "host" / "arkham_host" / "playtest" / path.name
    else:
        target = work / "firmware" / "arkham" / "ah2e" / path.name
    orig = target.read_text()  # the copy taken at the start (the worktree may change meanwhile)
    target.write_text(apply(orig, row, col, old, new))
    try:
        return run_tests(work, timeout)
    finally:
        target.write_text(orig)


if __name__ == "__main__":
    sys.exit(main())
