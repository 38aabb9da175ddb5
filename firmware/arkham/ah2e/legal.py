"""legal_actions(): the decision actions possible now (anytime verbs such as `effect` are not
listed: they are always open). Loaded only when asked, so a table that never lists actions does not
keep this code in RAM."""
from arkham.ah2e import rules, tables

turn = tables.Lazy("turn")  # (not kept loaded by legal: see tables.Lazy)
from arkham.ah2e.tables import LOST


def legal(g, need):
    """The decision actions possible now (anytime verbs such as `effect` are not listed).
    The candidates' checks run quiet: a refusal's text is not read from data/messages.json for
    every candidate left out (only whether it was refused matters here). One function, not a
    wrapper: the checks run a call less deep on the Pico's small C stack."""
    s = g.s
    if need is None:
        return []
    k = need["k"]
    out = []
    tables._quiet[0] += 1
    try:
        if k == "draw_mythos":
            if g.physical("mythos"):
                out = [{"a": "draw_mythos", "card": n} for n in g.d.card_names(sorted(s["deck"]))]
            else:
                out = [{"a": "draw_mythos"}]
        elif k == "draw_gate":
            worlds = sorted(set(g.d.gate_world[m] for m in range(16) if s["gm"][m] == "stack"))
            out = [{"a": "draw_gate", "world": w} for w in worlds] if g.physical("gates") else [
                {"a": "draw_gate"}]
        elif k == "draw_monster":
            out = _monster_choices(g, "draw_monster")
        elif k == "roll":
            if g.physical("dice"):
                out = [{"a": "roll", "successes": n} for n in range(need["dice"] + 1)]
            else:
                out = [{"a": "roll"}]
        elif k == "die":
            out = [{"a": "roll", "die": f} for f in range(1, 7)] if g.physical("dice") else [
                {"a": "roll"}]
        elif k == "clue":
            out = [{"a": "accept"}]
            if s["inv"][need["inv"]]["clues"] > 0:
                out += [{"a": "spend_clue", "successes": n} for n in (0, 1)] if g.physical(
                    "dice") else [{"a": "spend_clue"}]
        elif k == "take_clue":
            out = [{"a": "take_clue", "inv": i} for i in need["who"]] + [{"a": "leave_clue"}]
        elif k == "return":
            i = need["inv"]
            at = s["inv"][i]["at"]
            if at == LOST:
                dests = [x for x in sorted(g.d.adj) if x not in s["closed"]]
            else:
                dests = turn.gates_to(g, g.d.world_of(at)[0])
            out = [{"a": "return", "inv": i, "to": x} for x in dests]
        elif k in ("upkeep", "final_adjust"):
            i = need["inv"]
            out = [{"a": "upkeep", "inv": i}]
            sl = s["inv"][i]["sl"]
            for j in range(3):
                for dlt in (-1, 1):
                    new = list(sl)
                    new[j] += dlt
                    if 0 <= new[j] <= 3 and rules.sliders_ok(g, i, new) is None:
                        out.append({"a": "upkeep", "inv": i, "sliders": new})
        elif k == "move":
            i = need["inv"]
            at = s["inv"][i]["at"]
            left = turn.unhandled(g, i)
            if not left and s["inv"][i]["mp"] >= 1:  # (turn.move_check's checks, made once)
                for to in g.d.adj[at]:
                    if to not in s["closed"]:
                        out.append({"a": "move", "inv": i, "to": to})
            only = s["inv"][i]["mp"] == turn.FIGHT_ONLY  # (may fight, need not: turn.may_fight)
            for m in left:
                if not only:
                    out.append({"a": "evade", "inv": i, "monster": m})
                out.append({"a": "fight", "inv": i, "monster": m})
            if not left or only:
                out.append({"a": "end_move", "inv": i})
                if s["clues"].get(at):
                    out.append({"a": "end_move", "inv": i, "clues": 0})
        elif k == "meet":
            out = [{"a": "evade"}, {"a": "fight"}]
        elif k == "combat":
            out = [{"a": "fight"}]
            if not rules.has(g, s["cmb"]["m"], "ambush"):
                out.append({"a": "flee"})
        elif k == "close":
            i = need["inv"]
            out = [{"a": "close", "inv": i, "skill": "fight"},
                   {"a": "close", "inv": i, "skill": "lore"}, {"a": "pass", "inv": i}]
        elif k == "seal":
            out = [{"a": "seal", "inv": need["inv"]}, {"a": "pass", "inv": need["inv"]}]
        elif k == "encounter" or k == "other":
            out = [{"a": "done", "inv": need["inv"]}]
            if not rules.warded(g, s["inv"][need["inv"]]["at"], "no_monster_here"):
                out += _with_inv(_monster_choices(g, "monster_appears")[:1], need["inv"])
        elif k == "new_investigator":
            out = [{"a": "new_investigator", "inv": need["inv"], "name": n}
                   for n in rules.spare_sheets(g)]
        elif k == "surge":
            out = [{"a": "spread"}]
        elif k == "ao_loss":
            out = [{"a": "lose", "inv": need["inv"], "what": w}
                   for w in ("max_sanity", "max_stamina")]
        elif k == "final_attack":
            out = [{"a": "attack", "inv": need["inv"]}]
        elif k == "ao_attack":
            out = [{"a": "done"}]
    finally:
        tables._quiet[0] -= 1
    return out


def _monster_choices(g, verb):
    if not g.physical("cup") or "cup" not in g.s["mon"]:  # empty: the draw awakens (AH-AWAKE-3)
        return [{"a": verb}]
    kinds = sorted(set(g.d.kind_of(m) for m in rules.cup(g)))
    return [{"a": verb, "kind": k} for k in kinds]



def _with_inv(acts, i):
    for x in acts:
        x["inv"] = i
    return acts
