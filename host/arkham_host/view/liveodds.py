"""The odds of doom in the live page: after each Mythos phase of an AH2e game (a `phase` event
into upkeep), the forecast (arkham_host.forecast) runs on the table's last `dump` in a thread of
its own and the page gets {"t": "forecast", ...}. One forecast at a time; a newer Mythos phase
while one runs is taken up when it ends."""

from __future__ import annotations

import threading
import time

GAMES = 100


class LiveOdds:
    def __init__(self, watch, games=GAMES):
        self.watch = watch
        self.games = games
        self.latest = None
        self._want = threading.Event()
        self._stop = False
        self._thread = threading.Thread(target=self._work, name="view-odds", daemon=True)
        watch.subscribe(self._on)

    def start(self):
        if self.watch.game == "ah2e":
            self._want.set()  # the state as it is when the page opens
        self._thread.start()

    def stop(self):
        self._stop = True
        self._want.set()
        self.watch.unsubscribe(self._on)

    def _on(self, msg):
        ev = msg.get("ev") if msg.get("t") == "ev" else None
        if ev and ev.get("ev") == "phase" and ev.get("phase") == "upkeep":
            self._want.set()

    def _work(self):
        from arkham_host import forecast

        while not self._stop:
            self._want.wait()
            if self._stop:
                return
            self._want.clear()
            time.sleep(0.6)  # the watch dumps after the burst of events
            st = None
            for _ in range(50):  # (a new game's table restarts first: its dump comes after)
                st = getattr(self.watch, "last_state", None)
                if (st and st.get("core")) or self._stop:
                    break
                time.sleep(0.1)
            if not st or not st.get("core"):
                continue
            try:
                fc = forecast.forecast(st["core"], self.games)
            except ValueError:
                continue  # over, or already awake
            fc["t"] = "forecast"
            self.latest = fc
            self.watch._publish(fc)
