#!/usr/bin/env python3
"""Wiring diagram per board map, generated so it never goes stale: hardware/wiring/<name>.svg.

    python tools/wiring.py            # regenerate every diagram
    python tools/wiring.py --check    # exit 1 if a committed diagram differs from a fresh one

The drawing has two parts. Top: the board seen from below, every spot at its map position, the
LED data chain in strip order (arrows from LED 0), 5 V injection points, and each sensed spot's
electrode written as chip letter + electrode (A3 = MPR121 0x5A, ELE3) with the chip's colour.
Bottom: the electronics: Pico pins, the 74AHCT125 level shifter on the data line, the I2C bus with
its pull-ups and every MPR121 with its ADDR strap, and the 5 V supply. Output is deterministic
(integers only, board order) so a test can compare bytes.
"""

from __future__ import annotations

import argparse
import json
import pathlib
import sys
from xml.sax.saxutils import escape

from arkham_host.maker import boards

REPO = pathlib.Path(__file__).resolve().parent.parent
OUT_DIR = REPO / "hardware" / "wiring"
CELL = 64  # px per board-map grid unit
MARGIN = 40
# Dark2 palette (colour-blind safer); the letter A-D carries the same information
CHIP_STYLE = {
    "0x5A": ("A", "#1b9e77"),
    "0x5B": ("B", "#d95f02"),
    "0x5C": ("C", "#7570b3"),
    "0x5D": ("D", "#e7298a"),
}


def _text(x, y, s, size=11, anchor="start", weight="normal", fill="#222"):
    return (
        '<text x="%d" y="%d" font-size="%d" text-anchor="%s" font-weight="%s" fill="%s">%s</text>'
        % (x, y, size, anchor, weight, fill, escape(str(s)))
    )


def _rect(x, y, w, h, fill="#fff", stroke="#333"):
    return '<rect x="%d" y="%d" width="%d" height="%d" rx="6" fill="%s" stroke="%s"/>' % (
        x,
        y,
        w,
        h,
        fill,
        stroke,
    )


def _line(x1, y1, x2, y2, stroke="#333", width=2, extra=""):
    return '<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="%s" stroke-width="%d"%s/>' % (
        x1,
        y1,
        x2,
        y2,
        stroke,
        width,
        extra,
    )


def _chip_key(chip):
    return "0x%02X" % int(str(chip), 16)


def board_part(data, rep, top):
    """Spots, LED chain, injection points. Returns (svg lines, height)."""
    spots = data["spots"]
    xs = [s["xy"][0] for s in spots]
    ys = [s["xy"][1] for s in spots]
    x0, y0 = min(xs), min(ys)

    def pos(s):
        return MARGIN + (s["xy"][0] - x0) * CELL + CELL // 2, top + (
            s["xy"][1] - y0
        ) * CELL + CELL // 2

    out = [
        _text(
            MARGIN,
            top - 12,
            "Board seen from below: LED data chain and electrodes",
            14,
            weight="bold",
        )
    ]
    # the chain visits spots by their first LED index (a spot's LEDs sit together under it)
    chain = sorted((s["leds"][0], pos(s)) for s in spots if s["leds"])
    for (_, a), (_, b) in zip(chain, chain[1:], strict=False):
        out.append(_line(a[0], a[1], b[0], b[1], "#999", 2, ' marker-end="url(#arrow)"'))
    inject = set(rep["power"]["injection_leds"])
    for s in spots:
        x, y = pos(s)
        pad = s.get("pad")
        if pad:
            letter, colour = CHIP_STYLE.get(_chip_key(pad[0]), ("?", "#000"))
            out.append(
                '<circle cx="%d" cy="%d" r="17" fill="#fff" stroke="%s" stroke-width="5"/>'
                % (x, y, colour)
            )
            out.append(_text(x, y + 4, "%s%d" % (letter, pad[1]), 11, "middle", "bold", colour))
        else:
            out.append(
                '<circle cx="%d" cy="%d" r="13" fill="#fff" stroke="#bbb" stroke-width="2"/>'
                % (x, y)
            )
        leds = s["leds"]
        if leds:
            label = str(leds[0]) if len(leds) == 1 else "%d-%d" % (leds[0], leds[-1])
            out.append(_text(x + 18, y - 12, label, 9, fill="#666"))
            if any(i in inject for i in leds):
                out.append(
                    '<rect x="%d" y="%d" width="10" height="10" fill="#c00"/>' % (x - 26, y - 26)
                )
        out.append(_text(x, y + 30, s["name"], 9, "middle"))
    height = (max(ys) - y0 + 1) * CELL
    width = (max(xs) - x0 + 1) * CELL
    return out, width, height


