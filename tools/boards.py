#!/usr/bin/env python3
"""Validate every board map with the firmware's own boot check and report its figures.

    python tools/boards.py            # one line per map
    python tools/boards.py ah2e       # full report: electrodes per chip, power, injection points
    python tools/boards.py --check    # exit 1 when any map is bad (CI)

Same as `arkham-table boards`; kept here so a release script needs no installed entry point.
"""

import argparse
import sys

from arkham_host.maker import boards

if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=boards.HELP)
    boards.add_arguments(parser)
    sys.exit(boards.run(parser.parse_args()))
