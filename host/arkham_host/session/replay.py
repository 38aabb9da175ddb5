"""`arkham-table replay FILE.jsonl`: feed a recorded game through a fresh emulated table and
compare what it says with what the recorded table said.

The log (from `arkham-table log`) holds the commands sent and everything the table answered. The
physical inputs of a real table only show as `pad` events; replay turns them back into world
actions (present -> `place`, not present -> `lift`), in the recorded order. Then, for every
command, the reply must match (same ok/err and fields), the events must come in the same order
with the same fields, and at every recorded `dump` (the logger asks for one after each command)
the game state must have the same hash. `seq` numbers, `hello` and memory figures are not
compared (they depend on the table's past and runtime). Across a reconnect the log
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

# (seed: a game the table seeded itself is replayed with `seed=` typed, which it does not announce)
IGNORED_EVENTS = ("hello", "seed")
# (restart: whether a game switch restarts the table is the firmware's and runtime's, not the
# game's: a Pico restarts, and the emulated table does the same)
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
SETTLE_WAIT = 1.0  # seconds after boot: the pads have settled, as on the recorded table  # seconds: the check comes 0.5 s after boot (arkham.games.ah2e_start)


def _confirm_resume_check(link, Timeout):
    try:
        ev = link.expect("pads_differ", RESUME_CHECK_WAIT)
    except Timeout:
        return  # the pads matched the state
    for spot in ev.get("spots") or []:
        link.request("ok %s" % spot, REPLY_TIMEOUT)


class LogError(ValueError):
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

    from arkham_host.wire import link

    meta, steps, verbs = None, [], {}
    # events by seq: a host back from an unplug asks `since LAST` and the table sends again what
    # it missed, some of it recorded live before: each is played once
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


# Final Hour's table shows the steps of a change one at a time, on its clock (STEP_MS, the tick):
# a `dump` right after a command may come before or after the next step, on the recorded table
# as on the replayed one. The steps shown are checked as their `prompt` events, in order; the
# state hash leaves out where the table's step queue stood (a race, not a game).
PACED = {"final-hour": ("queue", "wait", "shown", "inv", "lit", "running")}


def state_hash(reply):
    from arkham import canon

    st = reply.get("state")
    paced = PACED.get(reply.get("game"))
    if paced and isinstance(st, dict) and isinstance(st.get("table"), dict):
        st = dict(st)
        st["table"] = {k: v for k, v in st["table"].items() if k not in paced}
    return canon.state_hash(st)


def _options_text(options):
    return " ".join("%s=%s" % (k, options[k]) for k in sorted(options or {}))


def _words(line):
    """A command's words without its `#tag`."""
    words = line.split()
    return words[1:] if words and words[0].startswith("#") else words


def _starts_game(line):
    """Does this command start a game (`game NAME ...`, or a game's own `new ...`)?"""
    w = _words(line)
    return bool(w) and ((w[0].lower() == "game" and len(w) >= 2) or w[0].lower() == "new")


def _dump_seed(reply):
    """The seed in a `dump` reply's state (AH2e: state.opts; Final Hour: state.table.opts)."""
    st = reply.get("state") or {}
    for opts in (st.get("opts"), (st.get("table") or {}).get("opts")):
        if isinstance(opts, dict) and opts.get("seed") is not None:
            return opts["seed"]
    return None


def announced_seed(steps, i):
    """The seed the table announced for the game the command before steps[i] started: its
    `seed` event (the table chose it: games.Mode.announce_seed), or, in an older log, the seed
    in the `dump` the logger asked for after it. None if there is none before the next command."""
    for s in steps[i:]:
        if s[0] == "cmd" and (_words(s[2]) or [""])[0].lower() != "dump":
            return None
        if s[0] == "ev" and s[2].get("ev") == "seed" and s[2].get("seed") is not None:
            return s[2]["seed"]
        if s[0] == "reply" and s[4] == "dump" and s[3].get("ok"):
            seed = _dump_seed(s[3])
            if seed is not None:
                return seed
    return None


def with_seeds(steps):
    """The steps with every game started without `seed=` given the seed the table announced
    (so a game seeded by the table replays with the same deal, dice and draws)."""
    out = list(steps)
    for i, s in enumerate(out):
        if s[0] != "cmd" or not _starts_game(s[2]):
            continue
        if any(w.lower().startswith("seed=") for w in _words(s[2])):
            continue
        seed = announced_seed(out, i + 1)
        if seed is not None:
            out[i] = ("cmd", s[1], "%s seed=%s" % (s[2], seed), s[3], s[4])
    return out


def _without_next_file(steps):
    """A folder log's file ends at the `game` command whose game the next file holds (the file
    has that game's `game` event, nothing after it): the steps without that command."""
    for i in range(len(steps) - 1, -1, -1):
        s = steps[i]
        if s[0] == "cmd":
            rest = steps[i + 1:]
            if (_starts_game(s[2]) and len(rest) == 1 and rest[0][0] == "ev"
                    and rest[0][2].get("ev") == "game"):
                return steps[:i]
            return steps
    return steps


