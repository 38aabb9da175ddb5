"""Campaign rows about the link (arkham_host.hil.campaign runs them):

- busy-play unplugs: an AH2e table touched every 80 ms (~50 events a second), the host gone for
  0.2-2.0 s, then `since LAST`: it must answer ok with every event missed, the very bytes the
  table first sent (docs/protocol.md: the buffer holds 256 events, ~5 s of such play);
- a foreign reader on the port: a `Link` holds a pty whose other end answers every `#n` line; a
  plain pyserial reader (another program, no lock) opens the port after it. The kernel must
  refuse it (EBUSY: the port is exclusive, portlock.exclusive), it must read nothing, and the
  Link must lose none of its requests. Linux only (a pty, /proc): elsewhere the row says why it
  did not run. As root the reader runs without CAP_SYS_ADMIN (which the kernel lets through).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading

from arkham_host.hil.campaign_table import BOOT_STEPS, Table

TOUCH_MS = 80


def _lines(t):
    data = bytes(t.io.out)
    t.io.out.clear()
    return [line + b"\n" for line in data.split(b"\n") if line.startswith(b"{")]


def _steps(t, n):
    for _ in range(n):
        t.now += 10
        t.app.step(t.now)


def _busy(t, rnd, ms, pads):
    """Touches every TOUCH_MS for ms: the event lines the table sent."""
    sent = []
    for _ in range(ms // TOUCH_MS):
        t.hw.world.execute("touch %s 40" % rnd.choice(pads))
        _steps(t, TOUCH_MS // 10)
        sent += [line for line in _lines(t) if line.startswith(b'{"seq"')]
    return sent


def unplugs_row(n, rnd, tmp, say):
    counts = {"unplugs": 0, "unplugs_failed": 0, "unplug_events": 0, "unplug_gap_max": 0}
    d = tempfile.mkdtemp(dir=tmp)
    t = Table(d, "ah2e", "ah2e", seed=rnd.randrange(1 << 16))
    _steps(t, BOOT_STEPS)
    _lines(t)
    pads = [s.name for s in t.board.spots if s.chip is not None]
    _busy(t, rnd, 3000, pads)  # (the buffer full of busy play)
    for i in range(n):
        _busy(t, rnd, rnd.randrange(2, 12) * TOUCH_MS, pads)  # the host reading
        last = t.app.events.seq
        gap = rnd.randrange(200, 2001)
        missed = _busy(t, rnd, gap, pads)  # the host unplugged
        t.io.inbox += b"#9 since %d\n" % last
        _steps(t, 3)
        out = _lines(t)
        counts["unplugs"] += 1
        counts["unplug_events"] += len(missed)
        counts["unplug_gap_max"] = max(counts["unplug_gap_max"], len(missed))
        replies = [json.loads(line) for line in out if line.startswith(b'{"re"')]
        got = [line for line in out if line.startswith(b'{"seq"')]
        # (events of the step after `since` follow its reply: live ones, not the replay's)
        replayed = got[: len(missed)]
        if not replies or not replies[0].get("ok") or replayed != missed:
            counts["unplugs_failed"] += 1
            say("  unplug %d: %d events missed in %d ms, since said %r" % (
                i, len(missed), gap, replies[:1]))
    shutil.rmtree(d, ignore_errors=True)
    return counts


# ---- a foreign reader on the port --------------------------------------------------------------
FOREIGN = r"""
import sys, time, serial
try:
    s = serial.Serial(sys.argv[1], timeout=0.05)
except Exception as e:
    print("refused", getattr(e, "errno", None), flush=True)
    sys.exit(0)
print("open", flush=True)
n = 0
end = time.time() + float(sys.argv[2])
while time.time() < end:
    n += s.read(4096).count(b"\n")
print("stole", n, flush=True)
"""


class PtyTable:
    """A pty whose other end answers every `#n ...` line with {"re":n,"ok":true}."""

    def __init__(self):
        import tty

        self.master, self.slave = os.openpty()
        tty.setraw(self.slave)
        self.path = os.ttyname(self.slave)
        self.stop = False
        self.thread = threading.Thread(target=self._serve, daemon=True)
        self.thread.start()

    def _serve(self):
        import select

        buf = b""
        while not self.stop:
            if not select.select([self.master], [], [], 0.05)[0]:
                continue
            try:
                buf += os.read(self.master, 4096)
            except OSError:
                return
            while b"\n" in buf:
                line, buf = buf.split(b"\n", 1)
                if line.startswith(b"#"):
                    os.write(self.master, b'{"re":%s,"ok":true}\n' % line[1:].split(b" ")[0])

    def close(self):
        self.stop = True
        self.thread.join(2)
        os.close(self.master)
        os.close(self.slave)


def _no_sys_admin():
    import ctypes

    if ctypes.CDLL(None, use_errno=True).prctl(24, 21, 0, 0, 0) != 0:  # PR_CAPBSET_DROP
        raise OSError(ctypes.get_errno(), "PR_CAPBSET_DROP")


def unprivileged():
    """subprocess kwargs for a program the kernel's TIOCEXCL applies to (root's CAP_SYS_ADMIN
    would pass it)."""
    return {"preexec_fn": _no_sys_admin} if os.geteuid() == 0 else {}


def foreign_row(n, rnd, tmp, say):
    counts = {"foreign_readers": 0, "foreign_failed": 0, "foreign_lost": 0,
              "foreign_skipped": ""}
    if not sys.platform.startswith("linux"):
        counts["foreign_skipped"] = "not Linux (a pty and TIOCEXCL as Linux has them)"
        return counts
    from arkham_host.wire.link import Link

    kw = unprivileged()
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path))
    for i in range(n):
        table = PtyTable()
        try:
            link = Link(table.path)
            try:
                link.request("hello", timeout=5)
                reader = subprocess.Popen(
                    [sys.executable, "-c", FOREIGN, table.path, "%.2f" % (0.2 + rnd.random())],
                    stdout=subprocess.PIPE, text=True, env=env, **kw)
                lost = 0
                for _ in range(rnd.randint(5, 20)):
                    try:
                        link.request("hello", timeout=1.0)
                    except AssertionError:
                        lost += 1
                out, _ = reader.communicate(timeout=30)
            finally:
                link.close()
        except Exception as e:
            counts["foreign_failed"] += 1
            say("  foreign reader %d: %r" % (i, e))
            continue
        finally:
            table.close()
        counts["foreign_readers"] += 1
        counts["foreign_lost"] += lost
        if lost or not out.startswith("refused 16"):
            counts["foreign_failed"] += 1
            say("  foreign reader %d: it said %r, the link lost %d requests" % (
                i, out.strip(), lost))
    return counts
