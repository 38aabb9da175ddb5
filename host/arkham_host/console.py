"""`arkham-table console`: talk to a table by hand — history, tab completion from `help`, events
pretty-printed as they come, `board` drawn from `dump`, and automatic reconnection that resyncs
with `since <last seq>` (or `dump` when the table no longer holds those events).
"""

from __future__ import annotations

import json
import os
import sys
import threading
import time

HELP = "interactive console to a table (history, completion, pretty events, board, reconnect)"

LOCAL = {
    "board": "draw the board from `dump` (`board json` sends the verb itself)",
    "quit": "leave the console (also Ctrl-D)",
    "show": "show the last private reply (Arkham Ritual's `look`) when only its seat sees the screen",
}


class PrivateReplies:
    """Arkham Ritual (AR-INFO-1): a reply carrying "private": SEAT is for that seat's eyes only.
    The shared console never prints it as it comes: it says whose it is and keeps it until the
    player alone at the screen types `show`."""

    def __init__(self):
        self.kept = None

    def screen(self, text, obj):
        """The line to print for a table line: the line itself, or a notice for a private one."""
        if obj is not None and "re" in obj and obj.get("private") is not None:
            self.kept = (text, obj)
            seat = obj["private"]
            return (
                "-- a private reply for seat %s is hidden: when only seat %s can see this "
                "screen, type `show`" % (seat, seat)
            )
        return None

    def show(self):
        kept, self.kept = self.kept, None
        return kept


def add_arguments(p):
    p.add_argument("port", nargs="?", help="serial port or URL (default: the only table)")
    p.add_argument("--log", metavar="FILE.jsonl", help="also record the wire (like `log -o`)")
    p.add_argument("--raw", action="store_true", help="print the table's lines as they are")


def run(args) -> int:
    return run_session(args.port, log=args.log, raw=args.raw)


# ---- pretty printing --------------------------------------------------------------------------
def _c(code, text, on):
    return "\x1b[%sm%s\x1b[0m" % (code, text) if on else text


def _value(v):
    if isinstance(v, (dict, list)):
        text = json.dumps(v, sort_keys=True, separators=(",", ":"))
        return text if len(text) <= 200 else text[:197] + "..."
    if v is True:
        return "true"
    if v is False:
        return "false"
    return str(v)


def pretty(text, obj, colour=False) -> str:
    """One table line for a person: events as `#12 pad spot=pad_05 present=true`, replies as
    `ok key=value ...` or `error: ...`; anything that is not JSON as it is."""
    if obj is None:
        return _c("2", text, colour)
    if "ev" in obj and "seq" in obj:
        rest = " ".join(
            "%s=%s" % (k, _value(obj[k])) for k in sorted(obj) if k not in ("ev", "seq")
        )
        return "%s %s %s" % (
            _c("2", "#%s" % obj["seq"], colour),
            _c("36;1", obj["ev"], colour),
            rest,
        )
    if obj.get("ok") is False:
        return _c("31;1", "error: %s" % obj.get("err"), colour)
    rest = " ".join("%s=%s" % (k, _value(obj[k])) for k in sorted(obj) if k not in ("ok", "re"))
    return "%s %s" % (_c("32", "ok", colour), rest)


def board_lines(link, colour=True, width=100):
    """The board drawn from the table's own `board` map and `dump` (lit spots, present pads)."""
    from arkham_host import boardfile, boardview

    reply = link.request("board")
    if not reply.get("ok"):
        return ["error: %s" % reply.get("err")]
    board = boardfile.Board(reply["board"])
    state = link.request("dump")
    if not state.get("ok"):
        return ["error: %s" % state.get("err")]
    faulty_chips = {
        str(f.get("chip", "")).upper() for f in state.get("faults", []) if isinstance(f, dict)
    }
    faults = [s.name for s in board.spots if s.chip and str(s.chip).upper() in faulty_chips]
    mode = boardview.colour_mode() if colour else "plain"
    lines = boardview.render(
        board, state.get("lit") or {}, state.get("present") or [], None, mode, width, faults
    )
    head = "board %s  game %s  seq %s" % (board.name, state.get("game"), state.get("seq"))
    return [head] + lines


