"""The action vocabulary: which verb answers which decision, its own checks (`check`, run before
anything changes) and what it does (`do`). Anytime verbs are how players tell the core what a
card did. Full list with examples: docs/ah2e.md.
"""
from arkham.ah2e import rules, tables
from arkham.ah2e.tables import LOST, title, why
from arkham.compat import const

abilities = tables.Lazy("abilities")
fight = tables.Lazy("fight")  # (phase modules: dropped and loaded again, see tables.Lazy)
mythos = tables.Lazy("mythos")
turn = tables.Lazy("turn")

# verb -> the decisions (need kinds) it answers
VERBS = {
    "draw_mythos": ("draw_mythos",), "draw_gate": ("draw_gate",),
    "draw_monster": ("draw_monster",), "roll": ("roll", "die"),
    "spend_clue": ("clue",), "accept": ("clue",),
    "take_clue": ("take_clue",), "leave_clue": ("take_clue",),
    "return": ("return",), "upkeep": ("upkeep", "final_adjust"),
    "move": ("move",), "evade": ("move", "meet"), "fight": ("move", "combat", "meet"),
    "end_move": ("move",),
    "flee": ("combat",), "equip": ("combat", "final_attack"), "cast": ("combat", "final_attack"),
    "release": ("combat", "final_attack"),
    "close": ("close",), "pass": ("close", "seal"), "seal": ("seal",),
    "done": ("encounter", "other", "ao_attack"),
    "monster_appears": ("encounter", "other"), "gate_appears": ("encounter",),
    "gate_card": ("other",), "attack": ("final_attack",),
    "new_investigator": ("new_investigator",), "lose": ("ao_loss",), "spread": ("surge",),
}
ANYTIME = ("effect", "move_to", "place_monster", "remove_monster", "move_monster", "clue_at",
           "doom", "terror", "close_gate", "rumor", "check", "trade", "score")
VERBS.update({v: () for v in ANYTIME})
_CHK = const(("roll", "spend_clue", "accept", "new_investigator"))
_CMB = const(("fight", "flee", "equip", "cast", "release"))
PHASE_VERBS = {
    "setup": _CHK + ("draw_mythos", "draw_gate", "draw_monster", "take_clue", "leave_clue",
                     "spread"),
    "upkeep": _CHK + ("return", "upkeep"),
    "movement": _CHK + _CMB + ("move", "evade", "end_move", "return"),
    "arkham": _CHK + _CMB + ("done", "monster_appears", "gate_appears", "close", "pass", "seal",
                             "draw_monster", "draw_gate", "evade"),
    "other": _CHK + _CMB + ("done", "gate_card", "monster_appears", "evade"),
    "mythos": _CHK + ("draw_mythos", "draw_gate", "draw_monster", "take_clue", "leave_clue",
                      "return", "spread"),
    "final": ("roll", "spend_clue", "accept", "upkeep", "attack", "equip", "cast", "release",
              "done", "lose"),
}


def _int(a, k, lo=-99, hi=99):
    v = a.get(k)
    return isinstance(v, int) and not isinstance(v, bool) and lo <= v <= hi


def _inv(g, a, need):
    return a.get("inv", need["inv"] if need and "inv" in need else None)


def _draw_kind(g, a):
    """A monster from the cup: the kind the players name (physical) or a random one."""
    if "cup" not in g.s["mon"]:
        return None, None  # drawing from an empty cup awakens the Ancient One (AH-AWAKE-3)
    if "kind" in a:
        for m in rules.cup(g):
            if g.d.kind_of(m) == a["kind"]:
                return m, None
        return None, "no %r in the monster cup" % (a["kind"],)
    if g.physical("cup"):
        return None, "say which monster was drawn: kind=..."
    return -1, None


