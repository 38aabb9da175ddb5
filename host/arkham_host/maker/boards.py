"""`arkham-table boards [NAME] [--check]`: list, validate and report the board maps.

Validation is the device's own (`arkham.boardmap.validate`, the check the firmware runs at boot),
so a map that passes here boots. The report adds what a maker needs to buy and wire: LED count,
electrodes per chip (and which are free), the power budget with the brightness cap the firmware
enforces, and where to inject 5 V along the LED chain.
"""

from __future__ import annotations

import argparse
import json
import pathlib

from arkham_host.device import runtimes

HELP = "list, validate and report the board maps (LEDs, electrodes per chip, power budget)"

ELECTRODES_PER_CHIP = 12
# MPR121 I2C address <- what its ADDR pin is tied to (datasheet table 1)
ADDR_PIN = {"0x5A": "GND", "0x5B": "3V3", "0x5C": "SDA", "0x5D": "SCL"}

# Voltage drop model for the LED chain (see hardware/README.md "Power"). Each spot's pixel is
# wired to the next with a hop of hookup wire; the current of every pixel downstream flows through
# it, on +5 V and back on GND. Inject 5 V from a thick bus often enough that no pixel sees more
# than MAX_DROP_MV below the supply at the capped brightness.
HOP_M = 0.15  # metres of wire between neighbouring spots on a board (measure yours)
WIRE_MOHM_PER_M = 53  # 22 AWG copper, one way; doubled for the return
MAX_DROP_MV = 250


def boards_dir() -> pathlib.Path:
    return runtimes.BOARDS_DIR


def map_names() -> list[str]:
    return sorted(p.stem for p in boards_dir().glob("*.json"))


def map_path(name_or_path: str) -> pathlib.Path:
    """`ah2e` -> hardware/boards/ah2e.json; a path (contains / or ends .json) is taken as given."""
    from arkham_host.device.boardfile import board_path

    return board_path(name_or_path)


def read_map(name_or_path: str) -> dict:
    path = map_path(name_or_path)
    try:
        with open(path) as f:
            return json.load(f)
    except ValueError as e:
        raise ValueError("%s is not valid JSON: %s" % (path, e)) from None


def validate(data) -> list[str]:
    """The firmware's boot-time check: [] when the map is good, else one string per problem."""
    from arkham import boardmap

    return list(boardmap.validate(data))


def validate_layout(name_or_path: str, data: dict) -> list[str]:
    """Problems of the map's drawing layout (hardware/boards/layout/NAME.json), prefixed
    "layout: "; [] when it is good or there is none (the view then draws the map's xy)."""
    from arkham_host.view import layout

    p = layout.layout_path(map_path(name_or_path))
    if not p.exists():
        return []
    try:
        lay = json.loads(p.read_text())
    except ValueError as e:
        return ["layout: %s is not valid JSON: %s" % (p, e)]
    return ["layout: " + e for e in layout.validate(lay, data)]


def brightness_cap(power: dict, led_count: int) -> int:
    """0..255, exactly as the firmware enforces it (arkham.boardcheck: the supply's budget after
    the reserve, over led_count * ma_per_led_full at full white, scaled to 255, at most 255)."""
    from arkham import boardcheck

    return boardcheck.brightness_cap(power, led_count)


