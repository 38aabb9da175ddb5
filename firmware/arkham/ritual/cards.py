"""The cards of one game: faces, what each face is, and the deck built from the slots (AR-SETUP-3).

A face is a string: an artifact is "<kind>_<colour>" ("book_blue"), any other card is its key in
data/cards.json ("gate", "orb"). Everything the seed does not give is data, never code.
"""
import json


def data():
    """The shipped card data, read from data/cards.json beside this module (every runtime).
    Not cached: a game keeps only the facts of its own deck (RAM on a Pico)."""
    here = __file__.rsplit("/", 1)[0] if "/" in __file__ else "."
    f = open(here + "/data/cards.json")
    try:
        return json.load(f)
    finally:
        f.close()


class CardError(Exception):
    pass


class Cards:
    """Faces, their facts and the deck for one choice of slots.

    info[face] = {"kind", "type", "colour", ...the card's data fields}
    deck       = every face of the deck, in a fixed order (22 with the shipped data)
    """

    def __init__(self, slots=None, base=None):
        d = base if base is not None else data()
        chosen = {}
        for slot in sorted(d["slots"]):
            chosen[slot] = d["first_game"][slot]
        for slot in sorted(slots or {}):
            if slot not in d["slots"]:
                raise CardError("unknown slot %r; slots: %s" % (slot, " ".join(sorted(d["slots"]))))
            if slots[slot] not in d["slots"][slot]:
                raise CardError(
                    "slot %s takes one of: %s" % (slot, " ".join(d["slots"][slot]))
                )
            chosen[slot] = slots[slot]
        self.slots = chosen
        self.rules = d["rules"]
        self.info = {}
        deck = []
        art = d["artifacts"]
        for kind in art["kinds"]:
            for colour in ("blue", "red"):
                face = kind + "_" + colour
                self.info[face] = {"kind": kind, "type": "artifact", "colour": colour,
                                   "name": art["names"].get(kind, kind) + " (" + colour + ")"}
                for _ in range(art[colour]):
                    deck.append(face)
        keys = list(d["always"])
        for slot in sorted(chosen):
            keys.append(chosen[slot])
        for key in keys:
            card = d["cards"][key]
            info = {"kind": key}
            for field in card:
                if field != "ours":
                    info[field] = card[field]
            self.info[key] = info
            for _ in range(card.get("count", 1)):
                deck.append(key)
        self.deck = deck

    def count(self, face):
        n = 0
        for f in self.deck:
            if f == face:
                n += 1
        return n

    def faces(self):
        """Distinct faces of this deck, sorted."""
        return sorted(self.info)

    def goo(self):
        """The Great Old One face in this deck (or None)."""
        for face in self.faces():
            if self.info[face]["type"] == "goo":
                return face
        return None

    def check_face(self, face):
        if not isinstance(face, str) or face not in self.info:
            raise CardError("no card %r in this deck; cards: %s" % (face, " ".join(self.faces())))
