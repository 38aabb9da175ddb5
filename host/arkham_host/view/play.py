"""The page as the table's control: what the table waits for, its legal choices as buttons, a
tap made into the table's line, a new game's options, and a seat's private view (AR-INFO-1).

Every function here sends through `watch.command`, which holds the watch's one command lock:
one command at a time on the link, so two pages (or a page and the watch's own dumps) never
interleave. A tap names the label it was drawn from; the table judges it again when it arrives:
  AH2e          the label still `legal` at its number: `act N`; else the label's own action
                (`act move inv=0 to=northside`), which the table refuses with its reason when the
                game moved on (nothing changes) or does when it is still allowed;
  Final Hour,   the game's own verb for the label (legal_reply.console_line): the table refuses
  Ritual        it with its reason when it is no longer allowed.
A game whose `help` lists `act` (numbered actions) gets `act N` the AH2e way.
"""

from __future__ import annotations

import re

from arkham_host.wire.legal_reply import console_line, unlabel
from arkham_host.view import choices

GAMES = ("ah2e", "final-hour", "ritual")
# a new game's options the page may send, per game: key -> pattern of its value
OPTIONS = {
    "ah2e": {"players": r"[1-8]", "investigators": r"[a-z_]+(,[a-z_]+){0,7}", "ao": r"[a-z_]+",
             "chance": r"virtual|physical|[a-z]+(,[a-z]+){0,3}", "seed": r"\d{1,9}",
             "first": r"[0-7]"},
    "final-hour": {"players": r"[1-4]", "lead": r"[1-4]", "ancient": r"[a-z_]+",
                   "level": r"easy|normal|hard", "seed": r"\d{1,9}"},
    "ritual": {"players": r"[3-7]", "leader": r"[1-7]", "cards": r"virtual|physical",
               "seed": r"\d{1,9}"},
}
AH2E_INVESTIGATORS = ("jenny_barnes", "joe_diamond", "amanda_sharpe", "ashcan_pete", "bob_jenkins",
                      "carolyn_fern", "darrell_simmons", "dexter_drake", "gloria_goldberg",
                      "harvey_walters", "jim_culver", "kate_winthrop", "mandy_thompson",
                      "michael_mcglen", "monterey_jack", "sister_mary", "vincent_lee",
                      "wilson_richards")
AH2E_AO = ("azathoth", "cthulhu", "hastur", "ithaqua", "nyarlathotep", "shub_niggurath", "yig",
           "yog_sothoth")
FORM = {  # what the start form offers (the table checks every option again)
    "ah2e": {"players": list(range(1, 9)), "ao": list(AH2E_AO),
             "investigators": list(AH2E_INVESTIGATORS), "chance": ["virtual", "physical"],
             "seed": "number"},
    "final-hour": {"players": [1, 2, 3, 4], "ancient": ["cthulhu", "shudde_mell", "umordhoth"],
                   "level": ["easy", "normal", "hard"], "seed": "number"},
    "ritual": {"players": [3, 4, 5, 6, 7], "cards": ["virtual", "physical"], "seed": "number"},
}
SEATED = ("final-hour", "ritual")  # games with private replies: a page may join as a seat


class Refused(Exception):
    """A page's request that is not sent to the table (the reason is the page's)."""


def start_line(game, options):
    """`game NAME k=v...` from the start form, every option checked; Refused names the bad one."""
    if game not in GAMES:
        raise Refused("game: want one of %s, not %r" % (", ".join(GAMES), game))
    if not isinstance(options, dict):
        raise Refused("options: want an object")
    words = ["game", game]
    for k, v in sorted(options.items()):
        pat = OPTIONS[game].get(k)
        if pat is None:
            raise Refused("%s: no option %r (options: %s)" % (game, k, ", ".join(OPTIONS[game])))
        v = str(v)
        if v == "":
            continue
        if not re.fullmatch(pat, v):
            raise Refused("%s: bad %s=%r" % (game, k, v))
        words.append("%s=%s" % (k, v))
    return " ".join(words)


def _offer_sizes(labels):
    """{seat: how many cards it offers} from Final Hour's `offer cards=A,B,C inv=N` lines (one
    line per combination of the seat's hand)."""
    out = {}
    for x in labels:
        a = unlabel(x, lists=("cards",))
        if a["a"] == "offer":
            out[a["inv"]] = len(a["cards"])
    return out


