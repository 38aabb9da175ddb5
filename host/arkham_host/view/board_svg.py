"""The board as SVG: one drawing for the live page, `arkham-table render` and the tests.

`svg(board_map, layout, look)` is a pure function. `look` says what the table shows:
    {"lit":     {SPOT: [r, g, b]}   the colour the game asked for (full level, before gamma)
     "anim":    {SPOT: "steady"|"blink"|"pulse"|"flash"}
     "present": [SPOT, ...]          pads that sense a token or a hand
     "awaited": {SPOT: TEXT}         spots the table waits for (a prompt), and what for
     "faults":  [SPOT, ...]}         spots whose chip or electrode is failing
Every spot is a `<g class="spot ..." id="spot-NAME" data-spot="NAME">` holding its body, its
light, a token mark and its label, so the page updates lights by id and a test finds every spot.
The animations are CSS (the same periods as arkham.hw.pixels), so a saved SVG animates too.
"""

from __future__ import annotations

from xml.sax.saxutils import escape

OFF = "#26262e"  # an unlit spot: dark slate, so the board's shape stays visible
ANIMS = ("steady", "blink", "pulse", "flash")

STYLE = """
.bg{fill:#101014}
.area{fill:none;stroke:#4a4a58;stroke-width:1.5;stroke-dasharray:6 4}
.area-label{fill:#8a8aa0;font:13px 'DejaVu Sans',sans-serif}
.title{fill:#c8c8d8;font:bold 16px 'DejaVu Sans',sans-serif}
.link{stroke:#55556a;stroke-width:3}
.spot .body{fill:%s;stroke:#8a8a9a;stroke-width:1}
.spot .light{stroke:none}
.spot .label{fill:#e8e8f0;font:11px 'DejaVu Sans',sans-serif;text-anchor:middle;pointer-events:none}
.spot .halo{fill:none;stroke:#101014;stroke-width:3px;stroke-linejoin:round;
 font:11px 'DejaVu Sans',sans-serif;text-anchor:middle;pointer-events:none}
.spot .token{display:none;fill:#111;stroke:#fff;stroke-width:2}
.spot.present .token{display:inline}
.spot .await{display:none;fill:none;stroke:#ffe14d;stroke-width:3;stroke-dasharray:5 3}
.spot.awaited .await{display:inline}
.spot.fault .body{stroke:#ff3030;stroke-width:3}
.anim-blink .light{animation:ah-blink 1s step-end infinite}
.anim-flash .light{animation:ah-blink .25s step-end infinite}
.anim-pulse .light{animation:ah-pulse 2s linear infinite}
@keyframes ah-blink{0%%{opacity:1}50%%{opacity:0}}
@keyframes ah-pulse{0%%{opacity:.125}50%%{opacity:1}100%%{opacity:.125}}
""" % OFF


def hex_rgb(rgb) -> str:
    r, g, b = (max(0, min(255, int(c))) for c in rgb)
    return "#%02x%02x%02x" % (r, g, b)


def _shape(kind, cls, x, y, w, h, fill=None, grow=0):
    w, h = w + 2 * grow, h + 2 * grow
    f = ' fill="%s"' % fill if fill else ""
    if kind["shape"] == "rect":
        return '<rect class="%s" x="%g" y="%g" width="%g" height="%g" rx="6"%s/>' % (
            cls, x - w / 2, y - h / 2, w, h, f)
    if kind["shape"] == "circle":
        return '<circle class="%s" cx="%g" cy="%g" r="%g"%s/>' % (cls, x, y, min(w, h) / 2, f)
    return '<ellipse class="%s" cx="%g" cy="%g" rx="%g" ry="%g"%s/>' % (cls, x, y, w / 2, h / 2, f)


