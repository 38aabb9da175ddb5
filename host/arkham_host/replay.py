"""`arkham-table replay FILE.jsonl`: feed a recorded game through a fresh emulated table and
compare what it says with what the recorded table said.

The log (from `arkham-table log`) holds the commands sent and everything the table answered. The
physical inputs of a real table only show as `pad` events; replay turns them back into world
actions (present -> `place`, not present -> `lift`), in the recorded order. Then, for every
command, the reply must match (same ok/err and fields), the events must come in the same order
with the same fields, and at every recorded `dump` (the logger asks for one after each command)
the game state must have the same hash. `seq` numbers, `hello` and memory figures are not
compared (they depend on the table's past and runtime). Across a reconnect (issue 32) the log
holds the host's `since LAST` and what the table sent again: `since` is not played (it is the
link's resync, not the game's), and an event recorded twice (the same seq, the same line) is
played once.

Where it starts: a log that begins at a `game` command (a folder log's later files) starts that
game with the recorded options; a log that begins mid-game starts from the `dump` in its first
record (the table's state restored, its tokens put on their pads) for games whose `dump` holds the
whole state (bringup, AH2e); Arkham Ritual's and Final Hour's hide cards, so their logs replay
from `game ...` on only.

The first difference is reported as soon as it is seen, with its line number, and replay stops.
A missing, empty, truncated or corrupt log is one line naming the file and line (exit 2).
"""

from __future__ import annotations

import time

HELP = "replay a recorded log through a fresh emulated table and compare replies, events, state"

IGNORED_EVENTS = ("hello",)
# (restart: whether a game switch restarts the table is the firmware's and runtime's, not the
# game's: a Pico's since issue 9, the emulated table's too)
IGNORED_FIELDS = ("seq", "re", "mem_free", "step_ms", "sweep_ms", "impl", "emulated", "fw", "restart")
EVENT_GRACE = 2.0  # seconds beyond the recorded gap an awaited event may take
REPLY_TIMEOUT = 10.0

# games whose `dump` state is a whole snapshot: state -> what the table restores at boot
RESTORE = {
    "bringup": lambda st: st,
    "ah2e": lambda st: {k: st[k] for k in ("opts", "core", "table") if k in st},
}


# games that compare the pads with the state at resume (a prompt for each difference): the
# recorded table had its own pads confirmed, so replay confirms what the check asks (`ok SPOT`)
RESUME_CHECK = ("ah2e",)
RESUME_CHECK_WAIT = 2.0
SETTLE_WAIT = 1.0  # seconds after boot: the pads have settled, as on the recorded table  # seconds: the check comes 0.5 s after boot (arkham.games.ah2e_check)


def _confirm_resume_check(link, Timeout):
    try:
        ev = link.expect("pads_differ", RESUME_CHECK_WAIT)
    except Timeout:
        return  # the pads matched the state
    for spot in ev.get("spots") or []:
        link.request("ok %s" % spot, REPLY_TIMEOUT)


class LogError(Exception):
    """The log cannot be replayed (one line: the file, the line, why)."""


def add_arguments(p):
    p.add_argument("log", metavar="FILE.jsonl")
    p.add_argument("--board", help="board map (default: the one the log's hello names)")
    p.add_argument("--cpython", action="store_true", help="firmware under CPython (debug)")
    p.add_argument("-v", "--verbose", action="store_true", help="print each step")
    watch = p.add_mutually_exclusive_group()
    watch.add_argument(
        "--step", action="store_true", help="watch: Enter runs the next command; the board is drawn"
    )
    watch.add_argument(
        "--speed",
        type=float,
        metavar="X",
        help="watch at X times the recorded pace (1: as recorded); the board is drawn",
    )


def _clean(obj):
    return {k: v for k, v in obj.items() if k not in IGNORED_FIELDS}


