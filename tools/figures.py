#!/usr/bin/env python3
"""docs/figures.md, generated from the committed bench output docs/bench.json: never stale.

    python tools/figures.py                      # write docs/figures.md from docs/bench.json
    python tools/figures.py --check              # exit 1 if docs/figures.md is not a fresh one
    python tools/figures.py --merge new.json     # put a `bench --json` output into docs/bench.json
                                                 # (then write docs/figures.md)

docs/bench.json holds one entry per bench part (the module of `arkham-table bench --only PART`):
the commit and date it was measured at and its figures. `--merge` takes the flat output of
`tools/arkham bench --json [--only PART ...]`, tells each key's part by its name (KEY_PARTS) and
replaces the whole of every part it holds: a part's figures always come from one run of one tree.
The commit is HEAD's (with "+changes" when firmware/ or host/ has uncommitted changes), the date
today's (UTC); `--commit` and `--date` say otherwise (a run measured earlier), `--note` says how
it was measured (`ARKHAM_BENCH_PICO_ACTIONS=30`, ...). An output with a `<part>_error` key is
refused whole (the part failed: its figures would be half a run); a `<part>_skipped` one is
refused where the part has figures (a machine without micropython32 must not wipe them).
Bad input changes nothing.

Budgets (BUDGETS) are those of the bench (bench m32's docstring: the heap on the 32-bit port,
budgets of the 200-action games, with >= 80 KB left free on a stock Pico at AH2e's worst point)
and the chip's (the 60-action game on the emulated RP2040 in chip time, and its C stack). Stdlib
only: a release script needs no installed package.
"""

from __future__ import annotations

import argparse
import datetime
import json
import pathlib
import subprocess
import sys

REPO = pathlib.Path(__file__).resolve().parent.parent
BENCH = REPO / "docs" / "bench.json"
OUT = REPO / "docs" / "figures.md"
KB = 1024

# which part a key comes from, by the start of its name; the first that matches (longest first)
KEY_PARTS = (
    ("ah2e_autopilot_", "autopilot"),
    ("autopilot_", "autopilot"),
    ("ah2e_", "ah2e"),
    ("m32_", "m32"),
    ("pico_", "pico"),
    ("peer_", "peer"),
    ("romfs_", "rom"),
    ("rom_", "rom"),
    ("link_", "link"),
    ("table_", "table"),
    ("heap_", "table"),
    ("scan_render_", "table"),
)

# part -> what it measures (one line under its heading); also the order of the tables
PARTS = (
    ("m32", "heap of each table on the 32-bit MicroPython port at the Pico's heap (micropython32),"
            " code laid out as on a Pico: the smallest heap, to 2 KB, that plays a 200-action game"
            " with no MemoryError"),
    ("pico", "the stock Pico firmware on the emulated RP2040 (rp2040js): an 8-investigator AH2e"
             " game, chip time, the chip's own heap and C stack"),
    ("table", "the firmware under the 64-bit MicroPython unix port: heap at boot and peak, one"
              " scan -> render cycle (its time in units of a reference loop, its allocation)"),
    ("rom", "heap of the table run in place from a ROMFS image on the 64-bit unix port"
            " (pessimistic: objects are ~1.5-2x their Pico size)"),
    ("ah2e", "the AH2e rules core: heap of an 8-investigator random game (64-bit unix port), the"
             " costliest Mythos phase, random games per CPU second on CPython"),
    ("autopilot", "how often the AH2e autopilot wins whole seeded games (virtual chance), beside"
                  " the box's figure for human players"),
    ("link", "command -> reply round trips through an emulated table's pty (wall time: moves with"
             " the machine's load)"),
    ("peer", "our AH2e core against the lunboks engine in one CPython process (runs only with"
             " $ARKHAM_LUNBOKS set)"),
)
PART_NAMES = tuple(p for p, _ in PARTS)


def _at_most(n):
    return ("<=", n)


def _at_least(n):
    return (">=", n)