class Start:
    """Where a replay starts: the game the fresh table boots in, the saved game written into
    its state folder (or None), the tokens put on its pads, a `game` command sent first (or
    None), and the steps from there on."""

    def __init__(self, game, saved, tokens, command, steps, check=False):
        self.game, self.saved, self.tokens = game, saved, tokens
        self.command, self.steps, self.check = command, steps, check

    def prepare(self, state_dir):
        """Write the saved game into the fresh table's state folder; the game to boot in."""
        import json
        import os

        if self.saved is not None:
            os.makedirs(state_dir, exist_ok=True)
            with open(os.path.join(state_dir, "state.json"), "w") as f:
                json.dump(self.saved, f)
            return None
        return self.game

    def begin(self, link, world, Timeout):
        """The fresh table brought to the log's first step."""
        link.request("hello", timeout=20)
        time.sleep(SETTLE_WAIT)  # a young table defers its pads check (ah2e_start)
        for spot in self.tokens:  # the tokens the recorded table had on its pads
            world("place %s" % spot)
            link.expect("pad", 5, spot=spot, present=True)
        if self.check:
            _confirm_resume_check(link, Timeout)
        link.skip_events()
        if self.command:  # a folder log's file: from the game's `game` event on (recorded)
            link.request(self.command, 30)


def start_of(meta, steps, path):
    """Where the log can be replayed from (a Start), or LogError saying why it cannot."""
    steps = _without_next_file(with_seeds(steps))
    game = meta.get("game") or (meta.get("hello") or {}).get("game") or "bringup"
    if meta.get("from") == "game":  # a folder log's file, from its game's `game` event on
        first = next((i for i, s in enumerate(steps) if s[0] == "cmd"), len(steps))
        # (the recorded switch restarted the table if it resumed before the first command)
        restarted = any(s[0] == "ev" and s[2].get("ev") == "resumed" for s in steps[:first])
        line = ("game %s %s" % (game, _options_text(meta.get("options")))).strip()
        seed = announced_seed(steps, 0)
        if seed is not None and "seed" not in (meta.get("options") or {}):
            line += " seed=%s" % seed
        return Start("bringup" if restarted else game, None, [], line, steps)
    dump = meta.get("dump")
    if not dump:
        return Start(game, None, [], None, steps)  # (an older log: from a fresh game)
    if dump.get("game") in RESTORE:
        snap = RESTORE[dump["game"]](dump.get("state") or {})
        saved = {
            "seq": int(dump.get("seq") or 0),
            "table": {"game": dump["game"], "options": dump.get("options") or {}, "mode": snap},
        }
        return Start(None, saved, list(dump.get("present") or []), None, steps,
                     check=dump["game"] in RESUME_CHECK)
    # a game whose dump hides cards: from the first `game` command on, on a table that plays
    # the same game (so the switch restarts it, or not, as the recorded table's did)
    first = next((i for i, s in enumerate(steps) if s[0] == "cmd"
                  and (_words(s[2]) + [""])[0].lower() == "game" and len(_words(s[2])) >= 2),
                 None)
    if first is None:
        raise LogError(
            "%s line 1: the log starts in the middle of a %s game, whose dump hides cards, and "
            "no `game` command follows in it: replay needs a log that starts at `game %s ...` "
            "(a folder log's next file does)" % (path, dump.get("game"), dump.get("game"))
        )
    return Start(dump["game"], None, [], None, steps[first:])


def replay(path, board=None, runtime="micropython", say=None, pace=None, show=None) -> list:
    """Differences (strings): [] when the fresh table behaved exactly like the recorded one,
    else the first one (replay stops there). pace(t_recorded) is called before each command
    (--step, --speed); show(link) after it (the board)."""
    import tempfile

    from arkham_host.wire.link import Link, Timeout
    from arkham_host.table.relay import Sim

    meta, steps = load(path)
    board_path = log_board(meta, path, board)
    start = start_of(meta, steps, path)
    with tempfile.TemporaryDirectory(prefix="arkham-replay-") as state:
        game = start.prepare(state)
        sim = Sim(
            board_path, game=game, state_dir=state, runtime=runtime,
            socket_path=state + "/world.sock",
        ).start()
        link = Link(sim.serial_path)
        try:
            start.begin(link, sim.world, Timeout)
            return run_steps(start.steps, link, sim.world, say=say, pace=pace, show=show)
        finally:
            link.close()
            sim.stop()


def log_board(meta, path, board=None):
    """The board map file a log is replayed on (the one its hello names, or `board`)."""
    from arkham_host.device import boardfile

    board = board or (meta.get("hello") or {}).get("board") or "bringup"
    try:
        return boardfile.board_path(board)
    except (FileNotFoundError, ValueError, KeyError) as e:
        raise LogError("%s line 1: board %s: %s" % (path, board, e)) from None