def _dice_input(g, a, n):
    if "dice" in a:
        dv = a["dice"]
        if not isinstance(dv, list) or len(dv) != n or not all(
                isinstance(f, int) and 1 <= f <= 6 for f in dv):
            return why("dice_list_faces", n)
        return None
    if "successes" in a:
        if not _int(a, "successes", 0, n):
            return why("successes", n)
        return None
    if g.physical("dice"):
        return why("dice_are_physical_give")
    return None


_INT = const(("inv", "monster", "n", "die", "successes", "hands", "mod", "difficulty", "money",
              "clues", "sanity", "stamina", "max_sanity", "max_stamina", "moves", "spend_gate"))
_STR = const(("to", "at", "kind", "card", "world", "skill", "colour", "result", "item", "drop",
              "name", "what"))
_LIST = const(("dice", "sliders", "spend_monsters"))


def _types(a):
    """Each field has the type its name promises (before anything looks it up). The groups do
    not overlap, so a field is looked up in one after another until found (the most frequent
    first), not in all of them."""
    for k in a:
        if k == "a":
            continue
        x = a[k]
        if k in _INT or (k == "to" and a["a"] == "trade"):
            if not isinstance(x, int) or isinstance(x, bool):
                return why("field_number", k)
        elif k in _STR:
            if not isinstance(x, str):
                return why("field_text", k)
        elif k in _LIST:
            if not isinstance(x, list):
                return why("field_list", k)
        elif k == "bonus":
            if not isinstance(x, dict if a["a"] == "effect" else int):
                return why("field_number", k)
        elif k == "sheet" and not isinstance(x, dict):
            return why("field_sheet")
    return None


