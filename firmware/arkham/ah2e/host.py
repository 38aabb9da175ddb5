"""What only CPython runs (a host's rules core: benches, tests, the host tool), never imported on a
device: lookups kept in RAM in front of the reads, slices and module look-ups that keep the
device's heap small (CPython never drops a phase's module: tables.drop). Same answers as the
device's ways, only faster. Loaded by tables.get() by name, so it may use any module of the core
(tests/ah2e/test_ah2e_imports.py: the top layer)."""
from arkham.ah2e import tables
from arkham.jsoncopy import copy


def lookups(d):
    """Instance attributes in front of four Data methods: mythos card names without a file read
    (all read once here), each marker's kind name without a string slice, the symbols of each
    mask without a loop over the nine; then the module
    look-ups of the flow (Lazy, the steps) and the card abilities' reader put out of the way."""
    names = tuple(d.card_names(range(d.ncards)))

    def card_names(cards, want=None):
        if want is None:
            return [names[c] for c in cards]
        for c in cards:
            if names[c] == want:
                return c
        return None

    d.card_names = card_names
    d.card_name = names.__getitem__
    d.kind_of = tuple([d.kind_of(m) for m in range(d.markers)]).__getitem__
    syms = tuple([tuple(d.symbols(k)) for k in range(1 << len(tables.SYMBOLS))])
    d.symbols = lambda mask: list(syms[mask])  # (a new list each time: it goes into an event)
    tables.Lazy.__getattr__ = _lazy_getattr
    tables.drop = _keep  # (CPython keeps every module: compat.forget does nothing here)
    from arkham.ah2e import game  # (the top of the core: imported here on CPython only)

    for k in game.STEPS:  # each step's function itself, not its module's name (no look-up a step)
        m, fn = game.STEPS[k]
        if m is not None:
            game.STEPS[k] = (None, getattr(tables.module(m), fn))
    from arkham.ah2e import abilities

    tables.card_ability = abilities.card_ability = card_ability  # (not through load_once)


def _keep(name):
    """tables.drop on CPython: nothing (no string built, no look-up at each phase)."""


def _lazy_getattr(self, attr):
    """tables.Lazy.__getattr__: the module's own dict becomes the holder's, so each later
    `mythos.step_gate` is a plain attribute read, not a call (CPython never drops a module: the
    dict stays the module's; what a test patches into the module is seen through it). Asked again
    only for a name the module lacks."""
    n = self.__dict__.get("_n")
    if n is None:
        raise AttributeError(attr)
    m = tables.module("arkham.ah2e." + n)
    self.__dict__ = m.__dict__
    return getattr(m, attr)


_abilities = [None]  # every card's ability, read once (the device reads one line)


def card_ability(name):
    """tables.card_ability: the first record of that name, the caller's own copy."""
    if _abilities[0] is None:
        _abilities[0] = {}
        for r in tables._once("_records", "mythos_abilities")[1]:
            _abilities[0].setdefault(r[0], r[1])
    ab = _abilities[0].get(name)
    return None if ab is None else copy(ab)