def _same(want, got):
    """Recorded and replayed agree (but for the ignored fields; a `game` line the log has with
    no seed may name the seed replay gave it)."""
    w, g = _clean(want), _clean(got)
    if w.get("ev") == "gain" and "left" in w and "now" in g:  # (an older firmware's `gain`
        w["now"] = w.pop("left")  # said `left` for `now`: the same amount)
    wo, go = w.get("options"), g.get("options")
    if isinstance(wo, dict) and isinstance(go, dict) and "seed" not in wo and "seed" in go:
        g["options"] = {k: v for k, v in go.items() if k != "seed"}
    return w == g


def run_steps(steps, link, world, say=None, pace=None, show=None, after=None, upto=None):
    """Play the steps on the fresh table and compare; [] or [the first difference].
    after(events) is called before each command and at the end with the replayed events the
    steps since the last command matched; upto: stop before the first step past that line."""
    answers = {}  # tag -> the replayed table's reply, until its recorded "reply" step
    last_t = None  # the recorded time of the last command or event (an event's wait)
    got_events = []
    for step in steps:
        kind, n = step[0], step[1]
        if upto is not None and n > upto:
            if after:
                after(got_events)
            return []
        if kind == "cmd":
            if after:
                after(got_events)
                got_events = []
            last_t = step[4]
            why = _send_command(step, link, answers, say, pace, show)
        elif kind == "reply":
            why = _compare_reply(step, answers.pop(step[2], None))
        else:
            if step[2]["ev"] in IGNORED_EVENTS:
                continue
            why, got = _expect_event(step, link, world, say, last_t)
            if got is not None:
                got_events.append(got)
                last_t = step[3] or last_t
        if why:
            return [why]
    if after:
        after(got_events)
    extra = [e for e in link.events_since_cursor() if e["ev"] not in IGNORED_EVENTS]
    if extra:
        return ["after the last line: the replayed table sent more: %s" % _clean(extra[0])]
    return []


def _send_command(step, link, answers, say, pace, show):
    """A recorded command sent at its pace; its reply kept under its tag. None, or why not."""
    from arkham_host.wire.link import Timeout

    _, n, line, tag, t = step
    if pace:
        pace(t)
    if say:
        say("%5d > %s" % (n, line))
    link.write(line + "\n")
    if tag is None:  # (untagged: no reply to compare)
        return None
    try:
        answers[tag] = link.reply(tag, REPLY_TIMEOUT, line)
    except Timeout:
        return "line %d: no reply to %s within %.0f s" % (n, line, REPLY_TIMEOUT)
    try:  # (a switch to another game: the table restarts and resumes it; what is
        link.settle(answers[tag])  # typed before its boot's hello is lost)
    except Timeout:
        return "line %d: %s: the table said it restarts and did not come back" % (n, line)
    if show and not line.split(" ", 2)[1:2] == ["dump"]:
        show(link)
    return None


def _compare_reply(step, got):
    """A recorded reply against the replayed one: a dump by its pads and state hash, any other
    reply field by field. None, or the difference."""
    _, n, tag, want, verb = step
    if got is None:
        return "line %d: no reply to #%s" % (n, tag)
    if verb == "dump" and want.get("ok") and got.get("ok"):
        a, b = state_hash(want), state_hash(got)
        if want.get("present") != got.get("present"):
            return (
                "line %d: the pads differ after this step (a dump's `present`):\n"
                "  recorded %s\n  replayed %s" % (n, want.get("present"), got.get("present"))
            )
        if a != b or want.get("game") != got.get("game"):
            return (
                "line %d: the state differs after this step: recorded %s hash %s, "
                "replayed %s hash %s" % (n, want.get("game"), a, got.get("game"), b)
            )
    elif not _same(want, got):
        return "line %d: reply to #%s differs:\n  recorded %s\n  replayed %s" % (
            n, tag, _clean(want), _clean(got))
    return None


def _expect_event(step, link, world, say, last_t):
    """A recorded event: a pad's is made again with a hand or a token in the world, then the
    replayed table's next event must be the same. (None, the event) or (the difference, None)."""
    from arkham_host.wire.link import Timeout

    n, want, t = step[1], step[2], step[3]
    if say:
        say("%5d < %s" % (n, want.get("ev")))
    if want["ev"] == "pad":  # pad events only come from hands and tokens
        verb = "place" if want.get("present") else "lift"
        world("%s %s" % (verb, want["spot"]))
    gap = max(0.0, t - last_t) if (t and last_t) else 0.0
    try:
        got = link.expect(lambda e: e["ev"] not in IGNORED_EVENTS, gap + EVENT_GRACE)
    except Timeout:
        return "line %d: no event (recorded %s)" % (n, _clean(want)), None
    if not _same(want, got):
        return ("line %d: event differs:\n  recorded %s\n  replayed %s"
                % (n, _clean(want), _clean(got))), None
    return None, got


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
        from arkham_host.session.console import board_lines

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