def check(g, a, need):
    """The action's own checks; a reason string, or None when it can be done."""
    err = _types(a)
    if err:
        return err
    s = g.s
    v = a["a"]
    i = _inv(g, a, need)
    if v == "draw_mythos":
        if "card" not in a:
            return None if not g.physical("mythos") else "say which card was drawn: card=..."
        c = g.d.card_id(a["card"])
        if c is None or c not in s["deck"]:
            return why("not_mythos_deck", a["card"])
    elif v in ("draw_gate", "gate_appears"):  # a gate marker from the stack, named or drawn
        if v == "gate_appears":
            if s["inv"][i]["at"] not in g.d.unstable:
                return why("no_gate_stable", s["inv"][i]["at"])  # AH-BOARD-2 (board.json)
            who = rules.warded(g, s["inv"][i]["at"], "no_gate_here")
            if who:
                return why("no_gate_where", title(who))  # AH-ENC-10
        if "stack" not in s["gm"]:
            return None  # none left: the Ancient One awakens (AH-AWAKE-3), physical or not
        if "world" in a:
            if not [m for m in range(16) if s["gm"][m] == "stack"
                    and g.d.gate_world[m] == a["world"]]:
                return why("no_gate_marker_stack", a["world"])
        elif g.physical("gates"):
            return why("say_which_gate_marker")
    elif v in ("draw_monster", "monster_appears"):
        if v == "monster_appears":
            who = rules.warded(g, s["inv"][i]["at"], "no_monster_here")
            if who:
                return why("no_monster_where", title(who))  # AH-ENC-10
        m, err = _draw_kind(g, a)
        if err:
            return err
        if v == "monster_appears" and s["cmb"] is not None:
            return why("finish_combat_first")
    elif v == "roll":
        if need["k"] == "die":
            if "die" in a:
                return None if _int(a, "die", 1, 6) else "die: 1..6"
            return why("dice_physical_give_die") if g.physical("dice") else None
        return _dice_input(g, a, need["dice"])
    elif v == "spend_clue":
        if s["inv"][i]["clues"] < 1:
            return why("no_clue_tokens_spend")
        return _dice_input(g, a, 1) if ("dice" in a or "successes" in a or
                                        g.physical("dice")) else None
    elif v == "take_clue":
        if i not in need["who"]:
            return why("investigator_not", i, need["at"])
    elif v == "return":
        to = a.get("to")
        if s["inv"][i]["at"] == LOST:
            if to not in g.d.adj or to in s["closed"]:
                return why("return_open_street_location")
        elif to not in turn.gates_to(g, g.d.world_of(s["inv"][i]["at"])[0]):
            return why("return_through_open_gate", " ".join(
                turn.gates_to(g, g.d.world_of(s["inv"][i]["at"])[0])))
    elif v == "upkeep":
        if "sliders" in a:
            return rules.sliders_ok(g, i, a["sliders"])
    elif v == "move":
        return turn.move_check(g, i, a.get("to"))
    elif v in ("evade", "fight") and need["k"] == "move":
        if a.get("monster") not in rules.monsters_at(g, s["inv"][i]["at"]):
            return why("no_monster_here", a.get("monster"))
        if a["monster"] in s["inv"][i]["ev"]:
            return why("that_monster_already_evaded")
        if v == "evade" and s["inv"][i]["mp"] == turn.FIGHT_ONLY:
            return why("fight_only")  # AH-MOVE-3: standing up, or back from an Other World
    elif v == "end_move":
        err = turn.end_check(g, i)
        if err:
            return err
        n = a.get("clues", s["clues"].get(s["inv"][i]["at"], 0))
        if not isinstance(n, int) or n < 0 or n > s["clues"].get(s["inv"][i]["at"], 0):
            return why("clues_here", s["clues"].get(s["inv"][i]["at"], 0))
    elif v == "flee":
        if rules.has(g, s["cmb"]["m"], "ambush"):
            return why("ambush_monster_no_fleeing")
    elif v in ("equip", "cast"):
        if not _int(a, "hands", 0, 3) or not _int(a, "bonus", 0, 20):
            return why("hands_bonus")
        holder = s["cmb"] if s["cmb"] is not None else s["fb"]["eq"]
        who = s["cmb"]["i"] if s["cmb"] is not None else i
        if not fight.hands_ok(g, who, holder, a["hands"], v == "cast"):
            return why("not_enough_hands_all")
        if v == "cast" and "mod" in a and not _int(a, "mod", -9, 9):
            return why("mod_spell_casting_modifier")
    elif v == "release":
        return _release_ok(g, a)
    elif v == "close":
        if a.get("elder_sign"):
            return None
        if a.get("skill") not in ("fight", "lore"):
            return why("close_skill_fight_skill")
    elif v == "seal":
        if s["inv"][i]["clues"] < turn.seal_cost(g):
            return why("sealing_needs_clue_tokens", turn.seal_cost(g))
    elif v == "done" and need["k"] == "encounter" and s["cmb"] is not None:
        return why("finish_combat_first")
    elif v == "gate_card":
        if a.get("colour") not in ("blue", "green", "red", "yellow"):
            return why("colour_blue_green_red")
    elif v == "new_investigator":
        return _replacement(g, a, i)[1]
    elif v == "spread":
        if "plan" in a:
            return mythos.spread_ok(g, a["plan"])
    elif v == "lose":
        if a.get("what") not in ("max_sanity", "max_stamina"):
            return why("lose_max")
    elif v in ANYTIME:
        return check_anytime(g, a, i)
    return None


def _replacement(g, a, i):
    """AH-DEV-1: (the new investigator's state, None) or (None, reason). A sheet from
    data/investigators.json by name, or the players' own sheet; never one already used."""
    if ("name" in a) == ("sheet" in a):
        return None, why("name_or_sheet")
    s = g.s
    taken = s.get("gone", []) + [v["name"] for v in s["inv"] if not v["dead"]]
    su = tables.load_once("setup")
    try:
        return su.replacement(g.d, g.ao, a.get("name", a.get("sheet")), taken)
    finally:
        tables.unload("setup")


def check_anytime(g, a, i):
    from arkham.ah2e import effects

    return effects.check(g, a, i)


