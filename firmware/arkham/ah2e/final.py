"""The Ancient One awakens (AH-AWAKE-5) and the final battle (AH-FINAL-1..6): rounds of refresh,
attacks and the Ancient One's attack, which follows its sheet in data/ancient_ones.json."""
from arkham.ah2e import rules, tables
from arkham.ah2e.tables import LOST

fight = tables.Lazy("fight")  # (not kept loaded by final: see tables.Lazy)


def awaken(g):
    """Stop whatever was resolving; devour the lost; clear environment and rumor; fill the doom
    track; an Ancient One without a combat rating ends the game at once."""
    s = g.s
    why = s["woke"]
    s["phase"] = "final"
    s["q"] = []
    s["step"] = None
    s["chk"] = None
    if s["cmb"] is not None and s["mon"][s["cmb"]["m"]] == "enc":
        rules.move_monster(g, s["cmb"]["m"], "cup", "encounter")  # the encounter is over
    s["cmb"] = None
    g.emit("awakens", ao=s["ao"], why=why)
    for k in ("envab", "rumab", "rumor_n", "rumor_new", "surge"):
        s.pop(k, None)
    for c in ("env", "rumor"):
        if s[c] is not None:
            s["deck"].append(s[c])
            g.emit("leaves_play", card=g.d.card_name(s[c]))
            s[c] = None
    s["frozen"] = 1  # money cards stop paying and rolling
    s["doom"] = g.ao["doom"]
    g.emit("doom", level=s["doom"], why="awakening")
    for i in rules.order(g):
        if s["inv"][i]["at"] == LOST:
            rules.devour(g, i, "lost")
    if not rules.order(g):  # all devoured before it woke (no new investigator now: AH-DEV-1)
        rules.end_game(g, 0, "devoured")
    if g.ao["combat"] is None:
        rules.end_game(g, 0, "awakened")
    cm = -s["terror"] if g.ao["combat"] == "terror" else g.ao["combat"]
    s["fb"] = {"r": 0, "pool": 0, "cm": cm, "eq": None}
    g.push([["fstart", -1], ["frnd", -1]])


def step_start(g, step):
    """AH-FINAL-6: the sheet's start-of-battle effect."""
    s = g.s
    eff = g.ao.get("start", {})
    g.emit("battle_starts", ao=s["ao"], effect=eff)
    if eff.get("devour_without"):
        devour_without(g, eff["devour_without"])
    dice = []
    for i in rules.order(g):
        v = s["inv"][i]
        if eff.get("curse_all"):
            if v["bless"] < 0:
                rules.devour(g, i, "cursed")  # Yig: already cursed
            elif v["bless"] > 0:
                v["bless"] = 0
                g.emit("discarded", inv=i, card="blessing")
            else:
                v["bless"] = -1
                g.emit("cursed", inv=i)
        if eff.get("roll_items"):
            dice += [["die", i, "item", it] for it in v["items"]]  # Ithaqua: a die per item
    g.push(dice)
    return True


def devour_without(g, what):
    """Investigators without clue tokens / monster trophies / gate trophies are devoured."""
    s = g.s
    for i in rules.order(g):
        t = "t%d" % i
        if what == "clues":
            has = s["inv"][i]["clues"] > 0
        else:
            has = t in (s["mon"] if what == "monster_trophies" else s["gm"])
        if not has:
            rules.devour(g, i, "no_" + what)


def step_round(g, step):
    s = g.s
    fb = s["fb"]
    fb["r"] += 1
    fb["pool"] = 0
    g.emit("final_round", round=fb["r"], doom=s["doom"])
    who = rules.order(g)
    g.push([["fadj", i] for i in who] + [["fatt", i] for i in who] + [["fao", -1], ["fend", -1]])
    return True


def step_adjust(g, step):
    """AH-FINAL-1: refresh, adjust skills, trade (spells in use must be cast again)."""
    return g.s["inv"][step[1]]["dead"] == 1


def step_attack(g, step):
    g.s["fb"]["eq"] = {"hw": 0, "hs": 0, "pb": 0, "mb": 0}
    return g.s["inv"][step[1]]["dead"] == 1


def step_ao(g, step):
    """AH-FINAL-3, AH-FINAL-6: the Ancient One attacks every investigator as its sheet says (a
    check whose modifier worsens by 1 each round, or a loss each must take). A sheet without an
    attack in the data: the players report each loss, then `done`."""
    s = g.s
    lost = s["fb"]["pool"]
    if lost:
        g.emit("pool_lost", successes=lost)  # AH-FINAL-2: leftover successes are lost
    s["fb"]["pool"] = 0
    att = g.ao.get("attack")
    if att is None:
        g.emit("ao_attacks", ao=s["ao"], round=s["fb"]["r"])
        return False
    mod = att.get("mod", 0) - (s["fb"]["r"] - 1)
    g.emit("ao_attacks", ao=s["ao"], round=s["fb"]["r"], check=att.get("check"), mod=mod)
    g.push([["aoa", i, mod] for i in rules.order(g)] + [["aoafter", -1]])
    return True


def step_ao_one(g, step):
    """One investigator takes the attack: the check (its failure: fight.DONE["ao"]) or the
    choice of a maximum to lower (Cthulhu; answered by `lose`)."""
    i = step[1]
    att = g.ao["attack"]
    if g.s["inv"][i]["dead"]:
        return True
    if att.get("check"):
        fight.start_check(g, i, att["check"], step[2], 1, "ao")
        return True
    return not att.get("lose_max")


def ao_fail(g, i):
    """What a failed check against the Ancient One's attack costs (AH-FINAL-6)."""
    s = g.s
    v = s["inv"][i]
    fail = g.ao["attack"]["fail"]
    t = "t%d" % i
    if fail.get("clues"):
        n = min(fail["clues"], v["clues"])
        v["clues"] -= n
        g.emit("clues_lost", inv=i, n=n, left=v["clues"])
    for what, place, back in (("monster_trophy", "mon", "cup"), ("gate_trophy", "gm", "stack")):
        if fail.get(what):
            held = [m for m in range(len(s[place])) if s[place][m] == t]
            if held:
                s[place][held[0]] = back
                g.emit("trophy_lost", inv=i, what=what, marker=held[0])
            else:
                rules.devour(g, i, "no_" + what)
    rules.lose_both(g, i, fail.get("sanity", 0), fail.get("stamina", 0), "ancient_one")


def step_ao_after(g, step):
    s = g.s
    att = g.ao["attack"]
    if att.get("doom") and s["doom"] < g.ao["doom"]:
        s["doom"] = min(g.ao["doom"], s["doom"] + att["doom"])
        g.emit("doom", level=s["doom"], why="ancient_one")
    if att.get("after", {}).get("devour_without"):
        devour_without(g, att["after"]["devour_without"])
    return True


def step_end(g, step):
    for i in rules.order(g):
        rules.knock_out(g, i)
    rules.pass_first(g)  # AH-FINAL-5
    g.push([["frnd", -1]])
    return True


STEPS = {"frnd": step_round, "fadj": step_adjust, "fatt": step_attack, "fao": step_ao,
         "fend": step_end, "fstart": step_start, "aoa": step_ao_one, "aoafter": step_ao_after}
