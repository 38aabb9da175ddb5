"""Board maps as the host sees them: find `hardware/boards/NAME.json`, read the spots to draw.

The device package validates a map (`arkham.boardmap`); the host only needs names, positions and
which spots have a pad, so it reads the JSON itself and stays usable while a map is being edited.
"""

from __future__ import annotations

import json
import pathlib

from arkham_host.device import runtimes


class Spot:
    __slots__ = ("name", "x", "y", "chip", "electrode", "leds")

    def __init__(self, name, x, y, chip, electrode, leds):
        self.name, self.x, self.y = name, x, y
        self.chip, self.electrode, self.leds = chip, electrode, leds


class Board:
    def __init__(self, data: dict, path: pathlib.Path | None = None):
        self.path = path
        self.name = data.get("name", path.stem if path else "?")
        self.title = data.get("title", "")
        self.chips = list(data.get("chips", []))
        self.spots = []
        for i, s in enumerate(data.get("spots", [])):
            xy = s.get("xy") or [i, 0]
            pad = s.get("pad") or [None, None]
            self.spots.append(
                Spot(s["name"], xy[0], xy[1], pad[0], pad[1], list(s.get("leds", [])))
            )
        self.by_name = {s.name: s for s in self.spots}


def board_path(name_or_path: str) -> pathlib.Path:
    """`bringup` -> hardware/boards/bringup.json; a path (has / or ends .json) is used as given."""
    p = pathlib.Path(name_or_path)
    if p.suffix == ".json" or "/" in name_or_path:
        if not p.exists():
            raise FileNotFoundError("no board map at %s" % p)
        return p
    p = runtimes.BOARDS_DIR / (name_or_path + ".json")
    if not p.exists():
        known = sorted(q.stem for q in runtimes.BOARDS_DIR.glob("*.json"))
        raise FileNotFoundError(
            "no board %r in %s; known: %s" % (name_or_path, runtimes.BOARDS_DIR, " ".join(known))
        )
    return p


def load(name_or_path: str) -> Board:
    path = board_path(name_or_path)
    with open(path) as f:
        return Board(json.load(f), path)
