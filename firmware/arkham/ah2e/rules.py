"""Shared AH2e rules: where things are, monster placement and limits, terror, doom, gates opening
and closing, knock-outs, awakening and victory checks. Functions take the game `g` (g.s state,
g.d data, g.emit) and change g.s; callers have validated their input already.
"""
from arkham.ah2e.tables import BASE, LOST, OUTSKIRTS, SKY, investigator_names, why


class Awaken(Exception):
    """Raised when the Ancient One awakens: whatever was being resolved stops there."""


class GameOver(Exception):
    """Raised when the game ends in the middle of a resolution."""


class SetupError(Exception):
    """Bad game options (raised by setup)."""


# ---- investigators ---------------------------------------------------------------------------
def order(g):
    """Living investigators in player order from the first player (AH-TURN-1)."""
    s = g.s
    inv = s["inv"]
    n = len(inv)
    out = []
    for k in range(s["first"], s["first"] + n):
        i = k % n
        if not inv[i]["dead"]:
            out.append(i)
    return out


def skill(g, i, check):
    """Dice for a check before its modifier: skill + skill bonus + check bonus (AH-CHECK-5)."""
    v = g.s["inv"][i]
    base = BASE[check]
    k = ("speed", "sneak", "fight", "will", "lore", "luck").index(base)
    p = v["sl"][k // 2]
    val = v["sk"][k] + (p if k % 2 == 0 else -p)
    b = v["bonus"]
    return val + b.get(base, 0) + b.get(check + "_check", 0)


def invs_at(g, area):
    s = g.s
    return [i for i in range(len(s["inv"])) if s["inv"][i]["at"] == area and not s["inv"][i]["dead"]]


def warded(g, area, flag):
    """The name of a living investigator in `area` whose sheet ability has `flag` (AH-ENC-10:
    Kate Winthrop's no_gate_here, no_monster_here), or None."""
    for v in g.s["inv"]:
        if v["at"] == area and not v["dead"] and flag in v.get("ab", ()):
            return v["name"]
    return None


def has_ability(g, i, flag):
    return flag in g.s["inv"][i].get("ab", ())


def pass_first(g):
    """The first player marker passes to the next living player on the left (AH-TURN-2,
    AH-FINAL-5)."""
    s = g.s
    n = len(s["inv"])
    nxt = (s["first"] + 1) % n
    while s["inv"][nxt]["dead"] and nxt != s["first"]:
        nxt = (nxt + 1) % n
    s["first"] = nxt
    g.emit("first_player", inv=nxt)


# ---- monsters --------------------------------------------------------------------------------
def stat(g, mid, field):
    """A monster marker's value with the Ancient One's worshippers and powers applied."""
    kind = g.d.kind_of(mid)
    w = g.ao["worshippers"].get(kind, ())  # (a constant, not a new dict a call)
    v = w[field] if field in w else g.d.kstat(mid, field)
    if kind == "maniac" and g.s["terror"] >= g.d.maniac["terror"] and field in g.d.maniac:
        v = g.d.maniac[field]
    if field == "toughness":
        v += g.ao["power"].get("toughness_plus", 0)
        for ab in (g.s.get("envab"), g.s.get("rumab")):
            if ab and "toughness" in ab:  # a mythos card in play (The Festival, ...; AH-MON-6)
                t = ab["toughness"]
                v += t.get(kind, 0) + (t.get("undead", 0) if g.d.kabil(mid, "undead") else 0)
    return v


def has(g, mid, ability):
    kind = g.d.kind_of(mid)
    if g.d.kabil(mid, ability):
        return True
    if ability in g.ao["worshippers"].get(kind, {}).get("add", ()):
        return True
    if ability == "endless" and kind == "maniac" and g.s["terror"] >= g.d.maniac["terror"]:
        return True
    return False


def monsters_at(g, area):
    mon = g.s["mon"]
    if area not in mon:  # (most areas hold none: one scan in C, no list built)
        return []
    return [m for m, p in enumerate(mon) if p == area]


def arkham_count(g):
    """Monsters counted by the limit: streets, locations and the Sky (AH-LIMIT-1)."""
    adj = g.d.adj  # (Data.is_arkham, inline: this runs for every monster placed)
    n = 0
    for p in g.s["mon"]:
        if p != "cup" and (p in adj or p == SKY):  # (most markers are in the cup: that test
            n += 1  # first; the Sky in the loop, not one more scan of all 60 to count it)
    return n


def limit(g):
    return len(g.s["inv"]) + 3


def cup(g):
    return [m for m, p in enumerate(g.s["mon"]) if p == "cup"]


def draw_monster(g, kind=None):
    """A marker from the cup: of `kind` (physical cup) or at random (virtual). Markers of one
    kind are alike, so the lowest id of the kind drawn is used: both ways log the same. An empty
    cup when a monster must be drawn awakens the Ancient One (AH-AWAKE-3)."""
    d = g.d
    mon = g.s["mon"]
    n = mon.count("cup")  # (scans in C: no list of the cup built)
    if not n:
        awaken(g, "no_monster")
    marker = d._marker  # markers compared by kind number, not by name
    if kind is None:
        m = nth(mon, "cup", g.rng.below(n))  # = rng.choice(cup(g))
        k = marker[m]
        while m and marker[m - 1] == k:  # a kind's markers are in a row (load.py): its first
            m -= 1
        m = mon.index("cup", m)  # the lowest of that kind in the cup (m itself at the latest)
        g.emit("monster_drawn", monster=m, kind=d.kind_of(m))
        return m
    k = d.kind_id(kind)
    for m in range(len(mon)):
        if marker[m] == k and mon[m] == "cup":
            g.emit("monster_drawn", monster=m, kind=kind)
            return m
    return None


def draw_gate_marker(g, world=None):
    """A gate marker from the stack, the same way (AH-TABLE-4); none left awakens (AH-AWAKE-3)."""
    gm = g.s["gm"]
    n = gm.count("stack")  # (scans in C, no list of the stack built: as draw_monster)
    if not n:
        awaken(g, "no_gate_marker")
    gw = g.d.gate_world
    if world is None:
        world = gw[nth(gm, "stack", g.rng.below(n))]  # = rng.choice(stack)
        return gm.index("stack", gw.index(world))  # a world's markers are in a row (load.py)
    for m in range(len(gm)):
        if gm[m] == "stack" and gw[m] == world:
            return m
    return None


def nth(markers, at, k):
    """The k-th (from 0) of the markers whose place is `at`, in the list of every marker's place,
    most of them `at` (the cup, the gate stack): at k plus the markers elsewhere before it. m
    grows to it; c = the markers at `at` in markers[:m + 1] (counted in C); `more` places hold
    at most as many more of them."""
    m = k
    c = markers[:k + 1].count(at)
    while c <= k:
        more = k + 1 - c
        c += markers[m + 1:m + 1 + more].count(at)
        m += more
    return m


def move_monster(g, mid, to, why):
    frm = g.s["mon"][mid]
    g.s["mon"][mid] = to
    g.emit("monster_moved", monster=mid, kind=g.d.kind_of(mid), frm=frm, to=to, why=why)


def place_monster(g, mid, loc, why):
    """A drawn monster goes to `loc`, or to the Outskirts over the limit (AH-GATE-5, LIMIT-2):
    when the monsters in Arkham are not fewer than the limit (AH-LIMIT-1). Often the markers out
    of the cup and the box (counted in C, fast: most are "cup"; the box holds the masks a game
    leaves out, 5 markers) are already fewer, else often those less the Outskirts': no loop over
    all 60 in Python. (The Outskirts counted in the first bound cost more than they saved.)"""
    s = g.s
    mon = s["mon"]
    n = limit(g)
    k = len(mon) - mon.count("cup") - mon.count("box")
    if s["terror"] >= 10 or k < n or k - mon.count(OUTSKIRTS) < n or arkham_count(g) < n:
        move_monster(g, mid, loc, why)
    else:
        to_outskirts(g, mid)
    if s["terror"] >= 10:  # (check_overrun's first test: no call for the rest of the game)
        check_overrun(g)


def to_outskirts(g, mid):
    """AH-LIMIT-3: over the Outskirts limit, all of them (this one too) go back to the cup."""
    s = g.s
    if s["mon"].count(OUTSKIRTS) + 1 > 8 - len(s["inv"]):  # (a list only when they go back)
        out = monsters_at(g, OUTSKIRTS)
        for m in out + [mid]:
            s["mon"][m] = "cup"
        g.emit("outskirts_overflow", monsters=out + [mid])
        terror_up(g, "outskirts")
    else:
        move_monster(g, mid, OUTSKIRTS, "limit")


# ---- terror and doom -------------------------------------------------------------------------
def terror_up(g, why):
    """AH-TERROR-1..4."""
    s = g.s
    if s.get("envab", {}).get("no_terror"):
        g.emit("terror_held", why=why)  # Happy Days are Here Again
        return
    if s["terror"] >= 10:
        g.emit("terror_full", why=why)
        doom_up(g, "terror")
        return
    s["terror"] += 1
    g.emit("terror", level=s["terror"], why=why)
    if s["allies"] > 0:
        s["allies"] -= 1
        g.emit("ally_removed", left=s["allies"])
    for level, shop in g.d.closes:
        if level == s["terror"] and shop not in s["closed"]:
            close_location(g, shop)
    if s["terror"] == 10:
        out = monsters_at(g, OUTSKIRTS)
        for m in out:
            s["mon"][m] = "cup"
        g.emit("arkham_overrun", monsters=out)
    check_overrun(g)


def close_location(g, loc):
    """AH-TERROR-2: closed for the rest of the game; who is there moves to its street."""
    s = g.s
    s["closed"].append(loc)
    s["closed"].sort()
    g.emit("location_closed", at=loc)
    street = g.d.street_of[loc]
    for m in monsters_at(g, loc):
        move_monster(g, m, street, "closed")
    for i in invs_at(g, loc):
        move_inv(g, i, street, "closed")


def doom_up(g, why):
    s = g.s
    if s["doom"] >= g.ao["doom"]:
        return  # the track is full (in the final battle it is the Ancient One's health)
    s["doom"] += 1
    g.emit("doom", level=s["doom"], why=why)
    if s["doom"] >= g.ao["doom"]:
        awaken(g, "doom")  # AH-AWAKE-1


def check_overrun(g):
    """AH-AWAKE-4: terror 10 and twice the normal monster limit in Arkham."""
    if g.s["terror"] >= 10 and arkham_count(g) >= 2 * limit(g) and g.s["phase"] != "final":
        awaken(g, "monsters")


def awaken(g, why):
    if g.s["phase"] == "final":
        return
    g.s["woke"] = why
    raise Awaken(why)


# ---- investigators moving --------------------------------------------------------------------
def move_inv(g, i, to, why):
    v = g.s["inv"][i]
    frm = v["at"]
    v["at"] = to
    v["ev"] = []
    if v["explored"] and v["explored"] != to:
        lose_explored(g, i)  # AH-MOVE-9
    g.emit("inv_moved", inv=i, frm=frm, to=to, why=why)


def come_back(g, i, loc):
    """Back to Arkham with an explored marker (AH-MOVE-2). Monsters there may be fought now or
    on a later turn (Korean seed, 3.2): returning forces no evade."""
    move_inv(g, i, loc, "return")
    g.s["inv"][i]["explored"] = loc
    g.emit("explored", inv=i, at=loc)


def lose_explored(g, i):
    v = g.s["inv"][i]
    if v["explored"]:
        g.emit("explored_lost", inv=i, at=v["explored"])
        v["explored"] = None


def draw_through(g, i, world, delayed, why):
    """To the first area of the gate's world (AH-ENC-2, GATE-4, ENC-7)."""
    move_inv(g, i, world + "_1", why)
    if delayed:
        set_delayed(g, i)


def set_delayed(g, i):
    v = g.s["inv"][i]
    if not v["delayed"]:
        v["delayed"] = 1
        g.emit("delayed", inv=i)


def lost(g, i, why):
    """Lost in time and space: to that area, delayed (AH-MOVE-2, COMBAT-7)."""
    v = g.s["inv"][i]
    drop_pending(g, i)
    if g.ao["power"].get("lost_devoured"):
        devour(g, i, "lost")
        return
    move_inv(g, i, LOST, why)
    set_delayed(g, i)
    if g.ao["power"].get("doom_on_lost"):
        doom_up(g, "lost")
    return v


def drop_pending(g, i):
    """A check or combat of an investigator who is taken away ends with them."""
    s = g.s
    if s["cmb"] is not None and s["cmb"]["i"] == i:
        end_combat(g, "apart")
    if s["chk"] is not None and s["chk"]["i"] == i:
        s["chk"] = None
        g.emit("check_dropped", inv=i)


def devour(g, i, why):
    """The investigator leaves play; their cards, clue tokens and trophies are discarded
    (AH-DEV-3). Unless the Ancient One is awake their player chooses a new investigator
    (AH-DEV-1: a step at the front of the queue); in the final battle all devoured lose."""
    s = g.s
    v = s["inv"][i]
    if v["dead"]:
        return
    drop_pending(g, i)
    v["dead"] = 1
    v["explored"] = None
    g.emit("devoured", inv=i, why=why)
    t = "t%d" % i
    gates = [m for m in range(len(s["gm"])) if s["gm"][m] == t]
    mons = [m for m in range(len(s["mon"])) if s["mon"][m] == t]
    for m in gates:
        s["gm"][m] = "stack"
    for m in mons:
        s["mon"][m] = "cup"
    g.emit("discarded_all", inv=i, items=v["items"], clues=v["clues"], money=v["money"],
           gate_trophies=gates, monster_trophies=mons)
    v.update(items=[], clues=0, money=0, bless=0, loan=0, ret=0, bonus={}, delayed=0)
    s.setdefault("gone", []).append(v["name"])
    if s["phase"] != "final" and not s["woke"] and spare_sheets(g):
        g.push([["newinv", i]])
    elif not order(g):
        end_game(g, 0, "devoured")


def spare_sheets(g):
    """Investigator sheets not in play and never devoured in this game (AH-DEV-1)."""
    s = g.s
    taken = s.get("gone", []) + [w["name"] for w in s["inv"] if not w["dead"]]
    return [n for n in investigator_names() if n not in taken]


def lose(g, i, what, n, why):
    """Lose sanity ("san") or stamina ("sta"); at 0: knocked out (AH-COMBAT-7).
    (lose_both's work for one of them, not a call to it: a loss comes at the end of a combat's
    chain of calls, and the Pico's C stack takes ~27 of them.)"""
    v = g.s["inv"][i]
    if v["dead"] or n <= 0:
        return
    v[what] = max(0, v[what] - n)
    g.emit("lose", inv=i, what=what, n=n, left=v[what], why=why)
    if v["san"] == 0 or v["sta"] == 0:
        cmb = g.s["cmb"]
        if cmb is not None and cmb["i"] == i:
            end_combat(g, "down")
        knock_out(g, i)


def lose_both(g, i, san, sta, why):
    """Sanity and stamina lost at the same time: both at 0 devours (AH-DEV-2), one at 0 knocks
    out (AH-COMBAT-7)."""
    v = g.s["inv"][i]
    if v["dead"] or (san <= 0 and sta <= 0):
        return
    for what, n in (("san", san), ("sta", sta)):
        if n > 0:
            v[what] = max(0, v[what] - n)
            g.emit("lose", inv=i, what=what, n=n, left=v[what], why=why)
    if v["san"] == 0 or v["sta"] == 0:
        cmb = g.s["cmb"]
        if cmb is not None and cmb["i"] == i:
            end_combat(g, "down")  # (then the knock-out: after the combat's end, not under it)
        knock_out(g, i)


def change_max(g, i, what, n, check=1):
    """Maximum sanity ("san") or stamina ("sta") changed by n (never below 0); the value stays
    within it. A maximum reduced to 0 devours (AH-DEV-2), when `check`."""
    v = g.s["inv"][i]
    m = "m" + what
    v[m] = max(0, v[m] + n)
    v[what] = min(v[what], v[m])
    g.emit("max", inv=i, what=what, max=v[m])
    if check and v[m] == 0:
        devour(g, i, "max")


def knock_out(g, i):
    """AH-COMBAT-7 (AH-FINAL-3 in the final battle): 0 stamina or 0 sanity."""
    v = g.s["inv"][i]
    if v["dead"] or (v["sta"] > 0 and v["san"] > 0):
        return False
    if g.s["phase"] == "final" or (v["sta"] <= 0 and v["san"] <= 0):
        devour(g, i, "final" if g.s["phase"] == "final" else "both")
        return True
    insane = v["san"] <= 0
    drop_pending(g, i)
    v["san"] = max(v["san"], 1)
    v["sta"] = max(v["sta"], 1)
    lose = v["clues"] // 2
    v["clues"] -= lose
    drop = len(v["items"]) // 2
    dropped = v["items"][len(v["items"]) - drop:] if drop else []
    v["items"] = v["items"][: len(v["items"]) - drop]
    g.emit("knocked_out", inv=i, insane=insane, clues_lost=lose, items_lost=dropped)
    if g.d.world_of(v["at"])[0] or v["at"] == LOST:
        lost(g, i, "insane" if insane else "unconscious")
    else:
        move_inv(g, i, g.d.asylum if insane else g.d.hospital, "insane" if insane else "unconscious")
        if g.s["phase"] == "movement":
            # AH-MOVE-8, AH-COMBAT-7: a knock-out ends the turn's movement where they wake; the
            # monsters there are not met again this turn (no evade, no combat: it cannot loop)
            v["mp"] = -1  # (-1: over for this turn, no point may be gained: end_combat)
            v["ev"] = monsters_at(g, v["at"])
    return True


# ---- combat state (fight.py runs the combat) -------------------------------------------------
def end_combat(g, how):
    """The combat ends `how`; with "down" the caller calls knock_out(g, i) right after."""
    cmb = g.s["cmb"]
    if cmb is None:
        return
    g.s["cmb"] = None
    i = cmb["i"]
    m = cmb["m"]
    v = g.s["inv"][i]
    if g.s["chk"] is not None and g.s["chk"]["p"] in ("horror", "combat", "flee", "spell"):
        g.s["chk"] = None  # the combat ended under it (a card, a knock-out)
    g.emit("combat_over", inv=i, monster=m, result=how)
    if cmb["src"] != "board" and g.s["mon"][m] == "enc":
        move_monster(g, m, "cup", "encounter")  # AH-ENC-6, AH-OW-2
    if how == "fled" and cmb["src"] == "board":
        v["ev"].append(m)
    if cmb["mv"]:
        # AH-MOVE-8: after a combat in the movement phase, won or lost, movement ends and no more
        # movement points can be gained this turn (Korean seed 3.2, line 73): -1 says so
        v["mp"] = -1
    # how == "down": the caller knocks the investigator out next (knock_out), not from here


# ---- gates -----------------------------------------------------------------------------------
def gate_threshold(g):
    """AH-AWAKE-2: 8 with 1-2 investigators, 7 with 3-4, 6 with 5-6, 5 with 7-8."""
    return 9 - (len(g.s["inv"]) + 1) // 2


def nearest_gate(g, frm):
    """The open gate location nearest to `frm` (breadth first; ties by name)."""
    s = g.s
    if not s["gates"]:
        return None
    seen = {frm: 1}
    ring = [frm]
    while ring:
        hits = sorted(a for a in ring if a in s["gates"])
        if hits:
            return hits[0]
        nxt = []
        for a in ring:
            for b in g.d.adj.get(a, ()):
                if b not in seen:
                    seen[b] = 1
                    nxt.append(b)
        ring = nxt
    return sorted(s["gates"])[0]


def close_gate(g, loc, i, why, win_check=True):
    """AH-ENC-5: the marker becomes a trophy of `i` (or back to the stack when i is None); the
    monsters whose symbol matches go back to the cup; explored markers there are lost."""
    s = g.s
    marker = s["gates"].pop(loc)
    world = g.d.gate_world[marker]
    s["gm"][marker] = "stack" if i is None else "t%d" % i
    g.emit("gate_closed", at=loc, world=world, marker=marker, inv=i, why=why)
    sym = g.d.worlds[world][2]
    back = []
    for m in range(len(s["mon"])):
        p = s["mon"][m]
        if (g.d.is_arkham(p) or p == OUTSKIRTS) and stat(g, m, "symbol") == sym:
            s["mon"][m] = "cup"
            back.append(m)
    if back:
        g.emit("monsters_returned", symbol=sym, monsters=back)
    for k in range(len(s["inv"])):
        if s["inv"][k]["explored"] == loc:
            lose_explored(g, k)
    if win_check:
        check_gate_win(g)


def is_trophy(place):
    """A gate marker's or a monster's place is an investigator's trophies: "t<i>" (not a place
    whose name starts with t: train_station, the_unnamable, the_witch_house)."""
    return place.startswith("t") and place[1:].isdigit()


def check_gate_win(g):
    """AH-WIN-1: no gates open and gate trophies >= the number of investigators."""
    s = g.s
    if s["phase"] == "final" or s["gates"]:
        return
    held = len([1 for p in s["gm"] if is_trophy(p)])
    if held >= len(s["inv"]):
        end_game(g, 1, "gates")


def place_sign(g, loc):
    s = g.s
    s["signs"].append(loc)
    s["signs"].sort()
    g.emit("elder_sign", at=loc, total=len(s["signs"]))
    if len(s["signs"]) >= 6 and not g.ao["power"].get("no_seal_win") and s["phase"] != "final":
        end_game(g, 1, "seals")  # AH-WIN-2


# ---- the end ---------------------------------------------------------------------------------
def end_game(g, won, how):
    s = g.s
    res = {"won": won, "how": how}
    if won:
        res["score"] = score(g)
        res["first_citizen"] = first_citizen(g)
    s["over"] = res
    g.emit("game_over", **res)
    raise GameOver(how)


def score(g):
    """AH-SCORE-1."""
    s = g.s
    pts = g.ao["doom"] - s["terror"]
    pts += len([1 for p in s["gm"] if is_trophy(p)])
    pts += len([1 for p in s["mon"] if is_trophy(p)]) // 3
    pts += len([1 for v in s["inv"] if not v["dead"]])
    pts -= len([1 for v in s["inv"] if v["loan"]])
    pts -= s["signs_used"]
    pts += s["score_adj"]
    return pts


def first_citizen(g):
    """AH-SCORE-2: most gate trophies, then most monster trophies (a count); ties all listed."""
    s = g.s
    best = None
    who = []
    for i in range(len(s["inv"])):
        t = "t%d" % i
        key = (len([1 for p in s["gm"] if p == t]), len([1 for p in s["mon"] if p == t]))
        if best is None or key > best:
            best = key
            who = [i]
        elif key == best:
            who.append(i)
    return who


# (here, not in turn.py: the final battle's adjustments check it too, without turn's code)
def sliders_ok(g, i, sl):
    """AH-UP-4: the sliders move by at most Focus in all; each stays in 0..3."""
    v = g.s["inv"][i]
    if not isinstance(sl, list) or len(sl) != 3:
        return why("sliders_must_be_list")
    for p in sl:
        if not isinstance(p, int) or p < 0 or p > 3:
            return why("slider_positions_are")
    o = v["sl"]
    moved = abs(sl[0] - o[0]) + abs(sl[1] - o[1]) + abs(sl[2] - o[2])
    if moved > v["focus"]:
        return why("moving_steps_needs_focus", moved, moved, v["focus"])
    return None
