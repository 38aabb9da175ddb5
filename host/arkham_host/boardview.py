"""The board drawn as text: each spot a small cell at its x/y from the board map, lit in its
colour (ANSI truecolour, 256 colours, or plain characters), a token marked, one spot under a cursor.

Used by `sim` (live) and `console` (`board`, from `dump`). Pure functions of their inputs.
"""

from __future__ import annotations

import os

RESET = "\x1b[0m"
OFF_RGB = (38, 38, 46)  # an unlit spot: dark slate, so the board's shape stays visible


def colour_mode(env=None) -> str:
    """ "truecolor", "256" or "plain" (NO_COLOR, dumb terminals)."""
    env = os.environ if env is None else env
    if env.get("NO_COLOR") or env.get("TERM") in (None, "", "dumb"):
        return "plain"
    if env.get("COLORTERM", "").lower() in ("truecolor", "24bit"):
        return "truecolor"
    return "256"


def _cube(v):
    return 0 if v < 48 else (v - 35) // 40


def _bg(rgb, mode):
    r, g, b = rgb
    if mode == "truecolor":
        return "\x1b[48;2;%d;%d;%dm" % (r, g, b)
    return "\x1b[48;5;%dm" % (16 + 36 * _cube(r) + 6 * _cube(g) + _cube(b))


def _fg_on(rgb, mode):
    """Black text on a bright cell, white on a dark one."""
    r, g, b = rgb
    light = (r * 299 + g * 587 + b * 114) // 1000 > 110
    return "\x1b[38;5;%dm" % (16 if light else 231)


def layout(board, width=120):
    """spot name -> (row, col) of its cell; cell width. Distinct x values become columns and
    distinct y values rows (in order), so sparse maps stay compact; collisions move right."""
    xs = sorted({s.x for s in board.spots})
    ys = sorted({s.y for s in board.spots})
    col_of = {x: i for i, x in enumerate(xs)}
    row_of = {y: i for i, y in enumerate(ys)}
    cells = {}
    taken = set()
    for s in board.spots:
        r, c = row_of[s.y], col_of[s.x]
        while (r, c) in taken:
            c += 1
        taken.add((r, c))
        cells[s.name] = (r, c)
    ncols = max([c for _, c in cells.values()] + [0]) + 1
    cell = max(4, min(9, width // ncols))
    return cells, cell


def short(name, n):
    """A spot name in n characters: `curiositie_shoppe` -> `curi_sh`-like, `pad_05` stays."""
    if len(name) <= n:
        return name
    parts = name.split("_")
    if len(parts) > 1 and parts[-1].isdigit() and len(parts[-1]) < n - 1:
        return parts[0][: n - 1 - len(parts[-1])] + "_" + parts[-1]
    if len(parts) > 1 and n >= 4:
        head = parts[0][: max(2, n - 1 - len(parts) + 1)]
        tail = "".join(p[0] for p in parts[1:])
        text = head + "_" + tail
        if len(text) <= n:
            return text
    return name[:n]


def render(board, lit=None, tokens=(), cursor=None, mode="plain", width=120, faults=()):
    """Lines of text (ANSI codes unless mode is "plain") drawing the board.

    lit: spot -> [r, g, b] (missing or black = off); tokens: spots with a token or hand;
    cursor: the selected spot; faults: spots to mark as not seen (their chip is failing)."""
    lit = lit or {}
    tokens = set(tokens)
    faults = set(faults)
    cells, cell = layout(board, width)
    nrows = max([r for r, _ in cells.values()] + [0]) + 1
    ncols = max([c for _, c in cells.values()] + [0]) + 1
    grid = [[None] * ncols for _ in range(nrows)]
    for s in board.spots:
        r, c = cells[s.name]
        grid[r][c] = s
    inner = cell - 1
    lines = []
    for r in range(nrows):
        top, bottom = [], []
        for c in range(ncols):
            s = grid[r][c]
            if s is None:
                top.append(" " * cell)
                bottom.append(" " * cell)
                continue
            rgb = tuple(lit.get(s.name) or (0, 0, 0))
            on = any(rgb)
            mark = "()" if s.name in tokens else ("!!" if s.name in faults else "")
            if not s.leds:
                body = "~" * inner  # sensor only: no light under it
            elif mode == "plain":
                body = ("#" if on else ".") * inner
            else:
                body = " " * inner
            if mark:
                at = (inner - len(mark)) // 2
                body = body[:at] + mark + body[at + len(mark) :]
            if s.name == cursor:
                body = ">" + body[1:-1] + "<" if inner > 2 else body
            if mode == "plain" or not s.leds:
                top.append(body + " ")
            else:
                shown = rgb if on else OFF_RGB
                top.append(_bg(shown, mode) + _fg_on(shown, mode) + body + RESET + " ")
            name = short(s.name, inner).ljust(inner)
            if s.name == cursor and mode != "plain":
                name = "\x1b[7m" + name + RESET
            elif s.name == cursor:
                name = name.upper()
            bottom.append(name + " ")
        lines.append("".join(top).rstrip())
        lines.append("".join(bottom).rstrip())
    return lines


def hit(board, row, col, width=120, top=0, left=0):
    """The spot under a screen position (0-based row/col of the board's first line), or None."""
    cells, cell = layout(board, width)
    r, c = (row - top) // 2, (col - left) // cell
    for name, rc in cells.items():
        if rc == (r, c):
            return name
    return None


def neighbour(board, current, dr, dc, width=120):
    """The spot the cursor moves to from `current` in direction (dr, dc): the nearest cell in
    that half-plane, preferring the same row/column."""
    cells, _ = layout(board, width)
    if current not in cells:
        return board.spots[0].name if board.spots else None
    r0, c0 = cells[current]
    best, score = current, None
    for name, (r, c) in cells.items():
        along = (r - r0) * dr + (c - c0) * dc
        if along <= 0:
            continue
        across = abs((r - r0) * dc) + abs((c - c0) * dr)
        s = along + 3 * across
        if score is None or s < score:
            best, score = name, s
    return best
