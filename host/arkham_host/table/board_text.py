"""The board drawn as text: each spot a small cell at its x/y from the board map, lit in its
colour (ANSI truecolour, 256 colours, or plain characters), a token marked, one spot under a cursor.

Used by `sim` (live) and `console` (`board`, from `dump`). Pure functions of their inputs.
"""

from __future__ import annotations

import os

RESET = "\x1b[0m"
OFF_RGB = (38, 38, 46)  # an unlit spot: dark slate, so the board's shape stays visible


def colour_mode(env=None) -> str:
    """ "truecolor", "256", "16" or "plain" (NO_COLOR, dumb terminals)."""
    env = os.environ if env is None else env
    term = env.get("TERM") or ""
    if env.get("NO_COLOR") or term in ("", "dumb"):
        return "plain"
    if env.get("COLORTERM", "").lower() in ("truecolor", "24bit"):
        return "truecolor"
    if "256" in term or env.get("COLORTERM"):
        return "256"
    return "16"


def _cube(v):
    return 0 if v < 48 else (v - 35) // 40


# the 8 ANSI colours (40-47; 100-107 bright)
_ANSI = ((0, 0, 0), (1, 0, 0), (0, 1, 0), (1, 1, 0), (0, 0, 1), (1, 0, 1), (0, 1, 1), (1, 1, 1))


def _ansi16(rgb):
    """(index, bright) of the ANSI colour nearest in hue; bright from a quarter of the level up,
    so a pulse or blink changes the cell between the two."""
    top = max(rgb)
    if top == 0:
        return 0, False
    norm = [c / top for c in rgb]
    best = min(range(1, 8), key=lambda i: sum((norm[k] - _ANSI[i][k]) ** 2 for k in range(3)))
    return best, top >= 64


