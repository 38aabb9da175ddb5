"""Running emulated tables, so `ports` and `console` can find them: one JSON file per sim.

`sim-<pid>.json` in the runtime dir holds {"pid", "serial", "world", "board", "game", "state"};
the sim removes it on exit; readers ignore files whose process is gone and remove them with their
world socket (a sim killed with -9 cleans up nothing), as does the next sim that registers.
"""

from __future__ import annotations

import json
import os
import pathlib
import tempfile


def runtime_dir() -> pathlib.Path:
    base = os.environ.get("XDG_RUNTIME_DIR")
    if base and os.path.isdir(base):
        d = pathlib.Path(base) / "arkham-table"
    else:
        d = pathlib.Path(tempfile.gettempdir()) / ("arkham-table-%d" % os.getuid())
    d.mkdir(mode=0o700, parents=True, exist_ok=True)
    return d


def state_home() -> pathlib.Path:
    base = os.environ.get("XDG_STATE_HOME") or os.path.expanduser("~/.local/state")
    return pathlib.Path(base) / "arkham-table"


def entry_path(pid: int | None = None) -> pathlib.Path:
    return runtime_dir() / ("sim-%d.json" % (pid or os.getpid()))


def register(info: dict) -> pathlib.Path:
    running()  # (sweeps what sims killed with -9 left behind)
    path = entry_path(info["pid"])
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(info, sort_keys=True))
    os.replace(tmp, path)
    return path


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def _remove_stale(path: pathlib.Path, info: dict) -> None:
    """A sim that died without cleaning up (kill -9): its entry, and its world socket when that
    lives in the runtime dir (elsewhere it is not ours to remove)."""
    world = info.get("world") or ""
    mine = world and pathlib.Path(world).parent == runtime_dir()
    if mine and not _alive(int(info.get("pid", 0))):
        try:
            os.unlink(world)
        except OSError:
            pass
    try:
        path.unlink()
    except OSError:
        pass


def running() -> list[dict]:
    """Entries of sims that are still running, oldest first; stale files are removed."""
    found = []
    for path in sorted(runtime_dir().glob("sim-*.json")):
        try:
            info = json.loads(path.read_text())
        except (OSError, ValueError):
            continue
        if not _alive(int(info.get("pid", 0))) or not os.path.exists(info.get("serial", "")):
            _remove_stale(path, info)
            continue
        info["started"] = path.stat().st_mtime
        found.append(info)
    found.sort(key=lambda i: i["started"])
    return found
