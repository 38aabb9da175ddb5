"""One program per serial port: "port busy", with the holder's name where the OS can tell.

Two programs reading one serial port split the table's bytes between them, each seeing half the
lines. So every host command that opens a table's port asks here first:
- holders(path): the other processes that have the device open (Linux: /proc/PID/fd), less the
  emulated table that serves a pty (a running sim keeps its own pty end open);
- the port is then opened with an exclusive lock (pyserial's `exclusive=True`, flock), so two
  arkham-table programs can never race each other into the same port;
- and made exclusive in the kernel: flock is advisory, and a plain reader opened after
  the console (miniterm, a script with pyserial) took every reply meant for it. On Linux and
  macOS the port gets TIOCEXCL: the kernel refuses any further open of the tty with EBUSY ("port
  busy" here, with the holder's name from holders()) until it is closed (TIOCNXCL, then close).
  A process with CAP_SYS_ADMIN (root on Linux) may still open it: the kernel lets root through.
  On Windows a COM port is exclusive anyway: a second open fails with "Access is denied".
"""

from __future__ import annotations

import errno
import os


class PortBusy(Exception):
    """Another program has the port open."""


def _name(pid: int) -> str:
    try:
        with open("/proc/%d/cmdline" % pid, "rb") as f:
            argv = [a.decode(errors="replace") for a in f.read().split(b"\0") if a]
    except OSError:
        argv = []
    if not argv:
        try:
            with open("/proc/%d/comm" % pid) as f:
                return f.read().strip()
        except OSError:
            return "?"
    text = " ".join([os.path.basename(argv[0])] + argv[1:])
    return text if len(text) <= 80 else text[:77] + "..."


def _servers(path: str) -> set:
    """Pids of running emulated tables whose pty is `path` (they hold it to serve it)."""
    try:
        from arkham_host.wire import registry

        return {int(e["pid"]) for e in registry.running() if e.get("serial") == path}
    except Exception:
        return set()


def holders(path: str) -> list:
    """[(pid, command line)] of the other processes that have `path` open; [] where the OS cannot
    tell (no /proc) or for URLs that are not files."""
    if "://" in path or not os.path.exists("/proc/self/fd"):
        return []
    try:
        real = os.path.realpath(path)
        st = os.stat(real)
    except OSError:
        return []
    me = os.getpid()
    skip = _servers(path) | _servers(real)
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        pid = int(entry)
        if pid == me or pid in skip:
            continue
        fd_dir = "/proc/%d/fd" % pid
        try:
            fds = os.listdir(fd_dir)
        except OSError:
            continue  # gone, or not ours to look at
        for fd in fds:
            try:
                if os.readlink(os.path.join(fd_dir, fd)) != real:
                    continue
                s = os.stat(os.path.join(fd_dir, fd))
            except OSError:
                continue
            if s.st_rdev == st.st_rdev:
                found.append((pid, _name(pid)))
                break
    return found


def busy_message(path: str, found) -> str:
    if not found:
        return "port busy: %s is open in another program" % path
    who = ", ".join("pid %d (%s)" % (pid, name) for pid, name in found[:3])
    return "port busy: %s is open in %s; close it first" % (path, who)


def check(path: str):
    """Raise PortBusy when another program has `path` open."""
    found = holders(path)
    if found:
        raise PortBusy(busy_message(path, found))


def open_serial(url: str, **kw):
    """serial_for_url(url), refused with PortBusy when another program holds the port; a local
    port is then exclusive in the kernel too (exclusive(): no later open steals its bytes)."""
    import serial

    check(url)
    local = "://" not in url
    try:
        port = serial.serial_for_url(url, exclusive=True if local else None, **kw)
    except serial.SerialException as e:
        if local and ("lock" in str(e).lower() or getattr(e, "errno", None) == errno.EBUSY):
            raise PortBusy(busy_message(url, holders(url))) from None
        raise
    if local:
        exclusive(port)
    return port


def exclusive(port) -> bool:
    """TIOCEXCL on an open pyserial port (Linux, macOS): every later open() of the tty fails
    with EBUSY (but a CAP_SYS_ADMIN process's). Its close() first gives it up (TIOCNXCL), so the
    next program may open it; the kernel forgets it anyway once the last holder closes the tty
    (a sim's pty: the sim holds it, so it is given up before the close). False where the OS has
    no such thing (Windows: a COM port is exclusive already) or the port is not a tty."""
    try:
        import fcntl
        import termios

        excl, nxcl = termios.TIOCEXCL, termios.TIOCNXCL
        fd = port.fileno()
        fcntl.ioctl(fd, excl)
    except (ImportError, AttributeError, OSError, ValueError, TypeError):
        return False
    close = port.close

    def give_up_then_close():
        try:
            if port.is_open:
                fcntl.ioctl(port.fileno(), nxcl)
        except (OSError, ValueError, TypeError):
            pass
        close()

    port.close = give_up_then_close
    return True


# Linux's TIOCGEXCL (is the tty exclusive?), missing from Python's termios
_TIOCGEXCL = 0x80045440


class StaleExclusive:
    """For the emulated table, which holds its pty's slave end to serve it: the kernel clears
    TIOCEXCL only when the tty's last fd closes, so a console that was killed (no close(), no
    TIOCNXCL) would leave the sim's pty refusing every open until the sim exits. poll() (about
    once a second) gives the lock up once no program holding the port is left. Cheap while one
    is: one ioctl and a /proc/PID look-up per holder; a /proc scan only when they are gone.
    Linux only (elsewhere: nothing to do, poll() is a no-op)."""

    def __init__(self, fd: int, path: str):
        self.fd = fd
        self.path = path
        self.holders = set()  # pids that held the port when last looked
        self.released = 0  # stale locks given up

    def _exclusive(self) -> bool:
        import fcntl
        import struct

        buf = bytearray(4)
        fcntl.ioctl(self.fd, _TIOCGEXCL, buf)
        return struct.unpack("i", bytes(buf))[0] != 0

    def poll(self) -> bool:
        """True when a stale lock was given up just now."""
        if not os.path.exists("/proc/self/fd"):
            return False
        try:
            if not self._exclusive():
                self.holders = set()
                return False
        except (ImportError, OSError):
            return False
        if any(os.path.exists("/proc/%d" % pid) for pid in self.holders):
            return False
        self.holders = {pid for pid, _ in holders(self.path)}
        if self.holders:
            return False
        try:
            import fcntl
            import termios

            fcntl.ioctl(self.fd, termios.TIOCNXCL)
        except (ImportError, AttributeError, OSError):
            return False
        self.released += 1
        return True
