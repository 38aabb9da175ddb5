"""The AH2e game data tables (board, Other Worlds, monsters, Ancient Ones, mythos deck,
investigators), loaded once from data/*.json beside this module. Facts live in the JSON, never in
the code, so a player can correct an uncertain one (game-data.md tags) without touching the rules.

RAM matters (a Pico has ~100 KB for everything): each JSON file keeps one record per line and is
read line by line; the mythos deck is kept as small integers and one string of names.
"""
import json
import sys
from array import array

from arkham.compat import const, forget

_DIR = __file__.rsplit("/", 1)[0] + "/data/" if "/" in __file__ else "data/"

SKY = "sky"
OUTSKIRTS = "outskirts"
LOST = "lost_in_time_and_space"
# chance sources that can be physical (AH-TABLE-4)
SOURCES = ("dice", "mythos", "cup", "gates")
# the check -> the skill it is built on (AH-CHECK-5)
BASE = {
    "speed": "speed", "sneak": "sneak", "fight": "fight", "will": "will", "lore": "lore",
    "luck": "luck", "evade": "sneak", "horror": "will", "combat": "fight", "spell": "lore",
}
SYMBOLS = ("circle", "crescent", "diamond", "hexagon", "plus", "slash", "square", "star",
           "triangle")
TYPES = ("headline", "env:urban", "env:mystic", "env:weather", "rumor", "story")
# literals here are interned once; strings read from the files are swapped for them (load.py)
MOVES = ("normal", "fast", "stationary", "flying", "unique")
FIELDS = ("move", "symbol", "toughness", "awareness", "horror_mod", "horror_dmg", "combat_mod",
          "combat_dmg", "nightmarish", "overwhelming")
ABILITIES = ("physical_resistance", "physical_immunity", "magical_resistance", "magical_immunity",
             "ambush", "endless", "undead", "mask", "box_on_defeat", "lost_on_damage",
             "through_gate_on_damage", "lose_weapon", "maniac_terror")

# name -> its index, without a scan of the tuple (monster stats are read a lot)
_FIELD_AT = {FIELDS[k]: k for k in range(len(FIELDS))}
_ABILITY_AT = {ABILITIES[k]: k for k in range(len(ABILITIES))}


class Data:
    """Everything derived from the JSON once (built by load.py): adjacency, arrows, markers,
    kinds, cards; the methods read them."""

    _kind_at = None  # where each word of _kind_names starts (built when first read)

    def kind_of(self, m):
        """The kind name of monster marker m. (CPython: host.lookups.)"""
        at = self._kind_at
        if at is None:
            # where each word of the " a b c " string starts, and one past the end: word k is
            # names[at[k]:at[k + 1] - 1], no scan (2 bytes a word; find, not names[i]: a
            # character taken out of a str is a name for good)
            names = self._kind_names
            at = array("H")
            i = names.find(" ")
            while 0 <= i < len(names) - 1:
                at.append(i + 1)
                i = names.find(" ", i + 1)
            at.append(len(names))
            self._kind_at = at
        k = self._marker[m]
        return self._kind_names[at[k]:at[k + 1] - 1]

    def kind_id(self, name):
        if not isinstance(name, str) or " " in name or not name:
            return None
        names = self._kind_names
        at = names.find(" " + name + " ")
        return None if at < 0 else names.count(" ", 0, at + 1) - 1

    def kstat(self, m, field):
        """A printed value of marker m (None: no horror rating)."""
        v = self._kstats[self._marker[m] * 10 + _FIELD_AT[field]]  # (10: len(FIELDS))
        if field == "move":
            return MOVES[v]
        if field == "symbol":
            return SYMBOLS[v]
        return None if v == 255 else v - 8

    def kabil(self, m, ability):
        return bool(self._kmask[self._marker[m]] >> _ABILITY_AT[ability] & 1)

    def card(self, c):
        """(name, type, gate location or None, clue location or None) of mythos card c."""
        cl = self._clue[c]
        gt = self._gate[c]
        return (self.card_names((c,))[0], TYPES[self._typ[c]],  # (card_name() inline: a call less
                None if gt == 255 else self.locations[gt],  # deep, where a file is read)
                None if cl == 255 else self.locations[cl])

    def card_at(self, c, k):
        """Where mythos card c opens its gate (k=2) or places its clue (k=3), or None: card(c)[k]
        without its name read."""
        at = (self._gate if k == 2 else self._clue)[c]
        return None if at == 255 else self.locations[at]

    def card_name(self, c):
        return self.card_names((c,))[0]

    def card_names(self, cards, want=None):
        """The names of mythos cards, read from data/mythos.json where each card's line starts
        (1.2 KB of names not kept in RAM; a card is named when drawn or told). With `want`: the
        first of `cards` called so, or None (no list built). (CPython: host.lookups.)"""
        out = []
        want = None if want is None else want.encode()
        f = open(_DIR + "mythos.json", "rb")
        try:
            for c in cards:
                f.seek(self._card_line[c])
                head = f.read(64).lstrip()  # (the longest card id is 37 characters)
                head = head[2:head.find(b'"', 2)]
                if want is None:
                    out.append(head.decode())
                elif head == want:
                    return c
        finally:
            f.close()
        return out if want is None else None

    def card_id(self, name):
        """The index of the card called `name`, or None."""
        if not isinstance(name, str) or not name:
            return None
        return self.card_names(range(self.ncards), name)

    def symbols(self, mask):
        return [SYMBOLS[k] for k in range(len(SYMBOLS)) if mask >> k & 1]

    def is_arkham(self, area):
        """Streets, locations and the Sky: what the monster limit counts (AH-LIMIT-1)."""
        return area in self.adj or area == SKY

    def world_of(self, area):
        """'rlyeh_2' -> ('rlyeh', 2); anything else -> (None, 0)."""
        # (endswith, not area[-1]: a character taken out of a str is a name a Pico keeps)
        if isinstance(area, str) and len(area) > 2 and (area.endswith("_1") or area.endswith("_2")):
            w = area[:-2]
            if w in self.worlds:
                return w, 1 if area.endswith("1") else 2
        return None, 0


