"""`arkham-table render LOG|PORT [--at N] -o board.svg|.png`: the board as it stood after line N
of a recorded game (or now, on a table), drawn by the live view's own renderer.

A log is played again on a fresh emulated table up to line N (arkham_host.view.gamelog); the
lights are then watched for SETTLE_S so blinking and pulsing spots are told apart from steady
ones. A port is watched the same way (docs/view.md).
"""

from __future__ import annotations

import os
import sys
import time

HELP = "draw the board after line N of a log (or now, from a table) as SVG or PNG"
SETTLE_S = 2.2  # one blink period and most of a pulse, so every shape can be told


def add_arguments(p):
    p.add_argument("source", metavar="LOG|PORT", help="a log from `arkham-table log`, or a port")
    p.add_argument("--at", type=int, metavar="N", help="after line N of the log (default: all)")
    p.add_argument("-o", "--output", required=True, metavar="board.svg|board.png")
    p.add_argument("--board", help="board map for the log (default: the one its hello names)")


def is_log(source: str) -> bool:
    return os.path.isfile(source)


def look_of(watch, settle=SETTLE_S):
    time.sleep(settle)
    watch._dump()
    return watch.look()


def picture(watch, look) -> str:
    from arkham_host.view import board_svg, layout

    bm = watch.board_map()
    return board_svg.svg(bm, layout.for_board(bm), look)


def run(args) -> int:
    from arkham_host.view import board_svg, gamelog
    from arkham_host.view.watch import TableWatch

    out = args.output
    if not out.lower().endswith((".svg", ".png")):
        print("arkham-table render: -o wants a .svg or .png file, not %s" % out, file=sys.stderr)
        return 2
    if args.at is not None and args.at < 1:
        print("arkham-table render: --at wants a line number from 1", file=sys.stderr)
        return 2
    try:
        if is_log(args.source):
            watch = gamelog.replay(args.source, upto=args.at, board=args.board)
        else:
            if args.at is not None:
                print("arkham-table render: --at is for a log", file=sys.stderr)
                return 2
            watch = TableWatch.attach(args.source)
    except (OSError, ValueError, KeyError, AssertionError) as e:
        print("arkham-table render: %s" % e, file=sys.stderr)
        return 1
    try:
        text = picture(watch, look_of(watch))
    finally:
        watch.close()
    board_svg.write(text, out)
    print("wrote %s" % out)
    return 0
