"""A table's wire recorded to a file: every line both ways, timestamped, one JSON record a line
(what `arkham-table log` and the console's --log write, and `replay` reads).

A record is {"t": unix seconds, "dir": ">" (host->table) | "<" (table->host) | "!" (link note)
| "meta", "line": text}. A file starts with a "meta" record naming the port, the table's hello,
its game and options, and the table's `dump` when the log began (so a log started mid-game
replays from it). After every command typed, the session asks the table for its `dump` (recorded
as any line): `replay` compares the state hash there.
"""

from __future__ import annotations

import json
import pathlib
import threading
import time

from arkham_host.wire.link import parse


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

    def start_file(self, game=None, options=None, dump=None, why="connect"):
        """A new file (the first, or the next game's in folder mode) opened by its meta."""
        with self.lock:
            if self.file is not None:
                self.file.close()
            path = self._next_path(game)
            self.files.append(path)
            self.file = open(path, "a", buffering=1, encoding="utf-8")
            self._write(self._meta(game, options, dump, why))
            for rec in self.pending:
                self._write(rec)
            self.pending = []
        return path

    def _meta(self, game, options, dump, why):
        meta = {
            "t": round(time.time(), 4),
            "dir": "meta",
            "port": self.port,
            "game": game,
            "options": options if options is not None else (dump or {}).get("options"),
            "hello": self.hello,
            "from": why,  # "connect" (maybe mid-game: see dump) or "game" (a new game)
        }
        if dump is not None:
            meta["dump"] = {k: v for k, v in dump.items() if k != "re"}
        return meta

    def _write(self, rec):
        self.file.write(json.dumps(rec, sort_keys=True) + "\n")

    def __call__(self, direction, text):
        obj = parse(text) if direction == "<" else None
        if obj is not None:
            if "proto" in obj and obj.get("ok") is not False:
                self.hello = {k: v for k, v in obj.items() if k not in ("re", "ok")}
            if obj.get("ev") == "game" and obj.get("game"):
                self.game = obj["game"]
                if self.as_dir:  # (the event ends one file and starts the next)
                    rec = {"t": round(time.time(), 4), "dir": direction, "line": text.rstrip("\n")}
                    with self.lock:
                        if self.file is not None:
                            self._write(rec)
                    self.start_file(self.game, obj.get("options") or {}, why="game")
                else:
                    with self.lock:
                        if self.file is not None:
                            self._write(self._meta(self.game, obj.get("options") or {}, None,
                                                   "game"))
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