def load(path):
    """(meta, steps): steps are ("cmd", n, line, tag, t), ("ev", n, event, t) and
    ("reply", n, tag, reply, verb) in recorded order. LogError for a file that is not a log."""
    import json

    from arkham_host import link

    meta, steps, verbs = None, [], {}
    # events by seq: a host back from an unplug asks `since LAST` and the table sends again what
    # it missed, some of it recorded live before (issue 32): each is played once
    seen = {}
    try:
        f = open(path, encoding="utf-8")
    except OSError as e:
        raise LogError("%s: cannot read: %s" % (path, e.strerror or e)) from None
    with f:
        n = 0
        for n, text in enumerate(f, 1):
            if not text.strip():
                continue
            try:
                rec = json.loads(text)
                kind = rec["dir"]
                if not isinstance(rec, dict):
                    raise ValueError
            except (ValueError, KeyError, TypeError):
                what = "truncated" if not text.endswith("\n") else "not a log record"
                raise LogError("%s line %d: %s: %.60r" % (path, n, what, text.strip())) from None
            t = rec.get("t") or 0
            if kind == "meta":
                meta = meta or rec
            elif kind == ">":
                line = str(rec.get("line", "")).rstrip("\n")
                first = line.split(" ", 1)[0]
                tag = first[1:] if first.startswith("#") else None
                verb = (line.split(" ", 2) + [""])[1 if tag is not None else 0].lower()
                if verb == "since":
                    continue  # a resync, not play: its reply counts the recording table's buffer
                if tag is not None:
                    verbs[tag] = verb
                steps.append(("cmd", n, line, tag, t))
            elif kind == "<":
                obj = link.parse(str(rec.get("line", "")))
                if obj is None:
                    continue
                if "ev" in obj and "seq" in obj:
                    again = seen.get(obj["seq"]) == rec.get("line")
                    seen[obj["seq"]] = rec.get("line")
                    if not again:  # (the same seq, another line: a table that started afresh)
                        steps.append(("ev", n, obj, t))
                elif obj.get("re") is not None and str(obj["re"]) in verbs:
                    tag = str(obj["re"])
                    steps.append(("reply", n, tag, obj, verbs[tag]))
        if meta is None:
            if n == 0:
                raise LogError("%s: empty: nothing to replay" % path)
            raise LogError("%s line 1: no meta record: not written by `arkham-table log`" % path)
    if not any(s[0] == "cmd" for s in steps):
        raise LogError("%s: no command recorded: nothing to replay" % path)
    return meta, steps


def state_hash(reply):
    from arkham import canon

    return canon.state_hash(reply.get("state"))


def _options_text(options):
    return " ".join("%s=%s" % (k, options[k]) for k in sorted(options or {}))


def _prepare_state(meta, path, state_dir):
    """Write the saved game a mid-game log starts from into the fresh table's state folder.
    Returns (game to ask at boot or None, tokens to put on the pads)."""
    import json
    import os

    dump = meta.get("dump")
    game = meta.get("game") or (meta.get("hello") or {}).get("game") or "bringup"
    if meta.get("from") == "game":
        return "bringup", []
    if not dump:
        return game, []  # (an older log: from a fresh game)
    if dump.get("game") not in RESTORE:
        raise LogError(
            "%s line 1: the log starts in the middle of a %s game, whose dump hides cards: "
            "replay needs a log that starts at `game %s ...` (a folder log's files do)"
            % (path, dump.get("game"), dump.get("game"))
        )
    snap = RESTORE[dump["game"]](dump.get("state") or {})
    saved = {
        "seq": int(dump.get("seq") or 0),
        "table": {"game": dump["game"], "options": dump.get("options") or {}, "mode": snap},
    }
    os.makedirs(state_dir, exist_ok=True)
    with open(os.path.join(state_dir, "state.json"), "w") as f:
        json.dump(saved, f)
    return None, list(dump.get("present") or [])


def replay(path, board=None, runtime="micropython", say=None, pace=None, show=None) -> list:
    """Differences (strings): [] when the fresh table behaved exactly like the recorded one,
    else the first one (replay stops there). pace(t_recorded) is called before each command
    (--step, --speed); show(link) after it (the board)."""
    import tempfile

    from arkham_host import boardfile
    from arkham_host.link import Link, Timeout
    from arkham_host.simcore import Sim

    meta, steps = load(path)
    hello = meta.get("hello") or {}
    board = board or hello.get("board") or "bringup"
    try:
        board_path = boardfile.board_path(board)
    except (FileNotFoundError, ValueError, KeyError) as e:
        raise LogError("%s line 1: board %s: %s" % (path, board, e)) from None
    with tempfile.TemporaryDirectory(prefix="arkham-replay-") as state:
        game, tokens = _prepare_state(meta, path, state)
        sim = Sim(
            board_path, game=game, state_dir=state, runtime=runtime,
            socket_path=state + "/world.sock",
        ).start()
        link = Link(sim.serial_path)
        try:
            link.request("hello", timeout=20)
            time.sleep(SETTLE_WAIT)  # a young table defers its pads check (ah2e_check)
            for spot in tokens:  # the tokens the recorded table had on its pads
                sim.world("place %s" % spot)
                link.expect("pad", 5, spot=spot, present=True)
            if (meta.get("dump") or {}).get("game") in RESUME_CHECK and meta.get("from") != "game":
                _confirm_resume_check(link, Timeout)
            link.skip_events()
            if meta.get("from") == "game":  # starts at a game command: the same game
                link.request(("game %s %s" % (meta.get("game"), _options_text(meta.get("options"))))
                             .strip(), 30)
            return _run(steps, link, sim, say, pace, show, Timeout)
        finally:
            link.close()
            sim.stop()


