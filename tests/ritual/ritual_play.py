"""Helpers for the Arkham Ritual tests: rig a deal, play random games, mirror to physical."""
import random

from arkham.ritual import new_game
from arkham.ritual.cards import Cards

PUBLIC_KEYS = ("sanity", "phase", "leader", "round", "turn", "deck_n", "discards", "result",
               "winners", "open", "nominated", "next_leader", "removed", "shown", "nominator")


def rig(g, held, offered=None, deck=None):
    """Force the cards of a virtual game: held per holder, the offered card, the deck (top last)."""
    s = g.state
    assert len(held) == s["n"] + s["k"]
    s["held"] = list(held)
    if offered is not None:
        s["offered"] = offered
    if deck is not None:
        s["deck"] = list(deck)
        s["deck_n"] = len(deck)
    return g


def ok(g, action):
    good, ev = g.apply(action)
    assert good, (action, ev)
    return ev


def names(ev):
    return [e["ev"] for e in ev]


def info():
    return Cards().info


def random_action(g, rnd, peek_rate=0.03):
    la = g.legal_actions()
    calm = [a for a in la if a["a"] != "peek"]
    if calm and rnd.random() > peek_rate:
        la = calm
    return rnd.choice(la)


def play(seed, options=None, max_steps=2000, policy_seed=None):
    """A whole random virtual game: returns (game, [(action, events)...])."""
    g = new_game(seed, options or {"players": 3 + seed % 5})
    rnd = random.Random(seed if policy_seed is None else policy_seed)
    log = []
    for _ in range(max_steps):
        if g.state["phase"] == "game_over":
            break
        a = random_action(g, rnd)
        log.append((a, ok(g, a)))
    return g, log


def physical_twin(a, ev):
    """The physical-mode action for a virtual action, with what its events made public."""
    b = dict(a)
    disc = [e for e in ev if e["ev"] == "discard"]
    if a["a"] in ("take", "peek") and disc:
        b["card"] = disc[0]["card"]
    if a["a"] == "pass" and any(e["why"] == "all_passed" for e in disc):
        b["card"] = disc[0]["card"]
    return b


def answer_physical(p, ev):
    """Answer the physical game's questions (who holds the Great Old One, the reveal) from the
    virtual game's public events."""
    if p.state["phase"] == "gate":
        summons = [e for e in ev if e["ev"] == "summon"]
        ok(p, {"a": "goo", "holder": summons[0]["holder"] if summons else 0})
    if p.state["phase"] == "reveal":
        shown = [e for e in ev if e["ev"] == "reveal"]
        ok(p, {"a": "reveal", "cards": shown[0]["cards"]})


def public_part(g):
    return {k: g.state[k] for k in PUBLIC_KEYS}