def do(g, a, need):
    s = g.s
    v = a["a"]
    i = _inv(g, a, need)
    if v == "draw_mythos":
        g.done_step()
        c = g.d.card_id(a["card"]) if "card" in a else s["deck"][0]
        mythos.resolve_card(g, c)
    elif v == "draw_gate":
        loc = s["step"][1]
        g.done_step()
        mythos.open_with(g, loc, rules.draw_gate_marker(g, a.get("world")))
    elif v == "draw_monster":
        step = s["step"]
        g.done_step()
        mythos.place_drawn(g, rules.draw_monster(g, a.get("kind")), step)
    elif v == "roll":
        if need["k"] == "die":
            step = s["step"]
            g.done_step()
            turn.resolve_die(g, step, a["die"] if "die" in a else g.rng.die())
        else:
            roll(g, a, need["dice"])
    elif v == "spend_clue":
        fight.spend_clue(g)
        roll(g, a, 1)
    elif v == "accept":
        fight.accept(g)
    elif v == "take_clue":
        loc = need["at"]
        s["clues"][loc] -= 1
        if not s["clues"][loc]:
            del s["clues"][loc]
        s["inv"][i]["clues"] += 1
        g.emit("clues_taken", inv=i, at=loc, n=1)
        g.done_step()
    elif v == "leave_clue":
        g.done_step()
    elif v == "return":
        if s["inv"][i]["at"] == LOST:
            g.done_step()
            rules.move_inv(g, i, a["to"], "returns")  # AH-UP-5
        else:
            rules.come_back(g, i, a["to"])
            if not turn.may_fight(g, i):  # monsters there: the movement step waits (fight?)
                g.done_step()
    elif v == "upkeep":
        if "sliders" in a and a["sliders"] != s["inv"][i]["sl"]:
            s["inv"][i]["sl"] = list(a["sliders"])
            g.emit("sliders", inv=i, sliders=a["sliders"])
        g.done_step()
    elif v == "move":
        vv = s["inv"][i]
        vv["mp"] -= 1
        rules.move_inv(g, i, a["to"], "move")
    elif v == "evade" and need["k"] == "meet":
        fight.evade_meet(g)
    elif v == "evade":
        fight.start_check(g, i, "evade", rules.stat(g, a["monster"], "awareness"), 1,
                          "evade_move", a["monster"])
    elif v == "fight":
        if need["k"] == "move":
            fight.start_combat(g, i, a["monster"], "board", 1)
        elif need["k"] == "meet":
            fight.face(g)  # AH-COMBAT-1: fighting starts with the horror check
        else:
            fight.fight(g)
    elif v == "end_move":
        n = a.get("clues", s["clues"].get(s["inv"][i]["at"], 0))
        g.done_step()
        turn.end_move(g, i, n)
    elif v == "flee":
        fight.flee(g)
    elif v in ("equip", "cast"):
        equip(g, a, i, v)
    elif v == "release":
        release(g, a, i)
    elif v == "attack":
        fight.final_attack(g, i)
    elif v == "close":
        loc = s["inv"][i]["at"]
        if a.get("elder_sign"):
            turn.elder_sign_card(g, i, loc)
        else:
            world = g.d.gate_world[s["gates"][loc]]
            diff = g.ao["power"].get("close_difficulty", 1)  # Yog-Sothoth: 2
            diff += (abilities.in_force(g, "close_plus") or {}).get(world, 0)  # R'lyeh Rising
            fight.start_check(g, i, a["skill"], g.d.worlds[world][1], diff, "close", loc)
    elif v == "pass":
        g.done_step()
    elif v == "seal":
        step = s["step"]
        g.done_step()
        turn.seal(g, i, step[2])
    elif v == "done":
        g.done_step()
    elif v == "monster_appears":
        m = rules.draw_monster(g, a.get("kind"))
        rules.move_monster(g, m, "enc", "appears")
        fight.start_combat(g, i, m, "ow" if need["k"] == "other" else "enc", 0, 0)  # AH-ENC-6
    elif v == "gate_appears":
        _gate_appears(g, a, i)
    elif v == "gate_card":
        turn.gate_card(g, s["step"], a["colour"])
    elif v == "spread":
        g.done_step()
        if "plan" in a:
            mythos.respread(g, a["plan"])  # the players' own spread, checked (AH-GATE-2)
        else:
            s.pop("surge")
    elif v == "lose":
        g.done_step()  # Cthulhu's attack: a maximum lowered by 1 (0 devours, AH-DEV-2)
        rules.change_max(g, i, "san" if a["what"] == "max_sanity" else "sta", -1)
    elif v == "new_investigator":
        g.done_step()
        v = _replacement(g, a, i)[0]
        if v["at"] in s["closed"]:
            v["at"] = g.d.street_of[v["at"]]  # a home closed by terror: its street
        s["inv"][i] = v
        g.emit("new_investigator", inv=i, sheet=s["inv"][i]["name"], at=s["inv"][i]["at"])
    else:
        from arkham.ah2e import effects

        effects.do(g, a, i)


