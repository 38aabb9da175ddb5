"""`arkham-table log`: record every line on the wire, both ways, with timestamps (JSONL).

A record is {"t": unix seconds, "dir": ">" (host->table) | "<" (table->host) | "!" (link note)
| "meta", "line": text}. Each file starts with a "meta" record naming the port and the table's
hello. One file per game: when the table announces a new game (a `game` event), the recorder
starts the next file. Lines you type (or pipe in) are sent to the table and recorded too.
"""

from __future__ import annotations

import json
import pathlib
import threading
import time

HELP = "record every line to and from a table (JSONL with timestamps, one file per game)"


def add_arguments(p):
    p.add_argument("port", nargs="?", help="serial port or URL (default: the only table)")
    p.add_argument(
        "-o",
        "--output",
        required=True,
        metavar="FILE.jsonl",
        help="the log file (a folder: one <game>-<time>.jsonl per game)",
    )
    p.add_argument("-q", "--quiet", action="store_true", help="do not echo the table's lines")
    p.add_argument(
        "--keep",
        action="store_true",
        help="keep recording after the input ends (until Ctrl-C), e.g. </dev/null &",
    )


class Recorder:
    """A callable recorder(direction, text) for link.Link that writes JSONL."""

    def __init__(self, output, port=""):
        self.output = pathlib.Path(output)
        self.as_dir = str(output).endswith("/") or self.output.is_dir()
        self.port = port
        self.hello = None
        self.game = None
        self.files = []  # paths written, in order; files[-1] is being written
        self.file = None
        self.pending = []  # records before the first file is named (the hello exchange)
        self.lock = threading.Lock()

    def _next_path(self, game):
        stamp = time.strftime("%Y%m%d-%H%M%S")
        if self.as_dir:
            self.output.mkdir(parents=True, exist_ok=True)
            path = self.output / ("%s-%s.jsonl" % (game or "table", stamp))
            n = 2
            while path.exists() or path in self.files:
                path = self.output / ("%s-%s-%d.jsonl" % (game or "table", stamp, n))
                n += 1
            return path
        if not self.files:
            self.output.parent.mkdir(parents=True, exist_ok=True)
            return self.output
        stem, suffix = self.output.stem, self.output.suffix or ".jsonl"
        return self.output.with_name(
            "%s-%d-%s%s" % (stem, len(self.files) + 1, game or "table", suffix)
        )

    def start_file(self, game=None):
        with self.lock:
            if self.file is not None:
                self.file.close()
            path = self._next_path(game)
            self.files.append(path)
            self.file = open(path, "a", buffering=1, encoding="utf-8")
            self._write(
                {
                    "t": round(time.time(), 4),
                    "dir": "meta",
                    "port": self.port,
                    "game": game,
                    "hello": self.hello,
                }
            )
            for rec in self.pending:
                self._write(rec)
            self.pending = []
        return path

    def _write(self, rec):
        self.file.write(json.dumps(rec, sort_keys=True) + "\n")

    def __call__(self, direction, text):
        from arkham_host.link import parse

        obj = parse(text) if direction == "<" else None
        if obj is not None:
            if "proto" in obj and obj.get("ok") is not False:
                self.hello = {k: v for k, v in obj.items() if k not in ("re", "ok")}
            if obj.get("ev") == "game" and obj.get("game"):
                self.game = obj["game"]
                self.start_file(self.game)
        rec = {"t": round(time.time(), 4), "dir": direction, "line": text.rstrip("\n")}
        with self.lock:
            if self.file is None:
                self.pending.append(rec)
            else:
                self._write(rec)

    def close(self):
        with self.lock:
            if self.file is not None:
                self.file.close()
                self.file = None


def run(args) -> int:
    from arkham_host import console

    return console.run_session(
        args.port, log=args.output, echo=not args.quiet, title="log", keep=args.keep
    )
