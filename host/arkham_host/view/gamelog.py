"""A recorded game (`arkham-table log`) played again on a fresh emulated table, step by step, so
`render` can show the board after line N, `chart` read the state at the end of each turn and
`forecast` start from the log's end.

It is `replay`'s own run (arkham_host.session.replay): the same start (a `game` line, a mid-game
`dump`, or the first `game` command of a log that starts in a game whose dump hides cards), the
seed the recorded table announced for a game started without `seed=`, and the same checks of
every reply, event and state hash. A replayed game that departs from the log raises Differs
naming the line, so a reader never draws another game than the one recorded.
"""

from __future__ import annotations

import tempfile

TAGS_FROM = 100000000


class Differs(ValueError):
    """The replayed game departed from the log (message: the log, the line, what differs)."""


def replay(path, upto=None, board=None, runtime="micropython", after_step=None):
    """A TableWatch on a fresh emulated table that has played the log up to line `upto` (all of
    it when None), checked as `replay` checks it (Differs, LogError). after_step(watch, events)
    is called before each command and at the end with the events the steps since the last
    command caused. The caller closes the watch."""
    from arkham_host.session import replay as rp
    from arkham_host.wire.link import Timeout
    from arkham_host.view.watch import TableWatch

    from arkham.ah2e import tables

    tables.get()  # (loaded here, once: the watch's thread and after_step both read AH2e states)
    meta, steps = rp.load(path)
    rp.log_board(meta, path, board)  # (LogError for an unknown board)
    start = rp.start_of(meta, steps, path)
    board = board or (meta.get("hello") or {}).get("board") or "bringup"
    tmp = tempfile.TemporaryDirectory(prefix="arkham-view-")
    try:
        game = start.prepare(tmp.name)
        # (game None: the table resumes the saved game prepare() wrote)
        w = TableWatch.own_sim(board, game=game, state_dir=tmp.name, runtime=runtime)
    except Exception:
        tmp.cleanup()
        raise
    w._tmp = tmp
    w.skips_events = False  # (run_steps reads them: expect())
    # the log's commands keep their recorded tags (#1, #2...): the watch's own requests (its
    # dumps, the reader's) are numbered far above them, so no reply is taken for another's
    with w.link.cond:
        w.link._tag = max(w.link._tag, TAGS_FROM)
    try:
        start.begin(w.link, w.world, Timeout)
        after = None if after_step is None else (lambda events: after_step(w, events))
        diffs = rp.run_steps(start.steps, w.link, w.world, after=after, upto=upto)
        if diffs:
            raise Differs("%s: the replayed game departs from the log at %s" % (path, diffs[0]))
    except Exception:
        w.close()
        raise
    return w
