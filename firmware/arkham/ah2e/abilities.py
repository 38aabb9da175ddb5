"""Mythos abilities the core resolves itself (AH-MON-6, AH-MYTH-4), from
data/mythos_abilities.json: monsters back to the cup by place or kind, terror and doom, monsters
released, what an environment or rumor keeps in force while in play, and the rumor's counter with
its tick at the end of each Mythos phase and its pass / fail conditions. The rest of a card's text
is the players' to resolve and report."""
from arkham.ah2e import rules
from arkham.ah2e.tables import OUTSKIRTS, SKY, card_ability


def in_force(g, key):
    """A value the environment or rumor in play keeps in force (0 when none)."""
    s = g.s
    n = 0
    for ab in (s.get("envab"), s.get("rumab")):
        if ab and key in ab:
            n = n + ab[key] if isinstance(ab[key], int) else ab[key]
    return n


def resolve(g, kind, c):
    """The ability of mythos card c (its number, or its name) as it comes into play (headline,
    environment, rumor)."""
    s = g.s
    ab = card_ability(c)
    if kind.startswith("env"):
        if ab:
            s["envab"] = ab
        else:
            s.pop("envab", None)
    elif kind == "rumor":
        s.pop("rumab", None)
        if ab:
            s["rumab"] = ab
            s["rumor_n"] = ab.get("counter", 0)
            s["rumor_new"] = 1
            g.emit("rumor_counter", n=s["rumor_n"])
    if ab:
        now(g, ab)


def now(g, ab):
    s = g.s
    if "return" in ab:
        back = returned(g, ab["return"])
        if back and ab.get("terror_if_any"):
            rules.terror_up(g, "mythos")
    if ab.get("terror"):
        for _ in range(ab["terror"]):
            rules.terror_up(g, "mythos")
    if ab.get("doom"):
        for _ in range(ab["doom"]):
            rules.doom_up(g, "mythos")
    if "monsters" in ab:
        at, n = ab["monsters"]
        g.push([["mon", at, "mythos"] for _ in range(n)])
    if ab.get("lost_return"):
        lost = [i for i in rules.order(g) if s["inv"][i]["at"] == rules.LOST]
        for i in lost:
            s["inv"][i]["delayed"] = 0
        g.push([["ret", i] for i in lost])


def returned(g, spec):
    """Monsters in Arkham (streets, locations, the Sky) and the Outskirts matching `spec` go back
    to the cup: by kind, by dimension symbol, or by place."""
    s = g.s
    d = g.d
    adj = d.adj
    places = spec.get("place", ())
    kinds = spec.get("kind", ())
    symbols = spec.get("symbol", ())
    back = []
    for m, at in enumerate(s["mon"]):
        if at == "cup" or (at not in adj and at != SKY and at != OUTSKIRTS):  # (Data.is_arkham,
            continue  # inline, after the cheapest test for most of the 60 markers)
        hit = (kinds and d.kind_of(m) in kinds) or (symbols and rules.stat(g, m, "symbol")
                                                    in symbols)
        for p in places:
            if (p == at or (p == "streets" and at in d.white)
                    or (p == "locations" and at in d.street_of)
                    or (p in d.white and d.street_of.get(at) == p)):
                hit = True
        if hit:
            s["mon"][m] = "cup"
            back.append(m)
    g.emit("monsters_returned", symbol=None, monsters=back, why="mythos")
    return back


def blocked(g, m):
    """An environment that keeps a kind out (Raining Cats and Dogs: Fire Vampires)."""
    kinds = in_force(g, "no_kind")
    return g.d.kind_of(m) in kinds if kinds else False


# ---- the rumor -------------------------------------------------------------------------------
def tick(g):
    """End of a Mythos phase: the rumor's ongoing effect (not in the turn it came in). The
    steps to run first when it rolls dice, else None."""
    s = g.s
    ab = s.get("rumab")
    if not ab or s["rumor"] is None:
        return None
    if s.get("rumor_new"):
        s["rumor_new"] = 0
        return None
    t = ab.get("tick", {})
    if t.get("dice"):
        return [["die", -1, "rumor", k] for k in range(t["dice"])] + [["rumchk"]]
    apply(g, t.get("then", {}))
    check(g)
    return None


def rumor_die(g, face):
    g.emit("rumor_roll", die=face)
    if "rumab" not in g.s:
        return  # the rumor left play since the roll was asked for
    t = g.s["rumab"]["tick"]
    if face in t["on"]:
        apply(g, t["then"])


def apply(g, then):
    s = g.s
    if then.get("counter"):
        s["rumor_n"] += then["counter"]
        g.emit("rumor_counter", n=s["rumor_n"])
    if then.get("terror"):
        rules.terror_up(g, "rumor")
    if then.get("doom"):
        rules.doom_up(g, "rumor")
    if then.get("allies") and s["allies"] > 0:
        s["allies"] -= 1
        g.emit("ally_removed", left=s["allies"])


def check(g):
    """Pass / fail conditions the core can see (AH-MYTH-4)."""
    s = g.s
    ab = s.get("rumab")
    if not ab or s["rumor"] is None:
        return
    for res in ("pass", "fail"):
        cond = ab.get(res)
        if cond and _met(g, cond):
            end(g, "passed" if res == "pass" else "failed")
            then = cond.get("then", {})
            if then.get("curse_all"):
                for i in rules.order(g):
                    s["inv"][i]["bless"] = -1
                    g.emit("cursed", inv=i)
            if then.get("note"):
                g.emit("rumor_note", text=then["note"])
            if then.get("awaken"):
                rules.awaken(g, "rumor")
            return


def _met(g, cond):
    s = g.s
    if "counter_at" in cond:
        n = cond["counter_at"]
        return s["rumor_n"] <= n if n == 0 else s["rumor_n"] >= n
    if "terror_at" in cond:
        return s["terror"] >= cond["terror_at"]
    if "allies_at" in cond:
        return s["allies"] <= cond["allies_at"]
    return False


def end(g, result):
    """The rumor leaves play: passed or failed, to the box (the card says so)."""
    s = g.s
    c = s["rumor"]
    s["rumor"] = None
    for k in ("rumab", "rumor_n", "rumor_new"):
        s.pop(k, None)
    g.emit("rumor_ends", card=g.d.card_name(c), result=result)
