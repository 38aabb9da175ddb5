"""A seeded game of Final Hour from setup to the final ritual attempt on the emulated table
(`arkham-table sim --game final-hour --board final-hour`), played as players would: every token
prompt done on its pad (or confirmed with `ok` where the pad cannot see it: another token on the
spot), investigators moved by lifting and placing their tokens where the pad can see it, and the
rest on the console: priority cards (FH-ROUND-3), card effects, the Ancient One phase with its
Reckoning (FH-ROUND-4) and gate step (FH-SPAWN-1), and the compulsory attempt after round 8
(FH-WIN-1, FH-WIN-2)."""

import pytest
from gamefakes import options

SEED = 11  # with this policy the team survives 8 rounds and the attempt succeeds


class Players:
    def __init__(self, table):
        self.t = table
        self.by_pad = 0
        self.by_ok = 0
        self.by_token = 0
        self.refused = 0

    def settle(self, reply):
        """Play the prompts of a reply's steps until the table has shown them all."""
        if not reply.get("steps"):
            return
        t = self.t
        for _ in range(400):
            ev = t.expect(lambda o: o.get("ev") in ("prompt", "settled", "misplaced"),
                          timeout=10.0)
            assert ev["ev"] != "misplaced", ev
            if ev["ev"] == "settled":
                return
            spot = ev["spot"]
            if not ev["sees"]:  # another token there: the pad cannot tell, the player says so
                t.ok("ok " + spot)
                self.by_ok += 1
                continue
            (t.world.place if ev["do"] == "place" else t.world.lift)(spot)
            t.expect("prompt_done", spot=spot, timeout=5.0)
            self.by_pad += 1
        raise AssertionError("too many prompts")

    def do(self, line):
        r = self.t.ok(line, timeout=10.0)
        self.settle(r)
        return r

    def state(self):
        return self.t.dump()["state"]

    def legal(self):
        r = self.t.ok("legal")
        return options(r["view"]["legal"] if "private" in r else r["legal"])  # a hand: private

    def card(self, seat):
        """The card's effects, as the players would choose them: go where the monsters are,
        fight them, turn up the clue."""
        s = self.state()
        here = s["inv"][seat - 1]["loc"]

        def mons(loc):
            return [m for m, x in enumerate(s["mon"]) if x[0] == "board" and x[1] == loc]

        if not mons(here):
            dests = [a["to"] for a in self.legal() if a["a"] == "move" and a["inv"] == seat]
            dests.sort(key=lambda d: (-len(mons(d)), d))
            to = dests[0]
            alone = [i["loc"] for i in s["inv"]].count(here) == 1
            empty = not mons(to) and to not in [i["loc"] for i in s["inv"]]
            if alone and empty:  # a move by token: a lift and a place the pads can see
                self.t.world.lift("location_%d" % here)
                self.t.expect("in_hand", inv=seat, timeout=5.0)
                self.t.world.place("location_%d" % to)
                self.t.expect("inv_moved", inv=seat, to=to, timeout=5.0)
                self.t.expect("settled", timeout=5.0)
                self.by_token += 1
            else:
                self.do("move %d %d" % (seat, to))
            here = to
            s = self.state()
        for m in mons(here)[:3]:
            r = self.do("attack %d %d 4" % (seat, m))
            if r["phase"] != "actions":
                return
        if s["clues"][here - 1] == "face_down":
            self.do("investigate %d" % seat)


@pytest.mark.table(game="final-hour", board="final-hour")
def test_a_seeded_game_from_setup_to_the_final_attempt_FH_WIN_2(table):
    p = Players(table)
    r = table.ok("game final-hour seed=%d players=2" % SEED)
    p.settle({"steps": 1})  # the setup: 2 investigators and 23 monsters to put down
    s = p.state()
    on = sum(1 for x in s["mon"] if x[0] == "board")
    assert on == 23 and len(s["gates"]) == 3  # Cthulhu easy: 2 on each of 11, a Deep One
    r = table.send("move 1 11")
    assert not r["ok"] and "priority" in r["err"]  # cards first (FH-ROUND-3)
    rounds = []
    spawned = []
    for _ in range(400):
        s = p.state()
        ph = s["phase"]
        if s["result"] is not None:
            break
        if ph == "priority":
            a = [x for x in p.legal() if x["a"] == "play"][0]
            r = p.do("play %d %d" % (a["inv"], a["card"]))
        elif ph == "actions":
            turn = s["plays"][s["turn"]]
            seat = turn[0]
            p.card(seat)
            if p.state()["phase"] == "actions":
                p.do("next %d" % seat)
        elif ph == "choose":
            a = p.legal()[0]
            p.do("%s %d %d" % (a["a"], a["inv"], a.get("m", a.get("who", 0))))
        elif ph == "ancient":
            n = len(table.link.events)
            r = p.do("end %d" % s["lead"])
            spawned.append([e["loc"] for e in table.link.events[n:] if e.get("ev") == "spawn"])
            grew = [e for e in table.link.events[n:] if e.get("ev") == "gate_grows"]
            assert len(grew) == 1 and set(spawned[-1]) == {grew[0]["loc"]}  # FH-SPAWN-1
            assert len(spawned[-1]) == grew[0]["tokens"]
            rounds.append(s["round"])
        elif ph == "end":
            assert s["round"] < 8
            p.do("end %d" % s["lead"])  # no attempt yet: the next round
        elif ph == "ritual":
            assert s["round"] == 8 and not s["offered"]  # compulsory (FH-WIN-2)
            for seat in (1, 2):  # (legal: the offers of the first seat still to offer, private)
                offer = [x for x in p.legal() if x["a"] == "offer" and x["inv"] == seat][0]
                cards = offer["cards"]
                cards = [str(c) for c in (cards if isinstance(cards, list) else [cards])]
                hand = table.ok("hand %d" % seat)["view"]["hand"]  # (a private reply)
                assert {int(c) for c in cards} <= set(hand), (cards, hand)
                r = p.do("offer %d %s" % (seat, " ".join(cards)))
            ritual = table.expect("ritual", timeout=5.0)
            break
    assert rounds == list(range(1, 9))
    assert ritual["need"] == 4 and len(ritual["cards"]) == 6  # 3 cards each, 2 x 2 players
    assert r["result"] == ("won" if ritual["won"] else "lost") == "won"
    t = table.dump()["state"]["table"]
    assert t["queue"] == [] and t["wait"] is None and t["wrong"] == {}
    print("prompts by pad %d, by ok %d, moves by token %d" % (p.by_pad, p.by_ok, p.by_token))
    assert p.by_pad > 25 and p.by_ok > 0 and p.by_token > 0
