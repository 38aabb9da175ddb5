"""Anytime verbs: the players tell the core what a card did (card texts are not ours).

    effect        {inv, sanity, stamina, clues, money, max_sanity, max_stamina, moves: +/-n,
                   bless, curse, delay, lost, retainer, loan, repay: true, item, drop: "name",
                   bonus: {"will": 1, "evade_check": 1}, spend_gate: n, spend_monsters: [ids],
                   devour: true}
    move_to       {inv, to}            a card moves an investigator (Arkham or Other World area)
    place_monster {at, kind?}          a monster appears on the board (limits apply)
    remove_monster {monster, to: cup|box|trophy, inv?}
    move_monster  {monster, to}        a card (or the players' surge choice) moves a monster
    clue_at       {at, n}              clue tokens appear (+) or are taken away (-)
    doom {n} / terror {n}              doom tokens added (+) or removed (-); terror rises
    close_gate    {at, inv?}           a card closes a gate (trophy to inv, else to the stack)
    rumor         {result: passed|failed}
    check         {inv, skill, mod, difficulty}   a skill check a card asks for
    trade         {inv, to, money?, item?}        AH-MOVE-6 (movement phase, final battle)
    score         {n}                  other card adjustments to the score (AH-SCORE-1)
"""
from arkham.ah2e import rules, tables
from arkham.ah2e.tables import BASE, LOST, OUTSKIRTS, SKY, title, why
from arkham.compat import const

fight = tables.Lazy("fight")  # (not kept loaded by effects: see tables.Lazy)

_NUM = {"sanity": "san", "stamina": "sta", "clues": "clues", "money": "money",
        "max_sanity": "msan", "max_stamina": "msta"}
