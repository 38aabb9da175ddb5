"""The Mythos phase (AH-MYTH, AH-GATE, AH-CLUE, AH-MON): a card is drawn and resolved in order:
gate and monsters, clue, monster movement, ability. Each part is a step on the game's queue; a
step that needs chance waits for an action when that source is physical (AH-TABLE-4).
"""
from arkham.ah2e import rules, tables
from arkham.ah2e.tables import SKY

abilities = tables.Lazy("abilities")  # (not kept loaded by mythos: see tables.Lazy)


# ---- drawing the card ------------------------------------------------------------------------
def step_mythos(g, step):
    """Draw a mythos card: the top of the deck (virtual) or the one the players name."""
    if g.physical("mythos"):
        return False
    resolve_card(g, g.s["deck"][0])
    return True


def resolve_card(g, c):
    s = g.s
    s["deck"].remove(c)
    card = g.d.card(c)
    g.emit("mythos", card=card[0], type=card[1], gate=card[2], clue=card[3])
    if card[1] == "story":
        # AH-MYTH-5: every card not in play back into the deck, shuffled; draw again
        s["deck"].append(c)
        if not g.physical("mythos"):
            g.rng.shuffle(s["deck"])
        g.emit("mythos_shuffled", cards=len(s["deck"]))
        g.push([["mythos"]])
        return
    if s["setup"] and card[1] == "rumor":
        s["deck"].append(c)  # AH-SETUP-5: a rumor at setup goes to the bottom; draw again
        g.emit("mythos_redraw", card=card[0])
        g.push([["mythos"]])
        return
    g.push([["gate", c], ["clue", c], ["mm", c], ["ability", c], ["endm"]])


# ---- gate and monsters -----------------------------------------------------------------------
def step_gate(g, step):
    loc = g.d.card_at(step[1], 2)
    if loc is not None:
        gate_at(g, loc, "mythos")
    return True


def gate_at(g, loc, why):
    """AH-GATE-1..3 at `loc`."""
    s = g.s
    if loc in s["signs"]:
        g.emit("no_gate", at=loc, why="elder_sign")  # AH-GATE-1
        return
    who = rules.warded(g, loc, "no_gate_here")
    if who:
        g.emit("no_gate", at=loc, why=who)  # AH-ENC-10: Kate Winthrop, a moving elder sign
        return
    if loc in s["gates"]:
        surge(g, loc)
        return
    rules.doom_up(g, "gate")
    g.push([["gm", loc, why]])


def surge(g, loc):
    """AH-GATE-2: max(open gates, investigators) monsters spread over the open gates as evenly
    as possible, the surging gate receiving at least as many as any other. Destinations are a
    round robin that starts at the surging gate, so every prefix (what the monster limit lets onto
    the board) is itself such a spread; the rest go to the Outskirts one at a time."""
    s = g.s
    k = max(len(s["gates"]), len(s["inv"]))
    others = sorted(x for x in s["gates"] if x != loc and not rules.warded(g, x, "no_monster_here"))
    ring = [loc] + others
    dests = [ring[j % len(ring)] for j in range(k)]
    g.emit("surge", at=loc, n=k, plan=spread(dests))
    s["surge"] = {"at": loc, "g": ring, "m": []}
    g.push([["mon", d, "surge"] for d in dests] + [["spread", loc]])


def step_spread(g, step):
    """AH-GATE-2 (table): after a surge, when several spreads are allowed, the players may
    choose another (`spread`); the table's proposal stands otherwise. Done at once when only one
    spread is possible."""
    sg = g.s.get("surge")
    if sg is None:
        return True
    n = len(sg["m"])
    r = n % len(sg["g"])
    if r < 2:
        g.s.pop("surge")
        return True
    return False


