"""The emulated table's plumbing: the firmware in a subprocess, a pty for its serial port, a unix
socket for the world (hands and tokens), one relay thread in between.

    pty master  --(0x1E stripped)-->  firmware stdin   <--  "\\x1e<id> place pad_03\\n" (world)
    pty master  <--(plain lines)---   firmware stdout  -->  "\\x1e{...}": world replies, frames

A slow or absent serial reader never stalls the relay: lines for the pty wait in a bounded buffer
and are dropped (counted) when it is full. The world socket is documented in docs/world.md.
"""

from __future__ import annotations

import collections
import errno
import json
import os
import queue
import selectors
import socket
import subprocess
import threading
import time
import tty

from arkham_host.device import runtimes

RS = b"\x1e"  # ASCII record separator: starts a world line on the firmware's stdin/stdout
PTY_BUFFER_CAP = 64 * 1024  # bytes waiting for the serial reader before lines are dropped
LINE_CAP = 64 * 1024  # a firmware line longer than this is passed on in pieces
WORLD_LINE_CAP = 256
TO_FW_CAP = 16 * 1024  # serial input waiting for the firmware; beyond it lines are dropped
LINE_KEEP = 1024  # bytes of one serial line passed on (a command is at most 512)
# The emulator's heap (unix port). By default the firmware's code is mounted as a ROMFS image
# and runs in place (as on a Pico with ROMFS or frozen modules), and the heap is what is left for
# the running table: 256k on this 64-bit port is about what a 32-bit Pico (~190 KB free) gives,
# since every object here is about twice its Pico size (docs/design.md, "Memory"). With
# --from-source the code is compiled into the heap, which needs 512k.
SIM_HEAP = "256k"
SIM_HEAP_FROM_SOURCE = "512k"

# world verbs the firmware's world model answers (arkham/emu/world.py checks their arguments;
# anything else that is not LOCAL is forwarded too and refused there with the known list)
FORWARDED = (
    "place",
    "lift",
    "touch",
    "leds",
    "fail",
    "heal",
    "noise",
    "overlay",
    "hours",
    "stuck",
    "unstick",
)
# world verbs that set the table's physical side (set again after a firmware restart): the verb
# -> what it sets (one per token spot, chip, pad; one noise and overlay level); UNDO verbs clear it
PHYSICAL = {"place": "token", "lift": "token", "fail": "chip", "heal": "chip", "stuck": "short",
            "unstick": "short", "noise": "noise", "overlay": "overlay"}
UNDO = ("lift", "heal", "unstick")
# answered by the sim itself
LOCAL = {
    "tokens": "spots where the world has a token now",
    "stats": "relay counters (lines dropped because nobody read the serial port, restarts)",
    "help": "this list",
    "quit": "stop the emulated table",
}
HELP = {
    "place": "place SPOT: put a token on a pad",
    "lift": "lift SPOT: take the token (or hand) off",
    "touch": "touch SPOT [MS]: a hand on the pad for MS ms (default 300; 0 = until lift)",
    "leds": "spot -> [r, g, b] as lit now",
    "fail": "fail CHIP: that MPR121 stops answering (I2C errors)",
    "heal": "heal CHIP: it answers again",
    "noise": "noise N: random jitter of N counts on filtered data",
    "overlay": "overlay N: weaker touch delta (a thick overlay)",
    "hours": "hours H: advance the chip model's clock (baseline tracking)",
    "stuck": "stuck SPOT: short that electrode (a stuck pad)",
    "unstick": "unstick SPOT: clear the short",
}
HELP.update(LOCAL)


def firmware_script() -> str:
    return str(runtimes.FIRMWARE_DIR / "emulator.py")


class _Client:
    def __init__(self, sock):
        self.sock = sock
        self.inbuf = bytearray()
        self.out = bytearray()
        self.slots = collections.deque()  # replies in request order: [text or None]
        self.closing = False


