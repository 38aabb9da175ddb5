"""Skill checks (AH-CHECK), combat (AH-COMBAT) and the final battle (AH-FINAL).

A check is g.s["chk"]: dice, difficulty, successes so far, rolled or not, and its purpose; the
purpose says what happens when it is done. Combat is g.s["cmb"]; it starts with the horror check
and then waits for fight / flee / equip / cast each round.
"""
from arkham.ah2e import rules


# ---- checks ----------------------------------------------------------------------------------
def start_check(g, i, check, mod, diff, purpose, extra=None):
    """AH-CHECK-1: dice = skill + bonuses + the check's modifier; AH-CHECK-3: difficulty."""
    n = rules.skill(g, i, check) + mod
    g.s["chk"] = {"i": i, "c": check, "n": n, "d": diff, "s": 0, "r": 0, "p": purpose, "x": extra}
    g.emit("check", inv=i, check=check, dice=max(n, 0), mod=mod, difficulty=diff, why=purpose)


def threshold(g, i):
    """AH-CHECK-2: 5-6 succeed; blessed 4-6; cursed only 6."""
    b = g.s["inv"][i]["bless"]
    return 4 if b > 0 else (6 if b < 0 else 5)


def roll_dice(g, n):
    out = []  # (not a comprehension: each is a call on the Pico's small C stack)
    for _ in range(n):
        out.append(g.rng.die())
    return out


def count(g, i, dice):
    t = threshold(g, i)
    return len([1 for f in dice if f >= t])


def rolled(g, dice, succ):
    """The dice of the current check are in (faces, or a success count for physical dice).
    After any roll, passed or not, the investigator may spend clue tokens (AH-CHECK-4) or
    accept; with none left the check is done."""
    c = g.s["chk"]
    if dice is not None:
        succ = count(g, c["i"], dice)
    c["s"] += succ
    first = not c["r"]
    c["r"] = 1
    g.emit("roll", inv=c["i"], dice=dice, successes=succ, total=c["s"], clue=0 if first else 1)
    if g.s["inv"][c["i"]]["clues"] <= 0:  # (after_roll, accept and finish inline: the combat's
        ok = 1 if (c["p"] == "final" or c["s"] >= c["d"]) else 0  # chain runs 3 calls
        g.s["chk"] = None  # shallower)
        g.emit("check_done", inv=c["i"], check=c["c"], passed=ok, successes=c["s"], why=c["p"])
        DONE[c["p"]](g, c, ok)


def spend_clue(g):
    """AH-CHECK-4: each clue token spent after rolling adds one die, even from 0 dice."""
    c = g.s["chk"]
    v = g.s["inv"][c["i"]]
    v["clues"] -= 1
    g.emit("clue_spent", inv=c["i"], left=v["clues"])


def accept(g):
    c = g.s["chk"]
    finish(g, 1 if (c["p"] == "final" or c["s"] >= c["d"]) else 0)


def finish(g, ok):
    c = g.s["chk"]
    g.s["chk"] = None
    g.emit("check_done", inv=c["i"], check=c["c"], passed=ok, successes=c["s"], why=c["p"])
    DONE[c["p"]](g, c, ok)


# ---- combat ----------------------------------------------------------------------------------
def start_combat(g, i, m, src, in_move, horror=1):
    """AH-COMBAT-1: combat proper opens with a horror check when the monster has a horror
    rating. horror=0: a monster met in an encounter, which may still be evaded first (AH-ENC-6);
    the horror check waits until the investigator fights or fails the evade."""
    g.s["cmb"] = {"i": i, "m": m, "src": src, "mv": in_move, "hw": 0, "hs": 0, "pb": 0, "mb": 0,
                  "h": horror}
    g.emit("combat", inv=i, monster=m, kind=g.d.kind_of(m), src=src)
    if horror:
        face(g)


def face(g):
    """The horror check (or a nightmarish loss without one) that starts combat proper."""
    cmb = g.s["cmb"]
    cmb["h"] = 1
    i = cmb["i"]
    m = cmb["m"]
    hmod = rules.stat(g, m, "horror_mod")
    if hmod is None:
        nightmare(g, i, m)
    else:
        start_check(g, i, "horror", hmod, 1, "horror")


def nightmare(g, i, m):
    g.lose(i, "san", g.d.kstat(m, "nightmarish"), "nightmarish")


def horror(g, c, ok):
    cmb = g.s["cmb"]
    if not ok:
        g.lose(c["i"], "san", rules.stat(g, cmb["m"], "horror_dmg"), "horror")
    else:
        nightmare(g, c["i"], cmb["m"])
    still(g)


