"""One program per serial port: "port busy", with the holder's name where the OS can tell.

Two programs reading one serial port split the table's bytes between them, each seeing half the
lines. So every host command that opens a table's port asks here first:
- holders(path): the other processes that have the device open (Linux: /proc/PID/fd), less the
  emulated table that serves a pty (a running sim keeps its own pty end open);
- the port is then opened with an exclusive lock (pyserial's `exclusive=True`, flock), so two
  arkham-table programs can never race each other into the same port.
"""

from __future__ import annotations

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
        from arkham_host import registry

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
    """serial_for_url(url), refused with PortBusy when another program holds the port."""
    import serial

    check(url)
    local = "://" not in url
    try:
        return serial.serial_for_url(url, exclusive=True if local else None, **kw)
    except serial.SerialException as e:
        if local and "lock" in str(e).lower():
            raise PortBusy(busy_message(url, holders(url))) from None
        raise
