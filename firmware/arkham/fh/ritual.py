"""The team's one attempt to reverse the ritual (FH-WIN-1): imported when an offer comes in
(arkham.fh.rounds.lazy)."""
from arkham.fh.rounds import Reject, offer_size


def offer(s, D, a, seat, ev):
    if s["offers"][seat - 1] is not None:
        raise Reject("seat %d has already offered its cards" % seat)
    cards = a.get("cards")
    hand = s["priority"]["hands"][seat - 1]
    k = offer_size(s, D, seat)
    if not isinstance(cards, list) or len(cards) != k:
        raise Reject("cards is a list of %d priority cards from the hand" % k)
    for i in range(k):
        c = cards[i]
        if not isinstance(c, int) or isinstance(c, bool) or c not in hand or c in cards[:i]:
            raise Reject("cards are %d different cards of seat %d's hand" % (k, seat))
    s["offers"][seat - 1] = sorted(cards)
    ev.append({"e": "offered", "inv": seat})  # secret: only that it was done
    if None in s["offers"]:
        return
    parts = s["ritual_parts"]
    shown = []
    hits = 0
    for o in s["offers"]:
        for c in o:
            shown.append(c)
            if D.clue_symbols[int(D.prio_symbols[c - 1])] in parts:
                hits += 1
    need = D.rules["ritual_need"][str(s["players"])]
    won = hits >= need
    ev.append({"e": "ritual", "parts": sorted(parts), "cards": sorted(shown), "matches": hits,
               "need": need, "won": won})
    s["result"] = "won" if won else "lost"
    s["why"] = "ritual_reversed" if won else "ritual_failed"
    if not won:
        ev.append({"e": "lost", "why": "ritual_failed"})
