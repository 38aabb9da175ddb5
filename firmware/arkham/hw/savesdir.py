"""Where a Pico keeps its saves (main.py, once at boot, before the app starts; the module is then
dropped: its code and names are not a table's to carry, and bench m32's emulator never loads it).
"""

import os


def saves_folder(folder, old, names):
    """The folder a table keeps its saves in (a Storage root): `folder`, made if missing, with
    each of `names` (and its .bak) that an earlier firmware saved in `old` moved into it, so an
    update never leaves a game behind; where the folder already holds a name, the old file stays
    where it is, unread. `old` when the folder cannot be made. Never raises: a table starts.

    Why a folder: on littlefs a save is ~4 commits to its directory's metadata log, and every
    few saves that log is compacted. In the root, beside the package, main.py and the board
    map, the log is longer and its compaction dearer (bench pico, 12 AH2e actions on the emulated
    RP2040: a save's median 92 -> 81.5 ms in a folder, and no more ~130 ms saves every fourth)."""
    from arkham.hw.storage import _exists

    try:
        os.mkdir(folder.rstrip("/"))
    except OSError:
        pass  # (there already: the usual case)
    try:
        if not os.stat(folder.rstrip("/"))[0] & 0x4000:  # (st_mode: S_IFDIR)
            return old  # a file of that name
    except OSError:
        return old
    for name in names:
        for p in (name, name + ".bak"):
            if _exists(old + p) and not _exists(folder + p):
                try:
                    os.rename(old + p, folder + p)  # (one atomic commit: cut anywhere, the
                except OSError:  # next boot finds the file in one place or the other)
                    pass
    return folder
