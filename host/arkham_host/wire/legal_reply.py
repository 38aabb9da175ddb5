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


# Final Hour's `legal` lines name an action by the console's verb where the core's name differs
_FH_NAMES = {"special": "spawn_special"}


def fh_command(a):
    """A Final Hour action dict -> its console line (`play 1 6`, `end 1`, `offer 1 2 5 9`...);
    the seat first, then the verb's fields in the order the table's verb takes them."""
    from arkham.games.fh import ACTS

    if a["a"] in ("end_actions", "end_round", "next_round", "end"):  # (the lead's `end`: each)
        return "end %d" % a["inv"]
    if a["a"] == "offer":
        return "offer %d %s" % (a["inv"], " ".join(str(c) for c in a["cards"]))
    name_of = _FH_NAMES.get(a["a"], a["a"])  # (`legal` prints the console's verb)
    for verb, (name, fields) in ACTS.items():
        if name == name_of:
            return " ".join([verb, str(a["inv"])] + [str(a[f]) for f, _ in fields if f in a])
    raise ValueError("no final-hour verb for %r" % (a,))


def ritual_command(a):
    """An Arkham Ritual action dict -> its console line (`nominate 2`, `take`, `orb keep`...)."""
    v = a["a"]
    if v == "nominate":
        return "nominate %d" % a["seat"]
    if v in ("take", "pass"):
        return v + (" " + a["card"] if "card" in a else "")
    if v == "orb":
        return "orb " + ("keep" if a["keep"] else "remove")
    if v == "peek":
        return "peek %d %s%s" % (a["seat"], a["what"], " " + a["card"] if "card" in a else "")
    if v == "goo":
        return "goo " + (str(a["holder"]) if a["holder"] else "none")
    if v == "reveal":
        return "reveal " + ",".join(a["cards"])
    return v


def console_line(game, text, numbered=False):
    """The line that does the numbered `legal` label `text` ("3 move inv=0 to=northside") on a
    table playing `game`: `act N` where the game takes numbered actions (AH2e; numbered=True for
    a game whose `help` lists `act`), else the game's own verb for that action."""
    if game == "ah2e" or numbered:
        return "act %s" % text.split(" ", 1)[0]
    if game == "final-hour":
        return fh_command(unlabel(text, lists=()))
    if game == "ritual":
        return ritual_command(unlabel(text))
    raise ValueError("no console verbs known for game %r" % (game,))
