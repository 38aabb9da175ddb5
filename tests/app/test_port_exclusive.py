"""Issue 32's fourth fault: the port lock was advisory (flock), so a plain pyserial reader opened
after the console took its replies (200 of 200 in the report; `Link` lost 2-19 of 20 requests).
Now the port is exclusive in the kernel too (TIOCEXCL, portlock.exclusive): a later open of the
tty fails with EBUSY, and every reply reaches the program that holds it; closing gives it up.
On a pty, with a fake table answering every `#n` line. (The kernel lets CAP_SYS_ADMIN through:
as root the foreign reader runs without that capability, as any user's program would.)"""

import os
import subprocess
import sys

import pytest

from arkham_host.wire import portlock
from arkham_host.hil.campaign_link import FOREIGN, PtyTable, unprivileged
from arkham_host.wire.link import Link

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="Linux ptys")

def foreign(path):
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path))
    # a foreign program: opens the port with plain pyserial (no lock) and reads what comes for 3 s
    return subprocess.Popen([sys.executable, "-c", FOREIGN, path, "3"], stdout=subprocess.PIPE,
                            text=True, env=env, **unprivileged())


@pytest.fixture
def table():
    t = PtyTable()
    yield t
    t.close()


def test_a_foreign_reader_opened_after_the_link_is_refused_and_steals_nothing(table):
    link = Link(table.path)
    try:
        assert link.request("hello", timeout=5)["ok"]
        reader = foreign(table.path)
        first = reader.stdout.readline().split()
        lost = 0
        for _ in range(20):
            try:
                link.request("hello", timeout=1.0)
            except AssertionError:
                lost += 1
        out, _ = reader.communicate(timeout=10)
        assert first[0] == "refused" and first[1] == "16", (first, out)  # EBUSY
        assert lost == 0
    finally:
        link.close()


def test_closing_gives_the_port_up(table):
    link = Link(table.path)
    link.close()
    reader = foreign(table.path)
    out, _ = reader.communicate(timeout=10)
    assert out.startswith("open"), out
    again = Link(table.path)  # and our own programs open it again
    try:
        assert again.request("hello", timeout=5)["ok"]
    finally:
        again.close()


def test_exclusive_is_told_where_the_os_has_it(table):
    import serial

    port = serial.Serial(table.path, timeout=0.1)
    try:
        assert portlock.exclusive(port) is True
        with pytest.raises(OSError) as e:
            subprocess.run([sys.executable, "-c", "import os,sys; os.open(sys.argv[1], os.O_RDWR)",
                            table.path], check=True, capture_output=True,
                           **unprivileged())
            raise OSError(0, "opened")
        assert e.value.errno != 0
    except subprocess.CalledProcessError as e:
        assert b"Device or resource busy" in e.stderr
    finally:
        port.close()


# a holder that dies without closing: opens the port exclusively, says so, then sleeps (SIGKILLed)
HOLDER = r"""
import sys, time, serial
from arkham_host.wire import portlock
from arkham_host.hil.campaign_link import FOREIGN, PtyTable, unprivileged
port = serial.Serial(sys.argv[1], timeout=0.05)
portlock.exclusive(port)
print("held", flush=True)
time.sleep(60)
"""


def test_a_killed_holder_does_not_lock_a_served_pty_for_good(table):
    """The kernel clears TIOCEXCL only at the tty's last close, and the sim holds its pty's slave
    end: a console killed while it held the port left the sim refusing every open (EBUSY) until
    the sim exited. The server's StaleExclusive gives the lock up once its holder is gone."""
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path))
    watch = portlock.StaleExclusive(table.slave, table.path)
    holder = subprocess.Popen([sys.executable, "-c", HOLDER, table.path], stdout=subprocess.PIPE,
                              text=True, env=env)
    try:
        assert holder.stdout.readline().strip() == "held"
        assert watch.poll() is False  # held by a live program: kept
        reader = foreign(table.path)
        assert reader.communicate(timeout=10)[0].startswith("refused 16")
    finally:
        holder.kill()
        holder.wait(10)
    reader = foreign(table.path)
    assert reader.communicate(timeout=10)[0].startswith("refused 16")  # stale: nobody holds it
    assert watch.poll() is True and watch.released == 1
    assert watch.poll() is False
    reader = foreign(table.path)
    assert reader.communicate(timeout=10)[0].startswith("open")


# the next console: opens the port (waiting up to 15 s for the sim to give the lock up), asks hello
AGAIN = r"""
import sys, time
from arkham_host.wire.link import Link
end = time.monotonic() + 15
while True:
    try:
        link = Link(sys.argv[1])
        break
    except Exception as e:
        if time.monotonic() > end:
            print("never", e)
            sys.exit(1)
        time.sleep(0.2)
print("ok" if link.request("hello", timeout=10)["ok"] else "no")
"""


def test_the_sim_gives_a_killed_consoles_lock_up(tmp_path, monkeypatch):
    """End to end on an emulated table: a Link SIGKILLed while holding its port; a new Link opens
    it (the sim polls about once a second; waited for up to 15 s, not timed)."""
    from arkham_host.hil.plugin import SimProcess

    monkeypatch.setenv("XDG_RUNTIME_DIR", str(tmp_path))
    sim = SimProcess("bringup", "bringup", tmp_path / "state", False, tmp_path / "sim.stderr")
    code = ("import sys, time\nfrom arkham_host.wire.link import Link\nl = Link(sys.argv[1])\n"
            "assert l.request('hello', timeout=10)['ok']\nprint('held', flush=True)\n"
            "time.sleep(60)\n")
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path))
    holder = subprocess.Popen([sys.executable, "-c", code, sim.serial], stdout=subprocess.PIPE,
                              text=True, env=env)
    try:
        assert holder.stdout.readline().strip() == "held"
        holder.kill()
        holder.wait(10)
        # the next console, as an ordinary user's program (root would pass the kernel's lock)
        out = subprocess.run([sys.executable, "-c", AGAIN, sim.serial], capture_output=True,
                             text=True, env=env, timeout=60, **unprivileged())
        assert out.stdout.strip() == "ok", (out.stdout, out.stderr[-300:])
    finally:
        if holder.poll() is None:
            holder.kill()
        sim.stop()
