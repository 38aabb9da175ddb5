"""`arkham-table replay FILE.jsonl`: feed a recorded game through a fresh emulated table and
compare what it says with what the recorded table said.

The log (from `arkham-table log`) holds the commands sent and everything the table answered. The
physical inputs of a real table only show as `pad` events; replay turns them back into world
actions (present -> `place`, not present -> `lift`), in the recorded order. Then, for every
command, the reply must match (same ok/err and fields), and the events must come in the same
order with the same fields. `seq` numbers, `hello` and memory figures are not compared (they
depend on the table's past and runtime). The first difference is reported with its line number.
"""

from __future__ import annotations

HELP = "replay a recorded log through a fresh emulated table and compare replies and events"

IGNORED_EVENTS = ("hello",)
IGNORED_FIELDS = ("seq", "re", "mem_free", "impl", "emulated", "fw")


def add_arguments(p):
    p.add_argument("log", metavar="FILE.jsonl")
    p.add_argument("--board", help="board map (default: the one the log's hello names)")
    p.add_argument("--cpython", action="store_true", help="firmware under CPython (debug)")
    p.add_argument("-v", "--verbose", action="store_true", help="print each step")


def _clean(obj):
    return {k: v for k, v in obj.items() if k not in IGNORED_FIELDS}


def load(path):
    """(meta, steps): steps are ("cmd", line, tag) and ("ev", event dict) in recorded order,
    plus ("reply", tag, dict) for the recorded answer of each tagged command."""
    import json

    from arkham_host import link

    meta, steps = {}, []
    with open(path) as f:
        for n, text in enumerate(f, 1):
            rec = json.loads(text)
            if rec["dir"] == "meta":
                meta = meta or rec
            elif rec["dir"] == ">":
                line = rec["line"].rstrip("\n")
                first = line.split(" ", 1)[0]
                tag = first[1:] if first.startswith("#") else None
                steps.append(("cmd", n, line, tag))
            elif rec["dir"] == "<":
                obj = link.parse(rec["line"])
                if obj is None:
                    continue
                if "ev" in obj and "seq" in obj:
                    steps.append(("ev", n, obj))
                elif obj.get("re") is not None:
                    steps.append(("reply", n, str(obj["re"]), obj))
    return meta, steps


def replay(path, board=None, runtime="micropython", say=None) -> list:
    """Differences (strings); [] when the fresh table behaved exactly like the recorded one."""
    import tempfile

    from arkham_host import boardfile
    from arkham_host.link import Link, Timeout
    from arkham_host.simcore import Sim

    meta, steps = load(path)
    hello = meta.get("hello") or {}
    board = board or hello.get("board") or "bringup"
    game = meta.get("game") or hello.get("game") or "bringup"
    diffs = []
    with tempfile.TemporaryDirectory(prefix="arkham-replay-") as state:
        sim = Sim(
            boardfile.board_path(board),
            game=game,
            state_dir=state,
            runtime=runtime,
            socket_path=state + "/world.sock",
        ).start()
        link = Link(sim.serial_path)
        try:
            link.request("hello", timeout=20)
            link.skip_events()
            answers = {}
            for step in steps:
                kind, n = step[0], step[1]
                if kind == "cmd":
                    _, _, line, tag = step
                    if say:
                        say("%5d > %s" % (n, line))
                    link.write(line + "\n")
                    if tag is not None:  # compared at its recorded "reply" step
                        try:
                            answers[tag] = link.reply(tag, 10, line)
                        except Timeout:
                            pass
                elif kind == "reply":
                    _, _, tag, want = step
                    got = answers.pop(tag, None)
                    if got is None:
                        diffs.append("line %d: no reply to #%s" % (n, tag))
                    elif _clean(got) != _clean(want):
                        diffs.append(
                            "line %d: reply to #%s differs:\n  recorded %s\n  replayed %s"
                            % (n, tag, _clean(want), _clean(got))
                        )
                else:
                    want = step[2]
                    if want["ev"] in IGNORED_EVENTS:
                        continue
                    if want["ev"] == "pad":  # pad events only come from hands and tokens
                        verb = "place" if want.get("present") else "lift"
                        sim.world("%s %s" % (verb, want["spot"]))
                    try:
                        got = link.expect(lambda e: e["ev"] not in IGNORED_EVENTS, 10)
                    except Timeout:
                        diffs.append("line %d: no event (recorded %s)" % (n, _clean(want)))
                        break
                    if _clean(got) != _clean(want):
                        diffs.append(
                            "line %d: event differs:\n  recorded %s\n  replayed %s"
                            % (n, _clean(want), _clean(got))
                        )
                        break
        finally:
            link.close()
            sim.stop()
    return diffs


def run(args) -> int:
    import sys

    say = print if args.verbose else None
    diffs = replay(args.log, args.board, "cpython" if args.cpython else "micropython", say)
    if diffs:
        print("replay of %s: %d difference(s); the first:" % (args.log, len(diffs)))
        print(diffs[0])
        for d in diffs[1:5]:
            print(d)
        return 1
    print("replay of %s: the fresh table said the same" % args.log, file=sys.stdout)
    return 0
