"""AR-INFO-1: the table never tells a player their own card.

Pairs of games that differ ONLY in hidden cards (two cards swapped between hands and the deck) are
driven by the same public decisions (pad gestures and console verbs). Everything the whole table
can see — events, replies on the shared console, `dump`, every LED frame — must be identical until
the rules themselves make the difference public (one of the swapped cards is discarded, a Gate is
discarded (a summon or not tells who holds a Great Old One), or the round ends and all is shown).
"""
import copy
import random

from arkham.games import CommandError
from fake_table import Table

PAIRS = 240
CUT_EVENTS = ("round_end", "reveal", "judged", "summon")


def drive(t, rnd, out):
    """One public decision, recording everything shared. Uses only public state."""
    s = t.state
    ph = s["phase"]
    n = s["n"]
    roll = rnd.random()
    if ph == "nominate":
        for p in range(1, n + 1):  # followers put their hands on the table
            if p in s["open"] and "seat%d" % p not in t.pads.on:
                t.pad("seat%d" % p, True)
        if roll < 0.7:
            t.pad("seat%d" % rnd.randint(1, n), False)  # a lift: a nomination (if allowed)
        else:
            console(t, rnd, out)
    elif ph in ("decide", "orb"):
        seat = s["nominated"] or s["orb_seat"]
        if roll < 0.35:
            t.tap("seat%d" % seat, 2)
        elif roll < 0.6:
            t.hold("seat%d" % seat)
        elif roll < 0.7 and ph == "decide":
            t.wait(10500)  # lifted and thinking: the time-out passes
        else:
            console(t, rnd, out)
    elif ph == "round_over":
        if roll < 0.5:
            t.tap("deck", 2)
        else:
            console(t, rnd, out)
    t.wait(100)
    out.append(("frame", sorted(t.scene().items())))
    out.append(("dump", t.mode.dump()))


def console(t, rnd, out):
    la = t.mode.core.legal_actions()
    a = rnd.choice(la)
    if rnd.random() < 0.15:
        line = rnd.choice(["take", "pass", "next", "orb keep", "nominate %d" % rnd.randint(1, 7),
                           "peek 1 held", "sanity", "legal", "goo 1", "reveal a,b"])
    elif a["a"] == "nominate":
        line = "nominate %d" % a["seat"]
    elif a["a"] == "orb":
        line = "orb " + ("keep" if a["keep"] else "remove")
    elif a["a"] == "peek":
        if rnd.random() > 0.2:
            line = "sanity"
        else:
            line = "peek %d %s" % (a["seat"], a["what"])
    else:
        line = a["a"]
    try:
        out.append(("reply", line, t.cmd(line)))
    except CommandError as e:
        out.append(("error", line, str(e)))


def hidden_places(core):
    s = core.state
    places = [("held", i) for i in range(len(s["held"]))]
    places += [("deck", i) for i in range(len(s["deck"]))]
    if s["offered"]:
        places.append(("offered", 0))
    return places


def get(state, place):
    return state["offered"] if place[0] == "offered" else state[place[0]][place[1]]


def put(state, place, face):
    if place[0] == "offered":
        state["offered"] = face
    else:
        state[place[0]][place[1]] = face


def shared_stream(t, start, out):
    """Events since `start` interleaved with the recorded console/frames, as one list."""
    return [("ev", e, f) for e, f in t.events[start:]] + out


def cut_index(items, faces):
    for i, item in enumerate(items):
        if item[0] != "ev":
            continue
        ev, f = item[1], item[2]
        if ev in CUT_EVENTS or ev == "game_end":
            return i
        if ev == "discard" and (f["card"] in faces or f["card"] == "gate"):
            return i
    return len(items)


