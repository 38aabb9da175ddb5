"""Arkham Horror: Final Hour rules core (docs/final-hour.md)."""
from arkham.fh.game import Game, new_game  # noqa: F401