def electronics_part(data, rep, top):
    """Pico, level shifter, I2C bus and chips, supply. Returns (svg lines, width, height)."""
    out = [_text(MARGIN, top - 12, "Electronics", 14, weight="bold")]
    sda, scl = data["i2c"]["sda"], data["i2c"]["scl"]
    led_pin = data["leds"]["pin"]
    p = rep["power"]
    # Pico
    px, py = MARGIN, top
    out.append(_rect(px, py, 250, 195, "#eef6ee"))
    out.append(_text(px + 100, py + 20, "Raspberry Pi Pico", 13, "middle", "bold"))
    pins = [
        ("3V3(OUT)", "to MPR121 VCC + pull-ups"),
        (sda, "I2C SDA"),
        (scl, "I2C SCL"),
        (led_pin, "LED data (3.3 V)"),
        ("VSYS", "5 V in via Schottky diode"),
        ("GND", "common ground"),
        ("GP22", "GND at power-up: CIRCUITPY writable"),
    ]
    for i, (pin, what) in enumerate(pins):
        out.append(_text(px + 10, py + 45 + 21 * i, "%s: %s" % (pin, what), 11))
    # Level shifter
    lx, ly = px + 310, py
    out.append(_rect(lx, ly, 230, 110, "#eef0fa"))
    out.append(_text(lx + 115, ly + 20, "74AHCT125 (3.3 V -> 5 V)", 13, "middle", "bold"))
    for i, t in enumerate(
        [
            "1A <- %s" % led_pin,
            "1Y -> 330 ohm -> LED 0 DIN",
            "1OE -> GND, VCC -> 5 V",
            "unused inputs -> GND",
        ]
    ):
        out.append(_text(lx + 10, ly + 42 + 18 * i, t, 11))
    out.append(_line(px + 250, py + 108, lx, ly + 40, "#c60", 2))
    # Supply
    sx, sy = lx + 290, py
    out.append(_rect(sx, sy, 300, 110, "#fbeeee"))
    out.append(_text(sx + 150, sy + 20, "5 V supply %d mA" % p["supply_ma"], 13, "middle", "bold"))
    lines = [
        "LEDs %d x 60 mA = %d mA at full white" % (rep["leds"], p["full_white_ma"]),
        "brightness cap %d/255 -> at most %d mA" % (p["brightness_cap"], p["capped_full_white_ma"]),
        "inject 5 V + GND at LEDs %s" % ", ".join(str(i) for i in p["injection_leds"]),
        "1000 uF across 5 V/GND at LED 0",
    ]
    for i, t in enumerate(lines):
        out.append(_text(sx + 10, sy + 42 + 18 * i, t, 11))
    # I2C bus and chips
    by = py + 210
    chips = list(rep["chips"])
    bus_w = max(1, len(chips)) * 250
    out.append(_line(px + 250, py + 66, px + 280, by, "#06c", 2))
    out.append(_line(px + 250, py + 87, px + 270, by + 14, "#09c", 2))
    out.append(_line(px + 280, by, px + 280 + bus_w, by, "#06c", 3))
    out.append(_line(px + 270, by + 14, px + 280 + bus_w, by + 14, "#09c", 3))
    out.append(_text(px + 280 + bus_w + 6, by + 4, "SDA", 11, fill="#06c"))
    out.append(_text(px + 280 + bus_w + 6, by + 18, "SCL", 11, fill="#09c"))
    out.append(_text(MARGIN, by + 4, "4.7 kohm pull-ups", 11))
    out.append(_text(MARGIN, by + 18, "SDA, SCL -> 3V3 (once)", 11))
    names_by_pad = {}
    for s in data["spots"]:
        if s.get("pad"):
            names_by_pad[(_chip_key(s["pad"][0]), s["pad"][1])] = s["name"]
    tallest = 0
    for i, chip in enumerate(chips):
        c = rep["chips"][chip]
        letter, colour = CHIP_STYLE.get(chip, ("?", "#000"))
        cx, cy = px + 290 + 250 * i, by + 40
        h = 60 + 16 * 12
        tallest = max(tallest, h)
        out.append(_line(cx + 20, by, cx + 20, cy, "#06c", 2))
        out.append(_line(cx + 40, by + 14, cx + 40, cy, "#09c", 2))
        out.append(
            '<rect x="%d" y="%d" width="230" height="%d" rx="6" fill="#fff" stroke="%s" '
            'stroke-width="4"/>' % (cx, cy, h, colour)
        )
        out.append(
            _text(cx + 115, cy + 20, "%s  MPR121 %s" % (letter, chip), 13, "middle", "bold", colour)
        )
        out.append(
            _text(cx + 115, cy + 38, "ADDR -> %s, VCC 3V3, IRQ n/c" % c["addr_pin"], 11, "middle")
        )
        for e in range(12):
            name = names_by_pad.get((chip, e), "(free)")
            out.append(
                _text(
                    cx + 10,
                    cy + 60 + 16 * e,
                    "ELE%-2d %s" % (e, name),
                    11,
                    fill="#222" if name != "(free)" else "#aaa",
                )
            )
    width = max(sx + 300, px + 290 + 250 * len(chips)) - MARGIN
    return out, width, (by + 40 + tallest) - top


