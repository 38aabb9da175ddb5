"""One `legal` format for every game: numbered options, each with a readable label.

{"legal": ["1 move inv=1 to=3", "2 seal inv=1 to=3", ...]}: the number is the option's place in
the list (AH2e's `act N` takes it), the label the action's words (`verb key=value ...`). A line
typed back picks its action in arkham.games.legalpick (its own module: AH2e, which reads its
`act` lines itself, never loads it, nor makes its names).
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