# ---- the session ------------------------------------------------------------------------------
class Session:
    """A link that comes back: reopens the port after it is lost and resyncs events."""

    def __init__(self, port, recorder=None, show=None):
        self.port = port
        self.recorder = recorder
        self.show = show or (lambda text: print(text))
        self.link = None
        self.verbs = sorted(LOCAL)
        self.spots = []
        self.chips = []
        self.stopping = False
        self.last_seq = None
        self.user_tags = set()
        self.emulated_board = None  # board name when the port is a running sim's

    def connect(self, first=False):
        from arkham_host.link import Link

        old = self.link
        self.link = Link(self.port, recorder=self.recorder, on_line=self._on_line)
        if old is not None:
            # tags keep counting across links: a reply to the console's own request must never
            # carry a tag the user once typed (it would be shown as the user's reply)
            self.link._tag = old._tag
        hello = self.link.request("hello", timeout=10)
        if hello.get("emulated"):
            self.emulated_board = hello.get("board")
        if first and self.recorder is not None and self.recorder.file is None:
            self.recorder.start_file(hello.get("game"))
        if self.last_seq is not None:
            self.resync()
        self.last_seq = hello.get("seq") if self.last_seq is None else self.last_seq
        self._learn()
        return hello

    def _learn(self):
        """Verbs and spot names for completion."""
        try:
            reply = self.link.request("help")
            verbs = set(LOCAL)
            for key in ("core", "verbs"):
                if isinstance(reply.get(key), dict):
                    verbs.update(reply[key])
            self.verbs = sorted(verbs)
            board = self.link.request("board")
            if board.get("ok"):
                spots = board["board"]["spots"]
                self.spots = sorted(s["name"] for s in spots)
                self.chips = sorted({s["pad"][0] for s in spots if s.get("pad")})
        except Exception:
            pass

    def resync(self):
        """After a reconnect: the events missed, or the whole state when they are gone."""
        reply = self.link.request("since %d" % self.last_seq)
        if reply.get("ok"):
            self.show("-- resynced: events %s..%s" % (reply.get("from"), reply.get("to")))
            return
        self.show("-- %s" % reply.get("err"))
        state = self.link.request("dump")
        self.last_seq = state.get("seq", self.last_seq)
        self.show(pretty("", state))

    def _on_line(self, text, obj):
        if obj is not None and "seq" in obj and "ev" in obj:
            self.last_seq = obj["seq"]
        elif obj is not None and obj.get("re") is not None and obj["re"] not in self.user_tags:
            return  # the console's own requests (hello, help, board...): not shown
        if self.printer:
            self.printer(text, obj)

    printer = None

    def watch(self):
        """Background: when the link drops, reopen it every half second and resync."""
        while not self.stopping:
            time.sleep(0.2)
            if self.link is None or not self.link.closed or self.stopping:
                continue
            self.show("-- link lost (%s); reconnecting..." % (self.link.error or "closed"))
            while not self.stopping:
                try:
                    self.connect()
                    self.show("-- reconnected to %s" % self.port)
                    break
                except Exception:
                    self.port = self._replacement() or self.port
                    time.sleep(0.5)

    def _replacement(self):
        """A restarted sim has a new pty: follow the one running emulated table of the same
        board when the old port was an emulator's."""
        from arkham_host import ports

        if self.emulated_board is None or os.path.exists(self.port):
            return None
        same = [e for e in ports.emulators() if e.get("board") == self.emulated_board]
        return same[0]["serial"] if len(same) == 1 else None

    def send(self, line, timeout=10.0):
        """A command the user typed: its reply is shown (the console's own are not)."""
        tag = self.link.next_tag()
        self.user_tags.add(tag)
        self.link.write("#%d %s\n" % (tag, line))
        return self.link.reply(tag, timeout, line)

    def close(self):
        self.stopping = True
        if self.link is not None:
            self.link.close()


