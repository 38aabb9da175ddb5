"""Final Hour at the table: the core's changes shown step by step, and the tokens kept in step
(FH-TABLE-2; docs/final-hour.md "At the table").

The pads sit under the locations (one pad per location), so a location's pad *should be
covered* when the table's picture of the board has a monster (`shown`: monsters per location) or
an investigator (`inv`: each investigator's location) there, like AH2e's. Gates, clues and seals
are not sensed. A pad sees presence only: with other tokens on the spot a change cannot be seen,
and the prompt says so ("sees": false) and waits for `ok`.

After every accepted core action its events become a queue of steps, each [do, m, loc]:
  "pass"   light `loc` for one step (a monster walking through it, a monster activated there,
           an investigator arriving): no token to move
  "lift"   monster m (investigator -m when m < 0) leaves `loc`: a prompt to lift its token
  "place"  monster m (investigator -m when m < 0) arrives at `loc`: a prompt to put it down
A prompt is done when the pad shows the presence `shown` expects after the step, or a player
confirms (`ok`). Only then does the next step run: the table waits for the tokens.
"""

PASS = "pass"
LIFT = "lift"
PLACE = "place"


def where_now(state):
    """Each monster's location, 0 when it is not on the board, then each investigator's (the
    steps start from this)."""
    return [t[1] if t[0] == "board" else 0 for t in state["mon"]] + \
        [i["loc"] for i in state["inv"]]


def inv_locs(state):
    return [i["loc"] for i in state["inv"]]


def counts(state, n):
    """Monsters per location (index 1..n) in the core's state."""
    c = [0] * (n + 1)
    for t in state["mon"]:
        if t[0] == "board":
            c[t[1]] += 1
    return c


def steps_of(events, where, out, nmon):
    """Append the steps of the core's `events` to `out`; `where` (from where_now before the
    action) is updated as the tokens go."""
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
        elif k == "inv_moved":  # an investigator's move: a lift and a place
            i = nmon + e["inv"] - 1
            if where[i]:
                out.append([LIFT, -e["inv"], where[i]])
            out.append([PLACE, -e["inv"], e["to"]])
            where[i] = e["to"]
        elif k == "inv_placed":
            out.append([PLACE, -e["inv"], e["loc"]])
            where[nmon + e["inv"] - 1] = e["loc"]
    return out


def bad_step(st, n, nmon, ninv):
    """Why a saved step is not one (None when it is): a restored file is checked before use."""
    if not isinstance(st, list) or len(st) != 3 or st[0] not in (PASS, LIFT, PLACE):
        return "a step is [pass|lift|place, monster, location]"
    m, loc = st[1], st[2]
    if not isinstance(m, int) or not isinstance(loc, int) or not -ninv <= m < nmon \
            or not 0 < loc <= n:
        return "step %r: no such monster, investigator or location" % (st,)
    return None


class Steps:
    """The table's own state (persisted): the queue, the open prompt, the picture of the board,
    flagged spots. Small: a few short lists."""

    def __init__(self, shown, inv):
        self.queue = []  # [[do, m, loc], ...] still to show
        self.wait = None  # [do, m, loc]: the open prompt
        self.shown = shown  # monsters per location as the tokens should now lie (index 1..n)
        self.inv = inv  # each investigator's location as its token should lie (0: off, in hand)
        self.hand = None  # [seat, location]: an investigator's token lifted to move it
        self.wrong = {}  # spot -> presence seen (True: put there, False: lifted)
        self.lit = 0  # the location a "pass" step lights now
        self.due = None  # when the next step runs (None: at the next tick)
        self.running = False  # steps queued and not yet settled

    def covered(self, loc):
        return self.shown[loc] > 0 or loc in self.inv

    def add(self, events, where, nmon):
        steps_of(events, where, self.queue, nmon)
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
        return {"queue": self.queue, "wait": self.wait, "shown": self.shown, "inv": self.inv,
                "hand": self.hand, "wrong": self.wrong, "lit": self.lit,
                "running": self.running}

    def restore(self, snap, shown, inv):
        self.queue = [list(st) for st in snap.get("queue") or []]
        self.wait = snap.get("wait")
        got = snap.get("shown")
        self.shown = list(got) if isinstance(got, list) and len(got) == len(shown) else shown
        got = snap.get("inv")
        self.inv = list(got) if isinstance(got, list) and len(got) == len(inv) else inv
        got = snap.get("hand")
        self.hand = list(got) if isinstance(got, list) and len(got) == 2 else None
        self.wrong = dict(snap.get("wrong") or {})
        self.lit = snap.get("lit") or 0
        self.running = bool(snap.get("running") or self.queue or self.wait)
        self.due = None
