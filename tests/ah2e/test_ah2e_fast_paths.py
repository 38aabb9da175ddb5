"""CPython-only fast paths (issue 9) answer what the device's path answers."""
from arkham.ah2e import tables


def test_card_ability_cached_equals_the_line_by_line_read():
    d = tables.get()
    names = d.card_names(range(d.ncards)) + ["no_such_card"]
    seen = 0
    for name in names:
        ab = tables.card_ability(name)
        assert ab == tables._read_ability(name), name
        seen += ab is not None
    assert seen > 10


def test_card_ability_hands_out_its_own_copy():
    d = tables.get()
    name = next(n for n in d.card_names(range(d.ncards)) if tables.card_ability(n))
    ab = tables.card_ability(name)
    ab["mutated"] = 1
    assert "mutated" not in tables.card_ability(name)


def test_card_records_kept_equal_the_devices_reads():
    """host.lookups keeps every mythos card's (name, type, gate, clue): the same as Data.card."""
    d = tables.get()
    assert "card" in vars(d)  # (the kept records are in front of the method)
    for c in range(d.ncards):
        assert d.card(c) == tables.Data.card(d, c), c
        assert d.card(c)[2] == d.card_at(c, 2) and d.card(c)[3] == d.card_at(c, 3)


def test_scan_reads_every_line_as_the_file_does(tmp_path):
    import glob

    files = glob.glob(tables._DIR + "*.json")
    for text in (b"", b"one", b"a\nb", b"a\n\nb\n", b"x" * 700 + b"\n" + b"y" * 300, b"\n" * 600,
                 b"s\n" + b"z" * 2000 + b"\nt\n" + b"w" * 900):
        p = tmp_path / ("t%d.txt" % len(files))  # (one file per text)
        p.write_bytes(text)
        files.append(str(p))
    for path in files:
        got = []
        tables.scan(path, lambda line: got.append(line))
        with open(path, "rb") as f:
            lines = [line.strip() for line in f]
        assert got == lines, path
        got = []
        tables.scan(path, lambda line: got.append(line), 512)  # long lines passed over
        # every line within the bound is handed over in order, none over bound + a block
        assert [x for x in got if len(x) <= 500] == [x for x in lines if len(x) <= 500], path
        assert not [x for x in got if len(x) > 512 + 256], path


def test_why_reads_every_message_and_an_unknown_key():
    import json

    with open(tables._DIR + "messages.json") as f:
        messages = json.load(f)["messages"]
    for key, text in messages.items():
        assert tables.why(key) == text
    assert tables.why("no_such_message") == "no_such_message"
    assert tables.why("not_next", "a", "b") == messages["not_next"] % ("a", "b")


def _containers(obj, seen):
    if isinstance(obj, (list, dict)):
        assert id(obj) not in seen, "a list or dict held twice in the state"
        seen.add(id(obj))
        for v in obj.values() if isinstance(obj, dict) else obj:
            _containers(v, seen)


def test_a_copy_keeps_the_code_literals_as_keys_and_a_state_shares_no_container():
    import random
    import sys

    from arkham.ah2e import legal  # noqa: F401 (the player below asks for legal actions)
    from arkham.ah2e.game import Game
    from arkham.jsoncopy import _copy, copy

    g = Game({"seed": 3, "investigators": ["jenny_barnes", "joe_diamond", "amanda_sharpe"]})
    rnd = random.Random(3)
    for _ in range(150):  # (marshal's version 4 would keep a shared list shared: none is)
        la = g.legal_actions()
        if not la:
            break
        g.apply(la[rnd.randrange(len(la))])
        _containers(g.s, set())
    snap = g.snapshot()
    assert snap == _copy(g.s) and snap is not g.s
    ids = set()
    _containers(snap, ids)
    _containers(g.s, ids)  # the copy shares no list or dict with the original
    g.restore(snap)
    mon = sys.intern("mon")
    cup = sys.intern("cup")
    assert [k for k in g.s if k == mon][0] is mon  # the code's literal itself: found by identity
    assert cup in g.s["mon"] and all(p is cup for p in g.s["mon"] if p == cup)


def test_lazy_reads_the_module_itself_and_what_is_patched_into_it(monkeypatch):
    from arkham.ah2e import mythos

    tables.get()
    lazy = tables.Lazy("mythos")
    assert lazy.step_gate is mythos.step_gate
    monkeypatch.setattr(mythos, "step_gate", "patched")
    assert lazy.step_gate == "patched"
    try:
        lazy.no_such_name
    except AttributeError:
        pass
    else:
        raise AssertionError("a name the module lacks")


def test_steps_are_the_modules_own_functions():
    from arkham.ah2e import game, mythos, turn

    tables.get()
    for k, name in (("gate", "step_gate"), ("mm", "step_move_monsters"), ("up", "step_upkeep")):
        mod = turn if k == "up" else mythos
        assert game.STEPS[k] == (None, getattr(mod, name))


def test_symbols_kept_equal_the_loop_and_are_new_lists():
    d = tables.get()
    for mask in range(1 << len(tables.SYMBOLS)):
        got = d.symbols(mask)
        assert got == tables.Data.symbols(d, mask), mask
        got.append("mutated")
        assert "mutated" not in d.symbols(mask)


def test_nth_is_the_kth_index_of_the_place():
    import random

    from arkham.ah2e import rules

    rnd = random.Random(9)
    for _ in range(3000):
        places = [rnd.choice(["cup"] * rnd.randint(1, 6) + ["box", "t1", "rivertown"])
                  for _ in range(rnd.randint(1, 70))]
        at = [m for m, p in enumerate(places) if p == "cup"]
        for k in range(len(at)):
            assert rules.nth(places, "cup", k) == at[k], (places, k)


def test_a_verb_answers_decisions_unless_it_is_an_anytime_one():
    # Game.apply tells an anytime verb by its empty VERBS entry, not by a scan of ANYTIME
    from arkham.ah2e import actions

    for verb, kinds in actions.VERBS.items():
        assert bool(kinds) == (verb not in actions.ANYTIME), verb


def test_printed_values_kept_equal_the_packed_table():
    d = tables.get()
    assert d.markers == 60
    for m in range(d.markers):
        for field in tables.FIELDS:
            assert d.kstat(m, field) == tables.Data.kstat(d, m, field), (m, field)


def test_the_hosts_generator_draws_what_the_devices_draws():
    # host.Rng (one int) against arkham.rng.Rng (two 16-bit halves): the same values, the same
    # state, from seeds at the edges (0 is moved off the all-zero state, the top bit set)
    import random

    from arkham.ah2e import game, host
    from arkham.rng import Rng

    tables.get()
    assert game.Rng is host.Rng  # a Game on CPython draws with it
    rnd = random.Random(5)
    for seed in (0, 1, 2, 0x2545, 0x8000, 0xFFFF, 0x10000, 0x7FFFFFFF, 0xFFFFFFFF, 123456789):
        a, b = Rng(seed), host.Rng(seed)
        for _ in range(3000):
            n = rnd.choice((1, 2, 6, 7, 49, 60, rnd.randint(1, 1 << 30)))
            assert (a.below(n), a.state()) == (b.below(n), b.state()), (seed, n)
            assert a.next30() == b.next30()
        items = list(range(40))
        other = list(items)
        a.shuffle(items)
        b.shuffle(other)
        assert items == other and a.die() == b.die()
        try:
            b.below(0)
        except ValueError:
            pass
        else:
            raise AssertionError("below(0) draws nothing")