def still(g):
    """Combat goes on while the investigator is conscious, sane and still with the monster."""
    cmb = g.s["cmb"]
    if cmb is None:
        return
    v = g.s["inv"][cmb["i"]]
    if v["dead"] or v["sta"] <= 0 or v["san"] <= 0:
        rules.end_combat(g, "down")
        rules.knock_out(g, cmb["i"])
    elif cmb["src"] == "board" and g.s["mon"][cmb["m"]] != v["at"]:
        rules.end_combat(g, "apart")


def bonus(g, pb, mb, defense):
    """AH-COMBAT-5: resistance halves bonuses of its kind (rounded up); immunity cancels."""
    if "physical_immunity" in defense:
        pb = 0
    elif "physical_resistance" in defense:
        pb = (pb + 1) // 2
    if "magical_immunity" in defense:
        mb = 0
    elif "magical_resistance" in defense:
        mb = (mb + 1) // 2
    return pb + mb


def defense_of(g, m):
    return [a for a in ("physical_immunity", "physical_resistance", "magical_immunity",
                        "magical_resistance") if rules.has(g, m, a)]


def fight(g):
    """AH-COMBAT-3: Fight + combat rating + weapon and spell bonuses, vs toughness."""
    cmb = g.s["cmb"]
    m = cmb["m"]
    b = bonus(g, cmb["pb"], cmb["mb"], defense_of(g, m))
    start_check(g, cmb["i"], "combat", rules.stat(g, m, "combat_mod") + b,
                rules.stat(g, m, "toughness"), "combat")


def flee(g):
    """AH-COMBAT-2: an evade check (Sneak + awareness)."""
    cmb = g.s["cmb"]
    start_check(g, cmb["i"], "evade", rules.stat(g, cmb["m"], "awareness"), 1, "flee")


def hands_ok(g, i, holder, hands, spell):
    """AH-COMBAT-4: at most 2 hands in all; a third hand for spells only for some."""
    extra = g.s["inv"][i]["hand3"] if spell else 0
    used = holder["hw"] + holder["hs"] + hands
    return used <= 2 + extra and holder["hw"] + (0 if spell else hands) <= 2


def combat(g, c, ok):
    cmb = g.s["cmb"]
    i = c["i"]
    m = cmb["m"]
    if ok:
        defeat(g, i, m, cmb["src"])
        g.lose(i, "sta", g.d.kstat(m, "overwhelming"), "overwhelming")
        rules.end_combat(g, "won")
    else:
        if rules.has(g, m, "lose_weapon"):
            # Elder Thing: a failed combat check costs 1 Weapon or Spell of the player's choice,
            # if they hold one (game-data.md 3.2): they discard it and tell the table (the
            # `drop` effect); the core does not know which of the items are Weapons or Spells
            g.emit("discard_weapon", inv=i, monster=m, kind=g.d.kind_of(m))
        if not hit(g, i, m, 1):  # (the damage, inline: one call less deep)
            still(g)


def _flee(g, c, ok):
    if ok:
        rules.end_combat(g, "fled")
        return
    cmb = g.s["cmb"]  # (the damage, inline: a failed flee's knock-out is the deepest chain)
    if not hit(g, cmb["i"], cmb["m"], 1):
        still(g)


def hit(g, i, m, in_combat):
    """Combat damage, or what replaces it (AH-COMBAT-6). True when it took the investigator
    away from the monster."""
    if rules.has(g, m, "lost_on_damage"):
        if in_combat:
            rules.end_combat(g, "lost")
        rules.lost(g, i, "monster")
        return True
    if rules.has(g, m, "through_gate_on_damage") and not rules.has_ability(
            g, i, "not_drawn_through"):
        world = g.d.world_of(g.s["inv"][i]["at"])[0]
        if world:
            # in an Other World: thrown back to Arkham through an open gate to it, and that
            # counts as explored (Korean seed 4.5)
            back = sorted(x for x in g.s["gates"] if g.d.gate_world[g.s["gates"][x]] == world)
            if back:
                if in_combat:
                    rules.end_combat(g, "drawn")
                rules.come_back(g, i, back[0])
                return True
        else:
            at = rules.nearest_gate(g, g.s["inv"][i]["at"])
            if at is not None:
                if in_combat:
                    rules.end_combat(g, "drawn")
                rules.draw_through(g, i, g.d.gate_world[g.s["gates"][at]], 0, "monster")
                return True
    g.lose(i, "sta", rules.stat(g, m, "combat_dmg"), "combat")
    return False


