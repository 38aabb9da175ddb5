"""What must hold in an AH2e game after every action, checked from the outside on the
core's state: `Checker().after(g, action, events)` returns the faults found (empty: all holds).

- the monster limit (AH-LIMIT-1/2: monsters in Arkham and the Sky at most investigators + 3,
  until terror 10 lifts it) and the Outskirts limit (AH-LIMIT-3: at most 8 - investigators);
- every monster marker in one known place (AH-BOARD-4); clue tokens never below zero;
- gates against gate markers (each open gate's marker says where it is, and no marker is on the
  board without its gate), gates only at unstable locations (AH-BOARD-2), fewer gates open than
  the awakening's threshold (AH-AWAKE-2) while the Ancient One sleeps;
- doom within its track, and a full track means the Ancient One is awake (AH-AWAKE-1);
- the shops closed at terror 3 / 6 / 9 (AH-TERROR-2, board.json's `closes`);
- awake (the final battle) only with a reason (`woke`);
- a knock-out in the movement phase ends that movement (AH-MOVE-8, AH-COMBAT-7), and nobody is
  knocked out twice in one turn's movement.
"""

from __future__ import annotations

_PLACES = ("cup", "box", "enc", "outskirts", "sky")


class Checker:
    def __init__(self):
        self.knocked = {}  # (turn, investigator) -> knock-outs in that turn's movement

    def after(self, g, action=None, events=()):
        from arkham.ah2e import rules

        s = g.s
        d = g.d
        n = len(s["inv"])
        out = []
        # monsters
        if s["terror"] < 10 and s["phase"] != "final" and rules.arkham_count(g) > rules.limit(g):
            out.append("monster limit: %d in Arkham > %d" % (rules.arkham_count(g),
                                                             rules.limit(g)))
        outskirts = s["mon"].count("outskirts")
        if outskirts > max(0, 8 - n):
            out.append("Outskirts limit: %d > %d" % (outskirts, 8 - n))
        for m, p in enumerate(s["mon"]):
            if not (p in _PLACES or p in d.adj or rules.is_trophy(p)):
                out.append("monster %d at an unknown place %r" % (m, p))
        for loc, c in s["clues"].items():
            if c < 0:
                out.append("clue tokens below zero at %s" % loc)
        for i, v in enumerate(s["inv"]):
            if v["clues"] < 0 or v["money"] < 0:
                out.append("investigator %d below zero: clues %d money %d" % (
                    i, v["clues"], v["money"]))
        # gates
        for loc, marker in s["gates"].items():
            if s["gm"][marker] != loc:
                out.append("gate at %s: its marker %d is at %r" % (loc, marker, s["gm"][marker]))
            if loc not in d.unstable:
                out.append("a gate at a stable location: %s" % loc)
        for marker, p in enumerate(s["gm"]):
            if p in d.adj and s["gates"].get(p) != marker:
                out.append("gate marker %d at %s without its gate" % (marker, p))
        if s["phase"] != "final" and not s["over"] and len(s["gates"]) >= rules.gate_threshold(g):
            out.append("%d gates open (threshold %d) and not awake" % (
                len(s["gates"]), rules.gate_threshold(g)))
        # doom, terror, awakening
        if not 0 <= s["doom"] <= g.ao["doom"]:
            out.append("doom %d outside 0..%d" % (s["doom"], g.ao["doom"]))
        if s["phase"] != "final" and not s["over"] and s["doom"] >= g.ao["doom"]:
            out.append("the doom track is full and the Ancient One sleeps")
        if s["phase"] == "final" and not s["woke"]:
            out.append("the final battle without an awakening")
        for level, shop in d.closes:
            if s["terror"] >= level and shop not in s["closed"]:
                out.append("terror %d and %s still open" % (s["terror"], shop))
        # knock-outs in the movement phase
        for e in events:
            if e.get("ev") == "knocked_out" and s["phase"] == "movement":
                key = (s["turn"], e["inv"])
                self.knocked[key] = self.knocked.get(key, 0) + 1
                if self.knocked[key] > 1:
                    out.append("investigator %d knocked out twice in turn %d's movement" % key)
                v = s["inv"][e["inv"]]
                need = g.need()
                if not v["dead"] and need and need["k"] == "move" and need["inv"] == e["inv"]:
                    if need["points"] or [a for a in g.legal_actions() if a["a"] != "end_move"]:
                        out.append("investigator %d moves on after a knock-out" % e["inv"])
        return out
