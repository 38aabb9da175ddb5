"""A table at the other end of a serial URL: protocol v1 lines out, JSON lines in.

One reader thread per link sorts what arrives into tagged replies and numbered events, and hands
every line (both ways) to a recorder, so the console, the logger, the HIL fixture and the bench
all see the wire the same way. URLs go through pyserial's `serial_for_url`: `/dev/ttyACM0`, a
sim's pty path, `loop://` all work.
"""

from __future__ import annotations

import json
import threading
import time

import serial

BAUD = 115200  # ignored by USB CDC and ptys, needed by real UARTs
MAX_LINE = 512
RESTART_TIMEOUT = 60.0  # s for a table to come back after it said it restarts (a Pico: ~1.2 s;
# the emulated RP2040 on a busy CI machine: its boot's imports take far longer)


class LinkClosed(Exception):
    """The port went away (unplugged table, stopped sim)."""


class Timeout(AssertionError):
    """No matching reply/event in time (an AssertionError, so pytest shows it as a failure)."""


def parse(text: str):
    """The JSON object of a table line, or None for anything else (boot noise, tracebacks)."""
    text = text.strip()
    if not text.startswith("{"):
        return None
    try:
        obj = json.loads(text)
    except ValueError:
        return None
    return obj if isinstance(obj, dict) else None


