"""Issue 15, the emulator's relay: serial input waiting for the firmware is bounded (a 5 MB write
kept `hello` waiting 33 s), and a sim killed with -9 leaves no registry entry or world socket
behind once the next reader or sim looks."""

import json
import os
import socket
import subprocess
import sys

from arkham_host.wire import registry
from arkham_host.table.relay import LINE_KEEP, TO_FW_CAP, Sim


def relay():
    s = object.__new__(Sim)
    s._to_fw = bytearray()
    s.dropped_input = 0
    s._dropping_input = False
    s._in_line = 0
    return s


def test_a_flood_is_cut_and_the_next_line_goes_through():
    s = relay()
    chunk = b"x" * 4096
    for _ in range(5 * 1024 * 1024 // 4096):  # 5 MB without a newline
        s._take_input(chunk)
        assert len(s._to_fw) <= LINE_KEEP
    s._take_input(b"yyy\n#1 hello\n")
    assert bytes(s._to_fw) == b"x" * LINE_KEEP + b"\n#1 hello\n"
    assert s.dropped_input >= 5 * 1024 * 1024 - TO_FW_CAP
    print("5 MB flood: %d bytes reach the firmware, %d dropped" % (len(s._to_fw), s.dropped_input))


def test_ordinary_input_passes_unchanged():
    s = relay()
    lines = b"".join(b"#%d hello\n" % i for i in range(500))
    for i in range(0, len(lines), 37):
        s._take_input(lines[i : i + 37])
    assert bytes(s._to_fw) == lines and s.dropped_input == 0


def test_many_short_lines_beyond_the_bound_are_dropped_whole():
    s = relay()
    lines = b"".join(b"#%d hello\n" % i for i in range(5000))
    s._take_input(lines)
    assert len(s._to_fw) <= TO_FW_CAP and s._to_fw.endswith(b"\n") and s.dropped_input > 0
    for ln in bytes(s._to_fw).split(b"\n")[:-1]:
        assert ln == b"" or ln.startswith(b"#") and ln.endswith(b"hello"), ln


def test_a_sim_killed_with_9_leaves_nothing_behind():
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()
    d = registry.runtime_dir()
    sock_path = d / ("sim-%d.sock" % dead.pid)
    srv = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    srv.bind(str(sock_path))
    srv.close()  # (a socket file with nobody behind it, as kill -9 leaves it)
    entry = registry.entry_path(dead.pid)
    entry.write_text(json.dumps({"pid": dead.pid, "serial": "/dev/pts/nonexistent",
                                 "world": str(sock_path)}))
    assert entry.exists() and sock_path.exists()
    assert all(e["pid"] != dead.pid for e in registry.running())
    assert not entry.exists() and not os.path.exists(sock_path)