def run_pair(seed):
    rnd = random.Random(seed)
    a = Table(players=3 + seed % 5, seed=seed, leader=1 + seed % 3)
    a.mode.tick(a.now)
    warm = rnd.randint(0, 40)
    for _ in range(warm):
        if a.state["phase"] in ("game_over",):
            break
        drive(a, rnd, [])
    if a.state["phase"] not in ("nominate", "decide", "orb"):
        return None
    places = hidden_places(a.mode.core)
    rnd.shuffle(places)
    x = places[0]
    y = next((p for p in places[1:] if get(a.state, p) != get(a.state, x)), None)
    if y is None:
        return None
    b = copy.deepcopy(a)
    fx, fy = get(b.state, x), get(b.state, y)
    put(b.state, x, fy)
    put(b.state, y, fx)
    assert b.mode.core.state_hash() != a.mode.core.state_hash()
    starts = (len(a.events), len(b.events))
    for step in range(60):  # the same public decisions on both tables
        drive(a, random.Random(seed * 7919 + step), [])
        drive(b, random.Random(seed * 7919 + step), [])
    sa = [("ev", e, f) for e, f in a.events[starts[0]:]]
    sb = [("ev", e, f) for e, f in b.events[starts[1]:]]
    ca, cb = cut_index(sa, (fx, fy)), cut_index(sb, (fx, fy))
    assert ca == cb, (seed, x, y, fx, fy, sa[: max(ca, cb) + 1], sb[: max(ca, cb) + 1])
    assert sa[:ca] == sb[:cb], (seed, x, y, fx, fy)
    return ca


def test_shared_console_and_lights_never_depend_on_hidden_cards_AR_INFO_1():
    checked = 0
    for seed in range(PAIRS):
        if run_pair(seed) is not None:
            checked += 1
    assert checked > PAIRS // 2


def test_frames_and_replies_equal_until_revealed_AR_INFO_1():
    """Console replies, dumps and LED frames of each step before the reveal are identical."""
    compared = 0
    for seed in range(0, PAIRS, 3):
        rnd = random.Random(seed)
        a = Table(players=3 + seed % 5, seed=seed)
        a.mode.tick(a.now)
        for _ in range(rnd.randint(0, 30)):
            if a.state["phase"] == "game_over":
                break
            drive(a, rnd, [])
        if a.state["phase"] not in ("nominate", "decide", "orb"):
            continue
        places = hidden_places(a.mode.core)
        x, y = places[0], places[-1]
        fx, fy = get(a.state, x), get(a.state, y)
        if fx == fy:
            continue
        b = copy.deepcopy(a)
        put(b.state, x, fy)
        put(b.state, y, fx)
        for step in range(60):
            na, nb = len(a.events), len(b.events)
            oa, ob = [], []
            drive(a, random.Random(seed * 31 + step), oa)
            drive(b, random.Random(seed * 31 + step), ob)
            ea, eb = a.events[na:], b.events[nb:]
            if cut_index([("ev", e, f) for e, f in ea], (fx, fy)) < len(ea) or \
                    cut_index([("ev", e, f) for e, f in eb], (fx, fy)) < len(eb):
                break  # this step made something public: stop comparing here
            assert ea == eb and oa == ob, (seed, step, oa, ob)
            compared += 1
    assert compared > 200


def test_the_comparison_catches_a_leak_AR_INFO_1(monkeypatch):
    """The pair comparison is not blind: a scene that paints a seat's held card is caught."""
    from arkham.games import ritual

    real = ritual.Mode.scene

    def leaky(self, lights, now_ms):
        real(self, lights, now_ms)
        colour = self.core.cards.info[self.core.state["held"][0]]["colour"]
        lights.show("seat1", (255, 0, 0) if colour == "red" else (0, 0, 255))

    monkeypatch.setattr(ritual.Mode, "scene", leaky)
    caught = 0
    for seed in range(40):
        a = Table(players=5, seed=seed)
        a.mode.tick(a.now)
        b = copy.deepcopy(a)
        held = b.state["held"]
        other = next((i for i in range(1, len(held))
                      if b.mode.core.cards.info[held[i]]["colour"] !=
                      b.mode.core.cards.info[held[0]]["colour"]), None)
        if other is None:
            continue
        held[0], held[other] = held[other], held[0]
        oa, ob = [], []
        drive(a, random.Random(seed), oa)
        drive(b, random.Random(seed), ob)
        caught += oa != ob
    assert caught > 10
