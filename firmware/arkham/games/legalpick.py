"""A typed line back to the action `legal` printed: Final Hour's and Arkham Ritual's
`act N`, `act VERB key=value...` or a printed line without its number (arkham.games.legaltext
prints them)."""

from arkham.games import CommandError
from arkham.games.legaltext import label


def typed(verb, kw):
    """The label a typed `VERB key=value...` would have (keys sorted, as label() writes them)."""
    words = [verb]
    for k in sorted(kw):
        words.append("%s=%s" % (k, kw[k]))
    return " ".join(words)


def pick(actions, verb, args, kw, fmt=label):
    """The action a typed line names among `actions` (an iterable: the list `legal` prints now),
    so every line `legal` prints can be typed back: `act N` (the Nth), `act VERB
    key=value...` or `VERB key=value...` (a printed line without its number). None when the line
    is not one of these forms; CommandError when it names no legal action."""
    if verb == "act":
        if not args:
            raise CommandError("act: want N (see `legal`) or VERB key=value...")
        if args[0].isdigit() and len(args) == 1 and not kw:
            n = int(args[0])
            k = 0
            for a in actions:
                k += 1
                if k == n:
                    return a
            raise CommandError("act %d: `legal` lists %d action%s now" % (n, k, "" if k == 1 else "s"))
        if len(args) != 1:
            raise CommandError("act: want N (see `legal`) or VERB key=value...")
        verb = args[0].lower()
    elif args or not kw:
        return None
    want = typed(verb, kw)
    for a in actions:
        if fmt(a) == want:
            return a
    raise CommandError("%s: not an action the rules allow now (`legal` lists them)" % want[:60])