def injection_points(led_count: int, ma_per_led: int) -> list[int]:
    """LED indices where 5 V should be fed in so the drop stays under MAX_DROP_MV.

    A segment of n pixels fed at its start drops R_hop * I * n(n+1)/2 at its far end.
    """
    if led_count <= 0:
        return []
    r_hop_mohm = HOP_M * WIRE_MOHM_PER_M * 2
    n = 1
    while n < led_count and r_hop_mohm * ma_per_led * (n + 1) * (n + 2) / 2 / 1000 <= MAX_DROP_MV:
        n += 1
    segments = -(-led_count // n)
    step = -(-led_count // segments)  # equal segments, none longer than n
    return list(range(0, led_count, step))


def report(data: dict) -> dict:
    """Figures for one (valid) map; JSON-able."""
    chips = list(data["chips"])
    used = {c: [] for c in chips}
    sensed, light_only, sensor_only = [], [], []
    for s in data["spots"]:
        pad = s.get("pad")
        if pad:
            used.setdefault(pad[0], []).append(pad[1])
            sensed.append(s["name"])
        if pad and not s.get("leds"):
            sensor_only.append(s["name"])
        if not pad:
            light_only.append(s["name"])
    count = int(data["leds"]["count"])
    power = data["power"]
    per_led = int(power["ma_per_led_full"])
    cap = brightness_cap(power, count)
    capped_ma_per_led = per_led * cap // 255
    return {
        "name": data["name"],
        "title": data.get("title", ""),
        "spots": len(data["spots"]),
        "leds": count,
        "led_pin": data["leds"]["pin"],
        "i2c": {"sda": data["i2c"]["sda"], "scl": data["i2c"]["scl"]},
        "sensed": len(sensed),
        "light_only": light_only,
        "sensor_only": sensor_only,
        "chips": {
            c: {
                "addr_pin": ADDR_PIN.get(c, "?"),
                "used": len(used[c]),
                "free": [e for e in range(ELECTRODES_PER_CHIP) if e not in used[c]],
            }
            for c in chips
        },
        "power": {
            "supply_ma": int(round(float(power["supply_amps"]) * 1000)),
            "reserve_ma": int(power["reserve_ma"]),
            "full_white_ma": count * per_led,
            "brightness_cap": cap,
            "capped_full_white_ma": count * capped_ma_per_led,
            "injection_leds": injection_points(count, capped_ma_per_led),
        },
    }


def format_report(rep: dict) -> str:
    p = rep["power"]
    lines = [
        "%s — %s" % (rep["name"], rep["title"]),
        "  spots %d: %d sensed, %d light-only, %d sensor-only"
        % (rep["spots"], rep["sensed"], len(rep["light_only"]), len(rep["sensor_only"])),
        "  LEDs %d on %s; I2C SDA %s SCL %s" % (rep["leds"], rep["led_pin"], *rep["i2c"].values()),
    ]
    for chip, c in rep["chips"].items():
        free = ",".join(str(e) for e in c["free"]) or "none"
        lines.append(
            "  MPR121 %s (ADDR->%s): %2d electrodes used, free: %s"
            % (chip, c["addr_pin"], c["used"], free)
        )
    lines += [
        "  power: full white %d mA; supply %d mA - reserve %d mA"
        % (p["full_white_ma"], p["supply_ma"], p["reserve_ma"]),
        "  brightness cap %d/255 (%d%%): worst case %d mA"
        % (p["brightness_cap"], p["brightness_cap"] * 100 // 255, p["capped_full_white_ma"]),
        "  inject 5 V at LEDs %s" % ", ".join(str(i) for i in p["injection_leds"]),
    ]
    return "\n".join(lines)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("name", nargs="?", help="a map name (hardware/boards/NAME.json) or a path")
    parser.add_argument("--check", action="store_true", help="validate only; exit 1 on errors")
    parser.add_argument("--json", action="store_true", help="print the report as JSON")


def run(args) -> int:
    targets = [args.name] if args.name else map_names()
    bad = 0
    reports = []
    for t in targets:
        try:
            data = read_map(t)
        except (OSError, ValueError) as e:
            print("ERROR %s" % e)
            bad += 1
            continue
        errors = validate(data)
        if not errors:
            errors = validate_layout(t, data)
        if errors:
            bad += 1
            print("BAD  %s: %d problem(s)" % (t, len(errors)))
            for e in errors:
                print("     - " + e)
            continue
        if args.check:
            print("ok   %s" % t)
        elif args.json:
            reports.append(report(data))
        elif args.name:
            print(format_report(report(data)))
        else:
            r = report(data)
            print(
                "%-12s %3d spots %3d LEDs %2d pads on %d chip(s)  cap %3d/255  %s"
                % (
                    t,
                    r["spots"],
                    r["leds"],
                    r["sensed"],
                    len(r["chips"]),
                    r["power"]["brightness_cap"],
                    r["title"],
                )
            )
    if args.json:
        print(json.dumps(reports if not args.name else (reports[0] if reports else None), indent=1))
    return 1 if bad else 0
