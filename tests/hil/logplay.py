"""Record a game on a fresh emulated table as `arkham-table log` does (a meta with the table's
dump, a `dump` after every command), choosing among the numbered `legal` lines by `act N`."""

import random
import tempfile

from arkham_host.device import boardfile
from arkham_host.wire.link import Link
from arkham_host.session.recorder import Recorder
from arkham_host.table.relay import Sim


def choices(reply):
    """The numbered lines of a `legal` reply (a seat's own, private, ones too)."""
    return reply.get("legal") or (reply.get("view") or {}).get("legal") or []


def play(link, n, rnd, board, logged=True):
    for _ in range(n):
        if board != "ritual":
            link.request("ok all", timeout=30)  # (tokens: the pads cannot see them here)
        legal = choices(link.request("legal", timeout=30))
        if not legal:
            return
        link.request("act %d" % (rnd.randrange(len(legal)) + 1), timeout=60)
        if logged:
            link.request("dump", timeout=30)  # (as the logger does after every command)


def record(path, board, game_line, actions=20, boot="bringup", before=0, seed=1,
           runtime="micropython"):
    """Log `game_line` and `actions` random legal choices; `before` choices are played on the
    table before the log starts (a log that starts mid-game). The files written."""
    rnd = random.Random(seed)
    with tempfile.TemporaryDirectory(prefix="arkham-logplay-") as state:
        sim = Sim(boardfile.board_path(board), game=boot, state_dir=state, runtime=runtime,
                  socket_path=state + "/w.sock").start()
        try:
            if before:
                link = Link(sim.serial_path)
                link.request("hello", timeout=30)
                play(link, before, rnd, board, logged=False)
                link.close()
            rec = Recorder(str(path), port=sim.serial_path)
            link = Link(sim.serial_path, recorder=rec)
            try:
                rec.hello = link.request("hello", timeout=30)
                dump = link.request("dump", timeout=30)
                rec.start_file(rec.hello.get("game"), dump=dump if dump.get("ok") else None)
                link.request(game_line, timeout=30)
                link.request("dump", timeout=30)
                play(link, actions, rnd, board)
            finally:
                link.close()
                rec.close()
        finally:
            sim.stop()
    return rec.files