def _budgets():
    b = {}
    # bench m32's docstring: .mpy on littlefs, 200 actions; a resumed game and a fresh Pico's
    # (bring-up boot, then `game ah2e`) are the same table and get the same budget
    for table, peak in (("bringup", 64), ("ah2e8", 160), ("fh4", 120), ("ritual7", 96)):
        for case in ("", "_resumed", "_after_bringup"):
            b["m32_heap_peak_%s%s_mpy" % (table, case)] = _at_most(peak * KB)
    for case in ("", "_resumed", "_after_bringup"):
        b["m32_pico_free_at_peak_ah2e8%s_mpy" % case] = _at_least(80 * KB)
    b["m32_heap_peak_ah2e8_rom"] = _at_most(96 * KB)
    # the chip: the 60-action bench game, chip time; the C stack's deepest step <= half of it
    b.update({
        "pico_ah2e_step_ms_median": _at_most(100),
        "pico_ah2e_step_ms_p95": _at_most(200),
        "pico_ah2e_step_ms_max": _at_most(400),
        "pico_mythos_ms_max": _at_most(400),
        "pico_touch_to_light_ms": _at_most(50),
        "pico_touch_to_light_ms_max": _at_most(50),
        "pico_mem_free_min_ah2e8": _at_least(80 * KB),
        "pico_stack_max_bytes": _at_most(7936 // 2),
        "pico_ah2e_error_events": _at_most(0),
        "pico_resets": _at_most(0),
    })
    return b


BUDGETS = _budgets()


class BadInput(ValueError):
    """Input the script refuses; nothing has been written."""


def part_of(key: str) -> str:
    for start, part in KEY_PARTS:
        if key.startswith(start):
            return part
    raise BadInput("key %r belongs to no bench part (tools/figures.py KEY_PARTS)" % key)


def number(v) -> str:
    if isinstance(v, bool):
        return str(v).lower()
    if isinstance(v, int):
        return "{:,}".format(v)
    if isinstance(v, float):
        return "{:,}".format(v)
    if isinstance(v, list):
        return "none" if not v else "; ".join(str(x) for x in v)
    return str(v).replace("|", "\\|")


def verdict(key, value):
    """(budget text, "met" / "**not met**") or ("", "") where the key has no budget."""
    if key.endswith("_faults"):
        return "none", "met" if not value else "**not met**"
    if key not in BUDGETS or not isinstance(value, (int, float)) or isinstance(value, bool):
        return "", ""
    op, limit = BUDGETS[key]
    ok = value <= limit if op == "<=" else value >= limit
    sign = "≤" if op == "<=" else "≥"
    return "%s %s" % (sign, number(limit)), "met" if ok else "**not met**"


def render(bench: dict) -> str:
    """The text of docs/figures.md for a docs/bench.json."""
    check(bench)
    parts = bench["parts"]
    lines = [
        "# Figures",
        "",
        "<!-- generated by tools/figures.py from docs/bench.json: do not edit by hand -->",
        "",
        "The bench's figures as last measured (`tools/arkham bench --json --only PART`,",
        "merged by `python tools/figures.py --merge out.json`), one table per part, each with",
        "the commit and date it was measured at. The bench prints figures, never verdicts; the",
        "budgets are tools/figures.py's. What each key means: the docstring of the part's bench",
        "module (`arkham-table bench --only PART`). Bytes are bytes (KB = 1024).",
        "",
    ]
    met, failed = 0, []
    for name, _ in PARTS:
        for key, value in sorted(parts.get(name, {"figures": {}})["figures"].items()):
            v = verdict(key, value)[1]
            met += v == "met"
            if v == "**not met**":
                failed.append("`%s`" % key)
    lines += ["Budgets: %d met, %d not met." % (met, len(failed)), ""]
    if failed:
        lines += ["Not met: %s." % ", ".join(failed), ""]
    for name, about in PARTS:
        lines += ["## %s" % name, "", about[0].upper() + about[1:] + ".", ""]
        if name not in parts:
            lines += ["Not measured yet.", ""]
            continue
        p = parts[name]
        lines.append("Measured at commit `%s` on %s." % (p["commit"], p["date"]))
        if p.get("note"):
            lines.append(p["note"])
        lines.append("")
        figures = p["figures"]
        skipped = [k for k in figures if k.endswith("_skipped")]
        if skipped:
            lines += ["Skipped: %s" % number(figures[skipped[0]]), ""]
            continue
        lines += ["| key | value | budget | met |", "|---|---:|---:|---|"]
        for key in sorted(figures):
            b, v = verdict(key, figures[key])
            lines.append("| `%s` | %s | %s | %s |" % (key, number(figures[key]), b, v))
        lines.append("")
    return "\n".join(lines)


def check(bench: dict):
    """Raise BadInput unless `bench` has the shape of docs/bench.json."""
    if not isinstance(bench, dict) or not isinstance(bench.get("parts"), dict):
        raise BadInput('bench file must be {"parts": {PART: {...}}}')
    for name, p in bench["parts"].items():
        if name not in PART_NAMES:
            raise BadInput("unknown part %r (parts: %s)" % (name, ", ".join(PART_NAMES)))
        if not isinstance(p, dict) or not isinstance(p.get("figures"), dict):
            raise BadInput("part %r has no figures" % name)
        for field in ("commit", "date"):
            if not isinstance(p.get(field), str) or not p[field]:
                raise BadInput("part %r has no %s" % (name, field))
        for key in p["figures"]:
            if part_of(key) != name:
                raise BadInput("key %r is filed under %r, not %r" % (key, name, part_of(key)))


def merge(bench: dict, new: dict, commit: str, date: str, note: str = "") -> dict:
    """A new docs/bench.json: every part `new` (a flat `bench --json` output) holds replaced by
    its keys, measured at `commit` on `date`. `bench` itself is left as it was."""
    check(bench)
    if not isinstance(new, dict) or not new:
        raise BadInput("the bench output must be a non-empty JSON object (bench --json)")
    by_part = {}
    for key, value in new.items():
        by_part.setdefault(part_of(key), {})[key] = value
    for name, figures in sorted(by_part.items()):
        errors = [k for k in figures if k.endswith("_error")]
        if errors:
            raise BadInput("%s: %s: the part failed; nothing merged"
                           % (errors[0], figures[errors[0]]))
        skipped = [k for k in figures if k.endswith("_skipped")]
        if skipped and name in bench["parts"] and not any(
            k.endswith("_skipped") for k in bench["parts"][name]["figures"]
        ):
            raise BadInput("%s: %s: the part has figures; nothing merged"
                           % (skipped[0], figures[skipped[0]]))
    out = {"parts": dict(bench["parts"])}
    for name, figures in by_part.items():
        entry = {"commit": commit, "date": date, "figures": dict(sorted(figures.items()))}
        if note:
            entry["note"] = note
        out["parts"][name] = entry
    out["parts"] = {n: out["parts"][n] for n in PART_NAMES if n in out["parts"]}
    check(out)
    return out


def head_commit() -> str:
    def git(*args):
        return subprocess.run(["git", "-C", str(REPO)] + list(args), capture_output=True,
                              text=True, check=True).stdout.strip()

    commit = git("rev-parse", "--short=7", "HEAD")
    if git("status", "--porcelain", "--", "firmware", "host"):
        commit += "+changes"  # measured on a tree that is not the commit
    return commit


def dumps(bench: dict) -> str:
    return json.dumps(bench, indent=1, sort_keys=False, ensure_ascii=False) + "\n"


def read_json(path: pathlib.Path, what: str):
    try:
        return json.loads(path.read_text())
    except (OSError, ValueError) as e:
        raise BadInput("cannot read %s %s: %s" % (what, path, e)) from None


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--check", action="store_true", help="exit 1 if the figures page is stale")
    ap.add_argument("--merge", metavar="NEW_JSON", help="a `bench --json` output to merge in")
    ap.add_argument("--commit", help="the commit the merged output was measured at (HEAD)")
    ap.add_argument("--date", help="the date it was measured on, YYYY-MM-DD (today, UTC)")
    ap.add_argument("--note", default="", help="how it was measured (one line, shown)")
    ap.add_argument("--bench", default=str(BENCH), help=argparse.SUPPRESS)
    ap.add_argument("--out", default=str(OUT), help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.check and args.merge:
        ap.error("--check reads the committed files; --merge writes them: one at a time")
    bench_path, out_path = pathlib.Path(args.bench), pathlib.Path(args.out)
    try:
        bench = read_json(bench_path, "the bench file")
        if args.merge:
            if args.date:
                try:
                    datetime.date.fromisoformat(args.date)
                except ValueError:
                    raise BadInput("--date %r is not YYYY-MM-DD" % args.date) from None
            date = args.date or datetime.datetime.now(datetime.timezone.utc).date().isoformat()
            new = read_json(pathlib.Path(args.merge), "the bench output")
            bench = merge(bench, new, args.commit or head_commit(), date, args.note)
        text = render(bench)
    except BadInput as e:
        print("figures: %s" % e, file=sys.stderr)
        return 2
    if args.check:
        if not out_path.exists() or out_path.read_text() != text:
            print("figures: %s is stale: run python tools/figures.py" % out_path, file=sys.stderr)
            return 1
        return 0
    if args.merge:
        bench_path.write_text(dumps(bench))
    out_path.write_text(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