class Link:
    def __init__(self, url: str, recorder=None, on_line=None, keep=2000):
        """recorder(direction, text): ">" host->table, "<" table->host, "!" link notes.
        on_line(text, obj): called from the reader thread for every line from the table."""
        self.url = url
        self.recorder = recorder
        self.on_line = on_line
        self.keep = keep
        self.cond = threading.Condition()
        self.lines = []  # (time, text, obj) recent lines from the table
        self.events = []  # event dicts in arrival order
        self.cursor = 0  # expect() consumes events from here
        self.replies = {}  # tag text -> reply dict
        self._reply_at = {}  # tag text -> events before that reply (counted from the first)
        self.reply_at = 0  # that count for the reply reply() returned last
        self._dropped = 0  # events dropped from the front of self.events so far
        self.untagged = []  # replies with "re": null (errors for lines without a tag, drops)
        self.last_seq = None
        self.hello = None
        self.closed = False
        self.error = None
        self._tag = 0
        self._write_lock = threading.Lock()
        from arkham_host.wire.portlock import open_serial  # PortBusy when another program holds it

        self.port = open_serial(url, baudrate=BAUD, timeout=0.1, write_timeout=5)
        self._note("open %s" % url)
        self._thread = threading.Thread(target=self._read, name="link-reader", daemon=True)
        self._thread.start()

    # ---- output -----------------------------------------------------------------------------
    def write(self, data: bytes | str):
        """Send raw bytes or text as is (the caller adds the newline)."""
        if isinstance(data, str):
            data = data.encode("ascii", "replace")
        if self.closed:
            raise LinkClosed(self.error or "link closed")
        with self._write_lock:
            if self.recorder:
                self.recorder(">", data.decode("ascii", "backslashreplace"))
            try:
                self.port.write(data)
                self.port.flush()
            except (serial.SerialException, OSError) as e:
                self._lost(e)
                raise LinkClosed(str(e)) from e

    def next_tag(self) -> int:
        with self.cond:
            self._tag += 1
            return self._tag

    def request(self, command: str, timeout: float = 5.0) -> dict:
        """Send `#n command`, return the reply dict whose `re` is n. A reply that says the
        table restarts (`"restart": true`: a Pico after a game switch) returns once the table
        is back: its boot's `hello` event has come (RESTART_TIMEOUT at most)."""
        tag = self.next_tag()
        self.write("#%d %s\n" % (tag, command))
        return self.settle(self.reply(tag, timeout, command))

    def settle(self, reply: dict) -> dict:
        """The reply reply() just returned, once the table is back if it said it restarts
        (`"restart": true`): its boot's `hello` has come (wait_restart)."""
        if reply.get("restart"):
            self.wait_restart(self.reply_at)
        return reply

    def wait_restart(self, start: int, timeout: float = 0.0) -> dict:
        """The `hello` event of the table's next boot: the first one among the events from
        `start` (counted from the link's first event: reply_at, where the reply that said so
        came; every event from before the restart came before that reply). expect()'s cursor
        stays where it is."""
        timeout = timeout or RESTART_TIMEOUT
        with self.cond:
            i = self._first(lambda ev: ev.get("ev") == "hello", start, timeout)
            if i is not None:
                return self.events[i]
        raise Timeout("the table said it restarts; no `hello` from its next boot within %.0f s%s"
                      % (timeout, self.recent_text()))

    def _first(self, fits, start: int, timeout: float):
        """The index in self.events of the first event from `start` (counted from the link's
        first event) for which fits(ev), waiting up to `timeout` s for it; None. The caller
        holds self.cond (a re-entrant lock: the wait releases it)."""
        deadline = time.monotonic() + timeout
        while True:
            for i in range(max(0, start - self._dropped), len(self.events)):
                if fits(self.events[i]):
                    return i
            left = deadline - time.monotonic()
            if left <= 0 or self.closed:
                return None
            self.cond.wait(left)

    def reply(self, tag, timeout: float = 5.0, what: str = "") -> dict:
        """The reply whose `re` is tag; reply_at then says how many events had come before
        it (counted from the link's first event)."""
        key = str(tag)
        with self.cond:
            ok = self.cond.wait_for(lambda: key in self.replies or self.closed, timeout)
            if key in self.replies:
                self.reply_at = self._reply_at.pop(key, self._dropped + len(self.events))
                return self.replies.pop(key)
        if self.closed:
            raise LinkClosed("%s: link closed while waiting for #%s %s" % (self.url, tag, what))
        raise Timeout(
            "no reply to #%s %s within %.1f s%s"
            % (tag, what, timeout, "" if ok else self.recent_text())
        )

    # ---- input ------------------------------------------------------------------------------
    def expect(self, match, timeout: float = 3.0, **fields) -> dict:
        """The next event (after the last one expect() returned) matching `match` — an event
        name, a predicate on the event dict, or None for any — and every field=value given."""

        def fits(ev):
            if isinstance(match, str) and ev.get("ev") != match:
                return False
            if callable(match) and not match(ev):
                return False
            return all(ev.get(k) == v for k, v in fields.items())

        with self.cond:  # (re-entered by _first: the cursor is set before anything drops)
            i = self._first(fits, self._dropped + self.cursor, timeout)
            if i is not None:
                self.cursor = i + 1
                return self.events[i]
        want = match if isinstance(match, str) else getattr(match, "__name__", "a predicate")
        raise Timeout(
            "no event %s%s within %.1f s%s"
            % (
                want,
                "".join(" %s=%r" % kv for kv in sorted(fields.items())),
                timeout,
                self.recent_text(),
            )
        )

    def events_since_cursor(self) -> list:
        with self.cond:
            return list(self.events[self.cursor :])

    def skip_events(self):
        """Forget the events seen so far (expect() looks only at newer ones)."""
        with self.cond:
            self.cursor = len(self.events)

    def recent_text(self, n: int = 20) -> str:
        with self.cond:
            tail = self.lines[-n:]
        if not tail:
            return "\n(nothing received)"
        return "\nlast %d lines from the table:\n" % len(tail) + "\n".join(
            "  " + (t if len(t) <= 300 else t[:300] + "... (%d bytes)" % len(t)) for _, t, _ in tail
        )

    def close(self):
        if not self.closed:
            self.closed = True
            self._note("close")
            try:
                self.port.close()
            except (serial.SerialException, OSError):
                pass
        with self.cond:
            self.cond.notify_all()
        if threading.current_thread() is not self._thread:
            self._thread.join(1.0)

    # ---- reader thread ----------------------------------------------------------------------
    def _note(self, text):
        if self.recorder:
            self.recorder("!", text)

    def _lost(self, e):
        if not self.closed:
            self.error = "%s: %s" % (self.url, e)
            self._note("lost: %s" % e)
            self.closed = True
            try:
                self.port.close()  # (its lock goes with it: the port may come back)
            except (serial.SerialException, OSError):
                pass
            with self.cond:
                self.cond.notify_all()

    def _read(self):
        buf = bytearray()
        while not self.closed:
            try:
                data = self.port.read(self.port.in_waiting or 1)
            except (serial.SerialException, OSError, TypeError, AttributeError) as e:
                if not self.closed:
                    self._lost(e)
                return
            if not data:
                continue
            buf += data
            while True:
                end = buf.find(b"\n")
                if end < 0:
                    break
                raw = bytes(buf[:end]).rstrip(b"\r")
                del buf[: end + 1]
                self._line(raw.decode("utf-8", "backslashreplace"))
            if len(buf) > 64 * 1024:
                self._line(bytes(buf).decode("utf-8", "backslashreplace"))
                buf.clear()

    def _line(self, text):
        if self.recorder:
            self.recorder("<", text)
        obj = parse(text)
        with self.cond:
            self.lines.append((time.time(), text, obj))
            if len(self.lines) > self.keep:
                del self.lines[: len(self.lines) - self.keep]
            if obj is not None:
                if "seq" in obj and "ev" in obj:
                    self.events.append(obj)
                    self.last_seq = obj["seq"]
                    if len(self.events) > self.keep * 2 and self.cursor > self.keep:
                        drop = self.cursor - self.keep // 2
                        del self.events[:drop]
                        self._dropped += drop
                        self.cursor -= drop
                    elif len(self.events) > self.keep * 8:
                        # nobody consumes them (a console or log session reads lines through
                        # on_line): keep the newest, so a day-long session does not grow
                        drop = len(self.events) - self.keep * 4
                        del self.events[:drop]
                        self._dropped += drop
                        self.cursor = max(0, self.cursor - drop)
                elif "re" in obj or "ok" in obj:
                    hello = (
                        obj.get("hello")
                        if isinstance(obj.get("hello"), dict)
                        else (obj if "proto" in obj else None)
                    )
                    if hello is not None:
                        self.hello = hello
                        if isinstance(hello.get("seq"), int):
                            self.last_seq = (
                                hello["seq"]
                                if self.last_seq is None
                                else max(self.last_seq, hello["seq"])
                            )
                    if obj.get("re") is None:
                        self.untagged.append(obj)
                        if len(self.untagged) > self.keep:
                            del self.untagged[0]
                    else:
                        self.replies[str(obj["re"])] = obj
                        if obj.get("restart"):  # (the only replies wait_restart looks after)
                            self._reply_at[str(obj["re"])] = self._dropped + len(self.events)
            self.cond.notify_all()
        if self.on_line:
            self.on_line(text, obj)