def roll(g, a, n):
    if "dice" in a:
        fight.rolled(g, a["dice"], 0)
    elif "successes" in a:
        fight.rolled(g, None, a["successes"])
    else:
        fight.rolled(g, fight.roll_dice(g, n), 0)


def _release_ok(g, a):
    """A weapon or spell let go (Russian seed, AH2e part, line 70): its hands are free and its
    bonus stops helping; only what is held can be let go."""
    if not _int(a, "hands", 0, 3) or not _int(a, "bonus", 0, 20):
        return why("hands_bonus")
    for k in ("spell", "magical"):
        if k in a and not isinstance(a[k], bool):
            return why("true_or_false", k, str(a[k])[:20])
    s = g.s
    holder = s["cmb"] if s["cmb"] is not None else s["fb"]["eq"]
    hands = holder["hs" if a.get("spell") else "hw"]
    bonus = holder["mb" if a.get("spell") or a.get("magical") else "pb"]
    if a["hands"] > hands or a["bonus"] > bonus:
        return why("release_held", hands, bonus)
    return None


def release(g, a, i):
    s = g.s
    holder = s["cmb"] if s["cmb"] is not None else s["fb"]["eq"]
    who = s["cmb"]["i"] if s["cmb"] is not None else i
    holder["hs" if a.get("spell") else "hw"] -= a["hands"]
    holder["mb" if a.get("spell") or a.get("magical") else "pb"] -= a["bonus"]
    g.emit("released", inv=who, hands=a["hands"], bonus=a["bonus"], spell=bool(a.get("spell")))


def equip(g, a, i, v):
    s = g.s
    holder = s["cmb"] if s["cmb"] is not None else s["fb"]["eq"]
    who = s["cmb"]["i"] if s["cmb"] is not None else i
    if v == "cast":
        holder["hs"] += a["hands"]  # a spell holds its hands even when the check fails
        g.emit("casting", inv=who, hands=a["hands"])
        fight.start_check(g, who, "spell", a.get("mod", 0), 1, "spell", a["bonus"])
        return
    holder["hw"] += a["hands"]
    holder["mb" if a.get("magical") else "pb"] += a["bonus"]
    g.emit("equipped", inv=who, hands=a["hands"], bonus=a["bonus"], magical=bool(a.get("magical")))


def _gate_appears(g, a, i):
    """AH-ENC-7: a gate opens here (as in the mythos phase) and draws the investigator through,
    delayed; the monster that appears with it goes on the board and is not fought."""
    s = g.s
    loc = s["inv"][i]["at"]
    g.done_step()
    if loc in s["signs"]:
        g.emit("no_gate", at=loc, why="elder_sign")
        return
    rules.doom_up(g, "gate")
    mythos.open_with(g, loc, rules.draw_gate_marker(g, a.get("world")))