def _label_lines(text, width):
    """One or two lines that fit about `width` px at 11 px type."""
    per = max(4, int(width // 6.2))
    if len(text) <= per or " " not in text:
        return [text]
    words = text.split(" ")
    best = None
    for i in range(1, len(words)):
        a, b = " ".join(words[:i]), " ".join(words[i:])
        score = max(len(a), len(b))
        if best is None or score < best[0]:
            best = (score, [a, b])
    return best[1]


def spot_classes(name, look) -> str:
    cls = ["spot"]
    anim = (look.get("anim") or {}).get(name, "steady")
    cls.append("anim-" + (anim if anim in ANIMS else "steady"))
    if name in set(look.get("present") or ()):
        cls.append("present")
    if name in (look.get("awaited") or {}):
        cls.append("awaited")
    if name in set(look.get("faults") or ()):
        cls.append("fault")
    return " ".join(cls)


def svg(board_map, layout, look=None, title=True) -> str:
    look = look or {}
    lit = look.get("lit") or {}
    awaited = look.get("awaited") or {}
    W, H = layout["size"]
    kinds = layout["kinds"]
    spots = layout["spots"]
    out = [
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %g %g" width="%g" height="%g" '
        'class="board" data-board="%s">' % (W, H, W, H, escape(str(board_map.get("name")))),
        "<style>%s</style>" % STYLE,
        '<rect class="bg" x="0" y="0" width="%g" height="%g"/>' % (W, H),
    ]
    if title:
        out.append('<text class="title" x="12" y="%g">%s</text>' % (H - 10, escape(
            layout.get("title") or board_map.get("title", ""))))
    for a in layout.get("areas", []):
        if "box" in a:
            x, y, w, h = a["box"]
            out.append('<rect class="area" x="%g" y="%g" width="%g" height="%g" rx="10"/>'
                       % (x, y, w, h))
            out.append('<text class="area-label" x="%g" y="%g">%s</text>'
                       % (x + 8, y + 15, escape(a["label"])))
        else:
            cx, cy, r = a["circle"]
            out.append('<circle class="area" cx="%g" cy="%g" r="%g"/>' % (cx, cy, r))
            out.append('<text class="area-label" x="%g" y="%g">%s</text>'
                       % (cx - r * 0.7, cy - r * 0.7, escape(a["label"])))
    for a, b in layout.get("links", []):
        (x1, y1), (x2, y2) = spots[a]["at"], spots[b]["at"]
        out.append('<line class="link" x1="%g" y1="%g" x2="%g" y2="%g"/>' % (x1, y1, x2, y2))
    for s in board_map.get("spots", []):
        name = s["name"]
        sp = spots[name]
        kind = kinds[sp["kind"]]
        x, y = sp["at"]
        w, h = kind["size"]
        rgb = lit.get(name)
        lit_fill = hex_rgb(rgb) if rgb and any(rgb) else "none"
        label = sp["label"]
        tip = "%s (%s)%s" % (label, name, (": waits: " + awaited[name]) if name in awaited else "")
        out.append('<g class="%s" id="spot-%s" data-spot="%s" data-kind="%s">' % (
            spot_classes(name, look), escape(name), escape(name), escape(sp["kind"])))
        out.append("<title>%s</title>" % escape(tip))
        out.append(_shape(kind, "await", x, y, w, h, grow=5))
        out.append(_shape(kind, "body", x, y, w, h, fill=kind.get("fill")))
        out.append(_shape(kind, "light", x, y, w - 4, h - 4, fill=lit_fill))
        tr = min(w, h) / 5 + 2
        out.append('<circle class="token" cx="%g" cy="%g" r="%g"/>'
                   % (x + w / 2 - tr / 2, y - h / 2 + tr / 2, tr))
        lines = _label_lines(label, max(w, 90))
        inside = kind["shape"] != "circle" and h >= 30 and w >= 60
        ty = y - 6 * (len(lines) - 1) + 4 if inside else y + h / 2 + 12
        for cls in ("halo", "label"):  # a dark outline first, so a label reads on any light
            for i, ln in enumerate(lines):
                out.append('<text class="%s" x="%g" y="%g">%s</text>'
                           % (cls, x, ty + 12 * i, escape(ln)))
        out.append("</g>")
    out.append("</svg>")
    return "\n".join(out)


def to_png(svg_text: str, path, scale: float = 1.0) -> None:
    """Write the SVG as a PNG (cairosvg, the same drawing)."""
    import cairosvg

    cairosvg.svg2png(bytestring=svg_text.encode("utf-8"), write_to=str(path), scale=scale)


def write(svg_text: str, path) -> None:
    """Write to path.svg or path.png by its suffix."""
    p = str(path)
    if p.lower().endswith(".png"):
        to_png(svg_text, p)
    elif p.lower().endswith(".svg"):
        with open(p, "w") as f:
            f.write(svg_text)
    else:
        raise ValueError("output %s: want a .svg or .png file" % p)