_FLAGS = const(("bless", "curse", "delay", "lost", "retainer", "loan", "repay", "devour"))
# Not rules (the game has no item limit): the table's state budget. Item names are words a card
# prints (letters, digits, _ -), at most _ITEM_NAME chars; at most _ITEMS per investigator, so that
# 8 investigators' items stay a few KB of a Pico's heap (115 items of 440 characters
# ran it out of memory).
_ITEM_NAME = const(32)
_ITEMS = const(24)
_NAME_CHARS = const(b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-'.")


# the item names the table knows without being told (the investigators' fixed possessions,
# data/investigators.json: a test keeps them equal); with the items held now, a name that is
# a typo of one of these is refused with it (`item=tommygun` was taken)
_KNOWN_ITEMS = const((".38_revolver", ".45_automatic", "bullwhip", "cross", "duke", "dynamite",
                      "holy_water", "shrivelling", "tommy_gun"))


def _plain(x):
    """A name's letters and digits, lower case (`Tommy-Gun` and `tommygun` alike), as bytes: a
    character taken out of a str becomes a name (qstr) a Pico keeps for good."""
    out = bytearray()
    for c in x.lower().encode():
        if c not in b"_-'. ":
            out.append(c)
    return out


def _one_off(a, b):
    """a and b differ by one letter (not a digit) put in, left out or changed."""
    if abs(len(a) - len(b)) > 1:
        return False
    if len(a) > len(b):
        a, b = b, a
    k = 0
    while k < len(a) and a[k] == b[k]:
        k += 1
    if k < len(b) and 48 <= b[k] <= 57 or k < len(a) and 48 <= a[k] <= 57:
        return False  # (another number is another item: item_1 is no typo of item_0)
    if len(a) == len(b):
        return a[k + 1:] == b[k + 1:]
    return a[k:] == b[k + 1:]


def item_typo(s, name):
    """The known item name `name` is a typo of (None: it is known, or not close to any): the
    items held first, then the fixed possessions."""
    if name in _KNOWN_ITEMS:
        return None
    held = []
    for v in s["inv"]:
        if name in v["items"]:
            return None
        held += v["items"]
    p = _plain(name)
    for k in held + list(_KNOWN_ITEMS):
        q = _plain(k)
        if p == q or (len(q) >= 5 and _one_off(p, q)):
            return k
    return None


def item_name_ok(x):
    if not isinstance(x, str) or not 0 < len(x) <= _ITEM_NAME:
        return False
    for c in x.encode():  # (bytes: a str's characters would each become a name for good)
        if c not in _NAME_CHARS:
            return False
    return True


def _n(x, lo=-99, hi=99):
    return isinstance(x, int) and not isinstance(x, bool) and lo <= x <= hi


def check(g, a, i):
    s = g.s
    v = a["a"]
    d = g.d
    if v in ("effect", "move_to", "check") and (i is None or not g._inv_ok(i)):
        return why("say_which_investigator_inv", len(s["inv"]) - 1)
    if v == "effect":
        inv = s["inv"][i]
        known = ("a", "inv", "moves", "item", "drop", "bonus", "spend_gate", "spend_monsters")
        for k in a:
            if k not in known and k not in _NUM and k not in _FLAGS:
                return why("unknown_effect", k)
        for k in _NUM:
            if k in a and not _n(a[k]):
                return why("whole_number", k)
        if "moves" in a and not _n(a["moves"]):
            return why("whole_number", "moves")
        for k in _FLAGS:
            if k in a and a[k] is not True and a[k] is not False:
                return why("true_or_false", k, str(a[k])[:20])
        for k in ("item", "drop"):
            if k in a and a[k] is not None and not item_name_ok(a[k]):
                return why("item_name", k, _ITEM_NAME)
        if a.get("item") is not None:
            near = item_typo(s, a["item"])
            if near is not None:
                return why("item_typo", a["item"], near)
        if a.get("item") is not None and len(inv["items"]) >= _ITEMS:
            return why("items_full", _ITEMS)
        if inv["clues"] + a.get("clues", 0) < 0:
            return why("only_clue_tokens_lose", inv["clues"])  # AH-BOARD-4
        if inv["money"] + a.get("money", 0) < 0:
            return why("only_lose", inv["money"])
        if a.get("moves") and g.d.world_of(inv["at"])[0]:
            return why("no_movement_points_are")  # AH-MOVE-4
        if a.get("moves", 0) > 0 and inv["mp"] < 0:
            return why("movement_over")  # AH-MOVE-8: after a combat or a knock-out (rules)
        if a.get("loan") and inv["noloan"]:
            return why("this_investigator_may_never")  # AH-UP-2
        if a.get("repay") and (not inv["loan"] or inv["money"] < 10):
            return why("repaying_bank_loan_needs")
        if a.get("drop") is not None and a["drop"] not in inv["items"]:
            return why("no_item", a["drop"])
        if "bonus" in a:
            b = a["bonus"]
            if not isinstance(b, dict):
                return why("bonus_skill_check_check")
            for k in b:
                base = k[:-6] if k.endswith("_check") else k
                if base not in BASE or not _n(b[k]):
                    return why("bonus_skills_speed_luck", k)
        if "spend_gate" in a:
            held = [m for m in range(16) if s["gm"][m] == "t%d" % i]
            if not _n(a["spend_gate"], 1, 16) or a["spend_gate"] > len(held):
                return why("only_gate_trophies", len(held))
        if "spend_monsters" in a:
            ids = a["spend_monsters"]
            if not isinstance(ids, list) or not all(
                    _n(m, 0, 59) and s["mon"][m] == "t%d" % i for m in ids):
                return why("spend_monsters_ids_this")
    elif v == "move_to":
        to = a.get("to")
        if to == LOST or to == OUTSKIRTS or (to not in d.adj and not d.world_of(to or "")[0]):
            return why("move_street_location_other")
        if to in s["closed"]:
            return why("closed", to)
    elif v == "place_monster":
        at = a.get("at")
        if at not in d.adj and at != SKY:
            return why("place_monster_street_location")
        if at in s["signs"] or at in s["closed"]:
            return why("no_monster_appears", at)
        who = rules.warded(g, at, "no_monster_here")
        if who:
            return why("no_monster_where", title(who))
        return _kind_ok(g, a)
    elif v in ("remove_monster", "move_monster"):
        m = a.get("monster")
        if not _n(m, 0, len(s["mon"]) - 1) or not (d.is_arkham(s["mon"][m]) or
                                                  s["mon"][m] == OUTSKIRTS):
            return why("monster_id_monster_on")
        if v == "remove_monster":
            if a.get("to") not in ("cup", "box", "trophy"):
                return why("cup_box_trophy")
            if a["to"] == "trophy" and not g._inv_ok(a.get("inv")):
                return why("trophy_which_investigator_inv")
        elif a.get("to") not in d.adj and a.get("to") != SKY and a.get("to") != OUTSKIRTS:
            return why("street_location_sky_outskirts")
    elif v == "clue_at":
        if a.get("at") not in d.street_of or not _n(a.get("n")):
            return why("clue_location")
        if s["clues"].get(a["at"], 0) + a["n"] < 0:
            return why("only_clue_tokens", s["clues"].get(a["at"], 0), a["at"])
    elif v == "doom":
        if not _n(a.get("n"), -20, 20) or s["doom"] + a["n"] < 0:
            return why("doom_track_never_goes")
    elif v == "terror":
        if not _n(a.get("n"), 1, 10):
            return why("terror_terror_level_never")
    elif v == "close_gate":
        if a.get("at") not in s["gates"]:
            return why("no_open_gate", a.get("at"))
        if "inv" in a and not g._inv_ok(a["inv"]):
            return why("no_investigator", a["inv"])
    elif v == "rumor":
        if s["rumor"] is None:
            return why("no_rumor_play")
        if "counter" in a:  # tokens the players put on or take off the card (AH-MYTH-4)
            if "result" in a or not _n(a["counter"], -20, 20) or s.get("rumor_n", 0) + a[
                    "counter"] < 0:
                return why("rumor_counter")
        elif a.get("result") not in ("passed", "failed"):
            return why("result_passed_failed")
    elif v == "check":
        if s["chk"] is not None or s["cmb"] is not None:
            return why("finish_check_combat_progress")
        if a.get("skill") not in BASE:
            return why("skill_one", " ".join(sorted(BASE)))
        if not _n(a.get("mod", 0), -9, 9) or not _n(a.get("difficulty", 1), 1, 9):
            return why("mod_difficulty")
    elif v == "trade":
        return _trade_ok(g, a, i)
    elif v == "score":
        if not _n(a.get("n"), -50, 50):
            return why("score")
    return None


def _kind_ok(g, a):
    cup = rules.cup(g)
    if not cup:
        return None  # an empty cup awakens the Ancient One (AH-AWAKE-3)
    if "kind" in a:
        if not [m for m in cup if g.d.kind_of(m) == a["kind"]]:
            return why("no_monster_cup", a["kind"])
        return None
    if g.physical("cup"):
        return why("say_which_monster_was")
    return None


def _trade_ok(g, a, i):
    """AH-MOVE-6: same area, money and items only, never clues or skills."""
    s = g.s
    if s["phase"] not in ("movement", "final"):
        return why("trading_happens_movement_phase")
    j = a.get("to")
    if i is None or not g._inv_ok(i) or not g._inv_ok(j) or i == j:
        return why("trade_inv_giving_receiving")
    if s["inv"][i]["at"] != s["inv"][j]["at"] and s["phase"] != "final":
        return why("only_investigators_same_area")  # AH-FINAL-5: in the battle, as if together
    for k in a:
        if k not in ("a", "inv", "to", "money", "item"):
            return why("only_money_items_are", k)
    if "money" in a and (not _n(a["money"], 1, 999) or a["money"] > s["inv"][i]["money"]):
        return why("not_that_much_money")
    if "item" in a and a["item"] not in s["inv"][i]["items"]:
        return why("no_item", a["item"])
    return None


def do(g, a, i):
    s = g.s
    v = a["a"]
    if v == "effect":
        effect(g, a, i)
    elif v == "move_to":
        w = g.d.world_of(a["to"])[0]
        rules.move_inv(g, i, a["to"], "card")
        if w and s["cmb"] is not None and s["cmb"]["i"] == i:
            rules.end_combat(g, "apart")
        st = s["step"]
        if a["to"] in s["gates"] and st is not None and st[0] == "enc" and st[1] == i:
            # sent by their encounter to a location with an open gate, to have an encounter there
            # (Korean seed 3.3, line 89): that encounter is the gate's, drawn through (AH-ENC-2)
            g.done_step()
            rules.draw_through(g, i, g.d.gate_world[s["gates"][a["to"]]], 0, "gate")
    elif v == "place_monster":
        rules.place_monster(g, rules.draw_monster(g, a.get("kind")), a["at"], "card")
    elif v == "remove_monster":
        m = a["monster"]
        to = "t%d" % a["inv"] if a["to"] == "trophy" else a["to"]
        rules.move_monster(g, m, to, "card")
    elif v == "move_monster":
        rules.move_monster(g, a["monster"], a["to"], "card")
    elif v == "clue_at":
        n = s["clues"].get(a["at"], 0) + a["n"]
        if n:
            s["clues"][a["at"]] = n
        elif a["at"] in s["clues"]:
            del s["clues"][a["at"]]
        g.emit("clues_at", at=a["at"], n=n)
    elif v == "doom":
        if a["n"] < 0:
            s["doom"] += a["n"]
            g.emit("doom", level=s["doom"], why="card")
        for _ in range(max(a["n"], 0)):
            rules.doom_up(g, "card")
    elif v == "terror":
        for _ in range(a["n"]):
            rules.terror_up(g, "card")
    elif v == "close_gate":
        rules.close_gate(g, a["at"], a.get("inv"), "card")
    elif v == "rumor":
        from arkham.ah2e import abilities

        if "counter" in a:
            s["rumor_n"] = s.get("rumor_n", 0) + a["counter"]
            g.emit("rumor_counter", n=s["rumor_n"])
            abilities.check(g)
        else:
            abilities.end(g, a["result"])  # to the box
    elif v == "check":
        fight.start_check(g, i, a["skill"], a.get("mod", 0), a.get("difficulty", 1), "card")
    elif v == "trade":
        j = a["to"]
        if "money" in a:
            s["inv"][i]["money"] -= a["money"]
            s["inv"][j]["money"] += a["money"]
        if "item" in a:
            s["inv"][i]["items"].remove(a["item"])
            s["inv"][j]["items"].append(a["item"])
        g.emit("trade", inv=i, to=j, money=a.get("money", 0), item=a.get("item"))
    elif v == "score":
        s["score_adj"] += a["n"]
        g.emit("score_adjusted", n=a["n"], total=s["score_adj"])


def effect(g, a, i):
    s = g.s
    v = s["inv"][i]
    for k in ("max_sanity", "max_stamina"):
        if k in a:
            rules.change_max(g, i, "san" if k == "max_sanity" else "sta", a[k], 0)
    for k in ("clues", "money"):
        if a.get(k):
            v[k] += a[k]
            if a[k] > 0:  # (a gain says what the investigator has now; a spend what is left)
                g.emit("gain", inv=i, what=k, n=a[k], now=v[k])
            else:
                g.emit("spend", inv=i, what=k, n=-a[k], left=v[k])
    if a.get("moves") and v["mp"] >= 0:  # (-1: movement over, a loss keeps it so)
        v["mp"] = max(0, v["mp"] + a["moves"])
        g.emit("movement_points", inv=i, points=v["mp"])
    if a.get("item") is not None:
        v["items"].append(a["item"])
        g.emit("item", inv=i, item=a["item"])
    if a.get("drop") is not None:
        v["items"].remove(a["drop"])
        g.emit("item_lost", inv=i, item=a["drop"])
    if "bonus" in a:
        for k in sorted(a["bonus"]):
            v["bonus"][k] = v["bonus"].get(k, 0) + a["bonus"][k]
        g.emit("bonus", inv=i, bonus=v["bonus"])
    if a.get("bless"):
        bless(g, i, 1)
    if a.get("curse"):
        bless(g, i, -1)
    if a.get("retainer") and not v["ret"]:
        v["ret"] = 1
        v["rnew"] = 1
        g.emit("retainer", inv=i)
    elif a.get("retainer") is False and v["ret"]:
        v["ret"] = 0
        g.emit("discarded", inv=i, card="retainer")
    if a.get("loan") and not v["loan"]:
        v["loan"] = 1
        v["lnew"] = 1
        v["money"] += 10
        g.emit("loan", inv=i, money=v["money"])
    if a.get("repay"):
        v["loan"] = 0
        v["money"] -= 10
        g.emit("loan_repaid", inv=i, money=v["money"])
    if "spend_gate" in a:
        held = [m for m in range(16) if s["gm"][m] == "t%d" % i]
        for m in held[: a["spend_gate"]]:
            s["gm"][m] = "stack"
        g.emit("gate_trophies_spent", inv=i, n=a["spend_gate"])
    if "spend_monsters" in a:
        for m in a["spend_monsters"]:
            rules.move_monster(g, m, "cup", "spent")
    if a.get("delay"):
        rules.set_delayed(g, i)
    if v["msan"] <= 0 or v["msta"] <= 0:
        rules.devour(g, i, "max")  # AH-DEV-2: a maximum reduced to 0
        return
    for k, f in (("sanity", "san"), ("stamina", "sta")):
        n = a.get(k, 0)
        if n > 0:
            v[f] = min(v[f] + n, v[_NUM["max_" + k]])
            g.emit("gain", inv=i, what=f, n=n, now=v[f])  # (was left=, read "left 3")
    # losses at the same time: both at 0 devours (AH-DEV-2)
    rules.lose_both(g, i, -min(a.get("sanity", 0), 0), -min(a.get("stamina", 0), 0), "card")
    if a.get("lost") and not v["dead"]:
        if s["cmb"] is not None and s["cmb"]["i"] == i:
            rules.end_combat(g, "lost")
        rules.lost(g, i, "card")
    if a.get("devour"):
        rules.devour(g, i, "card")


def bless(g, i, sign):
    """AH-CHECK-6: never both; the opposite card cancels; a second one adds nothing."""
    v = g.s["inv"][i]
    if v["bless"] == sign:
        g.emit("no_change", inv=i, card="blessing" if sign > 0 else "curse")
    elif v["bless"] == -sign:
        v["bless"] = 0
        g.emit("discarded", inv=i, card="curse" if sign > 0 else "blessing")
    else:
        v["bless"] = sign
        v["bnew"] = 1
        g.emit("blessed" if sign > 0 else "cursed", inv=i)
