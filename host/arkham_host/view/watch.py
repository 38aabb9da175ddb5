"""One table followed live: its board, lights (with their shapes), tokens, waits, events and,
for AH2e, the status panel. The view's server and `render`/`forecast` from a port read it.

Where the lights come from:
  own sim       (`view --sim`) the sim's LED frames as the firmware sends them (every change)
  running sim   a sim found in the registry by its pty: its world socket's `leds`, every 50 ms
  real table    `dump`'s `lit` once a second (colours; blink and flash only as they fall)
Events come from the serial port; after a burst of events one `dump` refreshes tokens, waits and
the status. Commands (the pages', the watch's own dumps) go one at a time (`cmd_lock`). A real
table's or a running sim's link that is lost is reopened every half second; on its return the
missed events come with `since LAST` (each seq once), or a `dump` when the table no longer holds
them; meanwhile pages get {"t":"link","up":false} ("table disconnected"). A game switch restarts
the table: commands wait for its boot (`booted`). Replies are never passed on, and no line
carrying "private" (Arkham Ritual's `look`, AR-INFO-1) is kept or passed on. Everything kept is bounded (events: the last KEEP_EVENTS).
"""

from __future__ import annotations

import collections
import json
import threading
import time

from arkham_host.view import shapes, status

KEEP_EVENTS = 200
DUMP_AFTER_S = 0.3  # a dump at most this long after the last event of a burst
LOOK_EVERY_S = 0.1
RESTART_S = 10.0  # at most this long for a table's boot after a `game` event, then send anyway


def now_ms():
    return int(time.monotonic() * 1000)


