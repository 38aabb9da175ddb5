"""A recorded AH2e game for the view's tests: a fresh emulated table, `game ah2e seed=S`, then
the first legal action (or a seeded choice) again and again, every line logged as
`arkham-table log` writes it."""

import random
import tempfile

from arkham_host.device import boardfile
from arkham_host.wire.link import Link
from arkham_host.session.recorder import Recorder
from arkham_host.table.relay import Sim


def play(link, actions, rnd, stop=None):
    """`actions` legal choices; returns how many were taken."""
    done = 0
    for _ in range(actions):
        legal = link.request("legal", timeout=30)
        choices = legal.get("legal") or []
        if not choices:
            break
        pick = rnd.randrange(len(choices)) + 1
        r = link.request("act %d" % pick, timeout=60)
        if r.get("ok"):
            done += 1
        if stop and stop():
            break
    return done


def record_game(path, seed=5, actions=60, options="players=2", runtime="micropython"):
    """Play and log an AH2e game; returns the log path."""
    rnd = random.Random(seed)
    with tempfile.TemporaryDirectory(prefix="arkham-viewlog-") as state:
        sim = Sim(boardfile.board_path("ah2e"), game="bringup", state_dir=state, runtime=runtime,
                  socket_path=state + "/w.sock").start()
        rec = Recorder(str(path), port=sim.serial_path)
        link = Link(sim.serial_path, recorder=rec)
        try:
            hello = link.request("hello", timeout=30)
            rec.hello = hello
            # as `arkham-table log` does: the file opens with the table's dump (its meta)
            dump = link.request("dump", timeout=30)
            rec.start_file(hello.get("game"), dump=dump if dump.get("ok") else None)
            link.request("game ah2e seed=%d %s" % (seed, options), timeout=30)
            play(link, actions, rnd)
        finally:
            link.close()
            sim.stop()
            rec.close()
    return path
