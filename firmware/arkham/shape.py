"""The shape of a restored state: the keys a game always has, each of the kind it always is.

A save whose CRC matched can still hold a state the game cannot play: one without a CRC (an older
firmware's, `"v":1`, or one a host tool wrote) in which a key was renamed or a value's kind
changed (an investigator's "name" read "nale", and every `act` after the resume failed
with KeyError). A game's restore checks its state with check() first: a ValueError then makes
the resume report `restore_failed`, set the file aside and try the previous save (arkham.resume).

check(obj, keys, kinds, what): `keys` a tuple of names, `kinds` one letter for each:
  i an int (not true/false), s a string, l a list, d an object; the capital letter: that or
  null; ? anything, but the key is there. Keys not named are not looked at (a game may add some
  as it goes: AH2e's "gone", "surge").
No copies, no recursion: a few microseconds per key, nothing allocated unless it fails.
"""

_KINDS = {"i": int, "s": str, "l": list, "d": dict, "I": int, "S": str, "L": list, "D": dict}
_NAMES = {int: "a whole number", str: "a string", list: "a list", dict: "an object"}


def check(obj, keys, kinds, what):
    """ValueError naming the first key of `keys` that dict `obj` lacks or holds of another kind."""
    if type(obj) is not dict:
        raise ValueError("%s is not an object" % what)
    for n in range(len(keys)):
        k = keys[n]
        if k not in obj:
            raise ValueError("%s has no %r" % (what, k))
        want = kinds[n]
        if want == "?":
            continue
        v = obj[k]
        if v is None and want in "ISLD":
            continue
        t = _KINDS[want]
        if type(v) is not t:
            raise ValueError("%s: %r is not %s" % (what, k, _NAMES[t]))


def each(items, keys, kinds, what):
    """check() every member of the list `items` (a list of objects, at least one)."""
    if type(items) is not list or not items:
        raise ValueError("%s: not a list of objects" % what)
    for x in items:
        check(x, keys, kinds, what)
