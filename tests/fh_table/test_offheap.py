"""Verb help kept on flash (arkham.games.offheap): every verb of a game has its line."""
import json

import pytest

from arkham.games import fh, ritual
from arkham.games.offheap import Verbs


@pytest.mark.parametrize("mod", [fh, ritual])
def test_every_verb_has_one_help_line(mod):
    V = mod.Mode.VERBS
    assert isinstance(V, Verbs)
    with open(V.path) as f:
        data = json.load(f)
    assert sorted(k for k in data if k != "_about") == sorted(V)
    for v in V:
        assert v in V and V[v] == V.get(v) == data[v] and V[v].startswith(v)
    assert "nosuch" not in V and V.get("nosuch") is None and len(V) == len(data) - 1
    with pytest.raises(KeyError):
        V["nosuch"]
