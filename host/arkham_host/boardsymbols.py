"""What a lit spot means, as a letter, so the board view never tells things apart by colour
alone: the games' own palettes (the device code the host imports), colour -> letter.

A frame holds each spot's colour at this moment of its animation (a pulse is the colour scaled
down and up), so a colour is matched by its hue: the palette colour it is a multiple of. Where two
meanings share a colour, the spot's name decides (a `doom_*` spot shows D, not G).
"""

from __future__ import annotations

# AH2e: the scene's palette names (arkham.games.ah2e_scene.PALETTE) -> letter
AH2E_LETTERS = {
    "error": "!",
    "prompt": "?",
    "act": "*",
    "go": ">",
    "gate": "G",
    "monster": "M",
    "investigator": "I",
    "elder_sign": "E",
    "clue": "c",
    "closed": "x",
    "world_gate": "g",
    "terror": "T",
    "terror_past": "t",
    "doom": "D",
    "doom_empty": "-",
    "won": "W",
    "lost": "L",
}
# the other games: their colour constants (module attribute -> letter)
OTHERS = {
    "bringup": ("arkham.games.bringup", {"PRESENT": "P", "CHIP_FAULT": "X", "PAD_FAULT": "F",
                                         "LIGHT_ONLY": "l"}),
    "ritual": ("arkham.games.ritual", {"LEADER": "L", "NOMINATED": "N", "ON_TABLE": "H",
                                       "LIFTED": "u", "WINNER": "W", "PIP": "s", "DECK_IDLE": "d",
                                       "DECK_ORB": "O", "DECK_WAIT": "?", "DECK_OVER": "n"}),
    "final-hour": ("arkham.games.fh", {"MONSTER": "M", "GATE": "G", "RITUAL": "R",
                                       "WORKING": "w", "ROUND_NOW": "N", "ROUND_LEFT": "r",
                                       "WON": "W", "LOST": "L", "PROMPT": "?", "STEP": ">",
                                       "OTHER_ZONE": "z"}),
}
HINTS = (("doom", "D"), ("terror", "T"))  # a spot-name prefix that settles a shared colour


def palette(game) -> list:
    """[(rgb, letter, meaning)] of a game, in the scene's priority order."""
    import importlib

    try:
        if game == "ah2e":
            from arkham.games.ah2e_scene import PALETTE

            return [(tuple(rgb), AH2E_LETTERS.get(name, "#"), name) for name, rgb, _ in PALETTE]
        if game in OTHERS:
            path, letters = OTHERS[game]
            mod = importlib.import_module(path)
            return [(tuple(getattr(mod, k)), v, k.lower()) for k, v in letters.items()
                    if hasattr(mod, k)]
    except Exception:
        return []
    return []


def _fits(rgb, ref):
    """How far `rgb` is from being `ref` scaled by one level (0: exactly a phase of it)."""
    top = max(ref)
    level = max(rgb) / top if top else 0
    if level <= 0 or level > 1.05:
        return None
    return sum(abs(a - b * level) for a, b in zip(rgb, ref))


def symbol_for(game):
    """symbol(spot, rgb) -> letter for the board view."""
    pal = palette(game)

    def symbol(spot, rgb):
        best, score = None, None
        for ref, letter, _ in pal:
            d = _fits(rgb, ref)
            if d is None or d > 24:
                continue
            if score is None or d < score - 1:
                best, score = letter, d
            elif abs(d - score) <= 1:
                for prefix, hint in HINTS:
                    if spot.startswith(prefix) and letter == hint:
                        best = letter
        return best or "#"

    return symbol


def legend(game) -> list:
    """`letter meaning` lines for the help overlay."""
    seen, out = set(), []
    for _, letter, name in palette(game):
        if (letter, name) not in seen:
            seen.add((letter, name))
            out.append("%s %s" % (letter, name.replace("_", " ")))
    return out + [". unlit", "o a token or hand (unlit); CAPITALS: a token or hand on it",
                  "~ a pad without a light", "! its chip is failing"]
