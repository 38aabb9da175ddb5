"""A long seeded random AH2e game on CPython and on the MicroPython unix port (96 KB heap): the
state hash after every action must be the same on both (the parity runner compares stdout).

The player here answers each decision with a seeded choice of its own (not legal_actions(), and
no card effects), so the core's legal-action and effect code stay out of this small heap."""
import gc

from arkham.ah2e import tables
from arkham.rng import Rng
from check import check, done

tables.get()  # the data first, then the biggest module, while the heap is in few pieces
import arkham.ah2e.actions  # noqa: F401
from arkham.ah2e.game import new_game

INV = ["jenny_barnes", "joe_diamond", "amanda_sharpe"]
SPARE = ["kate_winthrop", "vincent_lee", "sister_mary", "harvey_walters", "bob_jenkins",
         "carolyn_fern", "darrell_simmons", "dexter_drake", "gloria_goldberg", "mandy_thompson"]


def answer(g, r):
    need = g.need()
    k = need["k"]
    s = g.s
    if k in ("upkeep", "final_adjust"):
        return {"a": "upkeep"}
    if k == "move":
        v = s["inv"][need["inv"]]
        here = [m for m in range(len(s["mon"])) if s["mon"][m] == v["at"] and m not in v["ev"]]
        if here:
            return {"a": "evade" if r.below(3) else "fight", "monster": here[0]}
        nxt = [a for a in g.d.adj[v["at"]] if a not in s["closed"]]
        if v["mp"] > 0 and r.below(4):
            return {"a": "move", "to": nxt[r.below(len(nxt))]}
        return {"a": "end_move"}
    if k == "combat":
        ambush = g.d.kabil(s["cmb"]["m"], "ambush")
        return {"a": "fight" if ambush or r.below(2) else "flee"}
    if k == "meet":
        return {"a": "fight" if r.below(2) else "evade"}
    if k == "new_investigator":
        taken = s.get("gone", []) + [v["name"] for v in s["inv"]]
        return {"a": "new_investigator",
                "name": [n for n in SPARE if n not in taken][0]}
    if k == "clue":
        return {"a": "spend_clue"} if r.below(2) else {"a": "accept"}
    if k == "close":
        return {"a": "close", "skill": "lore" if r.below(2) else "fight"}
    if k == "seal":
        return {"a": "seal"}
    if k in ("encounter", "other"):
        return {"a": "done"}
    if k == "return":
        v = s["inv"][need["inv"]]
        if v["at"] == "lost_in_time_and_space":
            return {"a": "return", "to": "northside"}
        w = g.d.world_of(v["at"])[0]
        return {"a": "return", "to": sorted(x for x in s["gates"]
                                            if g.d.gate_world[s["gates"][x]] == w)[0]}
    if k == "take_clue":
        return {"a": "take_clue", "inv": need["who"][0]}
    if k == "final_attack":
        return {"a": "attack"}
    if k == "ao_attack":
        return {"a": "done"}
    if k == "surge":
        return {"a": "spread"}
    if k == "ao_loss":
        return {"a": "lose", "what": "max_stamina" if r.below(2) else "max_sanity"}
    return {"a": "?"}


def play(seed, n, ao, steps):
    r = Rng(seed)
    g = new_game(seed, {"ao": ao, "investigators": INV[:n]})
    g.setup_events = None
    print("setup", g.state_hash())
    k = 0
    while k < steps and not g.over():
        a = answer(g, r)
        ok, ev = g.apply(a)
        if not ok:
            check(False, "action %r refused: %s" % (a, ev))
            break
        k += 1
        print(k, a["a"], len(ev), g.state_hash())
        ev = None
    return g, k


gc.collect()
g, k = play(2026, 3, "cthulhu", 600)
check(k >= 150, "a long game: %d actions" % k)  # to the end: all devoured (186 since issue 29)
print("over", sorted((g.over() or {}).items()), "turn", g.s["turn"], "doom", g.s["doom"], "terror", g.s["terror"])
g = None
gc.collect()
g, k = play(7, 2, "hastur", 300)
print("over", sorted((g.over() or {}).items()), "turn", g.s["turn"])
done()