def _not_offers(labels):
    return [x for x in labels if x.split(" ")[1:2] != ["offer"]]


def _legal(reply):
    """(labels, private seat or None) of a `legal` reply (FH's priority cards come privately)."""
    if reply.get("private") is not None:
        return list((reply.get("view") or {}).get("legal") or []), reply["private"]
    return list(reply.get("legal") or []), None


def say_ah2e(need, st):
    """What an AH2e `need` asks of the players, in their words (None: the table's own hint)."""
    k = need.get("k")
    if k == "upkeep":
        return "Upkeep: move the skill sliders, or keep them"
    if k == "move":
        return "Movement: %s point(s) left. Lift the token and put it next door, or tap where " \
               "to go" % need.get("points")
    if k == "meet":
        return "A monster stands in the way: fight it or evade it"
    if k == "combat":
        return "Combat: fight on or flee"
    if k == "encounter":
        return "An encounter at %s: read the card, then tap its outcome" % choices.words(
            need.get("at") or "?")
    if k == "other":
        return "An Other World encounter: read the card, then tap its outcome"
    if k == "roll":
        return "Roll %s dice for the %s check and tap the successes" % (need.get("dice"),
                                                                         need.get("check"))
    if k == "clue":
        return "%s successes so far (needs %s): spend a clue for another die, or accept" % (
            need.get("successes"), need.get("difficulty"))
    if k in ("draw_mythos", "draw_gate", "draw_monster"):
        what = {"draw_mythos": "the top mythos card", "draw_gate": "a gate marker",
                "draw_monster": "a monster from the cup"}[k]
        return "Draw %s and tap what it showed" % what
    return None


def waits(watch, game, state, legal_reply):
    """What the table waits for, in the players' words: {phase, turn, who, say, seat}."""
    out = {"game": game}
    if game == "ah2e":
        st = watch.status or {}
        need = legal_reply.get("need") or {}
        ev = watch.last_need or {}
        out.update(phase=st.get("phase"), turn=st.get("turn"), k=need.get("k"))
        inv = need.get("inv")
        invs = st.get("investigators") or []
        if isinstance(inv, int) and 0 <= inv < len(invs):
            out["who"] = choices.words(invs[inv]["name"])
            out["sheet"] = invs[inv]
        out["say"] = say_ah2e(need, st) or (ev.get("say") if ev.get("k") == need.get("k")
                                            else None)
        if st.get("over"):
            out["say"] = "the game is over" + (": the Ancient One woke" if st.get("woke") else "")
    elif game == "final-hour" and state:
        out.update(phase=state.get("phase"), turn=state.get("round"), lead=state.get("lead"))
        seat = state.get("plays") or (state.get("resolving") or {}).get("inv")
        if seat:
            out["seat"] = seat
            out["who"] = "Seat %s" % seat
        if state.get("resolving"):
            r = state["resolving"]
            out["say"] = "card %s (%s half) resolves: apply its effects, then tap Next" % (
                r.get("card"), r.get("half"))
        elif state.get("plays"):
            out["say"] = "seat %s plays a priority card (on their own page)" % state["plays"]
        elif state.get("phase") == "end":
            out["say"] = "the lead (seat %s) attempts the ritual now, or plays the next round" % (
                state.get("lead"),)
        elif state.get("phase") == "ritual":  # (offers are secret: only who offered shows)
            out["say"] = "the attempt: each seat offers its cards on its own page (offered: %s)" \
                % (", ".join("seat %s" % s for s in state.get("offered") or ()) or "none yet")
        if state.get("waiting"):
            out["tokens"] = state["waiting"]
        if state.get("result"):
            out["say"] = "the game is over: %s" % state["result"]
        out["sheet"] = {"investigators": state.get("investigators"), "seals": state.get("seals")}
    elif game == "ritual" and state:
        out.update(phase=state.get("phase"), turn=state.get("round"), leader=state.get("leader"),
                   sanity=state.get("sanity"))
        if state.get("nominated"):
            out["seat"] = state["nominated"]
            out["who"] = "Seat %s" % state["nominated"]
            out["say"] = "seat %s takes the card or passes" % state["nominated"]
        elif state.get("phase") == "nominate":
            out["seat"] = state.get("leader")
            out["who"] = "Seat %s (the leader)" % state.get("leader")
            out["say"] = "the leader nominates a follower"
        if state.get("result") or state.get("phase") == "game_over":
            out["say"] = "the game is over" + (": %s" % state["result"] if state.get("result")
                                                else "")
    return out


