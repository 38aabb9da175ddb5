#!/usr/bin/env python3
"""Build the release bundle for a table: the device package compiled with mpy-cross (arkham/emu
left out), the boot entry file and a board map, laid out like the device's filesystem.

    python tools/bundle.py --board ah2e                       # mpy-cross's own .mpy version
    python tools/bundle.py --board ah2e --mpy 6.2/armv6m      # MicroPython 1.22 on an RP2040
    python tools/bundle.py --board ah2e --runtime circuitpython   # sources + code.py
    python tools/bundle.py --board ah2e --zip                 # also dist/<name>.zip

Copy the folder's contents to the board's root (or use `arkham-table deploy`, which builds the
same bundle matched to the device it finds).
"""

import argparse
import pathlib
import shutil
import sys

import arkham
from arkham_host.device import bundle
from arkham_host.maker import boards

REPO = pathlib.Path(__file__).resolve().parent.parent


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--board", default="bringup", help="board map name or path (default bringup)")
    ap.add_argument("--runtime", choices=sorted(bundle.ENTRY), default="micropython")
    ap.add_argument(
        "--mpy", help="target .mpy version: 6.3, 6.2/armv6m or a sys.implementation._mpy"
    )
    ap.add_argument("--source", action="store_true", help="ship .py sources, do not compile")
    ap.add_argument("--out", help="output folder (default dist/arkham-table-VERSION-...)")
    ap.add_argument("--zip", action="store_true", help="also write a .zip of the folder")
    args = ap.parse_args(argv)
    try:
        path = boards.map_path(args.board)
        compile_ = args.runtime == "micropython" and not args.source
        mpy = bundle.MpyVersion.parse(args.mpy) if args.mpy else None
        if compile_ and mpy is None:
            mpy = bundle.mpy_cross_version()
        tag = ("mpy%d.%d-%s" % (mpy.major, mpy.sub, mpy.arch or "any")) if compile_ else "py"
        name = "arkham-table-%s-%s-%s-%s" % (arkham.VERSION, args.runtime, path.stem, tag)
        out = pathlib.Path(args.out) if args.out else REPO / "dist" / name
        bundle.build(out, path, args.runtime, compile=compile_, mpy=mpy)
    except (bundle.BundleError, FileNotFoundError) as e:
        print("error: %s" % e, file=sys.stderr)
        return 1
    if args.zip:
        archive = shutil.make_archive(str(out), "zip", root_dir=out)
        print("zip %s" % archive)
    return 0


if __name__ == "__main__":
    sys.exit(main())
