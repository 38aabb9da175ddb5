"""One `legal` format for every game: numbered options, each with a readable label.

{"legal": ["1 move inv=1 to=3", "2 seal inv=1 to=3", ...]}: the number is the option's place in
the list (AH2e's `act N` takes it), the label the action's words (`verb key=value ...`).
"""


def label(action):
    """{"a": "move", "to": "x"} -> "move to=x" (lists joined by commas)."""
    words = [str(action.get("a"))]
    for k in sorted(action):
        if k != "a":
            v = action[k]
            if isinstance(v, list):
                v = ",".join(str(x) for x in v)
            elif v is True or v is False:
                v = "true" if v else "false"
            words.append("%s=%s" % (k, v))
    return " ".join(words)


def numbered(actions, fmt=label):
    return ["%d %s" % (k + 1, fmt(actions[k])) for k in range(len(actions))]


def typed(verb, kw):
    """The label a typed `VERB key=value...` would have (keys sorted, as label() writes them)."""
    words = [verb]
    for k in sorted(kw):
        words.append("%s=%s" % (k, kw[k]))
    return " ".join(words)


def pick(actions, verb, args, kw, fmt=label):
    """The action a typed line names among `actions` (an iterable: the list `legal` prints now),
    so every line `legal` prints can be typed back (issue 33): `act N` (the Nth), `act VERB
    key=value...` or `VERB key=value...` (a printed line without its number). None when the line
    is not one of these forms; CommandError (from games) when it names no legal action."""
    from arkham.games import CommandError

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