def public(watch):
    """The shared page's choices: {"t": "choices", seq, game, waits, groups, private_for}."""
    game = watch.game
    out = {"t": "choices", "game": game, "seq": watch.last_seq, "groups": [], "waits": {},
           "private_for": None, "start": FORM, "seated": game in SEATED}
    if game not in GAMES:
        return out
    raw = watch.command_private("legal")  # (a private reply is read here, never sent on)
    if not raw.get("ok"):
        out["err"] = raw.get("err")
        return out
    out["seq"] = watch.last_seq  # (every event up to the `legal` reply came before it)
    labels, seat = _legal(raw)
    state = None
    if game in SEATED:
        st = watch.command("state")
        state = st if st.get("ok") else None
    out["waits"] = waits(watch, game, state, raw)
    if game == "final-hour":  # the attempt's cards are picked on the seat's page (private)
        out["_offers"] = _offer_sizes(labels)
        labels = _not_offers(labels)
    if seat is None:
        out["groups"] = choices.groups(game, labels, state)
    else:
        out["private_for"] = seat  # those buttons go to that seat's page only
    out["_state"] = state
    return out


def private(watch, seat, shared):
    """What seat `seat` alone may see (AR-INFO-1): Ritual's `look SEAT`, Final Hour's hand and,
    when the seat is to play, its priority cards as buttons. Never sent to any other page."""
    game = watch.game
    out = {"seat": seat}
    if game == "ritual":
        r = watch.command_private("look %d" % seat)
        out["look"] = r.get("view") if r.get("ok") else None
        out["err"] = None if r.get("ok") else r.get("err")
    elif game == "final-hour":
        r = watch.command_private("hand %d" % seat)
        out["hand"] = (r.get("view") or {}).get("hand") if r.get("ok") else None
        if seat in (shared.get("_offers") or {}):
            out["offer"] = shared["_offers"][seat]  # how many cards it offers now
        if shared.get("private_for") == seat:
            lg = watch.command_private("legal")
            labels, who = _legal(lg)
            labels = _not_offers(labels)  # (the hand picker offers: no button per combination)
            if who == seat:
                out["groups"] = choices.groups(game, labels, shared.get("_state"))
    return out


def tap(watch, n, label, seat=None):
    """One tapped choice, judged again now (see the module's docstring); the table's reply."""
    game = watch.game
    if not isinstance(label, str) or not re.fullmatch(r"\d{1,4} [a-z_]+( [a-z_]+=[-a-z0-9_,]+)*",
                                                      label):
        raise Refused("tap: want a label as `legal` numbers it, not %r" % (label,))
    if str(n) != label.split(" ", 1)[0]:
        raise Refused("tap: the number %r is not the label's" % (n,))
    if game == "ah2e" or watch.numbered:
        fresh = watch.command_private("legal")
        labels, _ = _legal(fresh)
        if label in labels:
            return watch.command("act %s" % n)
        return watch.command("act %s" % label.split(" ", 1)[1])  # the table's own reason
    a = unlabel(label, lists=() if game == "final-hour" else ("cards", "parts"))
    if game == "final-hour" and seat is not None and a.get("inv") not in (None, seat):
        raise Refused("that choice is seat %s's, not this page's (seat %s)" % (a["inv"], seat))
    if game == "final-hour" and a["a"] == "offer":
        raise Refused("offer: choose the cards on the seat's own page (`offer` with cards)")
    return watch.command(console_line(game, label))


def offer(watch, seat, cards):
    """Final Hour's attempt: the seat offers these cards from its hand (checked by the table)."""
    if watch.game != "final-hour" or not isinstance(seat, int):
        raise Refused("offer: a Final Hour seat's page only")
    if not (isinstance(cards, list) and 0 < len(cards) <= 8
            and all(isinstance(c, int) and 0 <= c < 1000 for c in cards)):
        raise Refused("offer: want a list of card numbers")
    return watch.command("offer %d %s" % (seat, " ".join(str(c) for c in cards)))