def _bg(rgb, mode):
    r, g, b = rgb
    if mode == "truecolor":
        return "\x1b[48;2;%d;%d;%dm" % (r, g, b)
    if mode == "16":
        i, bright = _ansi16(rgb)
        return "\x1b[%dm" % ((100 if bright else 40) + i)
    top = max(rgb)
    if top:  # levels lifted into the cube's lit steps: a dim pulse still shows its phases
        d = 75 + top * 180 // 255
        r, g, b = (c * d // top for c in rgb)
    return "\x1b[48;5;%dm" % (16 + 36 * _cube(r) + 6 * _cube(g) + _cube(b))


def _fg_on(rgb, mode):
    """Black text on a bright cell, white on a dark one."""
    r, g, b = rgb
    if mode == "16":
        i, bright = _ansi16(rgb)
        light = bright or i in (2, 3, 6, 7)
        return "\x1b[%dm" % (30 if light else 97)
    light = (r * 299 + g * 587 + b * 114) // 1000 > 110
    return "\x1b[38;5;%dm" % (16 if light else 231)


def layout(board, width=120):
    """spot name -> (row, col) of its cell; cell width. Distinct y values become rows (in order);
    x values are packed into as few columns as keep every row's left-to-right order, so sparse
    maps stay narrow; collisions move right."""
    if len({(s.x, s.y) for s in board.spots}) < len(board.spots):
        return _group_rows(board, width)
    xs = sorted({s.x for s in board.spots})
    ys = sorted({s.y for s in board.spots})
    row_of = {y: i for i, y in enumerate(ys)}
    rows_at = {}
    for s in board.spots:
        rows_at.setdefault(s.x, set()).add(row_of[s.y])
    last = {}  # row -> last column used
    col_of = {}
    for x in xs:
        rows = rows_at[x]
        c = max([last.get(r, -1) + 1 for r in rows] + [0])
        col_of[x] = c
        for r in rows:
            last[r] = c
    cells = {}
    taken = set()
    for s in sorted(board.spots, key=lambda s: (s.y, s.x)):
        r, c = row_of[s.y], col_of[s.x]
        while (r, c) in taken:
            c += 1
        taken.add((r, c))
        cells[s.name] = (r, c)
    ncols = max([c for _, c in cells.values()] + [0]) + 1
    cell = max(4, min(10, width // ncols))
    return cells, cell


def _group_rows(board, width):
    """A map whose places collide (Arkham Ritual's pips): one row per group of names
    (`seat3` and its `seat3_pip1..7`), the group's own spot first, its members in name order;
    a name with no group (`deck`) in a last row."""
    groups, alone = {}, []
    for s in board.spots:
        groups.setdefault(s.name.split("_")[0], []).append(s.name)
    rows = []
    for head in sorted(groups, key=lambda h: (len(groups[h]) == 1, _natural(h))):
        names = groups[head]
        if len(names) == 1:
            alone.append(names[0])
        else:
            rows.append(sorted(names, key=lambda x: (x != head, _natural(x))))
    if alone:
        rows.append(alone)
    cells = {name: (r, c) for r, row in enumerate(rows) for c, name in enumerate(row)}
    ncols = max([len(row) for row in rows] + [1])
    return cells, max(4, min(10, width // ncols))


def _natural(name):
    """`seat10` after `seat9`: digits compared as numbers."""
    import re

    return [int(p) if p.isdigit() else p for p in re.split(r"(\d+)", name)]


def codes(board, n):
    """spot name -> a short code of at most n characters, unique on the board and readable next
    to the legend: `independence_square` -> `indsq`-like, `doom_3` -> `do3`, `pad_05` -> `p05`."""
    out, used = {}, set()

    heads = {}
    for s in board.spots:
        heads[s.name.rpartition("_")[0]] = heads.get(s.name.rpartition("_")[0], 0) + 1

    def track(name):  # `doom_3`, `terror_10`: the longest tracks get the plainest codes first
        head, _, num = name.rpartition("_")
        return -heads[head] if num.isdigit() else 0

    for s in sorted(board.spots, key=lambda s: track(s.name)):
        for c in _candidates(s.name, n):
            if c not in used:
                break
        else:
            c = next(
                (x for x in _fallbacks(s.name, n) if x not in used), s.name[:n]
            )
        used.add(c)
        out[s.name] = c
    return out


def _fallbacks(name, n):
    chars = "abcdefghijklmnopqrstuvwxyz0123456789"
    if n == 1:
        yield from chars
        return
    for a in chars:
        yield (name[: n - 1] + a) if n > 2 else name[0] + a
    for a in chars:
        for b in chars:
            yield name[: n - 2] + a + b


def _candidates(name, n):
    if len(name) <= n:
        yield name
    words = [w for w in name.split("_") if w]
    if not words:
        yield name[:n]
        return
    if words[-1].isdigit():
        num = words[-1]
        head = "".join(w[0] for w in words[:-1])
        if len(head) + len(num) <= n:
            yield head + num
        if len(num) <= n:
            yield num  # a track's step: its number
        room = n - len(num)
        if room > 0:
            yield words[0][:room] + num
        yield (head + num)[-n:]
        return
    numbered = [w for w in words if w[-1].isdigit()]
    if numbered:  # `seat3`, `seat3_pip5`: each numbered word its initial and number (s3, s3p5,
        # 3p5), never a prefix that drops the numbers (`sepi`, `sp`)
        import re

        parts = [re.match(r"(\D*)(\d*)$", w).groups() for w in words]
        full = "".join((a[:1] + b) if b else a[:1] for a, b in parts)
        if len(full) <= n:
            yield full
        short = "".join(b if i == 0 and b else (a[:1] + b) for i, (a, b) in enumerate(parts))
        if len(short) <= n:
            yield short
    if len(words) == 1:
        yield name[:n]
        yield name[0] + "".join(c for c in name[1:] if c not in "aeiou")[: n - 1]
        return
    for first in range(n - len(words) + 1, 0, -1):
        yield (words[0][:first] + "".join(w[0] for w in words[1:]))[:n]
    yield "".join(w[:2] for w in words)[:n]


def render(board, lit=None, tokens=(), cursor=None, mode="plain", width=120, faults=(),
           symbol=None):
    """Lines of text (ANSI codes unless mode is "plain") drawing the board: one line per row of
    spots, each cell `Scode`: S what the light means (symbol(spot, rgb) -> a letter, e.g. G a
    gate; `.` unlit, `o` unlit with a token, `~` no light, `!` its chip is failing), the code in
    CAPITALS when a token or hand is on the spot (underlined too in colour), the codes' full
    names in legend(); in colour the cell is filled with its LED colour. The cursor's cell is in
    reverse video (plain: between > <).

    lit: spot -> [r, g, b] (missing or black = off); tokens: spots with a token or hand;
    faults: spots to mark as not seen (their chip is failing)."""
    lit = lit or {}
    tokens = set(tokens)
    faults = set(faults)
    cells, cell = layout(board, width)
    inner = cell - 1
    code = codes(board, max(1, inner - 1))
    nrows = max([r for r, _ in cells.values()] + [0]) + 1
    ncols = max([c for _, c in cells.values()] + [0]) + 1
    grid = [[None] * ncols for _ in range(nrows)]
    for s in board.spots:
        r, c = cells[s.name]
        grid[r][c] = s
    lines = []
    for r in range(nrows):
        row = []
        for c in range(ncols):
            s = grid[r][c]
            if s is None:
                row.append(" " * cell)
                continue
            rgb = tuple(lit.get(s.name) or (0, 0, 0))
            on = any(rgb)
            if s.name in faults:
                sym = "!"
            elif not s.leds:
                sym = "~"
            elif on:
                sym = (symbol(s.name, rgb) if symbol else None) or "#"
            elif s.name in tokens:
                sym = "o"
            else:
                sym = "."
            text = code[s.name].upper() if s.name in tokens else code[s.name]
            body = (sym + text).ljust(inner)[:inner]
            if s.name == cursor and mode == "plain":
                body = (">" + body[1:]) if inner < 3 else (">" + body[: inner - 2] + "<")
            if mode == "plain":
                row.append(body + " ")
                continue
            shown = rgb if on else OFF_RGB
            style = _bg(shown, mode) + _fg_on(shown, mode)
            if s.name in tokens:
                style += "\x1b[4m"  # a token: underlined (and its code in capitals)
            if s.name == cursor:
                style += "\x1b[7m"
            row.append(style + body + RESET + " ")
        lines.append("".join(row).rstrip())
    return lines


def legend(board, width=120) -> list:
    """`code  full name` pairs for every spot, in columns (the help overlay)."""
    _, cell = layout(board, width)
    code = codes(board, max(1, cell - 2))
    items = ["%-*s %s" % (max(1, cell - 2), code[s.name], s.name) for s in board.spots]
    colw = max([len(i) for i in items] + [10]) + 2
    per = max(1, width // colw)
    rows = (len(items) + per - 1) // per
    return [
        "".join(items[k * rows + r].ljust(colw) for k in range(per) if k * rows + r < len(items))
        .rstrip()
        for r in range(rows)
    ]


def find(board, text, width=120):
    """The spot a typed name means: its code, a name, a name's start, or a part of a name
    (any case); None when nothing fits."""
    t = text.strip().lower().replace(" ", "_")
    if not t:
        return None
    _, cell = layout(board, width)
    code = codes(board, max(1, cell - 2))
    names = [s.name for s in board.spots]
    for test in (
        lambda n: n.lower() == t,
        lambda n: code[n].lower() == t,
        lambda n: n.lower().startswith(t),
        lambda n: t in n.lower(),
    ):
        hits = [n for n in names if test(n)]
        if hits:
            return hits[0]
    return None


def hit(board, row, col, width=120, top=0, left=0):
    """The spot under a screen position (0-based row/col of the board's first line), or None."""
    cells, cell = layout(board, width)
    r, c = row - top, (col - left) // cell
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
