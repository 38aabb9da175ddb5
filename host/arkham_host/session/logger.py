"""`arkham-table log`: record every line on the wire, both ways, with timestamps (JSONL, in the
format of session/recorder.py), through a console session on the table.

`-o FILE.jsonl`: one file for the whole session; a `game` command adds a "meta" record with the
new game and goes on in the same file. `-o DIR/`: one <game>-<time>.jsonl per game, each of
which replays on its own (its meta names the game and options it starts from).
Lines you type (or pipe in) are sent to the table and recorded too.
"""

from __future__ import annotations

HELP = "record every line to and from a table (JSONL with timestamps; replay checks it)"


def add_arguments(p):
    p.add_argument("port", nargs="?", help="serial port or URL (default: the only table)")
    p.add_argument(
        "-o",
        "--output",
        required=True,
        metavar="FILE.jsonl",
        help="the log file, one for the whole session (a folder DIR/: one "
        "<game>-<time>.jsonl per game)",
    )
    p.add_argument("-q", "--quiet", action="store_true", help="do not echo the table's lines")
    p.add_argument(
        "--keep",
        action="store_true",
        help="keep recording after the input ends (until Ctrl-C), e.g. </dev/null &",
    )


def run(args) -> int:
    from arkham_host.session import console

    return console.run_session(
        args.port, log=args.output, echo=not args.quiet, title="log", keep=args.keep
    )
