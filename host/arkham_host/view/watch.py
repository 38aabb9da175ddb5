"""One table followed live: its board, lights (with their shapes), tokens, waits, events and,
for AH2e, the status panel. The view's server and `render`/`forecast` from a port read it.

Where the lights come from:
  own sim       (`view --sim`) the sim's LED frames as the firmware sends them (every change)
  running sim   a sim found in the registry by its pty: its world socket's `leds`, every 50 ms
  real table    `dump`'s `lit` once a second (colours; blink and flash only as they fall)
Events come from the serial port; after a burst of events one `dump` refreshes tokens, waits and
the status. Replies are never passed on, and no line carrying "private" (Arkham Ritual's `look`,
AR-INFO-1) is kept or passed on. Everything kept is bounded (events: the last KEEP_EVENTS).
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


def now_ms():
    return int(time.monotonic() * 1000)


class TableWatch:
    def __init__(self, serial_url, world_path=None, sim=None, real=False, on_close=None):
        from arkham_host.link import Link

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
        self.skips_events = True  # False: a reader (gamelog's replay) takes the link's events
        self.link = Link(serial_url, on_line=self._on_line, keep=50)  # (bounded: see KEEP)
        self.hello = self.link.request("hello", timeout=30)
        self.board = self.link.request("board", timeout=10)["board"]
        self.game = self.hello.get("game")
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

        from arkham_host import boardfile
        from arkham_host.simcore import Sim

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
        from arkham_host import registry

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
        return {"t": "hello", "board": self.board["name"], "game": self.game,
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
            return {"ok": False, "err": "a real table: the page is read-only"}
        if self.sim is not None:
            return self.sim.world(line)
        from arkham_host.worldclient import World

        with self.lock:
            if self._world is None:
                self._world = World(self.world_path)
            w = self._world
        return w.raw(line)

    def command(self, line):
        """A protocol line to an emulated table; its reply, unless it is private (AR-INFO-1)."""
        if self.real:
            return {"ok": False, "err": "a real table: the page is read-only"}
        reply = self.link.request(line, timeout=10)
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
                self.game = obj.get("game")
                self.awaited.clear()
                self.status = None
            if self._dirty_at is None:
                self._dirty_at = time.monotonic()
        self._publish({"t": "ev", "ev": obj})

    def _dump(self):
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
        while not self._stop and not self.link.closed:
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
                    break
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