def spread_ok(g, plan):
    """A re-spread of the surge's monsters: exactly those monsters, at the surge's gates, as
    evenly as AH-GATE-2 allows. A reason, or None."""
    sg = g.s["surge"]
    if not isinstance(plan, dict):
        return "plan: {gate: [monster ids]}"
    ids = []
    counts = {}
    for gate in sg["g"]:
        counts[gate] = 0
    for gate in plan:
        if gate not in counts or not isinstance(plan[gate], list):
            return "%r: not a gate of this surge (%s)" % (gate, " ".join(sg["g"]))
        for m in plan[gate]:
            if not isinstance(m, int) or isinstance(m, bool):
                return "monster ids are numbers"
        counts[gate] = len(plan[gate])
        ids += plan[gate]
    if sorted(ids) != sorted(sg["m"]):
        return "the plan must place exactly the surge's monsters %r" % (sorted(sg["m"]),)
    if not surge_ok(counts, sg["at"], len(ids)):
        return "not a spread AH-GATE-2 allows (as even as possible, %s gets the most)" % sg["at"]
    return None


def respread(g, plan):
    s = g.s
    for gate in sorted(plan):
        for m in plan[gate]:
            if s["mon"][m] != gate:
                rules.move_monster(g, m, gate, "spread")
    s.pop("surge")


def spread(dests):
    out = {}
    for d in dests:
        out[d] = out.get(d, 0) + 1
    return out


def surge_ok(counts, at, total):
    """True when `counts` (gate -> monsters) is a spread AH-GATE-2 allows."""
    vals = [counts[k] for k in counts]
    if sum(vals) != total or min(vals) < 0:
        return False
    if max(vals) - min(vals) > 1:
        return False
    return counts[at] == max(vals)


def step_gate_marker(g, step):
    """Take a gate marker from the stack (random or named) and open the gate (AH-AWAKE-3)."""
    if "stack" not in g.s["gm"]:  # (no list of the stack built)
        rules.awaken(g, "no_gate_marker")
    if g.physical("gates"):
        return False
    open_with(g, step[1], rules.draw_gate_marker(g))
    return True


def open_with(g, loc, marker):
    open_gate(g, loc, marker)
    n = 2 if len(g.s["inv"]) >= 5 else 1
    g.push([["mon", loc, "gate"] for _ in range(n)])


def step_monster(g, step):
    """Draw one monster from the cup for `step[1]` (AH-GATE-5); an empty cup awakens."""
    who = rules.warded(g, step[1], "no_monster_here")
    if who:
        g.emit("no_monster", at=step[1], why=who)  # AH-ENC-10
        return True
    if "cup" not in g.s["mon"]:  # (is the cup empty: no list of it built)
        rules.awaken(g, "no_monster")
    if "cup" in g.s["phys"]:  # (g.physical, inline: ~2 draws a phase)
        return False
    place_drawn(g, rules.draw_monster(g), step)
    return True


def place_drawn(g, m, step):
    """A drawn monster is placed, unless the environment keeps its kind out: then it goes back
    and another is drawn (Raining Cats and Dogs)."""
    if abilities.blocked(g, m):
        rules.move_monster(g, m, "cup", "kept_out")
        g.push([step])
        return
    rules.place_monster(g, m, step[1], step[2])
    if step[2] == "surge" and g.s.get("surge") and g.s["mon"][m] == step[1]:
        g.s["surge"]["m"].append(m)  # on the board at its gate: part of the spread


# ---- clue ------------------------------------------------------------------------------------
def step_clue(g, step):
    """AH-CLUE-1: a clue where no gate is open; an investigator there may take it at once."""
    s = g.s
    loc = g.d.card_at(step[1], 3)
    if loc is None:
        return True
    if loc in s["gates"]:
        g.emit("no_clue", at=loc, why="gate")
        return True
    s["clues"][loc] = s["clues"].get(loc, 0) + 1
    g.emit("clue_placed", at=loc, n=s["clues"][loc])
    if anyone_at(g, loc):
        g.push([["take_clue", loc]])
    return True


