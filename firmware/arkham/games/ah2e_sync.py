"""AH2e at the table: keeping the tokens on the board and the core's state in step.

The table senses investigators, monsters and gate markers (tokens with a conductive base); clue
tokens and elder signs are shown by the lights only. So a sensed spot *should be covered* when
the state has an investigator, a monster or an open gate there (`expected`).

- AH-TABLE-2 prompts: after every accepted action the positions before and after are compared;
  each token that must be put down or picked up on a sensed spot becomes a prompt on that spot
  (`todo`: spot -> what to do, the last _MAX_TODO lines of one string). A prompt is done when a pad change on the spot leaves it as the
  state wants it (covered or bare), or when a player confirms (`ok`). Changes on spots without a
  pad (Other World areas) are only named on the console.
- AH-TABLE-3 errors: a pad change on a spot without a prompt that leaves it different from what
  the state wants is wrong (`wrong`: spot -> presence seen). It flashes until the token is put
  back (the spot is as the state wants it again) or a player overrides it; meanwhile no action
  is accepted.
- Moving by token: while an investigator in Arkham has movement points, lifting their token from
  their area puts it "in hand"; putting it down on a next-door area that the core's legal
  actions allow is a `move` there (one area per lift). Anywhere else is an error.
"""


def expected(core, spot):
    """Should the pad of `spot` be covered (an investigator, a monster or a gate there)?"""
    s = core.s
    if spot in s["gates"] or spot in s["mon"]:
        return True
    for v in s["inv"]:
        if v["at"] == spot and not v["dead"]:
            return True
    return False


def positions(core):
    """What the prompts are computed from: monster places, investigator places, gates."""
    s = core.s
    return (list(s["mon"]), [None if v["dead"] else v["at"] for v in s["inv"]], sorted(s["gates"]))


def changes(core, before, skip_inv=None):
    """[(spot, 'place'|'lift', what)] from the positions `before` to now, in a fixed order.
    `skip_inv`: an investigator whose token the players already moved."""
    s = core.s
    d = core.d
    out = []
    mon0, inv0, gates0 = before
    for m in range(len(mon0)):
        a = mon0[m]
        b = s["mon"][m]
        if a != b:
            kind = d.kind_of(m)
            out.append((a, "lift", kind))
            out.append((b, "place", kind))
    for i in range(len(inv0)):
        v = s["inv"][i]
        a = inv0[i]
        b = None if v["dead"] else v["at"]
        if a != b and i != skip_inv:
            out.append((a, "lift", v["name"]))
            out.append((b, "place", v["name"]))
    for loc in gates0:
        if loc not in s["gates"]:
            out.append((loc, "lift", "gate"))
    for loc in sorted(s["gates"]):
        if loc not in gates0:
            out.append((loc, "place", "gate to " + d.gate_world[s["gates"][loc]]))
    return [c for c in out if isinstance(c[0], str)]  # the caller keeps spots on its board


class Sync:
    """The table's own state: prompts, wrong tokens, the investigator in hand (persisted)."""

    def __init__(self):
        # spot -> what to do, one line each ("place x\nlift y"): one string a spot, not a list
        # of strings (prompts nobody did pile up: ~2 KB less for a board full of them)
        self.todo = {}
        self.wrong = {}  # spot -> presence seen (True: something put there, False: lifted)
        self.hand = None  # [investigator, the area their token was lifted from]

    def snapshot(self):
        return {"todo": self.todo, "wrong": self.wrong, "hand": self.hand}

    def todo_lists(self):
        """todo as the console shows it: spot -> [what to do, ...]."""
        out = {}
        for spot in self.todo:
            out[spot] = self.todo[spot].split("\n")
        return out

    def restore(self, snap):
        todo = dict(snap.get("todo") or {})
        for spot in todo:
            if isinstance(todo[spot], list):  # (saved before the prompts were one string)
                todo[spot] = "\n".join(todo[spot])
        self.todo = todo
        self.wrong = dict(snap.get("wrong") or {})
        self.hand = snap.get("hand")