def _run(steps, link, sim, say, pace, show, Timeout):
    answers = {}
    last_t = None
    for step in steps:
        kind, n = step[0], step[1]
        if kind == "cmd":
            _, _, line, tag, t = step
            if pace:
                pace(t)
            if say:
                say("%5d > %s" % (n, line))
            link.write(line + "\n")
            last_t = t
            if tag is not None:  # compared at its recorded "reply" step
                try:
                    answers[tag] = link.reply(tag, REPLY_TIMEOUT, line)
                except Timeout:
                    return ["line %d: no reply to %s within %.0f s" % (n, line, REPLY_TIMEOUT)]
                try:  # (a switch to another game: the table restarts and resumes it; what is
                    link.settle(answers[tag])  # typed before its boot's hello is lost)
                except Timeout:
                    return ["line %d: %s: the table said it restarts and did not come back"
                            % (n, line)]
                if show and not line.split(" ", 2)[1:2] == ["dump"]:
                    show(link)
        elif kind == "reply":
            _, _, tag, want, verb = step
            got = answers.pop(tag, None)
            if got is None:
                return ["line %d: no reply to #%s" % (n, tag)]
            if verb == "dump" and want.get("ok") and got.get("ok"):
                a, b = state_hash(want), state_hash(got)
                if want.get("present") != got.get("present"):
                    return [
                        "line %d: the pads differ after this step (a dump's `present`):\n"
                        "  recorded %s\n  replayed %s"
                        % (n, want.get("present"), got.get("present"))
                    ]
                if a != b or want.get("game") != got.get("game"):
                    return [
                        "line %d: the state differs after this step: recorded %s hash %s, "
                        "replayed %s hash %s" % (n, want.get("game"), a, got.get("game"), b)
                    ]
            elif _clean(got) != _clean(want):
                return [
                    "line %d: reply to #%s differs:\n  recorded %s\n  replayed %s"
                    % (n, tag, _clean(want), _clean(got))
                ]
        else:
            want, t = step[2], step[3]
            if want["ev"] in IGNORED_EVENTS:
                continue
            if say:
                say("%5d < %s" % (n, want.get("ev")))
            if want["ev"] == "pad":  # pad events only come from hands and tokens
                verb = "place" if want.get("present") else "lift"
                sim.world("%s %s" % (verb, want["spot"]))
            gap = max(0.0, t - last_t) if (t and last_t) else 0.0
            try:
                got = link.expect(lambda e: e["ev"] not in IGNORED_EVENTS, gap + EVENT_GRACE)
            except Timeout:
                return ["line %d: no event (recorded %s)" % (n, _clean(want))]
            last_t = t or last_t
            if _clean(got) != _clean(want):
                return [
                    "line %d: event differs:\n  recorded %s\n  replayed %s"
                    % (n, _clean(want), _clean(got))
                ]
    extra = [e for e in link.events_since_cursor() if e["ev"] not in IGNORED_EVENTS]
    if extra:
        return ["after the last line: the replayed table sent more: %s" % _clean(extra[0])]
    return []


def _pacer(args):
    """pace(t) for --step (Enter) and --speed (the recorded gaps / X)."""
    import sys

    if args.step:

        def pace(t):
            sys.stdout.write("-- Enter: next command (Ctrl-C stops) ")
            sys.stdout.flush()
            if not sys.stdin.readline():
                raise KeyboardInterrupt

        return pace
    if args.speed:
        last = [None, None]

        def pace(t):
            now = time.monotonic()
            if last[0] is not None and t and last[1]:
                wait = (t - last[1]) / args.speed - (now - last[0])
                if wait > 0:
                    time.sleep(min(wait, 30.0))
            last[0], last[1] = time.monotonic(), t

        return pace
    return None


def run(args) -> int:
    import sys

    watching = args.step or args.speed
    say = print if (args.verbose or watching) else None
    show = None
    if watching:
        from arkham_host.console import board_lines

        def show(link):
            for line in board_lines(link, colour=sys.stdout.isatty()):
                print(line)

    if args.speed is not None and args.speed <= 0:
        print("replay: --speed wants a number above 0", file=sys.stderr)
        return 2
    try:
        diffs = replay(
            args.log, args.board, "cpython" if args.cpython else "micropython", say,
            _pacer(args), show,
        )
    except LogError as e:
        print("replay: %s" % e, file=sys.stderr)
        return 2
    if diffs:
        print("replay of %s: differs at %s" % (args.log, diffs[0]))
        return 1
    print("replay of %s: the fresh table said the same" % args.log, file=sys.stdout)
    return 0
