"""The emulated chip's host side: the same outside as the unix-port sim (a pty for the serial
port, the world socket, frames for the board view), with a Pico firmware image running on
rp2040js inside (rp2040.mjs) instead of the firmware under the unix port.

    pty master  --'S' frames-->  rp2040.mjs: USB CDC into the chip (512-byte FIFO fed with care)
    pty master  <--'S' frames--  rp2040.mjs: USB CDC out of the chip
    world socket  -> World (arkham.emu.world) on the MPR121 models (arkham.emu.mpr121)
    I2C pipe pair <-> Target (chip/i2c.py): every bus event, answered before the chip goes on
    'L' frames  -> the WS2812 wire bytes decoded from the LED pin -> {spot: [r, g, b]}, with the
                   chip time the frame ended (frame_ms; world_ms: the chip time a world command
                   changed the sensors: touch -> light is frame_ms - world_ms, bench pico)

Start-up: the flash file in the state folder is the chip's flash (a new one is erased); unless
`bare`, the device package goes into it as `arkham-table deploy` lays it out (chip/flash.py).
After USB enumerates, the sim asks `#sim-hello hello` and, if the table runs another game than
asked for, `#sim-game game NAME`; only then are the paths printed and the serial port passed on
(what the chip printed before that is kept for error reports, as a Pico's boot output is lost to
a host that opens the port late).
"""

from __future__ import annotations

import collections
import json
import os
import pathlib
import struct
import subprocess
import sys
import tempfile
import threading
import time

from arkham import boardmap

from arkham_host.table.relay import LOCAL, PTY_BUFFER_CAP, Sim
from arkham_host.table.saved_game import refusal

from . import SCRIPT, ChipError, check_rp2040js, firmware, flash, node_binary
from .i2c import CONNECT, REQUEST, Target

STACK_KEYS = ("max", "max_ever", "size", "region", "sp")  # of rp2040.mjs's stack event
READY_TIMEOUT = 180.0  # wall seconds for boot, imports and the game choice (slow CI machines)
TAIL_BYTES = 4096  # the chip's last output, for error reports
STATE_FOLDER = "state"  # where main.py keeps the saves on the chip's littlefs (resume.where)
CHIP_LOCAL = dict(LOCAL)
CHIP_LOCAL["chip"] = (
    "chip [repaint]: the emulated chip: chip time (ms), wall time (ms), resets, usb, and the C "
    "stack (deepest bytes since the paint, over every power-up, of the size); repaint: measure "
    "from now on"
)


def _frame(kind: str, payload: bytes) -> bytes:
    return kind.encode() + struct.pack("<I", len(payload)) + payload


