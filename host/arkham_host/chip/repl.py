"""A script at the stock firmware's REPL on the emulated chip, with an erased flash (no package,
no filesystem of ours): how the chip itself does a thing, for the benches' models to be checked
against (bench m32's qstr pools, say).

    run(code) -> what the script printed

It boots the firmware in rp2040.mjs, waits for USB, enters the raw REPL (Ctrl-A), sends the script
in FIFO-sized pieces and Ctrl-D, and reads until the raw REPL's two end marks (Ctrl-D after the
output, Ctrl-D after any error). A script that raises: ChipError with the chip's traceback.
"""

from __future__ import annotations

import json
import os
import struct
import subprocess
import tempfile
import time

from . import SCRIPT, ChipError, check_rp2040js, firmware, node_binary

FLASH_BYTES = 2 * 1024 * 1024
PIECE = 256  # bytes per serial frame (rp2040.mjs feeds the chip's 512-byte FIFO with care)


def run(code: str, timeout: float = 600.0) -> str:
    check_rp2040js()
    image = firmware.find(None)
    with tempfile.TemporaryDirectory(prefix="arkham-repl-") as tmp:
        flash = os.path.join(tmp, "flash.bin")
        with open(flash, "wb") as f:
            f.write(b"\xff" * FLASH_BYTES)  # erased: the firmware boots to its REPL
        p = subprocess.Popen(
            [node_binary(), str(SCRIPT), "--bootrom", str(firmware.bootrom()), "--flash", flash,
             "--firmware", str(image)],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        )
        try:
            return _talk(p, code.encode(), time.time() + timeout)
        finally:
            p.kill()
            p.wait()


def _send(p, data: bytes):
    for i in range(0, len(data), PIECE):
        piece = data[i : i + PIECE]
        p.stdin.write(b"S" + struct.pack("<I", len(piece)) + piece)
        p.stdin.flush()


def _talk(p, code: bytes, end: float) -> str:
    out = b""
    sent = False
    while time.time() < end:
        head = p.stdout.read(5)
        if len(head) < 5:
            raise ChipError("the emulated chip stopped: " + p.stderr.read().decode(errors="replace"))
        kind, n = head[:1], struct.unpack("<I", head[1:])[0]
        body = p.stdout.read(n)
        if kind == b"J" and json.loads(body).get("ev") == "usb" and not out:
            _send(p, b"\r\n\x01")  # the raw REPL: no echo, "OK" then output, Ctrl-D marks
        elif kind == b"S":
            out += body[4:]  # (after the chip's time)
            if not sent and out.endswith(b"raw REPL; CTRL-B to exit\r\n>"):
                _send(p, code + b"\x04")
                sent, out = True, b""
            elif sent and out.count(b"\x04") >= 2:
                text, err = out[2:].split(b"\x04")[:2]  # (past the "OK")
                if err.strip():
                    raise ChipError("the script failed on the chip:\n" + err.decode(errors="replace"))
                return text.decode(errors="replace").replace("\r\n", "\n")
    raise ChipError("no answer from the emulated chip in time")
