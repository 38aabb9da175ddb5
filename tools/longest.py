#!/usr/bin/env python3
"""The longest functions of the firmware and the host, counted by lines with `ast`.

    python tools/longest.py                 # the 10 longest over firmware/ and host/
    python tools/longest.py -n 20 host      # the 20 longest under host/

A function's length is its lines from `def` (decorators not counted) to its last statement,
docstring and comments included; a nested function counts within its parent and on its own.
"""

import argparse
import ast
import pathlib
import sys

REPO = pathlib.Path(__file__).resolve().parent.parent
SKIP = {"node_modules", "__pycache__", ".venv"}


def functions(path):
    """(length, line, qualified name) of every function in one file."""
    tree = ast.parse(path.read_text(), str(path))
    out = []
    todo = [(tree, "")]
    while todo:
        node, prefix = todo.pop()
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                name = prefix + child.name
                out.append((child.end_lineno - child.lineno + 1, child.lineno, name))
                todo.append((child, name + "."))
            elif isinstance(child, ast.ClassDef):
                todo.append((child, prefix + child.name + "."))
            else:
                todo.append((child, prefix))
    return out


def longest(roots, n):
    rows = []
    for root in roots:
        for path in sorted(root.rglob("*.py")):
            if SKIP & set(path.parts):
                continue
            for length, line, name in functions(path):
                rows.append((length, "%s:%d" % (path.relative_to(REPO), line), name))
    rows.sort(key=lambda r: (-r[0], r[1]))
    return rows[:n]


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("roots", nargs="*", default=["firmware", "host"],
                    help="folders under the repository (default: firmware host)")
    ap.add_argument("-n", type=int, default=10, help="how many (default 10)")
    args = ap.parse_args(argv)
    roots = [REPO / r for r in args.roots]
    missing = [str(r) for r in roots if not r.is_dir()]
    if missing:
        print("longest.py: no such folder: %s" % ", ".join(missing), file=sys.stderr)
        return 2
    if args.n < 1:
        print("longest.py: -n must be at least 1", file=sys.stderr)
        return 2
    for length, where, name in longest(roots, args.n):
        print("%5d  %-48s %s" % (length, where, name))
    return 0


if __name__ == "__main__":
    sys.exit(main())
