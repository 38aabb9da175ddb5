"""What only CPython runs (a host's rules core: benches, tests, the host tool), never imported on a
device: lookups kept in RAM in front of the reads, slices and module look-ups that keep the
device's heap small (CPython never drops a phase's module: tables.drop). Same answers as the
device's ways, only faster. Loaded by tables.get() by name, so it may use any module of the core
(tests/ah2e/test_ah2e_imports.py: the top layer)."""
import marshal  # type: ignore[import-not-found]  # (CPython only; not in MicroPython's stubs)

from arkham import rng
from arkham.ah2e import tables


def lookups(d):
    """Instance attributes in front of six Data methods: mythos card names without a file read
    (all read once here), each card's record, each marker's kind name without a string slice,
    the symbols of each mask without a loop over the nine, each marker's printed values without
    arithmetic; the game's generator on one int (Rng below); then the module look-ups of the
    flow (Lazy, the steps) and the card abilities' reader put out of the way."""
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
    d.card = tuple([d.card(c) for c in range(d.ncards)]).__getitem__  # (tuples: shared safely)
    d.kind_of = tuple([d.kind_of(m) for m in range(d.markers)]).__getitem__
    syms = tuple([tuple(d.symbols(k)) for k in range(1 << len(tables.SYMBOLS))])
    d.symbols = lambda mask: list(syms[mask])  # (a new list each time: it goes into an event)
    cols = {f: tuple([tables.Data.kstat(d, m, f) for m in range(d.markers)])
            for f in tables.FIELDS}  # each printed value of each marker, read once
    d.kstat = lambda m, field: cols[field][m]
    tables.Lazy.__getattr__ = _lazy_getattr
    tables.drop = _keep  # (CPython keeps every module: compat.forget does nothing here)
    from arkham.ah2e import game  # (the top of the core: imported here on CPython only)

    game.Rng = Rng  # (every Game made or restored from now on draws with it)

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


_abilities = [None]  # every card's ability, read once (the device reads one line), marshalled


def card_ability(name):
    """tables.card_ability: the first record of that name, the caller's own copy (each kept as
    marshal bytes: a copy is one loads, half of jsoncopy.copy's dumps + loads)."""
    if _abilities[0] is None:
        _abilities[0] = {}
        for r in tables._once("_records", "mythos_abilities")[1]:
            if r[0] not in _abilities[0]:
                _abilities[0][r[0]] = marshal.dumps(r[1], 4)
    if type(name) is int:  # (a card's number)
        name = tables.get().card_name(name)
    ab = _abilities[0].get(name)
    return None if ab is None else marshal.loads(ab)


class Rng(rng.Rng):
    """The game's generator (arkham.rng: xorshift32 on two 16-bit halves, so that a Pico never
    makes a long int) computed on one int, as CPython's ints never allocate for it: the same
    values and the same state ([hi, lo]) in fewer operations (tests/ah2e/test_ah2e_fast_paths.py).
    shuffle, die and choice draw through below."""
    __slots__ = ()

    def next30(self):
        x = self.hi << 16 | self.lo
        x ^= (x << 13) & 0xFFFFFFFF
        x ^= x >> 17
        x ^= (x << 5) & 0xFFFFFFFF
        self.hi = x >> 16
        self.lo = x & 0xFFFF
        return x & 0x3FFFFFFF

    def below(self, n):
        if n <= 0:
            raise ValueError("below(n) needs n > 0")
        limit = 0x40000000 - 0x40000000 % n  # (rejection, as rng.Rng.below: no modulo bias)
        x = self.hi << 16 | self.lo
        while True:  # next30, inline
            x ^= (x << 13) & 0xFFFFFFFF
            x ^= x >> 17
            x ^= (x << 5) & 0xFFFFFFFF
            if x & 0x3FFFFFFF < limit:
                self.hi = x >> 16
                self.lo = x & 0xFFFF
                return (x & 0x3FFFFFFF) % n
