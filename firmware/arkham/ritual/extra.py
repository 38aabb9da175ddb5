"""What the Ritual core runs once a game or on request: a new game's first state, what the table
(`dump`) or one seat (`look`) may see. Imported for the call (arkham.ritual.rounds._once) and, from
a .mpy, dropped after: its code is not in RAM between."""
from arkham.ritual.game import _cards_for
from arkham.ritual.rounds import DECIDE, NOMINATE, ORB, Reject, _int
from arkham.rng import Rng


def public(game):
    """Everything anyone at the table may see (the shared console's `dump`)."""
    s = game.state
    out = {}
    for k in sorted(s):
        if k not in ("deck", "held", "offered", "rng", "opts"):
            out[k] = s[k]
    out["slots"] = game.cards.slots
    return out


def view(game, seat):
    """What one seat may see (AR-INFO-1): the others' cards, the top card while leading, the
    card the Orb shows. Virtual mode only; the binding sends it only to that seat."""
    s = game.state
    if s["mode"] != "virtual":
        return {"seat": seat, "others": [], "note": "physical cards: look at the table"}
    others = []
    for h in range(1, s["n"] + s["k"] + 1):
        if h != seat:
            others.append([h, s["held"][h - 1]])
    out = {"seat": seat, "others": others}
    if s["phase"] in (NOMINATE, DECIDE) and seat == s["leader"] and s["offered"]:
        out["top"] = s["offered"]
    if s["phase"] == ORB and seat == s["orb_seat"] and s["deck"]:
        out["orb_top"] = s["deck"][-1]
    return out


def same_cards(like, opts):
    if like is None:
        return None
    o = like.state["opts"]
    for k in ("slots", "rules", "data"):
        if o.get(k) != opts.get(k):
            return None
    return like.cards


def initial(opts, seed, cards=None):
    for k in sorted(opts):
        if k not in ("players", "leader", "mode", "slots", "rules", "data"):
            raise Reject("unknown option %r" % k)
    if cards is None:
        cards = _cards_for({"opts": opts})
    r = cards.rules
    n = opts.get("players", 5)
    _int(n, "players")
    if n < r["min_players"] or n > r["max_players"]:
        raise Reject("players must be %d to %d" % (r["min_players"], r["max_players"]))
    leader = _int(opts.get("leader", 1), "leader")
    if leader < 1 or leader > n:
        raise Reject("leader must be a seat 1..%d" % n)
    mode = opts.get("mode", "virtual")
    if mode not in ("virtual", "physical"):
        raise Reject("mode is virtual or physical")
    k = r["fill_to"] - n if n < r["fill_to"] else 0  # AR-SETUP-1: dummies up to 5 holders
    return {
        "v": 1, "id": 0, "n": n, "k": k, "mode": mode, "opts": opts,
        "sanity": [r["start_sanity"]] * n,  # AR-SETUP-2
        "round": 0, "turn": 0, "leader": leader, "nominator": 0, "nominated": 0, "open": [],
        "deck": None, "deck_n": 0, "offered": None, "held": None, "discards": [], "removed": 0,
        "orb_seat": 0, "gate_then": "", "phase": NOMINATE, "result": None, "shown": None,
        "next_leader": 0, "winners": [], "rng": Rng(_int(seed, "seed")).state(),
    }


def shape(s):
    """A restored state has the keys every Ritual state has, each of its kind (arkham.shape):
    ValueError otherwise (a save without a CRC, a key renamed: a game no verb could play)."""
    from arkham.shape import check

    check(s, ["v", "id", "n", "k", "mode", "opts", "sanity", "round", "turn", "leader",
              "nominator", "nominated", "open", "deck", "deck_n", "offered", "held", "discards",
              "removed", "orb_seat", "gate_then", "phase", "result", "shown", "next_leader",
              "winners", "rng"],
          "iiiisdliiiiilliSlliissDLill", "the saved Ritual state")
