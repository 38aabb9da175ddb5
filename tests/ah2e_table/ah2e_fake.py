"""An in-process AH2e table: the real ah2e board map, fake pads, lights and ctx (no app)."""

import gamefakes
from arkham.games.ah2e import Mode
from gamefakes import FakeTable


def board():
    return gamefakes.board("ah2e")


class Table(FakeTable):
    """ctx for the mode + helpers: console lines, tokens on pads, the painted scene."""

    def __init__(self, **options):
        FakeTable.__init__(self, "ah2e", Mode, options)
        self.mode.tick(0)  # the setup events and prompts go out

    def place(self, spot):
        self.pads.on.add(spot)
        self.mode.on_pad(spot, True, 0)

    def lift(self, spot):
        self.pads.on.discard(spot)
        self.mode.on_pad(spot, False, 0)

    def last(self, ev):
        for e in reversed(self.events):
            if e[0] == ev:
                return e[1]
        raise AssertionError("no %s event in %r" % (ev, self.names()[-20:]))

    def take(self):
        ev = self.events
        self.events = []
        return ev

    def settle(self):
        """Do every prompt by hand, as a player would (place or lift as the state wants)."""
        from arkham.games.ah2e_sync import expected

        for spot in sorted(self.mode.sync.todo):
            want = expected(self.core, spot)
            if want == (spot in self.pads.on):  # the pad cannot see it: lift and put back
                if want:
                    self.lift(spot)
                    self.place(spot)
                else:
                    self.place(spot)
                    self.lift(spot)
            elif want:
                self.place(spot)
            else:
                self.lift(spot)

    @property
    def core(self):
        return self.mode.core

    @property
    def s(self):
        return self.mode.core.s


def play(t, rnd, steps, settle=True, stop=None):
    """A random legal game through the console (`act N`), the players doing every prompt on
    the pads before the next action. Stops early when stop(t) holds or the game is over."""
    for _ in range(steps):
        if settle:
            t.settle()
        if t.core.over() or (stop is not None and stop(t)):
            return
        need = t.core.need()
        if need["k"] == "ao_attack":
            alive = [i for i in range(len(t.s["inv"])) if not t.s["inv"][i]["dead"]]
            if rnd.random() < 0.5 and alive:
                t.cmd("act effect inv=%d stamina=-1" % rnd.choice(alive))
            else:
                t.cmd("act done")
            continue
        n = len(t.core.legal_actions())
        t.cmd("act %d" % rnd.randint(1, n))
