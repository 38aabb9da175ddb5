"""What only CPython runs (a host's rules core: benches, tests, the host tool), never imported on a
device: lookups kept in RAM in front of the reads and slices that keep the device's heap small.
Same answers as the device's ways, only faster."""
from arkham.ah2e import tables
from arkham.jsoncopy import copy


def lookups(d):
    """Instance attributes in front of two Data methods: mythos card names without a file read
    (all read once here), each marker's kind name without a string slice."""
    names = tuple(d.card_names(range(d.ncards)))

    def card_names(cards, want=None):
        if want is None:
            return [names[c] for c in cards]
        for c in cards:
            if names[c] == want:
                return c
        return None

    d.card_names = card_names
    d.kind_of = tuple([d.kind_of(m) for m in range(d.markers)]).__getitem__


_abilities = [None]  # every card's ability, read once (the device reads one line)


def card_ability(name):
    """tables.card_ability: the first record of that name, the caller's own copy."""
    if _abilities[0] is None:
        _abilities[0] = {}
        for r in tables._once("_records", "mythos_abilities")[1]:
            _abilities[0].setdefault(r[0], r[1])
    ab = _abilities[0].get(name)
    return None if ab is None else copy(ab)
