"""`arkham-table console`: talk to a table by hand — history, tab completion from `help`, events
pretty-printed as they come, `board` drawn from `dump`, and automatic reconnection that resyncs
with `since <last seq>` (or `dump` when the table no longer holds those events).
"""

from __future__ import annotations

import contextlib
import json
import os
import sys
import threading
import time

HELP = "interactive console to a table (history, completion, pretty events, board, reconnect)"

LOCAL = {
    "board": "draw the board from `dump` (`board json` sends the verb itself)",
    "quit": "leave the console (also Ctrl-] or Ctrl-D)",
    "status": "phase, turn, doom, terror, gates, monsters, investigators, what the table waits for",
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
        if obj is not None and "ev" in obj and obj.get("private") is not None:
            # (Arkham Ritual's `seed` event: the seed decides the hidden deal; the log has it)
            return "-- a private %s event is hidden (the wire log records it)" % obj["ev"]
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
INLINE_MAX = 60  # a list or object whose JSON is longer is shown as lines, never cut


def _c(code, text, on):
    return "\x1b[%sm%s\x1b[0m" % (code, text) if on else text


def _scalar(v):
    if v is True:
        return "true"
    if v is False:
        return "false"
    if v is None:
        return "null"
    return str(v)


def _json(v):
    return json.dumps(v, sort_keys=True, separators=(",", ":"))


def _inline(v) -> bool:
    """Scalars, and short lists/objects of scalars, stay on the `key=value` line."""
    if isinstance(v, list):
        return all(not isinstance(x, (list, dict)) for x in v) and len(_json(v)) <= INLINE_MAX
    if isinstance(v, dict):
        return all(
            not isinstance(x, (list, dict)) for x in v.values()
        ) and len(_json(v)) <= INLINE_MAX
    return True


def _value(v):
    return _json(v) if isinstance(v, (dict, list)) else _scalar(v)


def _fields(d, skip=()):
    """`k=v k=v` for a flat object (nested values as JSON, whole)."""
    return " ".join("%s=%s" % (k, _value(d[k])) for k in sorted(d) if k not in skip)


def _wrap(text, width, indent):
    import textwrap

    if width is None or len(text) <= width:
        return [text]
    return textwrap.wrap(
        text,
        width,
        subsequent_indent=indent,
        break_long_words=True,
        break_on_hyphens=False,
    ) or [text]


def _numbered(items):
    """Items a table already numbers (`legal`: "1 move to=x"): (n, rest) pairs, else None."""
    out = []
    for i, item in enumerate(items):
        if not isinstance(item, str):
            return None
        head, _, rest = item.partition(" ")
        if head != str(i + 1):
            return None
        out.append((i + 1, rest))
    return out


def _block(key, v, width, indent):
    """A list as numbered lines, an object as `key: value` lines; nothing cut, long lines
    wrapped under their own indent."""
    lines = ["%s%s:" % (indent, key)]
    inner = indent + "  "
    if isinstance(v, list):
        pairs = _numbered(v) or [
            (i + 1, _fields(x) if isinstance(x, dict) else _value(x)) for i, x in enumerate(v)
        ]
        if not pairs:
            lines[0] += " (none)"
        digits = len(str(len(pairs)))
        for n, text in pairs:
            lead = "%s%*d. " % (inner, digits, n)
            lines += _wrap(lead + text, width, " " * len(lead))
        return lines
    for k in sorted(v):
        x = v[k]
        if _inline(x):
            lead = "%s%s: " % (inner, k)
            lines += _wrap(lead + _value(x), width, " " * len(lead))
        else:
            lines += _block(k, x, width, inner)
    return lines


def pretty(text, obj, colour=False, width=None) -> str:
    """One table line for a person: events as `#12 pad spot=pad_05 present=true`, replies as
    `ok key=value ...` or `error: ...`; anything that is not JSON as it is. Nothing is cut: long
    lists become numbered lines, objects `key: value` lines, all wrapped to `width`."""
    if obj is None:
        return _c("2", text, colour)
    if "ev" in obj and "seq" in obj:
        plain = "#%s %s" % (obj["seq"], obj["ev"])
        head = "%s %s" % (_c("2", "#%s" % obj["seq"], colour), _c("36;1", obj["ev"], colour))
        skip = ("ev", "seq")
    elif obj.get("ok") is False:
        lines = _wrap("error: %s" % obj.get("err"), width, "    ")
        return "\n".join(_c("31;1", line, colour) for line in lines)
    else:
        plain, head = "ok", _c("32", "ok", colour)
        skip = ("ok", "re")
    inline = [k for k in sorted(obj) if k not in skip and _inline(obj[k])]
    blocks = [k for k in sorted(obj) if k not in skip and not _inline(obj[k])]
    first = " ".join([plain] + ["%s=%s" % (k, _value(obj[k])) for k in inline])
    lines = _wrap(first, width, "    ")
    lines[0] = head + lines[0][len(plain) :]
    for k in blocks:
        lines += _block(k, obj[k], width, "  ")
    return "\n".join(lines)


def board_lines(link, colour=True, width=100):
    """The board drawn from the table's own `board` map and `dump` (lit spots, present pads)."""
    from arkham_host.device import boardfile
    from arkham_host.table import board_text

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
    mode = board_text.colour_mode() if colour else "plain"
    from arkham_host.table.boardsymbols import symbol_for

    lines = board_text.render(
        board, state.get("lit") or {}, state.get("present") or [], None, mode, width, faults,
        symbol_for(state.get("game")),
    )
    head = "board %s  game %s  seq %s" % (board.name, state.get("game"), state.get("seq"))
    return [head] + lines


# ---- the session ------------------------------------------------------------------------------
class Session:
    """A link that comes back: reopens the port after it is lost and resyncs events.

    Every event is shown once, in seq order, none lost across a reconnect: `last_seq` is the last
    event shown. While a reconnect resyncs, the events that arrive (live ones and those `since`
    sends again) are held; once `since` has answered they are shown in order, each seq once.
    When the table no longer holds the missed events, `dump` is shown instead."""

    def __init__(self, port, recorder=None, show=None):
        self.port = port
        self.recorder = recorder
        self.show = show or (lambda text: print(text))
        self.link = None
        self.verbs = sorted(LOCAL)
        self.spots = []
        self.chips = []
        self.names = []  # places, investigators, cards... the table's words (did you mean)
        self.game = None
        self.stopping = False
        self.last_seq = None  # the last event shown (or the table's seq at the first hello)
        self.user_tags = set()
        self.emulated_board = None  # board name when the port is a running sim's
        self.lock = threading.RLock()
        self.held = None  # events held while a reconnect resyncs (None: show them as they come)

    def connect(self, first=False):
        from arkham_host.wire.link import Link

        old = self.link
        with self.lock:
            fresh = self.last_seq is None
            if not fresh:
                self.held = []
        try:
            self.link = Link(self.port, recorder=self.recorder, on_line=self._on_line)
            if old is not None:
                # tags keep counting across links: a reply to the console's own request must
                # never carry a tag the user once typed (it would be shown as the user's reply)
                self.link._tag = max(self.link._tag, old._tag)
            hello = self.link.request("hello", timeout=10)
            if hello.get("emulated"):
                self.emulated_board = hello.get("board")
            if hello.get("game") != self.game:
                self.game = hello.get("game")
                self.names = game_names(self.game)
            if first and self.recorder is not None and self.recorder.file is None:
                # the state the log starts from (replay restores it when it is mid-game)
                dump = self.link.request("dump", timeout=10)
                self.recorder.start_file(hello.get("game"), dump=dump if dump.get("ok") else None)
            if not fresh:
                self.resync()
            with self.lock:
                if self.last_seq is None:
                    self.last_seq = hello.get("seq")
        finally:
            self._release()
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
        """After a reconnect: the events missed (held meanwhile), or the whole state when the
        table no longer has them."""
        reply = self.link.request("since %d" % self.last_seq)
        if reply.get("ok"):
            self.show("-- resynced: events %s..%s" % (reply.get("from"), reply.get("to")))
            return
        self.show("-- %s" % reply.get("err"))
        state = self.link.request("dump")
        with self.lock:
            self.last_seq = state.get("seq", self.last_seq)
        self.show(pretty("", state))

    def _release(self):
        """Show the held events in seq order, each once (after a resync)."""
        with self.lock:
            held, self.held = self.held, None
            for text, obj in sorted(held or [], key=lambda h: h[1]["seq"]):
                self._deliver(text, obj)

    def _deliver(self, text, obj):
        seq = obj["seq"]
        if isinstance(seq, int) and isinstance(self.last_seq, int) and seq <= self.last_seq:
            return  # shown already (a `since` sends again what a live line also brought)
        self.last_seq = seq
        if obj.get("ev") == "game" and obj.get("game") != self.game:
            self.game = obj.get("game")
            self.names = game_names(self.game)
        if self.printer:
            self.printer(text, obj)

    def _on_line(self, text, obj):
        if obj is not None and "seq" in obj and "ev" in obj:
            with self.lock:
                if self.held is not None:
                    self.held.append((text, obj))
                else:
                    self._deliver(text, obj)
            return
        if obj is not None and obj.get("re") is not None and obj["re"] not in self.user_tags:
            return  # the console's own requests (hello, help, board...): not shown
        if self.printer:
            self.printer(text, obj)
        if obj is not None and obj.get("restart") and obj.get("ok"):
            self.show("-- the table restarts to drop the old game from its memory (a Pico, ~1 s); "
                      "its hello follows and the new game resumes from its save")

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
                except Exception as e:
                    if type(e).__name__ == "PortBusy":
                        self.show("-- %s" % e)
                        time.sleep(2.0)
                    self.port = self._replacement() or self.port
                    time.sleep(0.5)

    def _replacement(self):
        """A restarted sim has a new pty: follow the one running emulated table of the same
        board when the old port was an emulator's."""
        from arkham_host.wire import ports

        if self.emulated_board is None or os.path.exists(self.port):
            return None
        same = [e for e in ports.emulators() if e.get("board") == self.emulated_board]
        return same[0]["serial"] if len(same) == 1 else None

    def request(self, line, timeout=10.0):
        """The console's own request (not shown)."""
        return self.link.request(line, timeout)

    def send(self, line, timeout=10.0):
        """A command the user typed: its reply is shown (the console's own are not)."""
        tag = self.link.next_tag()
        self.user_tags.add(tag)
        self.link.write("#%d %s\n" % (tag, line))
        reply = self.link.reply(tag, timeout, line)
        if self.recorder is not None:  # the state after it: replay compares its hash
            self.link.request("dump", timeout)
        return reply

    def close(self):
        self.stopping = True
        if self.link is not None:
            self.link.close()


# ---- names: case-insensitive, with "did you mean" ----------------------------------------------
_WORD_CHARS = "abcdefghijklmnopqrstuvwxyz0123456789_"


def game_names(game) -> list:
    """The words of a game's data files (places, investigators, monsters, cards...): every key
    and string value that looks like a name. From the device package the host imports."""
    import pathlib

    names = set()
    folder = {"ah2e": "ah2e", "final-hour": "fh", "fh": "fh", "ritual": "ritual"}.get(game or "")
    if not folder:
        return []
    import arkham

    data = pathlib.Path(arkham.__file__).parent / folder / "data"

    def walk(v):
        if isinstance(v, dict):
            for k, x in v.items():
                if not k.startswith("_"):
                    walk(k)
                    walk(x)
        elif isinstance(v, list):
            for x in v:
                walk(x)
        elif isinstance(v, str) and 3 <= len(v) <= 40 and v[0].isalpha():
            if all(c in _WORD_CHARS for c in v):
                names.add(v)

    for f in sorted(data.glob("*.json")):
        if f.stem == "messages":
            continue  # (refusal texts' keys: the table's internal words, not the game's)
        try:
            walk(json.loads(f.read_text()))
        except (OSError, ValueError):
            pass
    return sorted(names)


# what the value of `key=` names in an AH2e action (Tab completes only those): a data file and
# its list of records, each record's first word a name; places are the board's spots
VALUE_WORDS = {"kind": ("monsters", "monsters"), "world": ("worlds", "worlds"),
               "card": ("mythos", "cards"), "name": ("investigators", "investigators"),
               "ao": ("ancient_ones", "ancient_ones")}
PLACE_KEYS = ("to", "at", "frm", "spot", "location")


def record_names(game, stem, key):
    """The names of a data file's records (`monsters.json`'s "monsters": byakhee, ...)."""
    import pathlib

    import arkham

    folder = {"ah2e": "ah2e", "final-hour": "fh", "ritual": "ritual"}.get(game or "")
    if not folder:
        return []
    try:
        data = json.loads((pathlib.Path(arkham.__file__).parent / folder / "data"
                           / ("%s.json" % stem)).read_text())
    except (OSError, ValueError):
        return []
    rows = data.get(key) if isinstance(data, dict) else None
    if isinstance(rows, dict):
        return sorted(rows)
    return sorted(r[0] for r in rows or [] if isinstance(r, list) and r and isinstance(r[0], str))


def act_keys(game) -> list:
    """`key=` words an AH2e action takes (its fields: arkham.ah2e.actions, effects)."""
    if game != "ah2e":
        return []
    from arkham.ah2e import actions, effects

    keys = set(actions._INT) | set(actions._STR) | set(actions._LIST) | set(effects._FLAGS)
    return sorted("%s=" % k for k in keys | {"bonus"})


def act_verbs(game) -> list:
    """The verbs of `act VERB` (AH2e's rules core; the other games take their console's)."""
    if game == "ah2e":
        from arkham.ah2e import actions

        return sorted(actions.VERBS)
    return []


def completions(text, session):
    """(the part of the word typed, the words that complete it) for Tab: the verbs first; after
    `act`, the game's action verbs; a `key=` value from what that key names (places for `to=`,
    monsters for `kind=`, items for `item=`...); any other word a spot, a chip or a name of the
    game. Sorted, each once (no internal words, no card offered twice)."""
    parts = text.lstrip().split(" ")
    if parts and parts[0].startswith("#"):  # (a `#tag`)
        parts = parts[1:]
    word = parts[-1] if parts else ""
    game = getattr(session, "game", None)
    if len(parts) <= 1 or parts[0].lower() == "help":
        words = session.verbs
    elif "=" in word:
        key, _, word = word.partition("=")
        key = key.lower()
        if key in PLACE_KEYS:
            words = session.spots
        elif key in ("item", "drop") and game == "ah2e":
            from arkham.ah2e.effects import _KNOWN_ITEMS as ITEMS  # (const: no name on a chip)

            words = list(ITEMS)
        elif key in VALUE_WORDS:
            words = record_names(game, *VALUE_WORDS[key])
        else:
            words = session.spots + session.names
    elif parts[0].lower() == "act" and len(parts) == 2 and act_verbs(game):
        words = act_verbs(game)
    elif parts[0].lower() == "act" and act_keys(game):
        words = act_keys(game)  # (`act VERB key=value...`)
    else:
        words = session.spots + session.chips + session.names
    low = word.lower()
    return word, sorted({w for w in words if w.lower().startswith(low)})


def canonical(line, names) -> str:
    """The line with every word (and `key=value` value) that names something in another case
    written as the table spells it: `act move to=Rivertown` -> `act move to=rivertown`."""
    lower = {n.lower(): n for n in names}
    out = []
    for word in line.split(" "):
        key, eq, value = word.rpartition("=")
        fixed = lower.get(value.lower()) if value else None
        out.append(key + eq + fixed if fixed and fixed != value else word)
    return " ".join(out)


def did_you_mean(line, names, known_words=()) -> list:
    """Close names for the words of a refused line that name nothing the table knows."""
    import difflib

    lower = {n.lower(): n for n in names}
    known = set(lower) | {w.lower() for w in known_words}
    out = []
    for word in line.split()[1:]:
        value = word.rpartition("=")[2].lower()
        if len(value) < 3 or value in known or value.isdigit():
            continue
        for m in difflib.get_close_matches(value, list(lower), n=3, cutoff=0.7):
            if lower[m] not in out:
                out.append(lower[m])
    return out


# ---- the status view ---------------------------------------------------------------------------
def _places(d) -> str:
    return "; ".join("%s: %s" % (k, ", ".join(str(x) for x in v)) for k, v in sorted(d.items()))


def _need_text(need, investigators):
    """What the table waits for, its investigator numbered from 1 as the list above (the core's
    `inv` counts from 0, and "inv=0 k=upkeep" beside "1. jenny_barnes" reads as someone else)."""
    i = need.get("inv")
    what = str(need.get("k") or "?")
    rest = _fields(need, ("inv", "k"))
    if isinstance(i, int) and not isinstance(i, bool) and i >= 0:
        v = (investigators or [])[i] if i < len(investigators or []) else None
        name = v.get("name") if isinstance(v, dict) else None
        who = "%d. %s" % (i + 1, name) if name else "investigator %d" % (i + 1)
        what = "%s: %s" % (who, what)
    return what + (" (%s)" % rest if rest else "")


def status_lines(game, st) -> list:
    """A status panel from a game's `state` reply: phase and turn, doom, terror, gates, monsters
    by area, each investigator, and what the table waits for."""
    if not st.get("ok"):
        return ["status: %s" % st.get("err")]
    lines = [_status_head(game, st)]
    if st.get("over") or st.get("result"):
        lines.append("  over: %s" % (st.get("over") or st.get("result")))
    lines += _board_lines(st) + _seat_lines(st) + _waiting_lines(st)
    if st.get("final"):
        lines += _final_battle_lines(st)
    return lines


def _status_head(game, st):
    """The panel's first line: game, phase, turn (or round), doom on its track, terror, the
    Ancient One."""
    turn = st.get("turn", st.get("round"))
    head = "%s  phase %s" % (game, st.get("phase"))
    if turn is not None:
        head += "  turn %s" % turn
    if "doom" in st:
        track = None
        if st.get("ao"):
            try:
                from arkham.ah2e import tables

                track = (tables.ancient_one(st["ao"]) or {}).get("doom")
            except Exception:
                track = None
        head += "  doom %s/%s" % (st["doom"], track if track is not None else "?")
    if "terror" in st:
        head += "  terror %s" % st["terror"]
    if st.get("ao"):
        head += "  Ancient One %s" % st["ao"]
    return head


def _board_lines(st):
    """Open gates and the monsters by area (the Outskirts and the Sky on lines of their own)."""
    lines = []
    if st.get("gates") is not None:
        lines.append("  open gates: %s" % (", ".join(str(g) for g in st["gates"]) or "none"))
    mon = st.get("monsters")
    if isinstance(mon, dict):
        edge = {k: v for k, v in mon.items() if k in ("outskirts", "sky", "enc")}
        board = {k: v for k, v in mon.items() if k not in edge}
        lines.append("  monsters: %s" % (_places(board) or "none"))
        for k in ("outskirts", "sky") if "ao" in st else ():
            lines.append("  %s: %s" % (k, ", ".join(edge.get(k, [])) or "none"))
    return lines


def _seat_lines(st):
    """Each investigator numbered from 1 (where, and the rest of its sheet), the seats' sanity,
    and the other games' seat fields (leader, lead, nominated, ...)."""
    lines = []
    for i, v in enumerate(st.get("investigators") or [], 1):
        if isinstance(v, dict):
            rest = " ".join(
                "%s=%s" % (k, _value(v[k])) for k in sorted(v) if k not in ("name", "at")
            )
            lines.append("  %d. %-18s at %-22s %s" % (i, v.get("name"), v.get("at"), rest))
    if "sanity" in st and isinstance(st["sanity"], list):
        lines.append(
            "  sanity by seat: %s"
            % "  ".join("%d:%s" % (i + 1, x) for i, x in enumerate(st["sanity"]))
        )
    for k in ("leader", "lead", "nominated", "open", "deck", "health"):
        if k in st:
            lines.append("  %s: %s" % (k, _value(st[k])))
    return lines


def _waiting_lines(st):
    """What the table waits for: its `need`, tokens blinking to be moved, and the other games'
    waits (waiting, ask, wrong)."""
    lines = []
    need = st.get("need")
    if need:
        text = _need_text(need, st.get("investigators")) if isinstance(need, dict) else need
        lines.append("  the table waits for: %s" % text)
    todo = st.get("todo")
    if todo:
        lines.append("  blinking (move the token, then `ok`): %s" % _places(
            {k: [v if not isinstance(v, (dict, list)) else _json(v)] for k, v in todo.items()}
        ))
    for k in ("waiting", "ask", "wrong"):
        v = st.get(k)
        if v:
            text = "; ".join(str(x) for x in v) if isinstance(v, list) else _value(v)
            lines.append("  %s: %s" % (k, text))
    return lines


def _final_battle_lines(st):
    """The final battle's round and pool, and the Ancient One's sheet."""
    lines = [
        "  final battle: round %s, successes pooled %s; at the end of each round the "
        "Ancient One attacks (`need` names the check and its loss)"
        % (st["final"].get("round"), st["final"].get("pool"))
    ]
    sheet = _ancient_one(st.get("ao"))
    if sheet:
        lines.append(
            "  %s: combat check %s, defense %s, its worshippers: %s"
            % (
                st.get("ao"),
                sheet.get("combat"),
                ", ".join(sheet.get("defense") or []) or "none",
                _value(sheet.get("worshippers") or {}),
            )
        )
    return lines


def _ancient_one(name):
    try:
        from arkham.ah2e import tables

        return tables.ancient_one(name) if name else None
    except Exception:
        return None


# ---- the input line ----------------------------------------------------------------------------
def _prompt_session(session):
    """prompt_toolkit: history, completion from `help` and the board, Ctrl-] leaves; output from
    other threads goes above the line being typed (patch_stdout), never into it."""
    from prompt_toolkit import PromptSession
    from prompt_toolkit.completion import Completer, Completion
    from prompt_toolkit.history import FileHistory
    from prompt_toolkit.key_binding import KeyBindings

    from arkham_host.wire import registry

    hist = registry.state_home() / "console_history"
    try:
        hist.parent.mkdir(parents=True, exist_ok=True)
    except OSError:
        pass

    class TableWords(Completer):
        def get_completions(self, document, complete_event):
            typed, words = completions(document.text_before_cursor, session)
            for w in words:
                yield Completion(w, start_position=-len(typed))

    keys = KeyBindings()

    @keys.add("c-]")
    def _leave(event):  # miniterm's and mpremote's way out
        event.app.exit(exception=EOFError())

    return PromptSession(
        history=FileHistory(str(hist)),
        completer=TableWords(),
        key_bindings=keys,
        complete_while_typing=False,
    )


def run_session(port=None, log=None, echo=True, raw=False, title="console", keep=False) -> int:
    import shutil

    from arkham_host.wire import ports
    from arkham_host.wire.portlock import PortBusy

    port = port or ports.default_port()
    interactive = sys.stdin.isatty() and sys.stdout.isatty()
    colour = interactive and os.environ.get("NO_COLOR") is None
    recorder = None
    out_lock = threading.Lock()

    def width():
        return shutil.get_terminal_size((100, 24)).columns - 1 if interactive else None

    def show(text):
        with out_lock:
            sys.stdout.write(text + "\n")
            sys.stdout.flush()

    if log:
        from arkham_host.session.recorder import Recorder

        recorder = Recorder(log, port)
    session = Session(port, recorder, show)
    private = PrivateReplies()

    def printer(text, obj):
        notice = private.screen(text, obj)
        if notice is not None:
            show(notice)
        else:
            show(text if raw else pretty(text, obj, colour, width()))

    if echo:
        session.printer = printer
    try:
        hello = session.connect(first=True)
    except PortBusy as e:
        print("%s: %s" % (title, e), file=sys.stderr)
        return 1
    except Exception as e:
        print("%s: cannot talk to %s: %s" % (title, port, e), file=sys.stderr)
        return 1
    if recorder is not None:
        show("-- recording to %s" % recorder.files[-1])
    prompt = None
    if interactive:
        prompt = _prompt_session(session)
        show(
            "-- %s on %s: %s, game %s (Tab completes; `help`, `status`, `board`; Ctrl-] or "
            "Ctrl-D leaves)" % (title, port, hello.get("board"), hello.get("game"))
        )
    threading.Thread(target=session.watch, daemon=True).start()
    guard = contextlib.nullcontext()
    if interactive:
        from prompt_toolkit.patch_stdout import patch_stdout

        guard = patch_stdout(raw=True)
    try:
        with guard:
            _loop(session, prompt, private, show, colour, width, keep)
    except KeyboardInterrupt:
        pass
    finally:
        session.close()
        if recorder is not None:
            recorder.close()
    return 0


def _loop(session, prompt, private, show, colour, width, keep):
    while True:
        try:
            line = prompt.prompt("table> ") if prompt is not None else sys.stdin.readline()
        except EOFError:
            break
        if prompt is None and not line:
            break
        line = line.strip()
        if "\x1d" in line:  # Ctrl-] typed into a plain line
            break
        if not line:
            continue
        if line in ("quit", "exit"):
            break
        if line == "show":
            kept = private.show()
            show("-- no private reply waiting" if kept is None else pretty(*kept, colour, width()))
            continue
        if session.link is None or session.link.closed:
            show("-- not connected; waiting for the table")
            continue
        try:
            if line == "board":
                for text in board_lines(session.link, colour):
                    show(text)
                continue
            if line == "status":
                for text in status_lines(session.game, session.request("state")):
                    show(text)
                continue
            if line == "board json":
                line = "board"
            line = canonical(line, session.spots + session.names)
            reply = session.send(line)
            if reply.get("ok") is False:
                near = did_you_mean(line, session.spots + session.names, session.verbs)
                if near:
                    show("-- did you mean: %s?" % ", ".join(near))
        except Exception as e:
            show("-- %s" % e)
    if keep:
        while not session.stopping:  # input ended: keep recording until Ctrl-C
            time.sleep(0.5)
