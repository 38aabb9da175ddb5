"""Upkeep, Movement, Arkham Encounters and Other World Encounters (AH-UP, AH-MOVE, AH-ENC,
AH-OW): the step handlers (True = done, False = waiting for the players) and the checks that the
decision actions of those steps need.
"""
from arkham.ah2e import rules, tables
from arkham.ah2e.tables import LOST, why
from arkham.compat import const

abilities = tables.Lazy("abilities")  # (not kept loaded by turn: see tables.Lazy)
mythos = tables.Lazy("mythos")


# ---- upkeep ----------------------------------------------------------------------------------
def step_upkeep(g, step):
    """AH-UP-1..5 for one investigator: refresh, return from LiTS, income and rolls, sliders."""
    i = step[1]
    v = g.s["inv"][i]
    if v["dead"]:
        return True
    g.emit("refresh", inv=i)  # AH-UP-1: exhausted cards are the players'; the core notes it
    subs = []
    if v["at"] == LOST and not v["delayed"]:
        subs.append(["ret", i])  # AH-UP-5
    if v["ret"]:
        v["money"] += 2
        g.emit("income", inv=i, money=2, total=v["money"])
    for what, flag in (("retainer", "ret"), ("loan", "loan"), ("bless", "bless")):
        if v[flag]:
            if v[flag[0] + "new"]:
                v[flag[0] + "new"] = 0  # AH-UP-3: no roll in the first upkeep after gaining it
                g.emit("no_roll", inv=i, card=what)
            else:
                subs.append(["die", i, what, 0])
    subs.append(["adj", i])
    g.push(subs)
    return True


def upkeep_die(g, i, what, face):
    """AH-UP-2."""
    v = g.s["inv"][i]
    g.emit("upkeep_roll", inv=i, card=what, die=face)
    if what == "retainer" and face == 1:
        v["ret"] = 0
        g.emit("discarded", inv=i, card="retainer")
    elif what == "bless" and face == 1:
        card = "blessing" if v["bless"] > 0 else "curse"
        v["bless"] = 0
        g.emit("discarded", inv=i, card=card)
    elif what == "loan" and face <= 3:
        if v["money"] >= 1:
            v["money"] -= 1
            g.emit("interest", inv=i, money=1, total=v["money"])
        else:
            g.emit("items_seized", inv=i, items=v["items"])
            v["items"] = []
            v["noloan"] = 1


def item_die(g, i, item, face):
    """Ithaqua's start of battle (AH-FINAL-6): a die per item; a failed die discards it."""
    v = g.s["inv"][i]
    keep = face >= (4 if v["bless"] > 0 else (6 if v["bless"] < 0 else 5))
    g.emit("item_roll", inv=i, item=item, die=face, kept=keep)
    if not keep and item in v["items"]:
        v["items"].remove(item)
        g.emit("item_lost", inv=i, item=item)


# ---- movement --------------------------------------------------------------------------------
def step_move(g, step):
    """AH-MOVE-1..4 for one investigator."""
    s = g.s
    i = step[1]
    v = s["inv"][i]
    if v["dead"]:
        return True
    if v["delayed"]:
        v["delayed"] = 0
        g.emit("stands_up", inv=i)  # AH-MOVE-3
        return not may_fight(g, i)  # (Korean seed 3.2, line 65: but they may fight)
    world, area = g.d.world_of(v["at"])
    if world:
        if area == 1:
            rules.move_inv(g, i, world + "_2", "other_world")  # AH-MOVE-2, AH-MOVE-4
            return True
        back = gates_to(g, world)
        if not back:
            rules.lost(g, i, "no_gate")
            return True
        if len(back) == 1:
            rules.come_back(g, i, back[0])
            return not may_fight(g, i)
        return False  # the player picks the gate
    if not g.d.is_arkham(v["at"]) or v["at"] == "sky":
        return True
    v["mp"] = max(0, rules.skill(g, i, "speed") + v["bonus"].get("moves", 0) + abilities.in_force(
        g, "moves"))  # Icy Conditions: one less
    v["ev"] = []
    g.emit("movement", inv=i, points=v["mp"])
    return False


FIGHT_ONLY = const(-2)  # v["mp"]: no movement, but the monsters here may be fought (or not)


def may_fight(g, i):
    """A delayed investigator who stands up (AH-MOVE-3: Korean seed 3.2, line 65) and one back
    from an Other World onto a gate with monsters (line 74: fight now or on the next turn) may
    fight the monsters there in this movement, and need not: True when there are some (the
    movement step then waits for `fight` or `end_move`)."""
    v = g.s["inv"][i]
    if not rules.monsters_at(g, v["at"]):
        return False
    v["mp"] = FIGHT_ONLY
    v["ev"] = []
    return True


def gates_to(g, world):
    return sorted(loc for loc in g.s["gates"] if g.d.gate_world[g.s["gates"][loc]] == world)


