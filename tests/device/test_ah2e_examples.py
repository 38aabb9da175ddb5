"""The seed's two worked examples on both runtimes: the surge 2/3/2 (AH-GATE-2) and the
Outskirts overflow (AH-LIMIT-3), with physical chance (the test says what is drawn)."""
from arkham.ah2e import tables
from check import done, equal

tables.get()  # the data first, then the biggest module, while the heap is in few pieces
import arkham.ah2e.actions  # noqa: F401
from arkham.ah2e.game import new_game

SEVEN = ["jenny_barnes", "joe_diamond", "amanda_sharpe", "ashcan_pete", "bob_jenkins",
         "carolyn_fern", "darrell_simmons"]


def to_mythos(g):
    """Answer the simplest way until the next mythos card is wanted."""
    while g.need()["k"] != "draw_mythos":
        k = g.need()["k"]
        a = {"upkeep": {"a": "upkeep"}, "encounter": {"a": "done"}, "other": {"a": "done"},
             "move": {"a": "end_move", "clues": 0}, "die": {"a": "roll", "die": 3}}[k]
        ok, ev = g.apply(a)


def clean(g):
    s = g.s
    for m in range(60):
        if s["mon"][m] not in ("cup", "box"):
            s["mon"][m] = "cup"
    for loc in sorted(s["gates"]):
        s["gm"][s["gates"].pop(loc)] = "stack"


def gate(g, loc, world):
    for m in range(16):
        if g.s["gm"][m] == "stack" and g.d.gate_world[m] == world:
            g.s["gm"][m] = loc
            g.s["gates"][loc] = m
            return


def put(g, kind, area):
    for m in range(60):
        if g.s["mon"][m] == "cup" and g.d.kind_of(m) == kind:
            g.s["mon"][m] = area
            return


def start(names):
    g = new_game(1, {"investigators": names, "chance": "physical"})
    for a in ({"a": "draw_mythos", "card": "heat_wave"}, {"a": "draw_gate", "world": "rlyeh"}):
        g.apply(a)
    while g.need()["k"] == "draw_monster":
        g.apply({"a": "draw_monster", "kind": "cultist"})
    to_mythos(g)
    clean(g)
    return g


g = start(SEVEN)
gate(g, "woods", "abyss")
gate(g, "independence_square", "yuggoth")
gate(g, "the_unnamable", "dreamlands")
ok, ev = g.apply({"a": "draw_mythos", "card": "big_storm_sweeps_arkham"})
got = {}
for kind in ["ghoul"] * 3 + ["dark_young"] * 3 + ["formless_spawn"]:
    ok, ev = g.apply({"a": "draw_monster", "kind": kind})
    for e in ev:
        if e["ev"] == "monster_moved" and e["why"] == "surge":
            got[e["to"]] = got.get(e["to"], 0) + 1
print("surge", sorted(got.items()))
equal(got, {"woods": 2, "independence_square": 3, "the_unnamable": 2}, "AH-GATE-2 surge 2/3/2")

g = start(SEVEN[:4])
gate(g, "woods", "abyss")
for street, kind in (("northside", "cultist"), ("downtown", "cultist"), ("easttown", "cultist"),
                     ("rivertown", "cultist"), ("southside", "maniac"), ("uptown", "maniac"),
                     ("french_hill", "maniac")):
    put(g, kind, street)
for _ in range(3):
    put(g, "ghoul", "outskirts")
g.apply({"a": "draw_mythos", "card": "strange_lights_on_campus"})
counts = []
for kind in ("zombie", "zombie", "witch", "witch"):
    g.apply({"a": "draw_monster", "kind": kind})
    counts.append(g.s["mon"].count("outskirts"))
print("outskirts", counts, "terror", g.s["terror"])
equal(counts, [4, 0, 1, 2], "AH-LIMIT-3 Outskirts overflow")
equal(g.s["terror"], 1, "terror rose once")
print("hash", g.state_hash())
done()