def step_take_clue(g, step):
    return not (rules.invs_at(g, step[1]) and g.s["clues"].get(step[1]))


# ---- monster movement ------------------------------------------------------------------------
def step_move_monsters(g, step):
    """AH-MON-1..5, each monster in marker order (the order cannot change the outcome: monsters
    only stop for investigators, who do not move in this step)."""
    s = g.s
    d = g.d
    white = d.symbols(d.white_mask[step[1]])
    black = d.symbols(d.black_mask[step[1]])
    g.emit("monsters_move", white=white, black=black)
    hooks = []
    adj = d.adj
    for m, at in enumerate(s["mon"]):
        if at == "cup" or (at not in adj and at != SKY):  # (Data.is_arkham, inline, after the
            continue  # cheapest test for most of the 60 markers)
        sym = rules.stat(g, m, "symbol")
        if sym in white:  # (a list of one to three symbols)
            colour = "white"
        elif sym in black:
            colour = "black"
        else:
            continue
        move = rules.stat(g, m, "move")
        if move == "unique":
            hooks.append(m)
            continue
        if move == "stationary" or anyone_at(g, at):
            continue  # AH-MON-3, AH-MON-2
        if move == "flying":
            if not abilities.in_force(g, "fliers_stay"):
                fly(g, m, at)
        else:
            fast = move == "fast" and not abilities.in_force(g, "fast_as_normal")
            walk(g, m, at, colour, 2 if fast else 1)
    for m in hooks:
        unique(g, m)
    return True


def walk(g, m, at, colour, steps):
    d = g.d
    arrows = d.white if colour == "white" else d.black
    for _ in range(steps):
        nxt = d.street_of[at] if at in d.street_of else arrows[at]
        rules.move_monster(g, m, nxt, colour)
        at = nxt
        if anyone_at(g, at):
            return  # AH-MON-3: stops on entering an investigator's area


def fly(g, m, at):
    """AH-MON-4: a flier in the Sky swoops on the street investigator with the lowest Sneak; one
    on the board flies to such an investigator in a street next to it (its location's street),
    else up to the Sky."""
    d = g.d
    inv = g.s["inv"]
    if at == SKY:
        near = d.white  # (its keys: every street)
    else:
        near = [d.street_of[at]] if at in d.street_of else [a for a in d.adj[at] if a in d.white]
    target = lowest_sneak(g, [i for i in rules.order(g) if inv[i]["at"] in near])
    if target is not None:
        rules.move_monster(g, m, inv[target]["at"], "swoop" if at == SKY else "flying")
    elif at != SKY:
        rules.move_monster(g, m, SKY, "flying")


def unique(g, m):
    """AH-MON-5: one hook per unique kind; a kind without a hook does not move."""
    kind = g.d.kind_of(m)
    if kind == "hound_of_tindalos":
        hound(g, m)
    elif kind == "chthonian":
        g.push([["die", -1, "chthonian", m]])
    else:
        g.emit("monster_stays", monster=m, kind=kind, why="no_hook")


def hound(g, m):
    """Hound of Tindalos: to the nearest investigator in a location (never the hospital or the
    asylum), lowest Sneak on ties; stays if none (game-data.md 3.2)."""
    s = g.s
    d = g.d
    at = s["mon"][m]
    if anyone_at(g, at):
        return
    ok = [i for i in rules.order(g) if s["inv"][i]["at"] in d.street_of
          and s["inv"][i]["at"] not in (d.hospital, d.asylum)]
    if not ok:
        return
    start = at if at in d.adj else d.streets[0]
    dist = {start: 0}
    ring = [start]
    while ring:
        nxt = []
        for a in ring:
            for b in d.adj[a]:
                if b not in dist:
                    dist[b] = dist[a] + 1
                    nxt.append(b)
        ring = nxt
    best = min(dist.get(s["inv"][i]["at"], 99) for i in ok)
    near = [i for i in ok if dist.get(s["inv"][i]["at"], 99) == best]
    target = lowest_sneak(g, near)
    rules.move_monster(g, m, s["inv"][target]["at"], "hound")


