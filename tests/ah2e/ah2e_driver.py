"""Random legal games for the property tests and the figures: a player that picks among
legal_actions() and now and then tells the core what a card did (anytime verbs)."""
import random

from arkham.ah2e.game import new_game

INVESTIGATORS = ["jenny_barnes", "joe_diamond", "amanda_sharpe", "ashcan_pete", "bob_jenkins",
                 "carolyn_fern", "darrell_simmons", "dexter_drake"]
AOS = ["azathoth", "cthulhu", "hastur", "ithaqua", "nyarlathotep", "shub_niggurath", "yig",
       "yog_sothoth"]


def effect_for(g, rnd):
    """A random card effect (sometimes an illegal one: it must then be rejected harmlessly)."""
    s = g.s
    alive = [i for i in range(len(s["inv"])) if not s["inv"][i]["dead"]]
    if not alive:
        return None
    i = rnd.choice(alive)
    pick = rnd.randrange(12)
    if pick == 0:
        return {"a": "effect", "inv": i, "clues": rnd.choice([-2, -1, 1, 2])}
    if pick == 1:
        return {"a": "effect", "inv": i, "sanity": rnd.choice([-1, 1]),
                "stamina": rnd.choice([-1, 1])}
    if pick == 2:
        return {"a": "effect", "inv": i, rnd.choice(["bless", "curse"]): True}
    if pick == 3:
        return {"a": "effect", "inv": i, "money": rnd.choice([-3, 2]),
                "item": "item%d" % rnd.randrange(5)}
    if pick == 4:
        return {"a": "place_monster", "at": rnd.choice(g.d.locations)}
    if pick == 5:
        return {"a": "clue_at", "at": rnd.choice(g.d.locations), "n": rnd.choice([-1, 1])}
    if pick == 6:
        return {"a": "effect", "inv": i, rnd.choice(["retainer", "loan", "delay"]): True}
    if pick == 7 and s["gates"]:
        return {"a": "close_gate", "at": rnd.choice(sorted(s["gates"])), "inv": i}
    if pick == 8:
        return {"a": "terror", "n": 1}
    if pick == 9 and s["rumor"] is not None:
        return {"a": "rumor", "result": rnd.choice(["passed", "failed"])}
    if pick == 10:
        return {"a": "check", "inv": i, "skill": rnd.choice(["luck", "will", "lore"]),
                "mod": rnd.choice([-1, 0, 1])}
    return {"a": "effect", "inv": i, "lost": True}


def choose(g, rnd, effects):
    """(action, from_legal_actions)"""
    a = _choose(g, rnd, effects)
    return a


def _choose(g, rnd, effects):
    need = g.need()
    if need is not None and need["k"] == "ao_attack":
        s = g.s
        for i in range(len(s["inv"])):
            if not s["inv"][i]["dead"] and rnd.random() < 0.7:
                return {"a": "effect", "inv": i, rnd.choice(["sanity", "stamina"]): -1}
        return {"a": "done"}
    if effects and rnd.random() < 0.04:
        e = effect_for(g, rnd)
        if e is not None:
            return e
    la = g.legal_actions()
    if not la:
        return None
    # prefer doing things over passing, so games move
    return rnd.choice(la)


def play(seed, n_inv=None, ao=None, chance=None, effects=True, max_actions=20000, each=None):
    rnd = random.Random(seed)
    n_inv = n_inv or rnd.randint(1, 8)
    ao = ao or rnd.choice(AOS)
    chance = chance or rnd.choice(["virtual", "physical", ["dice"], ["cup", "mythos"]])
    g = new_game(seed, {"ao": ao, "investigators": INVESTIGATORS[:n_inv],
                        "first": rnd.randrange(n_inv), "chance": chance})
    if each:
        each(g, None, True, g.setup_events)
    for _ in range(max_actions):
        if g.over():
            break
        a = choose(g, rnd, effects)
        if a is None:
            raise AssertionError("no legal action while waiting for %r" % (g.need(),))
        listed = a in g.legal_actions()
        before = None if listed else g.snapshot()
        ok, ev = g.apply(a)
        if listed and not ok:
            raise AssertionError("legal action %r rejected: %s" % (a, ev))
        if not ok and g.snapshot() != before:
            raise AssertionError("rejected %r changed the state" % (a,))
        if each:
            each(g, a, ok, ev)
    return g
