"""Arkham Horror 2nd edition: the pure rules core (no I/O, no clock, no hardware).

    from arkham.ah2e.game import new_game
    g = new_game(seed=7, options={"ao": "cthulhu", "investigators": ["jenny_barnes"]})
    g.legal_actions()            # the decisions possible now
    ok, events = g.apply({"a": "upkeep", "inv": 0})
    g.snapshot(); g.restore(snap); g.state_hash()

The action vocabulary and how to play a real game through it: docs/ah2e.md.
"""
