"""Client of a sim's world socket (docs/world.md): one command line in, one JSON line out."""

from __future__ import annotations

import json
import socket


class WorldError(AssertionError):
    """The world refused a command (unknown spot, bad chip...)."""


class World:
    def __init__(self, path: str, timeout: float = 5.0, recorder=None):
        self.path = path
        self.recorder = recorder  # recorder(direction, text) like Link's, "w>" / "w<"
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.settimeout(timeout)
        self.sock.connect(path)
        self.file = self.sock.makefile("rwb")

    def raw(self, line: str):
        """Send one command, return the decoded JSON reply (whatever it is)."""
        if self.recorder:
            self.recorder("w>", line)
        self.file.write(line.encode("ascii") + b"\n")
        self.file.flush()
        reply = self.file.readline()
        if not reply:
            raise ConnectionError("world socket %s closed" % self.path)
        text = reply.decode("ascii", "replace").strip()
        if self.recorder:
            self.recorder("w<", text)
        return json.loads(text)

    def do(self, line: str) -> dict:
        reply = self.raw(line)
        if isinstance(reply, dict) and reply.get("ok") is False:
            raise WorldError("world %r: %s" % (line, reply.get("err")))
        return reply

    def place(self, spot):
        return self.do("place " + spot)

    def lift(self, spot):
        return self.do("lift " + spot)

    def touch(self, spot):
        return self.do("touch " + spot)

    def fail(self, chip):
        return self.do("fail %s" % chip)

    def heal(self, chip):
        return self.do("heal %s" % chip)

    def noise(self, n):
        return self.do("noise %d" % n)

    def overlay(self, n):
        return self.do("overlay %d" % n)

    def hours(self, h):
        return self.do("hours %s" % h)

    def tokens(self) -> list:
        return self.do("tokens")["tokens"]

    def leds(self) -> dict:
        """spot -> [r, g, b] as lit now."""
        reply = self.raw("leds")
        if "ok" in reply and reply.get("ok") is False:
            raise WorldError("world leds: %s" % reply.get("err"))
        return reply

    def close(self):
        try:
            self.file.close()
            self.sock.close()
        except OSError:
            pass