def chthonian(g, face):
    """Chthonian: on 4-6 every investigator in Arkham loses 1 stamina."""
    g.emit("chthonian", die=face)
    if face >= 4:
        for i in rules.order(g):
            if g.d.is_arkham(g.s["inv"][i]["at"]):
                g.lose(i, "sta", 1, "chthonian")


# ---- ability and the end of the phase --------------------------------------------------------
def step_ability(g, step):
    """AH-MYTH-2..4: headline to the bottom; environment replaces the old one; one rumor."""
    s = g.s
    c = step[1]
    card = g.d.card(c)
    kind = card[1]
    if kind == "headline":
        s["deck"].append(c)
        g.emit("headline", card=card[0])
    elif kind == "rumor":
        if s["rumor"] is not None:
            s["deck"].append(c)
            g.emit("rumor_ignored", card=card[0], rumor=g.d.card_name(s["rumor"]))
            return True
        s["rumor"] = c
        g.emit("rumor", card=card[0])
    elif kind == "env:weather" and g.ao["power"].get("no_weather"):
        s["deck"].append(c)
        g.emit("environment_cancelled", card=card[0], why=s["ao"])  # Ithaqua: no weather
        return True
    else:
        if s["env"] is not None:
            s["deck"].append(s["env"])
            g.emit("environment_ends", card=g.d.card_name(s["env"]))
        s["env"] = c
        g.emit("environment", card=card[0], kind=kind[4:])
    abilities.resolve(g, kind, c)  # AH-MON-6: what the core can resolve itself
    return True


def step_end_mythos(g, step):
    """The rumor's tick (its dice first, then this step again), Ithaqua's power, then AH-TURN-2:
    the first player marker passes left."""
    s = g.s
    dice = abilities.tick(g) if len(step) == 1 else None
    if dice:
        g.push(dice + [["endm", 1]])  # the rumor's dice, then this step again
        return True
    if g.ao["power"].get("street_stamina"):
        for i in rules.order(g):
            if s["inv"][i]["at"] in g.d.white:
                g.lose(i, "sta", g.ao["power"]["street_stamina"], "ithaqua")
    if s["setup"]:
        s["setup"] = 0
    else:
        s["turn"] += 1
        rules.pass_first(g)
    g.begin("upkeep")
    return True


# (here, not in rules.py: only the mythos phase uses them, and its code is not loaded in the
# investigators' phases)
def anyone_at(g, area):
    """Is a living investigator in `area`? (no list built: called per monster per mythos)"""
    for v in g.s["inv"]:
        if v["at"] == area and not v["dead"]:
            return True
    return False


def lowest_sneak(g, cands):
    """The candidate with the lowest Sneak; ties go to player order from the first player (the
    order `cands` come in: each caller's list is filtered from rules.order)."""
    best = None
    low = 0
    for i in cands:
        k = rules.skill(g, i, "sneak")  # (each candidate's Sneak read once)
        if best is None or k < low:
            best = i
            low = k
    return best


def open_gate(g, loc, marker):
    """AH-GATE-3/4: the marker is placed; clues there are discarded; investigators drawn through."""
    s = g.s
    world = g.d.gate_world[marker]
    s["gm"][marker] = loc
    s["gates"][loc] = marker
    g.emit("gate_opened", at=loc, world=world, marker=marker)
    if s["clues"].get(loc):
        g.emit("clues_discarded", at=loc, n=s["clues"].pop(loc))
    if anyone_at(g, loc):  # (most often not: no list built)
        for i in rules.invs_at(g, loc):
            if not rules.has_ability(g, i, "not_drawn_through"):
                rules.draw_through(g, i, world, 1, "gate_opened")
    if len(s["gates"]) >= rules.gate_threshold(g):
        rules.awaken(g, "gates")
