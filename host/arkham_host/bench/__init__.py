"""`arkham-table bench`: figures, not verdicts. Every module in this package that defines
`measure() -> dict` (figure name -> number) contributes; modules whose name starts with `_` are
helpers. Timings are printed, never asserted.

Two things do fail the command (exit 1): a module that raised (`<module>_error`), and a module
that saw the table misbehave while it measured: a non-empty list under a key ending in `_faults`
(bench pico: an `error` event, a chip reset, an unexpected refusal), each fault also printed on
stderr, naming the action that did it. The figures are printed all the same.
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
            if isinstance(v, list):  # (faults: one a line)
                print("%-*s  %s" % (width, k, len(v) if v else "none"))
                for item in v:
                    print("%-*s    %s" % (width, "", item))
                continue
            text = ("%.3f" % v) if isinstance(v, float) else str(v)
            print("%-*s  %s" % (width, k, text))
    faults = faults_of(figures)
    for k, item in faults:
        print("bench: FAULT (%s) %s" % (k, item), file=sys.stderr, flush=True)
    if faults:
        print("bench: %d fault(s): the table misbehaved while measured (exit 1)" % len(faults),
              file=sys.stderr, flush=True)
    return 1 if faults or any(k.endswith("_error") for k in figures) else 0


def faults_of(figures: dict) -> list:
    """(key, fault) for every item of a non-empty `*_faults` list, in key order."""
    out = []
    for k in sorted(figures):
        v = figures[k]
        if k.endswith("_faults") and v:
            out.extend((k, item) for item in (v if isinstance(v, (list, tuple)) else [v]))
    return out