def svg(data: dict) -> str:
    """The wiring diagram of one board map, as SVG text (deterministic)."""
    rep = boards.report(data)
    head_h = 60
    board, bw, bh = board_part(data, rep, head_h + 30)
    etop = head_h + 30 + bh + 60
    elec, ew, eh = electronics_part(data, rep, etop)
    width = MARGIN * 2 + max(bw, ew)
    height = etop + eh + MARGIN
    out = [
        '<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" '
        'font-family="sans-serif">' % (width, height, width, height),
        '<defs><marker id="arrow" viewBox="0 0 10 10" refX="22" refY="5" markerWidth="6" '
        'markerHeight="6" orient="auto"><path d="M0,0 L10,5 L0,10 z" fill="#999"/></marker></defs>',
        '<rect width="100%" height="100%" fill="#fff"/>',
        _text(MARGIN, 30, "%s: %s" % (data["name"], data.get("title", "")), 18, weight="bold"),
        _text(
            MARGIN,
            50,
            "Generated by tools/wiring.py from hardware/boards/%s.json; do not edit. "
            "Ring = sensed spot (letter = chip, number = electrode); grey = light only; "
            "red square = 5 V injection; small number = LED index." % data["name"],
            11,
            fill="#555",
        ),
    ]
    out += board + elec
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _show(path):
    try:
        return path.relative_to(REPO)
    except ValueError:
        return path


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("names", nargs="*", help="map names (default: every map in hardware/boards)")
    ap.add_argument("--check", action="store_true", help="compare with the committed files only")
    args = ap.parse_args(argv)
    names = args.names or boards.map_names()
    stale = 0
    OUT_DIR.mkdir(parents=True, exist_ok=True)
    for name in names:
        data = json.loads(boards.map_path(name).read_text())
        errors = boards.validate(data)
        if errors:
            print("BAD  %s: %s" % (name, "; ".join(errors)))
            stale += 1
            continue
        text = svg(data)
        path = OUT_DIR / (boards.map_path(name).stem + ".svg")
        if args.check:
            if not path.exists() or path.read_text() != text:
                print("stale %s (run python tools/wiring.py)" % _show(path))
                stale += 1
        elif not path.exists() or path.read_text() != text:
            path.write_text(text)
            print("wrote %s" % _show(path))
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main())