_data = [None]


def get():
    if _data[0] is None:
        d = Data()
        load_once("load").build(d)
        unload("load")
        if sys.implementation.name == "cpython":
            load_once("host").lookups(d)  # (a host: lookups kept in RAM)
        _data[0] = d
    return _data[0]


_ROOM = const(49152)  # bytes free above which an import needs no collection first


def load_once(name):
    """Import a module that runs once (setup, data loading)..."""
    if sys.implementation.name != "cpython":  # (CPython: a full collect costs ~3 ms a game)
        import gc

        if gc.mem_free() < _ROOM:  # type: ignore[attr-defined]
            gc.collect()  # loading it needs a few KB in one piece on a small heap (~22 ms of a
            # Pico's time with 8 investigators: not where there is room)
    return __import__("arkham.ah2e." + name, None, None, [name])


def unload(name):
    """...and drop it again on a small heap, so its code does not stay in RAM."""
    if sys.implementation.name == "cpython":
        return
    sys.modules.pop("arkham.ah2e." + name, None)
    pkg = sys.modules.get("arkham.ah2e")
    if pkg is not None and name in pkg.__dict__:
        delattr(pkg, name)


class Lazy:
    """A phase's module (fight, turn, mythos, abilities) as the other modules hold it: `fight.rolled(...)`
    imports arkham.ah2e.fight when it is not loaded. So no module keeps another phase's code
    alive and Game.begin can drop it (drop()): the mythos phase runs without the code of fight and
    a card's effects (~12 KB as .mpy), the investigators' phases without mythos (~6 KB). The
    look-up costs ~2 us a call on the unix port; a module dropped is loaded again once per round.
    (CPython: host.lookups, a plain attribute read.)"""

    def __init__(self, name):
        self._n = name  # (a literal: no string kept on the heap per holder)

    def __getattr__(self, attr):
        # (module() and load_once() inline: a phase's first call can come deep in a flow, and an
        # import takes ~600 bytes of the Pico's 7,936-byte C stack by itself)
        n = self._n
        m = sys.modules.get("arkham.ah2e." + n)
        if m is None:
            if sys.implementation.name != "cpython":
                import gc

                if gc.mem_free() < _ROOM:  # type: ignore[attr-defined]
                    gc.collect()  # (as load_once: loading needs a few KB in one piece)
            m = __import__("arkham.ah2e." + n, None, None, [n])
        return getattr(m, attr)


def module(name):
    """The module arkham.ah2e.<x> called `name` (its full name), imported when not loaded."""
    m = sys.modules.get(name)
    return load_once(name[12:]) if m is None else m


def drop(name):
    """Forget a phase's module when it came from a .mpy (compat.forget: sources would be
    compiled again, in a large block, at every round; CPython keeps everything)."""
    forget("arkham.ah2e." + name)


_quiet = [0]  # > 0: why() returns the key unread (legal() only asks whether a check failed)


