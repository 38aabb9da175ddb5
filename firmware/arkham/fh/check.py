"""The checks of one game's data that load.build leaves out (the Reckoning, the rule values, the
Ancient One's setup), run once load's code has left RAM: a game's start holds only one of the two
(arkham.fh.rounds.lazy; the start is the Final Hour table's peak on a Pico)."""
from arkham.fh.facts import DataError
from arkham.fh.facts import integer as _int

OPS = ("activate", "spawn", "spawn_or_activate", "ruin_ritual", "unseal", "say")


def data(D, g):
    """D from load.build, g what it returns of game.json; DataError at the first fault."""
    _check_reckoning(D)
    rules = D.rules
    if rules["draw_after_play"] not in ("priority", "none"):
        raise DataError("draw_after_play is priority or none")
    need = rules["ritual_need"]
    if not isinstance(need, dict):
        raise DataError("ritual_need is {players: cards}")
    for k in ("1", "2", "3", "4"):
        _int(need.get(k), "ritual_need of %s players" % k, 1, 30)
    _int(rules["actions_per_round"], "actions_per_round", 1, 8)
    _int(rules["top_cards"], "top_cards", 0, rules["actions_per_round"])
    _int(rules["ritual_cards"], "ritual_cards", 1, 4)
    _int(rules["rounds"], "rounds", 1, 8)
    _int(rules["max_damage"], "max_damage", 1, 9)
    _int(rules["max_effects"], "max_effects", 1, 200)
    _check_setup(D, g)


def _check_setup(self, g):
    b = self.board
    st = self.setup
    if not isinstance(st, dict):
        raise DataError("a setup is a dict")
    _int(st.get("ritual"), "ritual location", 1, b.n)
    gates = st.get("gates")
    if not isinstance(gates, dict):
        raise DataError("setup gates is {symbol: location}")
    for sym in sorted(gates):
        if sym not in g["gate_symbols"]:
            raise DataError("unknown gate symbol %r" % sym)
        at = _int(gates[sym], "gate location", 1, b.n)
        if at == st["ritual"]:
            raise DataError("a gate cannot be on the ritual site")
    _int(st.get("others", 0), "setup others (pool monsters on each free location)", 0, 4)
    mons = st.get("monsters")
    what = "setup monsters is a list of [location or gate symbol, kind or null, count]"
    if not isinstance(mons, list):
        raise DataError(what)
    for m in mons:
        if not isinstance(m, list) or len(m) not in (2, 3):
            raise DataError(what)
        if m[0] in gates:
            pass
        elif isinstance(m[0], str):
            raise DataError("setup monsters at gate %r: no such gate in this setup" % m[0])
        else:
            _int(m[0], "setup monster location", 1, b.n)
        if m[1] is not None and m[1] not in self.kinds:
            raise DataError("unknown monster kind %r" % (m[1],))
        if len(m) == 3:
            _int(m[2], "setup monster count", 1, 8)


def _check_reckoning(self):
    """FH-ROUND-4: ascending band minimums, one list of effects per band, known effects."""
    bands = self.bands
    if not isinstance(bands, list) or not bands or len(self.reckoning) != len(bands):
        raise DataError("an Ancient One has bands and one reckoning entry per band")
    for i in range(len(bands)):
        _int(bands[i], "band minimum", 1, 8)
        if i and bands[i] <= bands[i - 1]:
            raise DataError("band minimums ascend")
        for op in self.reckoning[i]:
            if not isinstance(op, list) or not op or op[0] not in OPS:
                raise DataError("reckoning effects are lists starting with: " + " ".join(OPS))
