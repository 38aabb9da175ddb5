"""`arkham-table ports`: tables you can talk to — Picos on USB and running emulated tables."""

from __future__ import annotations

HELP = "list tables: Picos on USB (MicroPython/CircuitPython) and running emulated tables"

# USB VID:PID -> firmware (the stock MicroPython and CircuitPython Pico builds)
PICO_IDS = {(0x2E8A, 0x0005): "micropython", (0x239A, 0x80F4): "circuitpython"}


def add_arguments(p):
    p.add_argument("--json", action="store_true", help="print a JSON list")


def picos() -> list[dict]:
    from serial.tools import list_ports

    found = []
    for info in list_ports.comports():
        impl = PICO_IDS.get((info.vid, info.pid))
        if impl:
            found.append(
                {
                    "kind": "pico",
                    "serial": info.device,
                    "impl": impl,
                    "serial_number": info.serial_number,
                    "description": info.description,
                }
            )
    found.sort(key=lambda p: p["serial"])
    return found


def emulators() -> list[dict]:
    from arkham_host.wire import registry

    out = []
    for e in registry.running():
        e = dict(e)
        e.pop("started", None)
        e["kind"] = "emulated"
        out.append(e)
    return out


def all_tables() -> list[dict]:
    return emulators() + picos()


def default_port() -> str:
    """The only running emulator, else the only Pico; a clear error otherwise."""
    sims, boards = emulators(), picos()
    if len(sims) == 1:
        return sims[0]["serial"]
    if not sims and len(boards) == 1:
        return boards[0]["serial"]
    if not sims and not boards:
        raise SystemExit("no table found: start one with `arkham-table sim` or plug in a Pico")
    names = ", ".join(t["serial"] for t in sims + boards)
    raise SystemExit("several tables (%s): name one as PORT" % names)


def run(args) -> int:
    import json

    tables = all_tables()
    if args.json:
        print(json.dumps(tables, sort_keys=True))
        return 0
    if not tables:
        print("no tables: start one with `arkham-table sim`, or plug in a Pico")
        return 0
    for t in tables:
        if t["kind"] == "emulated":
            print(
                "%-14s emulated  board=%s game=%s world=%s pid=%s"
                % (t["serial"], t.get("board"), t.get("game"), t.get("world"), t.get("pid"))
            )
        else:
            print("%-14s pico      %s %s" % (t["serial"], t["impl"], t.get("serial_number") or ""))
    return 0
