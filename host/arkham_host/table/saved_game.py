"""Which game a table's state folder holds, and the line that refuses to start another over it
(the sim and the emulated chip both say it the same way)."""

from __future__ import annotations

import os
import re


def saved_game(state_dir) -> str | None:
    """The name of the game saved in a state folder (None: nothing saved, or nothing readable).

    Never trusts the file: its head is read as bytes (a damaged save may hold any byte, and a
    text read fails on one such as 0xff before the firmware could report it), and a folder or
    an unreadable file where state.json should be is passed over for state.json.bak, as the
    firmware's resume does. What is wrong with the file is the table's to report
    (`restore_failed`); the host only needs a head start."""
    if not state_dir or not os.path.isdir(str(state_dir)):
        return None
    path = os.path.join(str(state_dir), "state.json")
    for p in (path, path + ".bak"):
        try:
            with open(p, "rb") as f:
                head = f.read(200)
        except OSError:  # (missing, a folder, unreadable: the next, as the resume tries it)
            continue
        m = re.search(rb'"game":"([A-Za-z0-9_.-]{1,40})"', head)
        if m:
            return m.group(1).decode("ascii")
    return None


def refusal(saved, wanted) -> str:
    return (
        "the table has a saved %s game: run `sim` without --game to resume it, or "
        "`sim --game %s --new-game` to replace it" % (saved, wanted)
    )
