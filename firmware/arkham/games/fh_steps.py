"""Final Hour at the table: the core's changes shown step by step, and the tokens kept in step
(FH-TABLE-2; docs/final-hour.md "At the table").

The pads sit under the monster slots (one pad per location), so a location's pad *should be
covered* when the table's picture of the board (`shown`: monsters per location) has a monster
there. Investigators, gates, clues and seals stand beside the slots and are not sensed.

After every accepted core action its events become a queue of steps, each [do, m, loc]:
  "pass"   light `loc` for one step (a monster walking through it, a monster activated there,
           an investigator arriving): no token to move
  "lift"   monster m leaves `loc`: a prompt to lift its token
  "place"  monster m arrives at `loc`: a prompt to put its token down
A prompt is done when the pad shows the presence `shown` expects after the step, or a player
confirms (`ok`). Only then does the next step run: the table waits for the tokens.
"""

PASS = "pass"
LIFT = "lift"
PLACE = "place"


def where_now(state):
    """Each monster's location, 0 when it is not on the board (the steps start from this)."""
    return [t[1] if t[0] == "board" else 0 for t in state["mon"]]


def counts(state, n):
    """Monsters per location (index 1..n) in the core's state."""
    c = [0] * (n + 1)
    for t in state["mon"]:
        if t[0] == "board":
            c[t[1]] += 1
    return c


def steps_of(events, where, out):
    """Append the steps of the core's `events` to `out`; `where` (from where_now before the
    action) is updated as the monsters go."""
    for e in events:
        k = e["e"]
        if k == "moved":  # FH-MOVE-1..3: the transition chain, one location a step
            m = e["m"]
            if where[m]:
                out.append([LIFT, m, where[m]])
                where[m] = 0
            for loc in e["path"]:
                out.append([PASS, m, loc])
        elif k == "placed":
            m = e["m"]
            loc = e["loc"]
            if where[m] and where[m] != loc:
                out.append([LIFT, m, where[m]])
            if out and out[-1] == [PASS, m, loc]:
                out.pop()  # the walk ends here: the place prompt lights it
            out.append([PLACE, m, loc])
            where[m] = loc
        elif k == "defeated":
            m = e["m"]
            if where[m]:
                out.append([LIFT, m, where[m]])
                where[m] = 0
        elif k == "activated":  # FH-ACT-1: the monster at work
            out.append([PASS, e["m"], e["loc"]])
        elif k == "inv_moved":
            out.append([PASS, -1, e["to"]])
    return out


def bad_step(st, n, nmon):
    """Why a saved step is not one (None when it is): a restored file is checked before use."""
    if not isinstance(st, list) or len(st) != 3 or st[0] not in (PASS, LIFT, PLACE):
        return "a step is [pass|lift|place, monster, location]"
    m, loc = st[1], st[2]
    if not isinstance(m, int) or not isinstance(loc, int) or not -1 <= m < nmon \
            or not 0 < loc <= n or (m < 0 and st[0] != PASS):
        return "step %r: no such monster or location" % (st,)
    return None


class Steps:
    """The table's own state (persisted): the queue, the open prompt, the picture of the board,
    flagged spots. Small: a few short lists."""

    def __init__(self, shown):
        self.queue = []  # [[do, m, loc], ...] still to show
        self.wait = None  # [do, m, loc]: the open prompt
        self.shown = shown  # monsters per location as the tokens should now lie (index 1..n)
        self.wrong = {}  # spot -> presence seen (True: put there, False: lifted)
        self.lit = 0  # the location a "pass" step lights now
        self.due = None  # when the next step runs (None: at the next tick)
        self.running = False  # steps queued and not yet settled

    def add(self, events, where):
        steps_of(events, where, self.queue)
        if self.queue:
            self.running = True
            self.due = None

    def busy(self):
        return self.running

    def prompts(self):
        """Spots of the prompts still to do, the open one first."""
        out = []
        if self.wait is not None:
            out.append(self.wait)
        for st in self.queue:
            if st[0] != PASS:
                out.append(st)
        return out

    def snapshot(self):
        return {"queue": self.queue, "wait": self.wait, "shown": self.shown,
                "wrong": self.wrong, "lit": self.lit, "running": self.running}

    def restore(self, snap, shown):
        self.queue = [list(st) for st in snap.get("queue") or []]
        self.wait = snap.get("wait")
        got = snap.get("shown")
        self.shown = list(got) if isinstance(got, list) and len(got) == len(shown) else shown
        self.wrong = dict(snap.get("wrong") or {})
        self.lit = snap.get("lit") or 0
        self.running = bool(snap.get("running") or self.queue or self.wait)
        self.due = None