def _readline_setup(session):
    try:
        import readline
    except ImportError:
        return None
    from arkham_host import registry

    hist = registry.state_home() / "console_history"
    try:
        hist.parent.mkdir(parents=True, exist_ok=True)
        readline.read_history_file(hist)
    except OSError:
        pass
    readline.set_history_length(2000)

    def complete(text, state):
        buf = readline.get_line_buffer().lstrip()
        first = buf.split(" ", 1)[0].lstrip("#0123456789 ")
        if " " not in buf or first == "help":
            words = session.verbs
        else:
            words = session.spots + session.chips
        options = [w for w in words if w.startswith(text)]
        return options[state] if state < len(options) else None

    readline.set_completer(complete)
    readline.set_completer_delims(" ")
    readline.parse_and_bind("tab: complete")
    return readline, hist


def run_session(port=None, log=None, echo=True, raw=False, title="console", keep=False) -> int:
    from arkham_host import ports

    port = port or ports.default_port()
    interactive = sys.stdin.isatty() and sys.stdout.isatty()
    colour = interactive and os.environ.get("NO_COLOR") is None
    recorder = None
    if log:
        from arkham_host.logger import Recorder

        recorder = Recorder(log, port)
    rl = None
    prompt = "table> " if interactive else ""
    out_lock = threading.Lock()

    reading = [False]  # inside input(): a line from the reader thread must redraw the prompt

    def show(text):
        with out_lock:
            if rl is not None and reading[0]:
                buf = rl[0].get_line_buffer()
                sys.stdout.write("\r\x1b[K%s\n%s%s" % (text, prompt, buf))
            else:
                sys.stdout.write(text + "\n")
            sys.stdout.flush()

    session = Session(port, recorder, show)
    private = PrivateReplies()

    def printer(text, obj):
        notice = private.screen(text, obj)
        if notice is not None:
            show(notice)
        else:
            show(text if raw else pretty(text, obj, colour))

    if echo:
        session.printer = printer
    try:
        hello = session.connect(first=True)
    except Exception as e:
        print("%s: cannot talk to %s: %s" % (title, port, e), file=sys.stderr)
        return 1
    if recorder is not None:
        show("-- recording to %s" % recorder.files[-1])
    if interactive:
        rl = _readline_setup(session)
        show(
            "-- %s on %s: %s, game %s (tab completes, `help`, `board`, Ctrl-D leaves)"
            % (title, port, hello.get("board"), hello.get("game"))
        )
    threading.Thread(target=session.watch, daemon=True).start()
    try:
        while True:
            try:
                reading[0] = True
                line = input(prompt) if interactive else sys.stdin.readline()
            except EOFError:
                break
            finally:
                reading[0] = False
            if not interactive and not line:
                break
            line = line.strip()
            if not line:
                continue
            if line in ("quit", "exit"):
                break
            if line == "show":
                kept = private.show()
                show("-- no private reply waiting" if kept is None else pretty(*kept, colour))
                continue
            if session.link is None or session.link.closed:
                show("-- not connected; waiting for the table")
                continue
            try:
                if line == "board":
                    for text in board_lines(session.link, colour):
                        show(text)
                    continue
                if line == "board json":
                    line = "board"
                session.send(line)
            except Exception as e:
                show("-- %s" % e)
        if keep:
            while not session.stopping:  # input ended: keep recording until Ctrl-C
                time.sleep(0.5)
    except KeyboardInterrupt:
        pass
    finally:
        session.close()
        if recorder is not None:
            recorder.close()
        if rl is not None:
            try:
                rl[0].write_history_file(rl[1])
            except OSError:
                pass
    return 0
