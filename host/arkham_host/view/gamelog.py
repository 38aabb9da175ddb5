"""A recorded game (`arkham-table log`) played again on a fresh emulated table, step by step, so
`render` can show the board after line N and `chart` can read the state at the end of each turn.

The steps are replay's (arkham_host.replay.load): the commands sent, in order, and the pad changes
the recorded table saw (given back as world `place`/`lift`). A `game` command without `seed=` gets
the seed the recorded table announced in its `game` event, so virtual dice and draws come out
the same. The log must start its game (a log of a resumed game has no start to replay from).
"""

from __future__ import annotations

import time


def steps(path):
    """(meta, [(kind, line_no, ...)]) with recorded seeds put into `game` commands."""
    from arkham_host import replay

    meta, st = replay.load(path)
    out = []
    for i, s in enumerate(st):
        if s[0] == "cmd":
            line = s[2]
            words = line.split()
            if words and words[0].startswith("#"):
                words = words[1:]
            if len(words) >= 2 and words[0].lower() == "game" and not any(
                w.startswith("seed=") for w in words
            ):
                ev = next((x[2] for x in st[i + 1:] if x[0] == "ev" and x[2].get("ev") == "game"),
                          None)
                seed = ((ev or {}).get("options") or {}).get("seed")
                if seed is not None:
                    words.append("seed=%s" % seed)
            out.append(("cmd", s[1], " ".join(words)))
        elif s[0] == "ev" and s[2].get("ev") == "pad":
            out.append(("pad", s[1], s[2]["spot"], bool(s[2].get("present"))))
    return meta, out


def _wait_pad(watch, seen, spot, present, timeout=5.0):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        with watch.lock:
            new = watch.seen_events - seen
            tail = list(watch.events)[-new:] if new > 0 else []
        for e in tail:
            if e.get("ev") == "pad" and e.get("spot") == spot and e.get("present") == present:
                return True
        time.sleep(0.01)
    return False


def replay(path, upto=None, board=None, runtime="micropython", after_step=None):
    """A TableWatch on a fresh emulated table that has played the log up to line `upto` (all of
    it when None). after_step(watch, step, events) is called after each step with the events it
    caused. The caller closes the watch."""
    from arkham_host.view.watch import TableWatch

    meta, todo = steps(path)
    hello = meta.get("hello") or {}
    board = board or hello.get("board") or "bringup"
    game = "bringup"
    w = TableWatch.own_sim(board, game=game, runtime=runtime)
    try:
        for step in todo:
            if upto is not None and step[1] > upto:
                break
            seen = w.seen_events
            if step[0] == "cmd":
                w.link.request(step[2], timeout=30)
            else:
                _, n, spot, present = step
                with w.lock:
                    already = spot in w.present
                if already != present:
                    w.world(("place " if present else "lift ") + spot)
                    _wait_pad(w, seen, spot, present)
            if after_step is not None:
                with w.lock:
                    new = w.seen_events - seen
                    evs = list(w.events)[-new:] if new > 0 else []
                after_step(w, step, evs)
    except Exception:
        w.close()
        raise
    return w