class TableWatch:
    def __init__(self, serial_url, world_path=None, sim=None, real=False, on_close=None):
        from arkham_host.wire.link import Link

        self.sim = sim
        self.world_path = world_path
        self.emulated = not real
        self.real = real
        self.on_close = on_close
        self.shapes = shapes.Shapes()
        self.lock = threading.Lock()
        self.listeners = []
        self.events = collections.deque(maxlen=KEEP_EVENTS)
        self.present = set()
        self.awaited = {}
        self.faults = set()
        self.status = None
        self.game = None
        self.board = None  # the `board` reply: name, title, spots
        self.hello = None
        self._look = None
        self._dirty_at = None
        self._stop = False
        self._world = None
        self.seen_events = 0
        self.serial_url = serial_url
        self.cmd_lock = threading.RLock()  # one command at a time on the link
        self.last_seq = None  # the last event passed on (each seq once across a reconnect)
        self.last_need = None  # AH2e's last `need` event (its `say`)
        self.up = True
        self.game_started = 0  # `game` events seen: a new game (the pages' seats are freed)
        self.numbered = False  # the game takes `act N` (its `help` lists `act`)
        # a game switch restarts the table (`game` event, then its boot's `hello` ~0.2 s later
        # on the sim, ~1.2 s on a Pico): a line sent in between is lost, so commands wait here
        self.booted = threading.Event()
        self.booted.set()
        self.skips_events = True  # False: a reader (gamelog's replay) takes the link's events
        self.link = Link(serial_url, on_line=self._on_line, keep=50)  # (bounded: see KEEP)
        self.hello = self.link.request("hello", timeout=30)
        self.last_seq = self.hello.get("seq")
        self.board = self.link.request("board", timeout=10)["board"]
        self.game = self.hello.get("game")
        self._learn()
        self._dump()
        if sim is not None:
            sim.on_frame = self._on_frame
            self._on_frame()
        self._thread = threading.Thread(target=self._work, name="view-watch", daemon=True)
        self._thread.start()

    # ---- constructors ------------------------------------------------------------------------
    @classmethod
    def own_sim(cls, board, game="bringup", state_dir=None, runtime="micropython"):
        """Start an emulated table (the firmware under the MicroPython unix port) and watch it."""
        import tempfile

        from arkham_host.device import boardfile
        from arkham_host.table.relay import Sim

        tmp = None
        if state_dir is None:
            tmp = tempfile.TemporaryDirectory(prefix="arkham-view-")
            state_dir = tmp.name
        sim = Sim(boardfile.board_path(board), game=game, state_dir=state_dir, runtime=runtime,
                  socket_path=str(state_dir) + "/world.sock").start()
        try:
            w = cls(sim.serial_path, world_path=sim.world_path, sim=sim)
        except Exception:
            sim.stop()
            raise
        w._tmp = tmp
        return w

    @classmethod
    def attach(cls, port):
        """Watch a running sim (by its pty, from the registry) or a real table's serial port."""
        from arkham_host.wire import registry

        for info in registry.running():
            if info.get("serial") == port:
                return cls(port, world_path=info.get("world"))
        return cls(port, real=True)

    # ---- what the page needs -------------------------------------------------------------------
    def look(self):
        lit, anim = self.shapes.look(now_ms())
        with self.lock:
            return {
                "lit": lit,
                "anim": anim,
                "present": sorted(self.present),
                "awaited": dict(self.awaited),
                "faults": sorted(self.faults),
            }

    def board_map(self):
        return {"name": self.board["name"], "title": self.board.get("title", ""),
                "spots": self.board["spots"]}

    def snapshot(self):
        """Everything a page needs when it connects."""
        with self.lock:
            events = list(self.events)
            st = self.status
        return {"t": "hello", "board": self.board["name"], "game": self.game, "up": self.up,
                "emulated": self.emulated, "look": self.look(), "events": events, "status": st}

    def subscribe(self, fn):
        with self.lock:
            self.listeners.append(fn)

    def unsubscribe(self, fn):
        with self.lock:
            if fn in self.listeners:
                self.listeners.remove(fn)

    def _publish(self, msg):
        with self.lock:
            fns = list(self.listeners)
        for fn in fns:
            fn(msg)

    # ---- acting on an emulated table -----------------------------------------------------------
    def world(self, line):
        """One world command (place/lift/touch SPOT) on an emulated table; the reply dict."""
        if not self.world_path:
            return {"ok": False, "err": "a real table: put the tokens on the board itself"}
        if self.sim is not None:
            return self.sim.world(line)
        from arkham_host.wire.worldclient import World

        with self.lock:
            if self._world is None:
                self._world = World(self.world_path)
            w = self._world
        return w.raw(line)

    def command_private(self, line, timeout=30):
        """A protocol line, its reply as the table sent it (a private one too: for the server's
        seat pages only, AR-INFO-1); one command at a time. A game switch (the reply says the
        table restarts) returns once the table is back."""
        with self.cmd_lock:
            self._until_booted()
            if not self.up or self.link.closed:
                return {"ok": False, "err": "table disconnected: waiting for it to come back"}
            reply = self.link.request(line, timeout=timeout)
        words = line.split()
        if words[:1] == ["game"] and len(words) > 1 and reply.get("ok"):
            self._learn()
        return reply

    def _until_booted(self):
        """Wait for the boot after a `game` event (RESTART_S at most: a boot whose `hello` was
        missed, a Pico's USB coming back, holds nothing up twice)."""
        if not self.booted.wait(RESTART_S):
            self.booted.set()

    def _learn(self):
        """Does the current game take numbered actions (`act N`)? From its `help`."""
        try:
            verbs = self.link.request("help", timeout=10).get("verbs") or {}
        except Exception:
            verbs = {}
        self.numbered = "act" in verbs

    def command(self, line, timeout=30):
        """A protocol line; its reply, unless it is private (AR-INFO-1): then a notice."""
        reply = self.command_private(line, timeout)
        if reply.get("private") is not None:
            return {"ok": reply.get("ok"), "hidden": "a private reply for seat %s: read it at "
                    "the console (`show`), never on the shared page" % reply["private"]}
        return reply

    # ---- inside ----------------------------------------------------------------------------------
    def _on_frame(self):
        frame = self.sim.frame
        self.shapes.feed(now_ms(), dict(frame))

    def _on_line(self, text, obj):
        if obj is None or "private" in obj or not ("ev" in obj and "seq" in obj):
            return
        ev = obj.get("ev")
        with self.lock:
            seq = obj.get("seq")
            if isinstance(seq, int) and isinstance(self.last_seq, int):
                if seq <= self.last_seq and ev != "hello":
                    return  # passed on already (`since` sends again what a live line brought)
            if isinstance(seq, int):
                self.last_seq = seq
            if ev == "need":
                self.last_need = obj
            elif ev == "game":
                self.booted.clear()  # the table restarts now (see __init__)
            elif ev == "hello":
                self.booted.set()
            self.events.append(obj)
            self.seen_events += 1
            spot = obj.get("spot")
            if ev == "pad" and spot:
                (self.present.add if obj.get("present") else self.present.discard)(spot)
            elif ev == "prompt" and spot and obj.get("pad", True):
                self.awaited[spot] = "%s %s" % (obj.get("do", ""), obj.get("what", ""))
            elif ev in ("prompt_done", "put_right", "overridden") and spot:
                self.awaited.pop(spot, None)
            elif ev == "misplaced" and spot:
                why = obj.get("why")
                self.awaited[spot] = "put right" + (": " + why if isinstance(why, str) else "")
            elif ev == "game":
                self.game_started += 1
                self.game = obj.get("game")
                self.awaited.clear()
                self.status = None
            if self._dirty_at is None:
                self._dirty_at = time.monotonic()
        self._publish({"t": "ev", "ev": obj})

    def _dump(self):
        with self.cmd_lock:
            self._until_booted()
            reply = self.link.request("dump", timeout=15)
        st = reply.get("state") or {}
        with self.lock:
            self.game = reply.get("game", self.game)
            self.present = set(reply.get("present") or ())
            self.faults = {f["spot"] for f in reply.get("faults") or () if "spot" in f}
            table = st.get("table") if isinstance(st, dict) else None
            if self.game == "ah2e" and isinstance(table, dict):
                todo = table.get("todo") or {}
                self.awaited = {k: ", ".join(v) for k, v in todo.items()}
                for k, why in (table.get("wrong") or {}).items():
                    self.awaited[k] = "put right" + (": " + why if isinstance(why, str) else "")
            self.status = status.ah2e(st) if self.game == "ah2e" and st.get("core") else None
            self.last_state = st if self.game == "ah2e" else None
        if self.real or (self.sim is None and not self.world_path):
            self.shapes.feed(now_ms(), reply.get("lit") or {})
        return reply

    def _work(self):
        last_dump = time.monotonic()
        last_look = 0.0
        while not self._stop:
            if self.link.closed:
                if self.sim is not None or not self._reconnect():
                    break
                continue
            t = time.monotonic()
            try:
                if self.sim is None and self.world_path:
                    self.shapes.feed(now_ms(), self.world("leds"))
                if self._dirty_at is not None and t - self._dirty_at >= DUMP_AFTER_S:
                    self._dirty_at = None
                    self._dump()
                    last_dump = t
                    self._publish({"t": "status", "status": self.status, "game": self.game})
                elif self.real and t - last_dump >= 1.0:
                    self._dump()
                    last_dump = t
                if self.skips_events:
                    self.link.skip_events()  # the link's own list may then be trimmed
            except Exception as e:  # the table went away or answered late: keep watching
                if self.link.closed:
                    continue
                self._publish({"t": "note", "text": "watch: %s" % e})
            if t - last_look >= LOOK_EVERY_S:
                last_look = t
                try:
                    look = self.look()
                    key = json.dumps(look, sort_keys=True)
                    if key != self._look:
                        self._look = key
                        self._publish({"t": "look", "look": look})
                except Exception as e:  # never let one bad frame stop the page's updates
                    self._publish({"t": "note", "text": "watch: %s" % e})
            time.sleep(0.05)
        if self.link.closed and self.on_close:
            self.on_close()

    def _reconnect(self):
        """The link is lost: tell the pages, reopen the port every 0.5 s until it answers, then
        resync (`since LAST`, or a `dump` when the table no longer holds those events). False
        when the watch is stopped meanwhile."""
        from arkham_host.wire.link import Link

        self.up = False
        self._publish({"t": "link", "up": False, "err": self.link.error or "link closed"})
        while not self._stop:
            time.sleep(0.5)
            try:
                link = Link(self.serial_url, on_line=self._on_line, keep=50)
            except Exception:
                continue  # not back yet (or held by another program: PortBusy)
            try:
                link._tag = self.link._tag
                with self.cmd_lock:
                    self.link = link
                    hello = link.request("hello", timeout=30)
                    if isinstance(hello.get("seq"), int) and isinstance(self.last_seq, int) \
                            and hello["seq"] < self.last_seq:
                        with self.lock:
                            self.last_seq = None  # a table that starts afresh: take it as it is
                    since = None
                    if self.last_seq is not None:
                        since = link.request("since %d" % self.last_seq, timeout=30)
                    self.game = hello.get("game")
                    self.hello = hello
                    self.booted.set()  # (it answered: it has booted)
                self._learn()
                self._dump()
                with self.lock:
                    if since is None or not since.get("ok"):
                        self.last_seq = hello.get("seq")
                self.up = True
                self._publish({"t": "link", "up": True, "resynced": bool(since and
                                                                         since.get("ok"))})
                self._publish({"t": "status", "status": self.status, "game": self.game})
                return True
            except Exception:
                link.close()
        return False

    def alive(self):
        """Still watching: its own sim runs, or a lost link is being reopened."""
        return self._thread.is_alive()

    def close(self):
        self._stop = True
        if self._thread.is_alive() and threading.current_thread() is not self._thread:
            self._thread.join(2)
        self.link.close()
        if self._world is not None:
            self._world.close()
        if self.sim is not None:
            self.sim.stop()
        tmp = getattr(self, "_tmp", None)
        if tmp is not None:
            tmp.cleanup()
