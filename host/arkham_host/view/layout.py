"""Board layouts: where each spot of a board map is drawn, its label and its kind.

A layout lives next to the maps, `hardware/boards/layout/NAME.json` (a folder of its own, so the
maps' `*.json` listing never mistakes it for a map):

    {"board": "ah2e", "title": "...", "size": [W, H],
     "kinds": {KIND: {"shape": "rect"|"circle"|"ellipse", "size": [w, h], "fill": "#rrggbb"?}},
     "links": [[SPOT, SPOT], ...],            lines drawn under the spots (streets, paths)
     "areas": [{"label": TEXT, "box": [x, y, w, h]} | {"label": TEXT, "circle": [cx, cy, r]}],
     "spots": {SPOT: {"at": [x, y], "kind": KIND, "label": TEXT}}}

`validate(layout, board_map)` lists every problem (naming the spot); `arkham-table boards` runs
it with the map's own check. A map without a layout is drawn from its `xy` (`from_map`).
"""

from __future__ import annotations

import json
import pathlib

from arkham_host.device import runtimes

SHAPES = ("rect", "circle", "ellipse")


def layout_dir() -> pathlib.Path:
    return runtimes.BOARDS_DIR / "layout"


def layout_path(map_path) -> pathlib.Path:
    """The layout of the map at map_path: layout/NAME.json beside it."""
    p = pathlib.Path(map_path)
    return p.parent / "layout" / (p.stem + ".json")


def _num(v):
    return isinstance(v, (int, float)) and not isinstance(v, bool)


def _pair(v):
    return isinstance(v, list) and len(v) == 2 and all(_num(x) for x in v)


def validate(layout, board_map) -> list[str]:
    """Every problem of a layout against its map; [] when it is good."""
    errs = []
    if not isinstance(layout, dict):
        return ["layout: want a JSON object"]
    size = layout.get("size")
    if not _pair(size) or size[0] <= 0 or size[1] <= 0:
        errs.append("size: want [width, height], both > 0")
        size = None
    if layout.get("board") != board_map.get("name"):
        errs.append("board: %r, but the map is %r" % (layout.get("board"), board_map.get("name")))
    kinds = layout.get("kinds")
    if not isinstance(kinds, dict) or not kinds:
        errs.append("kinds: want {KIND: {shape, size}}")
        kinds = {}
    for k, v in kinds.items():
        if not isinstance(v, dict) or v.get("shape") not in SHAPES:
            errs.append("kind %s: shape must be one of %s" % (k, ", ".join(SHAPES)))
        elif not _pair(v.get("size")) or min(v["size"]) <= 0:
            errs.append("kind %s: size: want [w, h] > 0" % k)
    spots = layout.get("spots")
    if not isinstance(spots, dict):
        return errs + ["spots: want {SPOT: {at, kind, label}}"]
    names = [s.get("name") for s in board_map.get("spots", [])]
    for n in names:
        if n not in spots:
            errs.append("spot %s: in the map but not in the layout" % n)
    for n, s in spots.items():
        if n not in names:
            errs.append("spot %s: in the layout but not in the map" % n)
            continue
        if not isinstance(s, dict):
            errs.append("spot %s: want {at, kind, label}" % n)
            continue
        at = s.get("at")
        if not _pair(at):
            errs.append("spot %s: at: want [x, y]" % n)
        elif size and not (0 <= at[0] <= size[0] and 0 <= at[1] <= size[1]):
            errs.append("spot %s: at %s is outside the drawing %s" % (n, at, size))
        if s.get("kind") not in kinds:
            errs.append("spot %s: kind %r is not in kinds" % (n, s.get("kind")))
        if not isinstance(s.get("label"), str) or not s.get("label").strip():
            errs.append("spot %s: label: want a non-empty text" % n)
    for i, ln in enumerate(layout.get("links", [])):
        if not (isinstance(ln, list) and len(ln) == 2 and all(x in spots for x in ln)):
            errs.append("links[%d]: want [SPOT, SPOT] of the layout's spots, not %r" % (i, ln))
    for i, a in enumerate(layout.get("areas", [])):
        ok = isinstance(a, dict) and isinstance(a.get("label"), str)
        ok = ok and (
            (isinstance(a.get("box"), list) and len(a["box"]) == 4 and all(map(_num, a["box"])))
            or (isinstance(a.get("circle"), list) and len(a["circle"]) == 3)
        )
        if not ok:
            errs.append(
                "areas[%d]: want {label, box: [x, y, w, h]} or {label, circle: [x, y, r]}" % i
            )
    return errs


def from_map(board_map) -> dict:
    """A plain layout from the map's own xy grid (for a map that has no layout file)."""
    spots = {}
    for i, s in enumerate(board_map.get("spots", [])):
        x, y = s.get("xy") or [i, 0]
        spots[s["name"]] = {"at": [40 + x * 60, 40 + y * 50], "kind": "spot", "label": s["name"]}
    w = max([v["at"][0] for v in spots.values()] + [0]) + 80
    h = max([v["at"][1] for v in spots.values()] + [0]) + 80
    return {
        "board": board_map.get("name"),
        "title": board_map.get("title", ""),
        "size": [w, h],
        "kinds": {"spot": {"shape": "rect", "size": [52, 36]}},
        "links": [],
        "areas": [],
        "spots": spots,
    }


def load_for(map_path, board_map) -> dict:
    """The layout of a map (its file, else one made from the map's xy). A bad file raises
    ValueError with every problem."""
    p = layout_path(map_path)
    if not p.exists():
        return from_map(board_map)
    try:
        data = json.loads(p.read_text())
    except ValueError as e:
        raise ValueError("%s is not valid JSON: %s" % (p, e)) from None
    errs = validate(data, board_map)
    if errs:
        raise ValueError("bad layout %s: %s" % (p, "; ".join(errs)))
    return data


def for_board(board_map) -> dict:
    """The layout of a board a table reported (`board` reply): hardware/boards/layout/NAME.json
    when it fits the map, else one from the map's xy."""
    p = layout_dir() / ("%s.json" % board_map.get("name"))
    if p.exists():
        try:
            data = json.loads(p.read_text())
        except ValueError:
            data = None
        if data is not None and not validate(data, board_map):
            return data
    return from_map(board_map)
