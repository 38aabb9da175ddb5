"""The Ancient One awakens (AH-AWAKE-5) and the final battle (AH-FINAL-1..4)."""
from arkham.ah2e import rules
from arkham.ah2e.tables import LOST


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
    if g.ao["combat"] is None:
        rules.end_game(g, 0, "awakened")
    cm = -s["terror"] if g.ao["combat"] == "terror" else g.ao["combat"]
    s["fb"] = {"r": 0, "pool": 0, "cm": cm, "eq": None}
    g.push([["frnd", -1]])


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
    """AH-FINAL-3: the Ancient One attacks; the players report each loss, then `done`."""
    lost = g.s["fb"]["pool"]
    if lost:
        g.emit("pool_lost", successes=lost)  # AH-FINAL-2: leftover successes are lost
    g.s["fb"]["pool"] = 0
    g.emit("ao_attacks", ao=g.s["ao"], round=g.s["fb"]["r"])
    return False


def step_end(g, step):
    for i in rules.order(g):
        rules.knock_out(g, i)
    rules.pass_first(g)  # AH-FINAL-5
    g.push([["frnd", -1]])
    return True


STEPS = {"frnd": step_round, "fadj": step_adjust, "fatt": step_attack, "fao": step_ao,
         "fend": step_end}
