"""`arkham-table bench`: figures, not verdicts. Every module in this package that defines
`measure() -> dict` (figure name -> number) contributes; modules whose name starts with `_` are
helpers. Timings are printed, never asserted.
"""

from __future__ import annotations

HELP = "measure and print figures (heap, scan/render cost, link round trips, games)"


def add_arguments(p):
    p.add_argument("--json", action="store_true", help="print one JSON object of all figures")
    p.add_argument(
        "--only",
        metavar="MODULE",
        action="append",
        help="run only this bench module (repeatable), e.g. --only table",
    )


def modules():
    import pkgutil

    here = __path__  # noqa: F821 - a package's own __path__
    return sorted(m.name for m in pkgutil.iter_modules(here) if not m.name.startswith("_"))


def collect(only=None, progress=None) -> dict:
    """Run every bench module's measure(); a module that fails reports `<module>_error`."""
    import importlib
    import traceback

    figures = {}
    for name in modules():
        if only and name not in only:
            continue
        if progress:
            progress(name)
        try:
            mod = importlib.import_module(__name__ + "." + name)
            measure = getattr(mod, "measure", None)
            if measure is None:
                continue
            figures.update(measure())
        except Exception as e:  # one broken bench must not hide the others' figures
            figures[name + "_error"] = "%s: %s" % (type(e).__name__, e)
            if progress:
                traceback.print_exc()
    return figures


def run(args) -> int:
    import json
    import sys

    import time

    todo = [m for m in modules() if not args.only or m in args.only]
    t0 = time.monotonic()

    def progress(name):  # on stderr, with --json too: stdout stays the figures alone
        n = todo.index(name) + 1 if name in todo else 0
        print("bench: [%d/%d] %s ... (%.0f s so far)" % (n, len(todo), name,
              time.monotonic() - t0), file=sys.stderr, flush=True)

    figures = collect(args.only, progress)
    print("bench: done in %.0f s" % (time.monotonic() - t0), file=sys.stderr, flush=True)
    if args.json:
        print(json.dumps(figures, sort_keys=True))
    else:
        width = max([len(k) for k in figures] + [10])
        for k in sorted(figures):
            v = figures[k]
            text = ("%.3f" % v) if isinstance(v, float) else str(v)
            print("%-*s  %s" % (width, k, text))
    return 1 if any(k.endswith("_error") for k in figures) else 0
