"""A `legal` reply as the page's buttons: each numbered label in a group the way a player thinks
(move to..., fight / evade, close the gate, the encounter's outcome...), with a short text in the
players' words and the seat whose choice it is (Final Hour's `inv`, Ritual's decider).

    groups(game, labels, state) -> [{"group", "items": [{"n", "label", "text", "seat"}]}]
"""

from __future__ import annotations

from arkham_host.wire.legal_reply import unlabel

# verb -> group title, in the order the groups are shown (unknown verbs go last, by verb)
GROUPS = {
    "ah2e": [
        ("Upkeep: skill sliders", ("upkeep",)),
        ("Move to…", ("move", "return", "move_to")),
        ("Movement", ("end_move",)),
        ("Fight / evade", ("fight", "evade", "flee", "attack")),
        ("The dice", ("roll", "spend_clue", "accept")),
        ("Close the gate", ("close", "seal")),
        ("Encounter outcome", ("done", "monster_appears", "encounter")),
        ("What was drawn", ("draw_mythos", "draw_gate", "draw_monster")),
        ("What to lose", ("lose",)),
        ("Surge", ("spread",)),
        ("Final battle", ("final_adjust", "final_attack", "ao_loss")),
    ],
    "final-hour": [
        ("Priority card", ("play",)),
        ("Move to…", ("move",)),
        ("Fight", ("attack",)),
        ("Investigate / seal", ("investigate", "seal")),
        ("The card is done", ("next",)),
        ("Health", ("wound", "heal")),
        ("Board effects", ("activate", "push", "spawn", "spawn_special", "special", "repair")),
        ("Activation", ("order", "victim")),
        ("The lead", ("end_actions", "end_round", "next_round", "end", "attempt")),
        ("The attempt", ("offer",)),
    ],
    "ritual": [
        ("Nominate a follower", ("nominate",)),
        ("Take or pass", ("take", "pass")),
        ("The Orb", ("orb",)),
        ("The round", ("next", "goo", "reveal")),
        ("A card seen by mistake (−1 sanity)", ("peek",)),
    ],
}
AH2E_TEXT = {"upkeep": "Keep the sliders", "end_move": "End the movement", "fight": "Fight",
             "evade": "Evade", "flee": "Flee", "attack": "Attack", "accept": "Accept the roll",
             "spend_clue": "Spend a clue (+1 die)", "done": "Done (the card's effects are told)",
             "close": "Close the gate", "seal": "Seal the gate (elder sign)"}
FH_TEXT = {"attempt": "Attempt the ritual (the one try)", "next_round": "Play the next round",
           "end_round": "End the round", "end_actions": "End the actions", "next": "Next",
           "end": "End (the lead: the round goes on)", "special": "Spawn a special monster"}
# AH2e's three skill sliders, each at a stop 0..3 (`act upkeep sliders=1,2,0`)
SLIDERS = ("Speed/Sneak", "Fight/Will", "Lore/Luck")
PLACE_KEYS = ("to", "at", "loc")  # a field that names where: shown alone
QUIET_KEYS = ("inv",)  # whose turn is shown above the buttons


def words(name):
    """`northside` -> `Northside`, `st_marys_hospital` -> `St Marys Hospital`."""
    return " ".join(w[:1].upper() + w[1:] for w in str(name).split("_"))


def text_of(game, a):
    """A button's text for one action dict."""
    verb = a["a"]
    rest = [(k, v) for k, v in sorted(a.items()) if k != "a" and k not in QUIET_KEYS]
    if game == "final-hour" and verb in ("move", "seal") and "to" in a:
        return ("Seal the path to location %s" if verb == "seal" else "Location %s") % a["to"]
    if game == "final-hour" and verb in FH_TEXT:
        return FH_TEXT[verb]
    if game == "final-hour" and verb == "play":
        return "Play card %s" % a["card"]
    if game == "final-hour" and verb == "attack":
        return "Monster %s: %s damage" % (a.get("m"), a.get("dmg"))
    if game == "ritual" and verb == "nominate":
        return "Seat %s" % a["seat"]
    if game == "ritual" and verb == "peek":
        return "Seat %s saw a %s card" % (a["seat"], a.get("what"))
    if verb in ("move", "return", "move_to") and "to" in a:
        return words(a["to"])
    if game == "ah2e":
        fixed = AH2E_TEXT.get(verb)
        if fixed and len(rest) == 0:
            return fixed
        if verb == "monster_appears":
            return "A monster appears" + (": " + words(a["kind"]) if "kind" in a else "")
        if verb == "roll" and "successes" in a:
            return "%s success%s" % (a["successes"], "" if a["successes"] == 1 else "es")
        if verb == "roll" and "die" in a:
            return "The die showed %s" % a["die"]
        if verb in ("draw_mythos", "draw_gate", "draw_monster") and len(rest) == 1:
            return words(rest[0][1])
        if verb == "upkeep" and isinstance(a.get("sliders"), list):
            return ", ".join("%s %s" % (pair, at) for pair, at in zip(SLIDERS, a["sliders"]))
    if not rest:
        return words(verb)
    parts = []
    for k, v in rest:
        v = ",".join(str(x) for x in v) if isinstance(v, list) else str(v)
        parts.append(words(v) if k in PLACE_KEYS else "%s %s" % (k.replace("_", " "), v))
    return words(verb) + ": " + ", ".join(parts)


def seat_of(game, a, state):
    """The seat (1..n) whose choice this is, or None (anyone at the table may tap it)."""
    if game == "final-hour":
        return a.get("inv")
    if game == "ritual" and isinstance(state, dict):
        if a["a"] == "nominate":
            return state.get("leader")
        if a["a"] in ("take", "pass"):
            return state.get("nominated") or None
        if a["a"] == "peek":
            return a.get("seat")
    return None


def groups(game, labels, state=None):
    order = GROUPS.get(game, [])
    title_of = {}
    for i, (title, verbs) in enumerate(order):
        for v in verbs:
            title_of[v] = (i, title)
    found = {}
    for label in labels:
        n = label.split(" ", 1)[0]
        try:
            a = unlabel(label, lists=() if game == "final-hour" else ("cards", "parts"))
        except (ValueError, IndexError):
            a = {"a": label.split(" ")[1] if " " in label else label}
        key = title_of.get(a["a"], (len(order), words(a["a"])))
        found.setdefault(key, []).append({
            "n": int(n) if n.isdigit() else n, "label": label, "text": text_of(game, a),
            "seat": seat_of(game, a, state), "verb": a["a"],
        })
    return [{"group": title, "items": found[(i, title)]} for i, title in sorted(found)]
