"""The AH2e status panel from a `dump` (its `state.core`: the rules core's own state), read with
the core's tables (arkham.ah2e.tables: the same names the table uses)."""

from __future__ import annotations

OFF_BOARD = ("cup", "box", "enc")


def ah2e(state: dict) -> dict:
    """{phase, turn, doom, terror, gates, monsters, investigators, env, rumor, need, ...}."""
    from arkham.ah2e import tables

    d = tables.get()
    s = state.get("core") or {}
    mons = {}
    for m, at in enumerate(s.get("mon") or []):
        if not isinstance(at, str) or at in OFF_BOARD or (at[:1] == "t" and at[1:].isdigit()):
            continue  # the cup, the box, an encounter, a trophy pile (t0 = investigator 0's)
        try:
            kind = d.kind_of(m)
        except (IndexError, KeyError, TypeError, ValueError):
            kind = "monster %d" % m
        mons.setdefault(at, []).append(kind)

    def card(c):
        if c is None:
            return None
        try:
            return d.card_name(c)
        except (IndexError, KeyError, TypeError, ValueError):
            return str(c)

    invs = []
    for v in s.get("inv") or []:
        invs.append({
            "name": v.get("name"), "at": v.get("at"), "sanity": [v.get("san"), v.get("msan")],
            "stamina": [v.get("sta"), v.get("msta")], "clues": v.get("clues"),
            "money": v.get("money"), "dead": bool(v.get("dead")),
        })
    return {
        "ao": s.get("ao"),
        "phase": s.get("phase"),
        "turn": s.get("turn"),
        "doom": s.get("doom"),
        "terror": s.get("terror"),
        "gates": sorted(s.get("gates") or {}),
        "monsters": mons,
        "in_arkham": sum(len(v) for k, v in mons.items() if k not in ("sky", "outskirts")),
        "clues": sum((s.get("clues") or {}).values()),
        "investigators": invs,
        "env": card(s.get("env")),
        "rumor": card(s.get("rumor")),
        "need": state.get("need"),
        "over": s.get("over"),
        "woke": s.get("woke"),
    }
