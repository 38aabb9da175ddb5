"""A script at the stock firmware's REPL on the emulated chip, with an erased flash (no package,
no filesystem of ours): how the chip itself does a thing, for the benches' models to be checked
against (bench m32's qstr pools, say).

    run(code) -> what the script printed
    run_with_stack(code) -> (what it printed, the chip's stack figures after it: rp2040.mjs's
                             {"max": deepest C stack bytes since power-up, "size": 7936, ...})

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
    return _run(code, timeout, False)


def run_with_stack(code: str, timeout: float = 600.0):
    """(what the script printed, the stack event rp2040.mjs answered once it had run)."""
    return _run(code, timeout, True)


def _run(code: str, timeout: float, stack: bool):
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
            return _talk(p, code.encode(), time.time() + timeout, stack)
        finally:
            p.kill()
            p.wait()


def _send(p, data: bytes):
    for i in range(0, len(data), PIECE):
        piece = data[i : i + PIECE]
        p.stdin.write(b"S" + struct.pack("<I", len(piece)) + piece)
        p.stdin.flush()


def _talk(p, code: bytes, end: float, stack: bool = False):
    out = b""
    sent = False
    text = None  # the script's output, once it is complete (with `stack`: then the figures)
    while time.time() < end:
        head = p.stdout.read(5)
        if len(head) < 5:
            raise ChipError("the emulated chip stopped: " + p.stderr.read().decode(errors="replace"))
        kind, n = head[:1], struct.unpack("<I", head[1:])[0]
        body = p.stdout.read(n)
        ev = json.loads(body) if kind == b"J" else {}
        if ev.get("ev") == "usb" and not out:
            _send(p, b"\r\n\x01")  # the raw REPL: no echo, "OK" then output, Ctrl-D marks
        elif ev.get("ev") == "stack" and text is not None:
            del ev["ev"]
            return text, ev
        elif kind == b"S" and text is None:
            out += body[4:]  # (after the chip's time)
            if not sent and out.endswith(b"raw REPL; CTRL-B to exit\r\n>"):
                _send(p, code + b"\x04")
                sent, out = True, b""
            elif sent and out.count(b"\x04") >= 2:
                text, err = out[2:].split(b"\x04")[:2]  # (past the "OK")
                if err.strip():
                    raise ChipError("the script failed on the chip:\n" + err.decode(errors="replace"))
                text = text.decode(errors="replace").replace("\r\n", "\n")
                if not stack:
                    return text
                cmd = b'{"do":"stack"}'
                p.stdin.write(b"J" + struct.pack("<I", len(cmd)) + cmd)
                p.stdin.flush()
    raise ChipError("no answer from the emulated chip in time")