def why(key, *args):
    """The text of a refusal (data/messages.json), read from the file only when needed (here,
    not by load.py: a refusal comes when the most code is loaded, in a fight or a card's effect,
    and load.py's ~4 KB on top was a table's worst point; legal() asks quietly)."""
    if _quiet[0]:
        return key
    text = message(key)
    return text % args if args else text


_LONGEST = const(512)  # bytes: the longest line a look-up wants (messages are shorter)


def message(key):
    """The text of data/messages.json for key (the key itself when it has none)."""
    head = ('"' + key + '":').encode()

    def hit(line):
        if line.startswith(head):
            line = line[:-1] if line.endswith(b",") else line
            return [json.loads("{" + line.decode() + "}")[key]]
        return None

    found = scan(_DIR + "messages.json", hit, _LONGEST)
    return found[0] if found else key


def scan(path, fn, longest=0):
    """fn(line) for each line of a file (bytes, stripped) until one answers something other
    than None: that answer. Read 256 bytes at a time: a file's own line reading takes a byte
    at a time on MicroPython (~3 ms for the 5 KB of abilities on the unix port). With
    `longest`, a line longer than that is passed over in pieces, never held whole (no wanted
    line is that long: the 1.2 KB note of mythos_abilities.json was a small heap's peak)."""
    f = open(path, "rb")
    try:
        rest = b""
        skip = False  # inside a line longer than `longest`
        while True:
            block = f.read(256)
            rest = rest + block if rest else block
            start = 0
            while True:
                nl = rest.find(b"\n", start)
                if nl < 0:
                    if block or start >= len(rest):
                        break
                    nl = len(rest)  # the last line, with no newline after it
                if skip:
                    skip = False  # (its end: not handed over)
                else:
                    got = fn(rest[start:nl].strip())
                    if got is not None:
                        return got
                start = nl + 1
            if not block:
                return None
            rest = rest[start:]
            if longest and len(rest) > longest:
                rest = b""
                skip = True
    finally:
        f.close()


def title(name):
    """A name as a card prints it: kate_winthrop -> Kate Winthrop (MicroPython's str has no
    capitalize)."""
    return " ".join(w[:1].upper() + w[1:] for w in name.split("_"))


_ao = [None, None]  # the last Ancient One read: [name, sheet] (a restore does not read it again)


def ancient_one(name, sheet=None):
    """The sheet of one Ancient One, or None (only the one in play is kept). The rules only
    read a sheet, so the game in play and a restored one share it. `sheet`: the one read
    already (load.ancient_one, by a caller with C stack to spare): kept."""
    if _ao[0] == name and name is not None:
        return _ao[1]
    if not isinstance(name, str) or '"' in name or "\\" in name:
        return None
    if sheet is None:
        sheet = _once("ancient_one", name)
    if sheet is not None:
        _ao[0] = name
        _ao[1] = sheet
    return sheet


def card_ability(name):
    """What the core resolves of one mythos card, named or by its number
    (data/mythos_abilities.json), or None."""
    if sys.implementation.name == "cpython":  # (every card's ability read once: host.py)
        return load_once("host").card_ability(name)
    return _read_ability(name)


def _read_ability(name):
    """The first record of that name (or of card number `name`): its line alone, where load.py
    found it. (card_id() inline: a card comes into play deep in a Mythos phase's flow, on the
    Pico's small C stack; a card's number needs no look-up of its name, one seek a card.)"""
    d = get()
    c = name if type(name) is int else (
        d.card_names(range(d.ncards), name) if isinstance(name, str) and name else None)
    n = 0 if c is None else d._ab_at[2 * c + 1]
    if not n:
        return None
    f = open(_DIR + "mythos_abilities.json", "rb")
    try:
        f.seek(d._ab_at[2 * c])
        line = f.read(n).strip()
    finally:
        f.close()
    return json.loads(line[:-1] if line.endswith(b",") else line)[1]


if sys.implementation.name != "cpython":
    card_ability = _read_ability  # type: ignore[assignment]  # (a call less deep)


# Reading whole files (setup, a new investigator, the option checks) is load.py's: its code
# is in RAM only while it reads (a collect and a ~2 KB load each time; never in legal/apply
# but for the rare new investigator).
def _once(fn, *args):
    m = load_once("load")
    try:
        return getattr(m, fn)(*args)
    finally:
        unload("load")


def ancient_ones():
    return _once("ancient_ones")


def investigator_names():
    return _once("investigator_names")


def investigators():
    """The shipped investigator sheets (loaded on demand, not kept)."""
    return _once("investigators")