def unhandled(g, i):
    """Monsters in the investigator's area not yet evaded (AH-MOVE-8)."""
    v = g.s["inv"][i]
    at = v["at"]
    mon = g.s["mon"]
    out = []
    if at in mon:  # (rules.monsters_at inline, no comprehension: each is a call on the C stack)
        for m in range(len(mon)):
            if mon[m] == at and m not in v["ev"]:
                out.append(m)
    return out


def move_check(g, i, to):
    v = g.s["inv"][i]
    if to not in g.d.adj.get(v["at"], ()):
        return why("not_next", to, v["at"])
    if to in g.s["closed"]:
        return why("closed", to)  # AH-ENC-8
    if v["mp"] < 1:
        return why("no_movement_points_left")
    if unhandled(g, i):
        return why("evade_each_monster_here")
    return None


def end_check(g, i):
    """AH-MOVE-8: movement ends only with each monster here fought or evaded, unless the
    investigator may only fight (FIGHT_ONLY: then fighting is their choice)."""
    if g.s["inv"][i]["mp"] != FIGHT_ONLY and unhandled(g, i):
        return why("fight_evade_each_monster")
    return None


def end_move(g, i, clues):
    """AH-MOVE-7: clues are picked up only where movement ends, any number of them."""
    s = g.s
    at = s["inv"][i]["at"]
    if clues:
        s["clues"][at] -= clues
        if not s["clues"][at]:
            del s["clues"][at]
        s["inv"][i]["clues"] += clues
        g.emit("clues_taken", inv=i, at=at, n=clues)
    g.emit("movement_over", inv=i)


def move_still(g, i):
    """A movement step goes on while the investigator stands in Arkham."""
    v = g.s["inv"][i]
    return not v["dead"] and (v["at"] in g.d.adj)


# ---- Arkham encounters -----------------------------------------------------------------------
def step_encounter(g, step):
    """AH-ENC-1..3, AH-ENC-9."""
    s = g.s
    i = step[1]
    v = s["inv"][i]
    at = v["at"]
    if v["dead"] or at not in g.d.street_of:
        return True  # streets, Other Worlds, lost: no Arkham encounter
    if at in s["gates"]:
        if v["explored"] == at:
            return False  # may try to close it
        world = g.d.gate_world[s["gates"][at]]
        rules.draw_through(g, i, world, 0, "gate")  # AH-ENC-2
        return True
    g.emit("encounter", inv=i, at=at, street=g.d.street_of[at])
    return False


def seal_cost(g):
    return g.ao["power"].get("seal_clues", 5) - abilities.in_force(g, "seal_minus")


def step_seal(g, step):
    v = g.s["inv"][step[1]]
    return (v["dead"] or v["clues"] < seal_cost(g) or step[2] in g.s["signs"]
            or abilities.in_force(g, "no_seal"))


def seal(g, i, loc):
    """AH-ENC-4: pay the clues, an elder sign goes on the location."""
    v = g.s["inv"][i]
    v["clues"] -= seal_cost(g)
    g.emit("sealed", inv=i, at=loc, clues=seal_cost(g))
    rules.place_sign(g, loc)


def elder_sign_card(g, i, loc):
    """Elder Sign card: no roll, -1 sanity -1 stamina, seal, -1 doom (game-data.md 3)."""
    s = g.s
    s["signs_used"] += 1
    g.done_step()
    rules.close_gate(g, loc, i, "elder_sign_card")
    rules.place_sign(g, loc)
    if s["doom"] > 0:
        s["doom"] -= 1
        g.emit("doom_removed", left=s["doom"])
    g.lose(i, "san", 1, "elder_sign_card")
    g.lose(i, "sta", 1, "elder_sign_card")


# ---- Other World encounters ------------------------------------------------------------------
def step_other(g, step):
    """AH-OW-1: an investigator in an Other World has an encounter there."""
    v = g.s["inv"][step[1]]
    world, area = g.d.world_of(v["at"])
    if v["dead"] or not world:
        return True
    step.append(0)  # colour matched yet
    g.emit("other_world_encounter", inv=step[1], world=world, area=area,
           colours=g.d.worlds[world][0])
    return False


def gate_card(g, step, colour):
    """AH-OW-1: gate cards are drawn until one of the world's colours; the others go to the
    bottom of the gate deck in the order drawn."""
    v = g.s["inv"][step[1]]
    world = g.d.world_of(v["at"])[0]
    ok = colour in g.d.worlds[world][0]
    g.emit("gate_card", inv=step[1], colour=colour, match=ok,
           then="resolve it" if ok else "to the bottom; draw again")
    if ok:
        step[2] = 1



def resolve_die(g, step, face):
    if step[2] == "chthonian":
        mythos.chthonian(g, face)
    elif step[2] == "rumor":
        abilities.rumor_die(g, face)
    elif step[2] == "item":
        item_die(g, step[1], step[3], face)
    else:
        upkeep_die(g, step[1], step[2], face)
