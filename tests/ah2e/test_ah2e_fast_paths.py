"""CPython-only fast paths (issue 9) answer what the device's path answers."""
from arkham.ah2e import tables


def test_card_ability_cached_equals_the_line_by_line_read():
    d = tables.get()
    names = d._card_names.split() + ["no_such_card"]
    seen = 0
    for name in names:
        ab = tables.card_ability(name)
        assert ab == tables._read_ability(name), name
        seen += ab is not None
    assert seen > 10


def test_card_ability_hands_out_its_own_copy():
    d = tables.get()
    name = next(n for n in d._card_names.split() if tables.card_ability(n))
    ab = tables.card_ability(name)
    ab["mutated"] = 1
    assert "mutated" not in tables.card_ability(name)