def defeat(g, i, m, src):
    """A defeated monster is a trophy (AH-COMBAT-3), unless endless or boxed."""
    kind = g.d.kind_of(m)
    if rules.has(g, m, "endless"):
        rules.move_monster(g, m, "cup", "endless")
    elif rules.has(g, m, "box_on_defeat"):
        rules.move_monster(g, m, "box", "defeated")
    else:
        rules.move_monster(g, m, "t%d" % i, "trophy")
    if kind == "cultist" and g.ao["power"].get("doom_on_cultist"):
        rules.doom_up(g, "cultist")


def evade_move(g, c, ok):
    """AH-MOVE-8: a passed evade lets the investigator go on; a failed one deals combat damage
    and starts combat."""
    m = c["x"]
    i = c["i"]
    v = g.s["inv"][i]
    if ok:
        v["ev"].append(m)
        return
    g.emit("evade_failed", inv=i, monster=m)
    # a knock-out by the damage puts the monster in v["ev"] (knock_out): no combat after it
    if not hit(g, i, m, 0) and not v["dead"] and v["at"] == g.s["mon"][m] and m not in v["ev"]:
        start_combat(g, i, m, "board", 1)
    else:
        v["mp"] = -1  # movement over, no point gained again this turn (rules.end_combat)


def evade_meet(g):
    """AH-ENC-6: evading a monster met in an encounter, before combat (Sneak + awareness)."""
    cmb = g.s["cmb"]
    start_check(g, cmb["i"], "evade", rules.stat(g, cmb["m"], "awareness"), 1, "evade_meet")


def _evade_meet(g, c, ok):
    """Passed: the monster leaves (back to the cup). Failed: combat damage, then the horror
    check and combat."""
    if ok:
        rules.end_combat(g, "evaded")
        return
    cmb = g.s["cmb"]
    g.emit("evade_failed", inv=c["i"], monster=cmb["m"])
    if not hit(g, c["i"], cmb["m"], 1) and g.s["cmb"] is not None:
        face(g)


def spell(g, c, ok):
    """A spell gives its bonus only after a passed spell check (AH-COMBAT-4)."""
    if not ok:
        return
    holder = g.s["cmb"] if g.s["cmb"] is not None else g.s["fb"]["eq"]
    holder["mb"] += c["x"]
    g.emit("spell_cast", inv=c["i"], bonus=c["x"])


def close(g, c, ok):
    """AH-ENC-3: failure costs nothing; success closes the gate (AH-ENC-5); then sealing."""
    loc = c["x"]
    g.done_step()
    if not ok or loc not in g.s["gates"]:
        return  # failed, or a card closed that gate meanwhile
    g.push([["seal", c["i"], loc], ["gwin"]])  # seal first, then AH-WIN-1
    rules.close_gate(g, loc, c["i"], "closed", False)


def card(g, c, ok):
    pass


def ao(g, c, ok):
    """The check against the Ancient One's attack (AH-FINAL-6): a failure costs what its
    sheet says (final.ao_fail, looked up here so that fight stays below final)."""
    if not ok:
        g.ao_fail(c["i"])


# ---- the final battle ------------------------------------------------------------------------
def ao_defense(g):
    return g.ao["defense"]


def final_attack(g, i):
    """AH-FINAL-1: a combat check against the Ancient One's combat rating."""
    eq = g.s["fb"]["eq"]
    b = bonus(g, eq["pb"], eq["mb"], ao_defense(g))
    start_check(g, i, "combat", g.s["fb"]["cm"] + b, 1, "final")


def final(g, c, ok):
    """AH-FINAL-2: successes pooled; each time the pool reaches the player count, -1 doom."""
    fb = g.s["fb"]
    fb["pool"] += c["s"]
    n = len(g.s["inv"])
    while fb["pool"] >= n and g.s["doom"] > 0:
        fb["pool"] -= n
        g.s["doom"] -= 1
        g.emit("doom_removed", left=g.s["doom"])
    g.emit("pool", successes=fb["pool"])
    g.done_step()
    if g.s["doom"] <= 0:
        rules.end_game(g, 1, "battle")  # AH-FINAL-4, AH-WIN-3


# a check's purpose -> what its end does; each is named as its purpose where no other function
# has that name (a name is RAM for good on the chip, and the purpose's is one already)
DONE = {
    "horror": horror, "combat": combat, "flee": _flee, "evade_move": evade_move,
    "evade_meet": _evade_meet,
    "spell": spell, "close": close, "card": card, "final": final, "ao": ao,
}
