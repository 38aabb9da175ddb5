"""What a game binding keeps off the heap until it is asked for: modules run for one call, and
help lines read from a file (every imported module's code sits in RAM on a Pico).

Verbs(path, names) stands where a Mode's VERBS dict was: the app asks `verb in VERBS` (dispatch),
iterates it and reads `VERBS[verb]` or `VERBS.get(verb)` for `help`. The names stay in RAM; each
help line is read from a JSON file (one `"verb": "help",` a line) when asked (~2.5 KB of text for
Final Hour on a Pico).

once(name): the module arkham.games.NAME for one call, for what runs once a game or on request:
loaded from a .mpy, it is dropped from sys.modules at once, so its code leaves RAM when the caller
lets go of it (a load from flash each time: never in the per-action path); sources (compiled into
the heap, a large transient block each time) and CPython keep it.
"""
import json

from arkham.compat import forget


def once(name):
    mod = __import__("arkham.games." + name, None, None, [name])
    forget("arkham.games." + name)
    return mod


def here(name):
    """data file NAME beside the games package (every runtime)."""
    return __file__.rsplit("/", 1)[0] + "/" + name if "/" in __file__ else name


class Verbs:
    def __init__(self, path, names):
        self.path = path
        self.names = names  # a tuple

    def __contains__(self, verb):
        return verb in self.names

    def __iter__(self):
        return iter(self.names)

    def __len__(self):
        return len(self.names)

    def get(self, verb, default=None):
        return self[verb] if verb in self.names else default

    def __getitem__(self, verb):
        if verb not in self.names:
            raise KeyError(verb)
        head = '"' + verb + '":'
        f = open(self.path)
        try:
            for line in f:
                line = line.strip()
                if line.startswith(head):
                    return json.loads("{" + line.rstrip(",") + "}")[verb]
        finally:
            f.close()
        return verb  # (no line for it in the file: tests/fh_table checks there is one)
