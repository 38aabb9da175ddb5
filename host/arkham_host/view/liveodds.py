"""The odds of doom in the live page: after each Mythos phase of an AH2e game (a `phase` event
into upkeep), the forecast (arkham_host.view.forecast) runs on the table's last `dump` in a thread
of its own, once the watch has dumped the state after it, and the page gets {"t": "forecast", ...}.
One forecast at a time; a newer Mythos phase while one runs is taken up when it ends."""

from __future__ import annotations

import threading

GAMES = 100


class LiveOdds:
    def __init__(self, watch, games=GAMES):
        self.watch = watch
        self.games = games
        self.latest = None
        self._want = threading.Event()
        self._after_dump = False  # a Mythos phase ended: forecast after the next dump
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
        """A Mythos phase ended (a `phase` event into upkeep): the forecast runs once the watch
        has dumped the state after it (its next `status` message), not after a guessed delay:
        on a loaded machine the dump came later than 0.6 s and the forecast was skipped."""
        ev = msg.get("ev") if msg.get("t") == "ev" else None
        if ev and ev.get("ev") == "phase" and ev.get("phase") == "upkeep":
            self._after_dump = True
        elif msg.get("t") == "status" and self._after_dump:
            self._after_dump = False
            self._want.set()

    def _work(self):
        from arkham_host.view import forecast

        while not self._stop:
            self._want.wait()
            if self._stop:
                return
            self._want.clear()
            st = getattr(self.watch, "last_state", None)
            if not st or not st.get("core"):
                continue
            try:
                fc = forecast.forecast(st["core"], self.games)
            except ValueError:
                continue  # over, or already awake
            fc["t"] = "forecast"
            self.latest = fc
            self.watch._publish(fc)