class Sim:
    """One emulated table. start() returns once the pty and the socket exist."""

    def __init__(
        self,
        board_path,
        game="bringup",
        state_dir=None,
        runtime="micropython",
        emulator=None,
        heap=SIM_HEAP,
        rom=True,
        socket_path=None,
        stderr=None,
        on_frame=None,
        on_serial=None,
        on_exit=None,
    ):
        self.board_path = str(board_path)
        self.game = game
        self.state_dir = str(state_dir) if state_dir else None
        self.runtime = runtime
        self.emulator = emulator or firmware_script()
        self.heap = heap
        self.rom = rom and runtime == "micropython"
        self.socket_path = socket_path
        self.stderr = stderr  # None: inherit; else a file object for the firmware's stderr
        self.on_frame = on_frame  # called (from the relay thread) after a new frame
        self.on_serial = on_serial  # called with each plain line the firmware prints
        self.on_exit = on_exit
        self.frame = {}  # spot -> [r, g, b] of the last frame the firmware transmitted
        self.tokens = set()
        self.dropped_lines = 0
        self.dropped_input = 0  # serial input bytes dropped (a flood the firmware cannot take)
        self._dropping_input = False  # dropping up to the next newline
        self._in_line = 0  # bytes of the current serial line passed on
        self.serial_path = None
        self.world_path = None
        self.returncode = None
        self.proc = None
        self._calls = queue.Queue()
        self._stop = False
        self._pending = {}  # world id -> (verb, arg, callback)
        self._next_id = 1
        self._to_pty = bytearray()
        self._to_fw = bytearray()
        self._from_fw = bytearray()
        self._clients = {}
        self._thread = None
        self._restart_due = False  # the firmware's reply said it restarts (a game switch)
        self.restarts = 0
        # the world's physical settings, replayed into the firmware after a restart (tokens stay
        # on their pads, a failed chip stays failed): key -> world line, in the order they came
        self._physical = {}

    # ---- life cycle -------------------------------------------------------------------------
    def start(self):
        self._spawn()
        self._open_ports()
        self._thread = threading.Thread(target=self._loop, name="sim-relay", daemon=True)
        self._thread.start()
        return self

    def _spawn(self, resume=False):
        """Start the firmware process (self.proc, its stdin/stdout are the relay's pipes).
        resume: after a restart, the saved game (no --game)."""
        args = ["--board", self.board_path]
        if self.game and not resume:  # (none: the saved game, else bringup)
            args += ["--game", self.game]
        if self.state_dir:
            os.makedirs(self.state_dir, exist_ok=True)
            # a switch to another game restarts the program, as on a Pico: its process ends
            # once the new game is saved, and the relay starts it again (_restart)
            args += ["--state", self.state_dir, "--restart", "1"]
        argv, env = runtimes.command(
            self.runtime, self.emulator, *args, heap=self.heap, rom=self.rom
        )
        self.proc = subprocess.Popen(
            argv,
            env=env,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=self.stderr,
            bufsize=0,
            cwd=str(runtimes.FIRMWARE_DIR),
        )

    def _open_ports(self):
        """The pty (the serial port users attach to) and the world socket."""
        self._master, self._slave = os.openpty()
        tty.setraw(self._slave)  # no echo, no line editing, 0x03 is a byte like any other
        os.set_blocking(self._master, False)
        self.serial_path = os.ttyname(self._slave)
        from arkham_host.wire.portlock import StaleExclusive

        # a console killed while it held the port exclusive must not lock it for good
        self._stale_lock = StaleExclusive(self._slave, self.serial_path)
        self._stale_due = 0.0
        os.set_blocking(self.proc.stdin.fileno(), False)
        os.set_blocking(self.proc.stdout.fileno(), False)
        if self.socket_path is None:
            from arkham_host.wire import registry

            self.socket_path = str(registry.runtime_dir() / ("sim-%d.sock" % os.getpid()))
        try:
            os.unlink(self.socket_path)
        except FileNotFoundError:
            pass
        self._listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self._listener.bind(self.socket_path)
        self._listener.listen(8)
        self._listener.setblocking(False)
        self.world_path = self.socket_path
        self._wake_r, self._wake_w = os.pipe()
        os.set_blocking(self._wake_r, False)

    def stop(self, timeout=2.0):
        """Ask the firmware to quit, then make sure it is gone; close everything."""
        self._stop = True
        self._wake()
        if self._thread is not None:
            self._thread.join(timeout)
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(1.0)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        if self.proc is not None:
            self.returncode = self.proc.returncode
        self._close_fds()

    def wait(self):
        """Block until the relay ends (firmware exit, `quit`, or stop())."""
        while self._thread.is_alive():
            self._thread.join(0.5)
        return self.returncode

    @property
    def running(self):
        return self._thread is not None and self._thread.is_alive()

    # ---- the world, from another thread --------------------------------------------------------
    def world(self, line: str, timeout: float = 5.0):
        """Send one world command, return its reply (the same JSON value the socket answers)."""
        done = threading.Event()
        box = []

        def answer(obj):
            box.append(obj)
            done.set()

        self._calls.put((line, answer))
        self._wake()
        if not done.wait(timeout):
            return {"ok": False, "err": "no answer from the emulated table in %.1f s" % timeout}
        return box[0]

    def _wake(self):
        try:
            os.write(self._wake_w, b"x")
        except (OSError, AttributeError, TypeError):  # (closed: stop() twice)
            pass

    # ---- requests ----------------------------------------------------------------------------
    def _request(self, line: str, answer):
        words = line.split()
        if not words:
            return answer({"ok": False, "err": "empty world command; try help"})
        verb, args = words[0], words[1:]
        if len(line) > WORLD_LINE_CAP or any(ord(c) < 32 or ord(c) > 126 for c in line.strip()):
            return answer(
                {
                    "ok": False,
                    "err": "world commands are printable ASCII, <= %d bytes" % WORLD_LINE_CAP,
                }
            )
        if verb in LOCAL:
            if args:
                return answer({"ok": False, "err": "%s takes no arguments" % verb})
            if verb == "tokens":
                return answer({"ok": True, "tokens": sorted(self.tokens)})
            if verb == "stats":
                return answer(
                    {
                        "ok": True,
                        "dropped_lines": self.dropped_lines,
                        "dropped_input": self.dropped_input,
                        "pty_buffered": len(self._to_pty),
                        "restarts": self.restarts,
                    }
                )
            if verb == "help":
                return answer({"ok": True, "help": HELP})
            answer({"ok": True})
            self._stop = True
            return None
        if self.proc is None or self.returncode is not None:
            return answer({"ok": False, "err": "the emulated table is not running"})
        wid = self._next_id
        self._next_id += 1
        self._pending[wid] = (verb, args, answer)
        self._to_fw += RS + ("%d %s\n" % (wid, " ".join(words))).encode()
        return None

    def _world_reply(self, obj):
        wid = obj.pop("wid", None)
        item = self._pending.pop(wid, None)
        if item is None:
            return
        verb, args, answer = item
        if obj.get("ok"):
            if verb == "place":
                self.tokens.add(args[0])
            elif verb == "lift":
                self.tokens.discard(args[0])
            self._remember(verb, args)
            if verb == "leds":  # the socket answers `leds` with the mapping itself
                obj = obj.get("leds", {})
        answer(obj)

    def _remember(self, verb, args):
        """Keep the world's physical settings for a restart (_restart): the last of each."""
        key = PHYSICAL.get(verb)
        if key is None:
            return
        if args and key not in ("noise", "overlay"):
            key = (key, args[0])  # (one per spot or chip)
        self._physical.pop(key, None)
        if verb not in UNDO:
            self._physical[key] = " ".join([verb] + list(args))

    # ---- the relay ---------------------------------------------------------------------------
    def _loop(self):
        sel = selectors.DefaultSelector()
        fw_out = self.proc.stdout.fileno()
        fw_in = self.proc.stdin.fileno()
        sel.register(fw_out, selectors.EVENT_READ, "fw_out")
        sel.register(self._listener, selectors.EVENT_READ, "listen")
        sel.register(self._wake_r, selectors.EVENT_READ, "wake")
        wants = {}

        def want(fileobj, events, data):
            if wants.get(fileobj) == events:
                return
            if events == 0:
                sel.unregister(fileobj)
                del wants[fileobj]
            elif fileobj in wants:
                sel.modify(fileobj, events, data)
                wants[fileobj] = events
            else:
                sel.register(fileobj, events, data)
                wants[fileobj] = events

        try:
            while not self._stop:
                want(
                    self._master,
                    selectors.EVENT_READ | (selectors.EVENT_WRITE if self._to_pty else 0),
                    "pty",
                )
                if self._to_fw:
                    want(fw_in, selectors.EVENT_WRITE, "fw_in")
                elif fw_in in wants:
                    want(fw_in, 0, None)
                for c in list(self._clients.values()):
                    want(c.sock, selectors.EVENT_READ | (selectors.EVENT_WRITE if c.out else 0), c)
                for key, events in sel.select(1.0):
                    tag = key.data
                    if tag == "pty":
                        if events & selectors.EVENT_READ:
                            self._read_pty()
                        if events & selectors.EVENT_WRITE:
                            self._write_pty()
                    elif tag == "fw_out":
                        if self._read_fw(fw_out):
                            continue
                        if not self._restart_due or self._stop:
                            self._stop = True
                            continue
                        sel.unregister(fw_out)
                        if fw_in in wants:
                            want(fw_in, 0, None)
                        self._restart()
                        fw_out = self.proc.stdout.fileno()
                        fw_in = self.proc.stdin.fileno()
                        sel.register(fw_out, selectors.EVENT_READ, "fw_out")
                        break  # (the rest of this select's events are the old process's)
                    elif tag == "fw_in":
                        self._write_fw(fw_in)
                    elif tag == "listen":
                        self._accept()
                    elif tag == "wake":
                        try:
                            os.read(self._wake_r, 4096)
                        except BlockingIOError:
                            pass
                    elif isinstance(tag, _Client):
                        if events & selectors.EVENT_READ:
                            self._read_client(tag)
                        if events & selectors.EVENT_WRITE:
                            self._write_client(tag)
                        if tag.closing and not tag.out:
                            want(tag.sock, 0, None)
                            self._drop_client(tag)
                while not self._calls.empty():
                    line, answer = self._calls.get_nowait()
                    self._request(line, answer)
                if time.monotonic() >= self._stale_due:
                    self._stale_due = time.monotonic() + 1.0
                    self._stale_lock.poll()
        finally:
            sel.close()
            self._shutdown_firmware()

    def _restart(self):
        """The firmware said it restarts (its reply to a switch to another game) and its process
        ended: a new one boots and resumes the saved game, as a Pico's boot does. The world is the
        table's physical side and outlives the program: each token, failed chip or stuck pad is
        set again in the new one (before its pads are compared with the game, 500 ms on)."""
        self._restart_due = False
        old = self.proc
        try:
            old.wait(5.0)
        except subprocess.TimeoutExpired:
            old.kill()
            old.wait()
        for f in (old.stdin, old.stdout):
            try:
                f.close()
            except OSError:
                pass
        self._fail_pending("the emulated table restarted")
        self._to_fw.clear()
        self._from_fw.clear()
        self._spawn(resume=True)
        os.set_blocking(self.proc.stdin.fileno(), False)
        os.set_blocking(self.proc.stdout.fileno(), False)
        self.restarts += 1
        for line in list(self._physical.values()):
            self._request(line, lambda obj: None)

    def _fail_pending(self, err):
        """Answer every world request the firmware will not answer now."""
        for wid in list(self._pending):
            self._pending.pop(wid)[2]({"ok": False, "err": err})

    def _shutdown_firmware(self):
        self._fail_pending("the emulated table stopped")
        while not self._calls.empty():
            self._calls.get_nowait()[1]({"ok": False, "err": "the emulated table stopped"})
        for c in list(self._clients.values()):
            try:
                c.sock.setblocking(True)
                c.sock.settimeout(0.2)
                c.sock.sendall(bytes(c.out))
            except OSError:
                pass
            self._drop_client(c)
        if self.proc.poll() is None:
            try:
                os.set_blocking(self.proc.stdin.fileno(), True)
                self.proc.stdin.write(RS + b"0 quit\n")
                self.proc.stdin.close()
            except (OSError, ValueError):
                pass
            try:
                self.proc.wait(1.0)
            except subprocess.TimeoutExpired:
                self.proc.terminate()
                try:
                    self.proc.wait(1.0)
                except subprocess.TimeoutExpired:
                    self.proc.kill()
                    self.proc.wait()
        self.returncode = self.proc.returncode
        if self.on_exit:
            self.on_exit(self.returncode)

    def _close_fds(self):
        for fd in ("_master", "_slave", "_wake_r", "_wake_w"):
            v = getattr(self, fd, None)
            if v is not None:
                try:
                    os.close(v)
                except OSError:
                    pass
                setattr(self, fd, None)
        if getattr(self, "_listener", None) is not None:
            self._listener.close()
            self._listener = None
            try:
                os.unlink(self.socket_path)
            except OSError:
                pass
        for f in (self.proc.stdin, self.proc.stdout) if self.proc else ():
            try:
                f.close()
            except OSError:
                pass

    def _read_pty(self):
        try:
            data = os.read(self._master, 4096)
        except BlockingIOError:
            return
        except OSError as e:  # EIO: no slave side (cannot happen while we hold the slave)
            if e.errno != errno.EIO:
                raise
            return
        # 0x1E is ours: whatever a user sends, it never reaches the firmware as a world line
        self._take_input(data.replace(RS, b""))

    def _take_input(self, data):
        """Bounded serial input (unbounded, a 5 MB write keeps `hello` waiting half a minute). A
        line can be at most 512 bytes: past LINE_KEEP bytes the rest of it is dropped (the
        firmware still refuses it as too long, with its tag); past TO_FW_CAP bytes waiting, whole
        lines are dropped (a flood: the firmware would drop them too). Dropped bytes are counted."""
        start = 0
        n = len(data)
        while start < n:
            nl = data.find(b"\n", start)
            end = n if nl < 0 else nl
            body = end - start
            if self._dropping_input:
                self.dropped_input += body + (nl >= 0)
                if nl >= 0:
                    self._dropping_input = False
                start = end + 1
                continue
            keep = min(body, max(0, LINE_KEEP - self._in_line))
            if len(self._to_fw) + keep + 1 > TO_FW_CAP:
                # no room: drop this line (end what was passed of it, so nothing is glued)
                self.dropped_input += body + (nl >= 0)
                if self._in_line:
                    self._to_fw += b"\n"
                    self._in_line = 0
                self._dropping_input = nl < 0
                start = end + 1
                continue
            self._to_fw += data[start : start + keep]
            self.dropped_input += body - keep
            self._in_line += keep
            if nl >= 0:
                self._to_fw += b"\n"
                self._in_line = 0
            start = end + 1

    def _write_pty(self):
        try:
            n = os.write(self._master, self._to_pty)
        except BlockingIOError:
            return
        del self._to_pty[:n]

    def _write_fw(self, fd):
        try:
            n = os.write(fd, self._to_fw)
        except BlockingIOError:
            return
        except (BrokenPipeError, OSError):
            self._to_fw.clear()
            return
        del self._to_fw[:n]

    def _read_fw(self, fd) -> bool:
        try:
            data = os.read(fd, 65536)
        except BlockingIOError:
            return True
        if not data:
            if self._from_fw:
                self._fw_line(bytes(self._from_fw) + b"\n")
                self._from_fw.clear()
            return False
        self._from_fw += data
        start = 0
        while True:
            end = self._from_fw.find(b"\n", start)
            if end < 0:
                break
            self._fw_line(bytes(self._from_fw[start : end + 1]))
            start = end + 1
        del self._from_fw[:start]
        if len(self._from_fw) > LINE_CAP:
            self._fw_line(bytes(self._from_fw))
            self._from_fw.clear()
        return True

    def _fw_line(self, line: bytes):
        if line.startswith(RS):
            try:
                obj = json.loads(line[1:])
            except ValueError:
                return
            if not isinstance(obj, dict):
                return
            if "wid" in obj:
                self._world_reply(obj)
            elif "frame" in obj:
                self.frame = obj["frame"] or {}
                if self.on_frame:
                    self.on_frame()
            return
        if self._restart_due and line.startswith(b'{"re":'):
            self._restart_due = False  # (it answered another line: the restart did not come,
            # e.g. its save failed; a table that cannot save keeps running)
        if b'"restart"' in line and line.startswith(b"{"):
            try:
                obj = json.loads(line)
            except ValueError:
                obj = None
            if isinstance(obj, dict) and obj.get("restart") is True and "re" in obj:
                self._restart_due = True  # (its process ends once the line is out: _loop)
        if self.on_serial:
            self.on_serial(line)
        if len(self._to_pty) + len(line) > PTY_BUFFER_CAP:
            self.dropped_lines += 1  # nobody is reading the serial port: drop, never block
            return
        self._to_pty += line
        self._write_pty()

    def _accept(self):
        try:
            sock, _ = self._listener.accept()
        except BlockingIOError:
            return
        sock.setblocking(False)
        self._clients[sock.fileno()] = _Client(sock)

    def _drop_client(self, c):
        self._clients.pop(c.sock.fileno(), None)
        try:
            c.sock.close()
        except OSError:
            pass

    def _read_client(self, c):
        try:
            data = c.sock.recv(4096)
        except BlockingIOError:
            return
        except OSError:
            data = b""
        if not data:
            c.closing = True
            return
        c.inbuf += data
        while True:
            end = c.inbuf.find(b"\n")
            if end < 0:
                if len(c.inbuf) > WORLD_LINE_CAP * 4:
                    c.inbuf.clear()
                    self._client_line(c, "\x00")  # answered with one error
                break
            raw = bytes(c.inbuf[:end])
            del c.inbuf[: end + 1]
            self._client_line(c, raw.decode("ascii", "replace").strip("\r"))

    def _client_line(self, c, line):
        slot = [None]
        c.slots.append(slot)

        def answer(obj):
            slot[0] = json.dumps(obj, sort_keys=True) + "\n"
            while c.slots and c.slots[0][0] is not None:
                c.out += c.slots.popleft()[0].encode()

        self._request(line, answer)

    def _write_client(self, c):
        try:
            n = c.sock.send(c.out)
        except BlockingIOError:
            return
        except OSError:
            c.out.clear()
            c.closing = True
            return
        del c.out[:n]
