"""Arkham Ritual: the pure rules core (game.py), the judgement (judge.py), the card data (cards.py,
data/cards.json). See docs/ritual.md."""
from arkham.ritual.game import Game, new_game  # noqa: F401
