"""Golden playthroughs (OpenSpiel's habit): fixed action lists whose canonical state and events
after every step are kept as text in golden/<name>.txt and diffed by test_ah2e_golden.py.

Regenerate after an intended rules change, then read the diff before committing:
    python tests/ah2e/golden_scenarios.py
"""
import pathlib
import sys

HERE = pathlib.Path(__file__).parent
sys.path.insert(0, str(HERE))

from arkham import canon
from arkham.ah2e.game import new_game

GOLDEN = HERE / "golden"


def M(card):
    return {"a": "draw_mythos", "card": card}


# a physical game: every card, marker and die is told by the players
KATE = {
    "seed": 1, "options": {"ao": "cthulhu", "investigators": ["kate_winthrop"],
                           "chance": "physical"},
    "actions": [
        M("dreams_of_a_sunken_city"), {"a": "draw_gate", "world": "dreamlands"},
        {"a": "draw_monster", "kind": "zombie"},
        {"a": "upkeep", "sliders": [2, 1, 1]},
        {"a": "move", "to": "miskatonic_u"}, {"a": "move", "to": "merchant_district"},
        {"a": "move", "to": "downtown"},
        {"a": "evade", "monster": 52}, {"a": "roll", "dice": [2, 5, 1, 1]}, {"a": "accept"},
        {"a": "end_move"},
        M("blue_flu"), {"a": "draw_gate", "world": "abyss"}, {"a": "draw_monster", "kind": "ghoul"},
        {"a": "upkeep"},
        {"a": "move", "to": "independence_square"},
        {"a": "evade", "monster": 52}, {"a": "roll", "dice": [6, 1, 1, 1]}, {"a": "accept"},
        {"a": "move", "to": "independence_square"}, {"a": "end_move", "clues": 0},
        {"a": "gate_card", "colour": "red"}, {"a": "gate_card", "colour": "blue"},
        {"a": "effect", "inv": 0, "clues": 1}, {"a": "done"},
        M("heat_wave"), {"a": "draw_gate", "world": "yuggoth"},
        {"a": "draw_monster", "kind": "cultist"},
        {"a": "upkeep"},
        {"a": "monster_appears", "kind": "star_spawn"},  # refused: not where Kate is (AH-ENC-10)
        {"a": "done"},
        M("church_group_reclaims_southside"), {"a": "draw_gate", "world": "rlyeh"},
        {"a": "draw_monster", "kind": "witch"},
        {"a": "upkeep"},
        {"a": "close", "skill": "lore"}, {"a": "roll", "dice": [6, 6, 1, 2]}, {"a": "accept"},
        {"a": "move", "inv": 0, "to": "downtown"},
    ],
}

# a virtual game: the table draws and rolls with the seeded generator kept in the state
TWO = {
    "seed": 77, "options": {"ao": "yig", "investigators": ["jenny_barnes", "michael_mcglen"],
                            "first": 1},
    "actions": [  # recorded from a seeded random legal player (random.Random(77))
        {"a": "upkeep", "inv": 1, "sliders": [1, 1, 2]},
        {"a": "upkeep", "inv": 0, "sliders": [2, 1, 1]},
        {"a": "end_move", "inv": 1},
        {"a": "move", "inv": 0, "to": "northside"},
        {"a": "move", "inv": 0, "to": "downtown"},
        {"a": "end_move", "inv": 0},
        {"a": "done", "inv": 1},
        {"a": "upkeep", "inv": 0, "sliders": [3, 1, 1]},
        {"a": "upkeep", "inv": 1, "sliders": [1, 0, 2]},
        {"a": "evade", "inv": 0, "monster": 17},
        {"a": "fight"},
        {"a": "fight"},
        {"a": "flee"},
        {"a": "end_move", "inv": 0},
        {"a": "end_move", "inv": 1},
        {"a": "done", "inv": 0},
        {"a": "done", "inv": 1},
        {"a": "upkeep", "inv": 1, "sliders": [1, 0, 1]},
        {"a": "upkeep", "inv": 0, "sliders": [3, 2, 1]},
        {"a": "move", "inv": 1, "to": "southside"},
        {"a": "move", "inv": 1, "to": "mas_boarding_house"},
        {"a": "end_move", "inv": 1},
        {"a": "move", "inv": 0, "to": "uptown"},
        {"a": "move", "inv": 0, "to": "miskatonic_u"},
        {"a": "move", "inv": 0, "to": "science_building"},
        {"a": "end_move", "inv": 0, "clues": 0},
        {"a": "monster_appears", "inv": 1},
        {"a": "evade"},
        {"a": "fight"},
        {"a": "fight"},
        {"a": "done", "inv": 1},
        {"a": "done", "inv": 0},
        {"a": "upkeep", "inv": 0, "sliders": [2, 2, 1]},
        {"a": "upkeep", "inv": 1, "sliders": [1, 0, 2]},
        {"a": "fight", "inv": 0, "monster": 33},
        {"a": "fight"},
        {"a": "end_move", "inv": 0},
        {"a": "move", "inv": 1, "to": "southside"},
        {"a": "end_move", "inv": 1},
        {"a": "monster_appears", "inv": 0},
        {"a": "evade"},
        {"a": "accept"},
        {"a": "monster_appears", "inv": 0},
        {"a": "evade"},
        {"a": "accept"},
    ],
}

# the final battle, after the doom track fills
BATTLE = {
    "seed": 5, "options": {"ao": "ithaqua", "investigators": ["joe_diamond", "mandy_thompson"]},
    "actions": [
        {"a": "doom", "n": 11},
        {"a": "upkeep", "inv": 0}, {"a": "upkeep", "inv": 1},
        {"a": "equip", "inv": 0, "hands": 2, "bonus": 4}, {"a": "attack", "inv": 0},
        {"a": "accept"},
        {"a": "attack", "inv": 1}, {"a": "accept"},
        # Ithaqua attacks (AH-FINAL-6): each makes a Fight (+1) check or loses 2 stamina
        {"a": "spend_clue"}, {"a": "accept"}, {"a": "accept"},
        # the first player token passed to 1 (AH-FINAL-5); trades need no shared area
        {"a": "upkeep", "inv": 1}, {"a": "trade", "inv": 0, "to": 1, "money": 2},
        {"a": "upkeep", "inv": 0},
    ],
}

SCENARIOS = {"kate_physical": KATE, "two_virtual": TWO, "final_battle": BATTLE}


def playthrough(sc):
    """The golden text: the setup, then for each action its result, events and state."""
    g = new_game(sc["seed"], dict(sc["options"]))
    out = ["# seed %d options %s" % (sc["seed"], canon.dumps(sc["options"]))]
    for e in g.setup_events:
        out.append("E " + canon.dumps(e))
    out.append("S " + canon.dumps(g.snapshot()))
    for a in sc["actions"]:
        ok, ev = g.apply(a)
        out.append("> " + canon.dumps(a))
        if not ok:
            out.append("! " + ev)
            continue
        for e in ev:
            out.append("E " + canon.dumps(e))
        out.append("S " + canon.dumps(g.snapshot()))
    out.append("# need " + canon.dumps(g.need()))
    return "\n".join(out) + "\n"


def write_all():
    GOLDEN.mkdir(exist_ok=True)
    for name, sc in SCENARIOS.items():
        (GOLDEN / (name + ".txt")).write_text(playthrough(sc))
        print("wrote", GOLDEN / (name + ".txt"))


if __name__ == "__main__":
    write_all()
