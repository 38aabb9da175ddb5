"""Game setup (AH-SETUP-1..4): validate the options, build the starting state. Runs once per
game and is unloaded afterwards on small heaps."""
from arkham.ah2e import tables
from arkham.ah2e.rules import SetupError
from arkham.ah2e.tables import SOURCES


def sheet(name, sheets):
    if isinstance(name, dict):
        sh = name
        name = sh.get("name")
    else:
        sh = sheets.get(name)
        if sh is None:
            raise SetupError("unknown investigator %r; known: %s" % (name, " ".join(sorted(sheets))))
    for k in ("sanity", "stamina", "focus", "money", "clues", "home", "skills", "sliders"):
        if k not in sh:
            raise SetupError("investigator %r: missing %r" % (name, k))
    return name, sh


def sheet_state(d, a, name, sh):
    """An investigator as the state keeps them: the sheet's values at home (AH-SETUP-2; a new
    investigator after a devour starts the same way, AH-DEV-1). `a`: the Ancient One's sheet."""
    if sh["home"] not in d.street_of and sh["home"] not in d.adj:
        raise SetupError("investigator %r: unknown home %r" % (name, sh["home"]))
    minus = a["power"].get("max_minus", 0)
    v = {
        "name": name, "at": sh["home"], "msan": sh["sanity"] - minus,
        "msta": sh["stamina"] - minus, "san": sh["sanity"] - minus,
        "sta": sh["stamina"] - minus, "money": sh["money"], "clues": sh["clues"],
        "focus": sh["focus"], "sk": list(sh["skills"]), "sl": list(sh["sliders"]),
        "hand3": sh.get("spell_hand", 0), "items": list(sh.get("fixed", [])), "bonus": {},
        "bless": 0, "bnew": 0, "loan": 0, "lnew": 0, "noloan": 0, "ret": 0, "rnew": 0,
        "delayed": 0, "explored": None, "dead": 0, "mp": 0, "ev": [],
    }
    if sh.get("ability"):
        v["ab"] = list(sh["ability"])  # flags the core applies (AH-ENC-10)
    if sh.get("retainer"):
        v["ret"] = v["rnew"] = 1  # Darrell Simmons; no roll in the first upkeep (AH-UP-3)
    if sh.get("blessed"):
        v["bless"] = v["bnew"] = 1  # Sister Mary
    return v


def replacement(d, a, spec, taken):
    """(state, None) for a new investigator named or given as a sheet, or (None, reason)."""
    try:
        name, sh = sheet(spec, tables.investigators())
        if name in taken:
            return None, "investigator %r was already in this game" % (name,)
        return sheet_state(d, a, name, sh), None
    except SetupError as e:
        return None, str(e)


def setup(d, opts):
    """AH-SETUP-1..4 (AH-SETUP-5: the first mythos card is resolved by Game.__init__)."""
    ao = opts.get("ao", "cthulhu")
    a = tables.ancient_one(ao)
    if a is None:
        raise SetupError("unknown Ancient One %r; known: %s" % (ao, " ".join(tables.ancient_ones())))
    names = opts.get("investigators", ["jenny_barnes"])
    if not isinstance(names, list) or not 1 <= len(names) <= 8:
        raise SetupError("1 to 8 investigators")
    sheets = opts.pop("sheets", None)  # (read by the table's binding, where the C stack has
    # room: taken out of the options, so they go once the setup is done, before its Mythos)
    if sheets is None:
        load = tables.load_once("load")  # (tables.investigators() inline: the file is read two
        try:  # calls less deep on the Pico's small C stack, where a read takes ~1 KB of it)
            sheets = load.investigators()
        finally:
            tables.unload("load")
    first = opts.get("first", 0)
    if not isinstance(first, int) or not 0 <= first < len(names):
        raise SetupError("first player must be 0..%d" % (len(names) - 1))
    chance = opts.get("chance", "virtual")
    if chance == "virtual":
        phys = []
    elif chance == "physical":
        phys = list(SOURCES)
    elif isinstance(chance, list) and all(c in SOURCES for c in chance):
        phys = sorted(chance)
    else:
        raise SetupError("chance: 'virtual', 'physical' or a list of %s" % " ".join(SOURCES))
    inv = []
    seen = []
    for nm in names:
        name, sh = sheet(nm, sheets)
        if name in seen:
            raise SetupError("investigator %r twice" % name)
        seen.append(name)
        inv.append(sheet_state(d, a, name, sh))
    masks = a["power"].get("masks", 0)
    mon = []
    for m in range(d.markers):
        mon.append("box" if (d.kabil(m, "mask") and not masks) else "cup")
    return {
        "v": 1, "seed": opts.get("seed", 1), "ao": ao, "phys": phys, "inv": inv, "first": first,
        "turn": 1, "phase": "setup", "doom": 0, "terror": 0, "allies": d.ally_deck,
        "clues": {loc: 1 for loc in d.unstable}, "gates": {}, "gm": ["stack"] * len(d.gate_world),
        "mon": mon, "signs": [], "closed": [], "signs_used": 0, "score_adj": 0,
        "deck": list(range(d.ncards)), "mythos_order": "mythos" not in phys,
        "env": None, "rumor": None, "q": [], "step": None, "chk": None, "cmb": None,
        "fb": None, "over": None, "woke": None, "setup": 1, "id": 0, "rng": [0, 0],
    }
