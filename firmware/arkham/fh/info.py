"""What a game is asked for now and then: restoring a saved state, its hash, the public view.
Imported for the call and dropped on MicroPython (arkham.fh.rounds.lazy), so this code (and
arkham.canon) is not in RAM during play."""
import binascii

from arkham import canon
from arkham.jsoncopy import copy
from arkham.fh.facts import DataError
from arkham.fh.rounds import lazy as _once
from arkham.fh.rounds import phase_of


def restore(game, snap):
    if not isinstance(snap, dict) or not isinstance(snap.get("opts"), dict) \
            or "mon" not in snap or snap.get("v") != 2:
        raise ValueError("not a Final Hour snapshot")
    _shape(snap)
    st = copy(snap)
    try:
        D, g = _once("load").build(st["opts"])
        _once("check").data(D, g)
        game.D = D
        g = None
    except DataError as e:
        raise ValueError(str(e))
    game.state = st
    game.start_events = []


def _shape(s):
    """The keys every Final Hour state and investigator has, each of its kind (arkham.shape):
    ValueError otherwise (a save without a CRC, a key renamed, is a game no verb plays)."""
    from arkham.shape import check, each

    check(s, ["v", "id", "opts", "round", "phase", "result", "why", "players", "plays", "turn",
              "reck", "offers", "lead", "inv", "ritual", "ritual_parts", "clues",
              "clues_unplaced", "gates", "gate_stack", "gate_box", "gate_out", "priority",
              "items", "ruin", "ruin_supply", "seals", "sealed", "mon", "act", "fx", "rng"],
          "iidisSsilillilillllllldlliillDil", "the saved Final Hour state")
    each(s["inv"], ["name", "loc", "hp", "max", "deck"], "siiil", "a saved investigator")


def state_hash(s):
    """canon.state_hash(s), computed piece by piece (the same CRC: a CRC runs on over
    concatenated bytes) so the whole canonical text never sits in RAM at once."""
    crc = 0
    sep = "{"
    for k in sorted(s):
        crc = binascii.crc32((sep + canon.dumps(k) + ":").encode(), crc)
        v = s[k]
        if isinstance(v, list):
            inner = "["
            for x in v:
                crc = binascii.crc32((inner + canon.dumps(x)).encode(), crc)
                inner = ","
            crc = binascii.crc32(("[]" if inner == "[" else "]").encode(), crc)
        else:
            crc = binascii.crc32(canon.dumps(v).encode(), crc)
        sep = ","
    crc = binascii.crc32(b"}", crc)
    return "%08x" % (crc & 0xFFFFFFFF)


def public(s):
    """What everyone may see: no ritual components, face-down clues, stacks or decks."""
    out = {}
    for k in sorted(s):
        if k not in ("ritual_parts", "gate_stack", "gate_box", "clues", "rng", "opts",
                     "priority", "items", "offers"):
            out[k] = s[k]
    clues = []
    for c in s["clues"]:
        clues.append(None if c is None else (c[0] if c[1] else "face_down"))
    out["clues"] = clues
    out["inv"] = [{"name": i["name"], "loc": i["loc"], "hp": i["hp"], "max": i["max"]}
                  for i in s["inv"]]
    out["gate_stack"] = len(s["gate_stack"])
    out["offered"] = [i + 1 for i in range(len(s["offers"])) if s["offers"][i] is not None]
    out["phase"] = phase_of(s)
    return out
