"""Deep copy of JSON-like game state (dicts, lists, scalars), for snapshots and restores.

Its own module (not in canon) so the app, which never copies state, does not load it on a small
heap. Cheaper than a JSON round trip; CircuitPython and MicroPython have no `copy` module.
On CPython (the host's rules cores, benches, tests) the copy is made by `marshal` in C, about 10x
faster than the recursive copy and the same result: new dicts and lists all the way down, keys in
the same order, scalars as they are. Format version 4: strings that were interned stay interned
(a state's keys stay the literals of the code: a restored game looks its keys up by identity, as a
live one does; version 2 made every key a new string, compared by content at each look-up), equal
strings are one object, and a list or dict is shared in the copy only where it is shared in the
original (a game state never shares one: tests/ah2e/test_ah2e_fast_paths.py).
"""
import sys


def _copy(obj):
    if isinstance(obj, list):
        return [_copy(v) for v in obj]
    if isinstance(obj, dict):
        out = {}
        for k in obj:
            out[k] = _copy(obj[k])
        return out
    return obj


copy = _copy
if sys.implementation.name == "cpython":
    import marshal  # type: ignore[import-not-found]  # (CPython only; not in MicroPython's stubs)

    def copy(obj):
        try:
            return marshal.loads(marshal.dumps(obj, 4))
        except ValueError:  # not JSON-like (an object marshal cannot write): the plain way
            return _copy(obj)
