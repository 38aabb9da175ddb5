"""An in-process table for the ritual binding: the real board map, fake pads, lights and ctx."""
from arkham.games.ritual import Mode
from gamefakes import FakeTable


class Table(FakeTable):
    """ctx for the mode + helpers to play with hands and the console."""

    def __init__(self, **options):
        self.now = 1000
        FakeTable.__init__(self, "ritual", Mode, options)

    def pad(self, spot, present):
        if present:
            self.pads.on.add(spot)
        else:
            self.pads.on.discard(spot)
        self.mode.on_pad(spot, present, self.now)

    def wait(self, ms, step=50):
        end = self.now + ms
        while self.now < end:
            self.now += step
            self.mode.tick(self.now)

    def tap(self, spot, n=1):
        for _ in range(n):
            self.pad(spot, True)
            self.wait(100)
            self.pad(spot, False)
            self.wait(100)

    def hold(self, spot):
        self.pad(spot, True)
        self.wait(1500)
        self.pad(spot, False)

    def hands_down(self):
        s = self.state
        for p in range(1, s["n"] + 1):
            if p != s["leader"]:
                self.pad("seat%d" % p, True)

    @property
    def state(self):
        return self.mode.core.state