class ChipSim(Sim):
    """One emulated RP2040 table. start() returns once the table answers (or raises ChipError)."""

    def __init__(
        self,
        board_path,
        firmware_file=None,
        romfs=False,
        bare=False,
        realtime=True,
        ready_timeout=READY_TIMEOUT,
        first_save=True,
        **sim_options,
    ):
        """sim_options: Sim's own (game, state_dir, socket_path, stderr, on_frame, ...)."""
        Sim.__init__(self, board_path, runtime="rp2040", **sim_options)
        self.firmware_file = firmware_file
        self.romfs = romfs
        self.bare = bare
        self.realtime = realtime
        self.ready_timeout = ready_timeout
        self.replace = True  # a game asked for replaces the one on the flash (sim: --new-game)
        # a fresh flash asked for a game gets that game's first save from the host (firstsave):
        # the chip boots into resuming it, without the bring-up boot, switch and restart
        self.first_save = first_save
        self.layout = None  # what start() did to the flash
        self.flash_path = None
        self.tail = collections.deque()  # the chip's recent output (bytes pieces)
        self._tail_len = 0
        self._line = bytearray()
        self._ready = threading.Event()
        self.failure = None  # why the chip stopped or never came up
        self.boot = None  # {"ms": chip time of the first answer, ...}
        self.resets = []
        self._chip_waiters = collections.deque()  # [answer, reply so far] of `chip` requests
        self._model_lock = threading.Lock()
        self.chip_ms = 0
        self._tmp_state = None

    # ---- life cycle -------------------------------------------------------------------------
    def start(self):
        node = node_binary()
        check_rp2040js()
        fw = firmware.find(self.firmware_file)
        image = firmware.flash_image(fw)
        if self.romfs and not firmware.has_romfs(image):
            raise ChipError(
                "%s has no ROMFS partition; --romfs needs a ROMFS build such as %s"
                % (fw, firmware.ROMFS_DEFAULT)
            )
        bootrom = firmware.bootrom()
        try:
            self.board = boardmap.load(self.board_path)
        except Exception as e:
            raise ChipError("board map %s: %s" % (self.board_path, e)) from None
        if self.state_dir is None:
            self._tmp_state = tempfile.TemporaryDirectory(prefix="arkham-chip-")
            self.state_dir = self._tmp_state.name
        os.makedirs(self.state_dir, exist_ok=True)
        self.flash_path = os.path.join(self.state_dir, flash.FILE_NAME)
        fpath = pathlib.Path(self.flash_path)
        fresh = not fpath.is_file() or fpath.stat().st_size != flash.FLASH_BYTES
        if fresh:
            flash.new_flash(fpath)
        self.layout = "bare" if self.bare else flash.lay_out(fpath, self.board_path, self.romfs)
        if fresh and self.first_save and not self.bare and self.game not in (None, "bringup"):
            from . import firstsave

            flash.put_files(fpath, STATE_FOLDER, firstsave.files(self.board_path, self.game))
            self.layout += "; the first save of %s made on the host" % self.game
        self._make_model()
        req_r, req_w = os.pipe()
        rep_r, rep_w = os.pipe()
        argv = [
            node,
            str(SCRIPT),
            "--bootrom",
            str(bootrom),
            "--flash",
            self.flash_path,
            "--firmware",
            str(fw),
            "--led-pin",
            str(boardmap.gpio(self.board.pin)),
            "--led-count",
            str(self.board.led_count),
            "--i2c-fds",
            "%d,%d" % (req_w, rep_r),
        ]
        if self.realtime:
            argv.append("--realtime")
        self.proc = subprocess.Popen(
            argv,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=self.stderr,
            bufsize=0,
            pass_fds=(req_w, rep_r),
        )
        os.close(req_w)
        os.close(rep_r)
        self._i2c_thread = threading.Thread(
            target=self._i2c_loop, args=(req_r, rep_w), name="chip-i2c", daemon=True
        )
        self._i2c_thread.start()
        self._open_ports()
        self._thread = threading.Thread(target=self._loop, name="sim-relay", daemon=True)
        self._thread.start()
        deadline = time.monotonic() + self.ready_timeout
        while not self._ready.wait(0.2):
            if self.failure or not self._thread.is_alive():
                break
            if time.monotonic() > deadline:
                self.failure = "the table did not answer within %.0f s" % self.ready_timeout
                break
        if not self._ready.is_set():
            why = self.failure or "the emulated chip stopped (exit %s)" % self.proc.poll()
            self.stop()
            raise ChipError("%s\nlast output of the chip:\n%s" % (why, self.last_output()))
        return self

    def stop(self, timeout=5.0):
        Sim.stop(self, timeout)
        if self._tmp_state is not None:
            self._tmp_state.cleanup()
            self._tmp_state = None

    # ---- the chip itself, from another thread ---------------------------------------------------
    def chip(self, repaint: bool = False, timeout: float = 10.0) -> dict:
        """The world socket's `chip` reply: ms, wall_ms, resets, usb and "stack" (below)."""
        return self.world("chip repaint" if repaint else "chip", timeout)

    def stack(self, repaint: bool = False, timeout: float = 10.0) -> dict:
        """The chip's main C stack, painted at every power-up (rp2040.mjs): {"max": deepest
        bytes used since the last paint, "max_ever": over every power-up and repaint, "size":
        7936 (what MicroPython may use: mem_info's "out of"), "region": 8192 (its SRAM: a max of
        8192 means it ran into the heap below), "sp": the chip's SP}. repaint: after reading,
        paint again below SP, so the next max is the deepest use from now on."""
        reply = self.chip(repaint, timeout)
        if not reply.get("ok"):
            raise ChipError("no stack figures from the emulated chip: %s" % reply.get("err"))
        return reply["stack"]

    def last_output(self) -> str:
        text = b"".join(self.tail).decode("utf-8", "replace").strip()
        return text[-2000:] if text else "(nothing)"

    # ---- the sensors ------------------------------------------------------------------------
    def _make_model(self):
        from arkham.emu.mpr121 import Bus
        from arkham.emu.world import World

        self.bus = Bus(list(self.board.chips), 1, clock=lambda: self.chip_ms)
        self.target = Target(self.bus, boardmap.i2c_bus(self.board.i2c))
        self.world_model = World(self.board, self.bus, None, clock=lambda: self.chip_ms)

    def _i2c_loop(self, req_r, rep_w):
        size = REQUEST.size
        buf = b""
        try:
            while True:
                data = os.read(req_r, 4096)
                if not data:
                    return
                buf += data
                n = len(buf) - len(buf) % size
                replies = bytearray()
                with self._model_lock:
                    for at in range(0, n, size):
                        op, bus_id, a, b, ms = REQUEST.unpack_from(buf, at)
                        self.chip_ms = ms
                        if op == CONNECT:
                            self.world_model.tick()  # hands whose touch time is over lift
                        r = self.target.event(op, bus_id, a, b)
                        if r is not None:
                            replies.append(r)
                buf = buf[n:]
                if replies:
                    os.write(rep_w, replies)
        except OSError:
            return
        finally:
            os.close(req_r)
            os.close(rep_w)

    # ---- the world --------------------------------------------------------------------------
    def _request(self, line, answer):
        from arkham.emu.world import WorldError

        words = line.split()
        verb = words[0] if words else ""
        if verb == "chip" and (len(words) == 1 or words[1:] == ["repaint"]):
            # two events, in this order: status, then stack (the reply waits for both)
            self._chip_waiters.append([answer, {"ok": True}])
            stack = {"do": "stack", "repaint": len(words) == 2}
            self._to_fw += _frame("J", b'{"do":"status"}')
            self._to_fw += _frame("J", json.dumps(stack).encode())
            return None
        if verb == "chip":
            return answer({"ok": False, "err": "chip takes no arguments but `repaint`"})
        if verb == "help" and len(words) == 1:
            from arkham_host.table.relay import HELP

            h = dict(HELP)
            h.update(CHIP_LOCAL)
            return answer({"ok": True, "help": h})
        if verb in LOCAL or not words or len(line) > 256:
            return Sim._request(self, line, answer)
        if verb == "leds":
            if len(words) > 1:
                return answer({"ok": False, "err": "leds takes no arguments"})
            return answer(dict(self.frame))
        try:
            with self._model_lock:
                reply = self.world_model.execute(" ".join(words))
                self.world_ms = self.chip_ms  # (the chip's clock at its latest I2C request)
        except WorldError as e:
            return answer({"ok": False, "err": str(e)})
        if verb == "place":
            self.tokens.add(words[1])
        elif verb == "lift":
            self.tokens.discard(words[1])
        reply["ok"] = True
        return answer(reply)

    # ---- the relay ----------------------------------------------------------------------------
    def _read_pty(self):
        before = len(self._to_fw)
        Sim._read_pty(self)  # (appends the bytes, 0x1E removed)
        data = bytes(self._to_fw[before:])
        del self._to_fw[before:]
        if data:
            self._to_fw += _frame("S", data)

    def _send_serial(self, text: str):
        self._to_fw += _frame("S", text.encode())

    def _read_fw(self, fd) -> bool:
        try:
            data = os.read(fd, 65536)
        except BlockingIOError:
            return True
        if not data:
            if not self.failure and not self._stop:
                try:
                    rc = self.proc.wait(2.0)
                except subprocess.TimeoutExpired:
                    rc = None
                self.failure = "the emulated chip ended (exit %s)" % rc
                if self._ready.is_set():  # (before that, start() raises with the same words)
                    self._note("%s; its last output:\n%s" % (self.failure, self.last_output()))
            return False
        self._from_fw += data
        while len(self._from_fw) >= 5:
            n = struct.unpack_from("<I", self._from_fw, 1)[0]
            if len(self._from_fw) < 5 + n:
                break
            kind = chr(self._from_fw[0])
            payload = bytes(self._from_fw[5 : 5 + n])
            del self._from_fw[: 5 + n]
            if kind == "S":
                self.serial_ms = struct.unpack_from("<I", payload)[0]
                self._serial(payload[4:])
            elif kind == "L":
                self.frame_ms = struct.unpack_from("<I", payload)[0]
                self.frame = self._decode_frame(payload[4:])
                if self.on_frame:
                    self.on_frame()
            elif kind == "J":
                self._chip_event(json.loads(payload))
        return not self.failure

    def _serial(self, data: bytes):
        ready = self._ready.is_set()  # (the chunk that makes the sim ready stays off the pty)
        self.tail.append(data)
        self._tail_len += len(data)
        while self._tail_len > TAIL_BYTES and len(self.tail) > 1:
            self._tail_len -= len(self.tail.popleft())
        self._line += data
        while True:
            end = self._line.find(b"\n")
            if end < 0:
                break
            line = bytes(self._line[: end + 1])
            del self._line[: end + 1]
            if ready:
                if self.on_serial:
                    self.on_serial(line)
            else:
                self._boot_line(line)
        if len(self._line) > 65536:
            self._line.clear()
        # to the pty after on_serial saw the lines: a reader never gets a reply before the
        # callbacks (the UI, the bench's chip times) have it
        if ready:
            if len(self._to_pty) + len(data) > PTY_BUFFER_CAP:
                self.dropped_lines += 1  # nobody reads the serial port: drop, never block
            else:
                self._to_pty += data
                self._write_pty()

    def _boot_line(self, line: bytes):
        """Lines before the sim is ready: find the table's answer, pick the game."""
        text = line.strip()
        if not text.startswith(b"{"):
            return
        try:
            obj = json.loads(text)
        except ValueError:
            return
        if obj.get("ev") == "board_error":
            self.failure = "the table refused its board map: %s" % obj.get("err")
        if obj.get("ev") == "hello" and self._restarting:
            self.boot["restart_ms"] = self.serial_ms  # (chip time of the new boot's hello)
            self._ready.set()
        re = obj.get("re")
        if re == "sim-hello" and obj.get("ok"):
            self.boot = {"ms": self.serial_ms, "hello": obj}  # chip time of the answer
            saved = obj.get("game")
            if self.game and saved != self.game and not self.replace and saved != "bringup":
                self.failure = refusal(saved, self.game)
            elif self.game and saved != self.game:
                self._send_serial("#sim-game game %s\n" % self.game)
            else:
                self._ready.set()
        elif re == "sim-game":
            if obj.get("ok") and obj.get("restart"):
                self._restarting = True  # (a Pico restarts after a game switch: ready at its
                # boot's hello, the new game resumed from the save)
            elif obj.get("ok"):
                self._ready.set()
            else:
                self.failure = "the table refused game %s: %s" % (self.game, obj.get("err"))

    def _chip_event(self, ev):
        kind = ev.get("ev")
        if kind == "usb":
            if self.bare and not self._ready.is_set():
                self.boot = {"ms": ev.get("ms")}
                self._ready.set()
            elif not self._ready.is_set():
                self._send_serial("\n#sim-hello hello\n")
        elif kind == "reset":
            if ev.get("why") != "power-on":
                self.resets.append(ev)
                self._note(
                    "the chip reset (%s) at %d ms; its last output:\n%s"
                    % (ev.get("why"), ev.get("ms", 0), self.last_output()[-600:])
                )
        elif kind == "fault":
            self.failure = "the chip stopped: %s" % ev.get("why")
            self._note("%s\nlast output:\n%s" % (self.failure, self.last_output()))
            self._stop = True
        elif kind == "fed":
            self.fed_ms = ev["ms"]
        elif kind == "status":
            if self._chip_waiters:
                ev = dict(ev)
                ev.pop("ev")
                self._chip_waiters[0][1].update(ev)
        elif kind == "stack":
            if self._chip_waiters:
                answer, reply = self._chip_waiters.popleft()
                reply["stack"] = {k: ev[k] for k in STACK_KEYS if k in ev}
                answer(reply)

    serial_ms = 0  # chip time of the latest serial output
    _restarting = False  # the table restarts after the game switch of the start-up
    fed_ms = 0  # chip time when the latest input line was all inside the chip
    frame_ms = 0  # chip time the latest LED frame ended
    world_ms = 0  # chip time of the latest I2C request when the latest world command ran

    def _note(self, text):
        """A line for the person running the sim (the UI's stderr file, else stderr)."""
        out = self.stderr if self.stderr is not None else sys.stderr.buffer
        try:
            out.write(("arkham-table sim: %s\n" % text).encode())
            out.flush()
        except (OSError, ValueError):
            pass

    def _decode_frame(self, wire: bytes) -> dict:
        """WS2812 wire bytes (the strip's colour order) -> {spot: [r, g, b]} for lit spots."""
        ro, go, bo = (self.board.order.index(c) for c in "RGB")
        out = {}
        for sp in self.board.spots:
            if sp.leds:
                j = 3 * sp.leds[0]
                if j + 3 <= len(wire):
                    rgb = [wire[j + ro], wire[j + go], wire[j + bo]]
                    if any(rgb):
                        out[sp.name] = rgb
        return out

    def _shutdown_firmware(self):
        for answer, _ in list(self._chip_waiters):
            answer({"ok": False, "err": "the emulated table stopped"})
        self._chip_waiters.clear()
        if self.proc.poll() is None:
            try:
                os.set_blocking(self.proc.stdin.fileno(), True)
                self.proc.stdin.write(bytes(self._to_fw) + _frame("J", b'{"do":"quit"}'))
                self.proc.stdin.close()
            except (OSError, ValueError):
                pass
            self._to_fw.clear()
        # Sim's shutdown answers what is pending, closes clients and reaps the process; its
        # quit line for the unix port goes nowhere (stdin is closed)
        Sim._shutdown_firmware(self)


