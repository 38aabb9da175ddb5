"""`arkham-table`: the command table (mpremote's habit). name -> module with add_arguments/run.

Each command lives in its own module and is imported only when used, so `arkham-table ports`
does not pay for the simulator's UI. A module provides:
    HELP = "one line"
    def add_arguments(parser): ...
    def run(args) -> int
"""
from __future__ import annotations

import argparse
import importlib
import sys

COMMANDS = {
    "sim": "arkham_host.table.sim",
    "console": "arkham_host.session.console",
    "ports": "arkham_host.wire.ports",
    "log": "arkham_host.session.logger",
    "replay": "arkham_host.session.replay",
    "bench": "arkham_host.bench",
    "deploy": "arkham_host.maker.deploy",
    "calibrate": "arkham_host.maker.calibrate",
    "boards": "arkham_host.maker.boards",
    "campaign": "arkham_host.hil.campaign",
    # seeing a table (docs/view.md)
    "view": "arkham_host.view.command",
    "render": "arkham_host.view.render",
    "chart": "arkham_host.view.chart",
    "forecast": "arkham_host.view.forecast",
}


def build_parser() -> tuple[argparse.ArgumentParser, dict]:
    parser = argparse.ArgumentParser(
        prog="arkham-table", description="Arkham Table: emulated table, console, logger, deploy."
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    modules = {}
    for name, path in COMMANDS.items():
        try:
            mod = importlib.import_module(path)
        except ModuleNotFoundError as e:
            if e.name != path:
                raise
            continue  # not built yet
        modules[name] = mod
        p = sub.add_parser(name, help=mod.HELP, description=mod.HELP)
        mod.add_arguments(p)
    return parser, modules


def main(argv=None) -> int:
    parser, modules = build_parser()
    args = parser.parse_args(argv)
    if not args.command:
        parser.print_help()
        return 2
    from arkham_host.wire.portlock import PortBusy

    try:
        return modules[args.command].run(args) or 0
    except KeyboardInterrupt:
        return 130
    except PortBusy as e:  # another program has the table's port open
        print("arkham-table %s: %s" % (args.command, e), file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
