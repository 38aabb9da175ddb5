"""A numbered `legal` reply read back into actions: the inverse of the firmware's
arkham.games.legaltext.label ("3 reveal cards=a,b" -> {"a": "reveal", "cards": ["a", "b"]}),
for the tools and tests that play a table through its console verbs."""

# fields that are always lists, one item having no comma (Ritual's `reveal cards=a`); FH's
# `offer cards=3` is a count, so a reader of FH replies passes lists=()
LISTS = ("cards", "parts")
_WORDS = {"true": True, "false": False, "None": None}


def unlabel(text, lists=LISTS):
    """One numbered label -> its action dict (numbers as ints, commas as lists)."""
    words = text.split(" ")[1:]
    a = {"a": words[0]}
    for w in words[1:]:
        k, v = w.split("=", 1)
        items = [int(x) if x.lstrip("-").isdigit() else x for x in v.split(",")]
        if k in lists or len(items) > 1:
            a[k] = items
        else:
            x = items[0]
            a[k] = _WORDS.get(x, x) if isinstance(x, str) else x
    return a
