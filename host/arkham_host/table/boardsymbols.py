"""What a lit spot means, as a letter, so the board view never tells things apart by colour
alone: the games' own palettes (the device code the host imports), colour -> letter.

A frame holds each spot's colour at this moment of its animation, so a colour is matched against
what the scene can show: each palette colour at each level its animation takes (arkham.hw.pixels:
a steady, blinking or flashing light is full or off, a pulse one of 16 levels), and, for the
emulated chip's frames (decoded from its LED pin: after the firmware's gamma and brightness cap),
those colours put through the same gamma and cap. AH2e's palette names each row's animation, so
a dim grey is an empty doom slot or a closed location, never the blinking white prompt (a clue on
the chip's board must not show `*`, nor an empty doom slot on the CPython sim's `?`). Where two
meanings share a colour, the spot's name decides (a `doom_*` spot shows D or -, not G or x).
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
# letters only the doom and terror tracks show, and their spots' prefix: there they settle a
# shared colour (a doom_* spot shows D or -, not G or x), elsewhere they are never meant
TRACKS = ("doom", "terror")
ONLY_ON = {"D": "doom", "-": "doom", "T": "terror", "t": "terror"}
TOLERANCE = 16  # summed |r|+|g|+|b| a frame colour may be off the nearest the scene can show
_MEMO_MAX = 4096


def _levels():
    """(full only, every level a light can show lit): steady, blink and flash show 255 (or
    nothing), a pulse its 16 levels."""
    from arkham.hw.pixels import PULSE, level

    pulse = sorted({level(PULSE, t) for t in range(0, 2000, 2000 // 64)})
    return (255,), tuple(sorted(set(pulse) | {255}))


def palette(game) -> list:
    """[(rgb, letter, meaning, pulses)] of a game, in the scene's priority order; pulses: may
    the colour be at a pulse's level (None: unknown, any level)."""
    import importlib

    try:
        if game == "ah2e":
            from arkham.games.ah2e_scene import PALETTE
            from arkham.hw.pixels import PULSE

            return [(tuple(rgb), AH2E_LETTERS.get(name, "#"), name,
                     anim == PULSE or name == "doom")  # (doom pulses in the final battle)
                    for name, rgb, anim in PALETTE]
        if game in OTHERS:
            path, letters = OTHERS[game]
            mod = importlib.import_module(path)
            return [(tuple(getattr(mod, k)), v, k.lower(), None) for k, v in letters.items()
                    if hasattr(mod, k)]
    except Exception:
        return []
    return []


def _shown(ref, lv, cap):
    """The colour `ref` at animation level lv, as the frame has it (cap None: as the game asked,
    before gamma and cap; else the LED pin's bytes)."""
    from arkham.hw.pixels import GAMMA

    c = [x * lv // 255 for x in ref]
    if cap is not None:
        c = [GAMMA[x] * cap // 255 for x in c]
    return c


def symbol_for(game, wire_cap=None):
    """symbol(spot, rgb) -> letter for the board view. wire_cap: the frame is the LED pin's bytes
    (the emulated chip), after gamma and this brightness cap (the board's). A colour two rows
    can show alike (a pulse near its bottom, crushed by the gamma) keeps the letter the spot
    showed last, when that is one of them: a pulsing light keeps its letter all the way down."""
    full, every = _levels()
    shows = []  # (letter, [colours the row can show]) in priority order
    for ref, letter, _, pulses in palette(game):
        levels = every if pulses or pulses is None else full
        shows.append((letter, [_shown(ref, lv, wire_cap) for lv in levels]))
    memo = {}
    last = {}

    def best(rgb, prefix):
        scored = []
        for letter, colours in shows:
            if ONLY_ON.get(letter, prefix) != prefix:
                continue  # (the doom and terror tracks' letters: only on their spots)
            d = min(sum(abs(a - b) for a, b in zip(rgb, c)) for c in colours)
            if d <= TOLERANCE:
                scored.append((d, letter))
        if not scored:
            return ("#",)
        low = min(d for d, _ in scored)
        near = [letter for d, letter in scored if d == low]  # (in priority order)
        hinted = [x for x in near if ONLY_ON.get(x) == prefix]
        return tuple(hinted or near)

    def symbol(spot, rgb):
        prefix = ""
        for p in TRACKS:
            if spot.startswith(p):
                prefix = p
        key = (tuple(rgb), prefix)
        near = memo.get(key)
        if near is None:
            if len(memo) > _MEMO_MAX:
                memo.clear()
            near = memo[key] = best(key[0], prefix)
        got = near[0]
        if len(near) > 1 and last.get(spot) in near:
            got = last[spot]
        last[spot] = got
        return got

    return symbol


def legend(game) -> list:
    """`letter meaning` lines for the help overlay."""
    seen, out = set(), []
    for _, letter, name, _ in palette(game):
        if (letter, name) not in seen:
            seen.add((letter, name))
            out.append("%s %s" % (letter, name.replace("_", " ")))
    return out + [". unlit", "o a token or hand (unlit); CAPITALS: a token or hand on it",
                  "~ a pad without a light", "! its chip is failing"]
