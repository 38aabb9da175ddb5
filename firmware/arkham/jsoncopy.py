"""Deep copy of JSON-like game state (dicts, lists, scalars), for snapshots and restores.

Its own module (not in canon) so the app, which never copies state, does not load it on a small
heap. Cheaper than a JSON round trip; CircuitPython and MicroPython have no `copy` module.
"""
def copy(obj):
    if isinstance(obj, list):
        return [copy(v) for v in obj]
    if isinstance(obj, dict):
        out = {}
        for k in obj:
            out[k] = copy(obj[k])
        return out
    return obj
