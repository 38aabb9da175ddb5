"""Boot: resume the saved game (app.py loads it at boot).

A damaged save never stops the boot, and is never resumed: whatever is wrong with it (bytes that
are not UTF-8, broken JSON, a folder where the file should be, a CRC that does not match the bytes
(persist.verify: a damage that still parses), a `seq` that is not a whole number 0..MAX_SEQ, a
snapshot the game refuses or fails to restore, a state whose shape is not one the game can play:
arkham.shape, checked by each game's restore) is reported as `restore_failed` with the reason, the damaged file is set aside
(NAME.bad) and the previous good save (NAME.bak, kept by Storage.save) is tried next.
A game whose mode keeps a journal (arkham.app) then runs its records again (arkham.rollback.apply):
only those written on top of this very save read as whole.

where(): where the saves are, for main.py (a folder of their own; those an older firmware kept in
/ moved there). main.py drops the module after it; the app loads it again to resume the game.
"""

import os

from arkham.compat import const
from arkham.hw.storage import _exists
from arkham.persist import crc, load_json, verify

_MAX_SEQ = const(0x3FFFFFFF)  # (a MicroPython small int: at one event a second, 34 years)
_TRIES = const(3)  # the file, its previous copy, and one more for a storage that keeps more
_JOURNAL = const("state.journal")  # (arkham.app's)


def resume(app, name, want, notes):
    """Boot: restore the game saved in `name` into `app` -> (seq, resumed). Out of memory, it is
    tried once more on a swept heap; if that fails too the save is kept (app._keep_save: nothing
    is saved over it until a `game` command starts another game). `want`: a game asked for at
    boot (another saved game is not resumed)."""
    from arkham.compat import collect, forget
    from arkham.protocol import describe

    seq = 0
    _prepare(app, name)
    memory = 0
    tries = 0
    while tries < _TRIES:
        tries += 1
        saved = None
        c = None
        try:
            saved = load_json(app.storage, name)
            if saved is not None:
                seq = _seq(saved)
                verify(app.storage, name, saved, app._writer.buf)
                c = saved.get("crc")
                saved = saved["table"]
                if not isinstance(saved, dict):
                    raise ValueError("the saved table is not an object")
            if saved is None or (want is not None and want != saved.get("game")):
                return seq, False
            app._start(saved["game"], saved.get("options") or {}, saved.get("mode"))
            saved = None  # (the parsed file: the mode holds what it needs)
            path = getattr(app.storage, "path", None)
            if c is not None and app.mode.JOURNAL and path is not None and _exists(
                    path(_JOURNAL)):  # (its code only when there are records to run)
                from arkham import rollback

                seq = rollback.apply(app, c, seq)
                rollback = None
                forget("arkham.rollback")
            app._game_crc = crc(app._writer, app._table())
            notes.append(("resumed", {"game": app.game}))
            return seq, True
        except MemoryError as e:
            saved = None
            app.mode = None
            memory += 1
            if memory == 2:
                app._keep_save = True
                notes.append(("restore_failed", {"err": describe(e), "kept": True}))
                return seq, False
            tries -= 1  # (the same file again, on a swept heap)
            collect()
        except Exception as e:
            seq = 0
            app.mode = None
            if isinstance(saved, dict) and isinstance(saved.get("table"), dict):
                saved = saved["table"]  # (the whole file: its CRC did not match)
            game = saved.get("game") if isinstance(saved, dict) else None
            fields = {"err": describe(e)}
            if not isinstance(game, str):
                fields["err"] = "state file unreadable: " + fields["err"]
            else:
                fields["game"] = game[:20]
            saved = None
            aside = getattr(app.storage, "set_aside", None)
            moved = None
            if aside is not None:
                try:
                    moved = aside(name)
                except Exception as e2:
                    fields["aside_err"] = describe(e2)
            if moved:
                fields["aside"] = moved
            notes.append(("restore_failed", fields))
            if not moved:
                return seq, False  # (nothing else to try: the same file would fail again)
    return seq, False


def _seq(saved):
    """The saved seq: a whole number 0..MAX_SEQ, else ValueError (a damaged file)."""
    if not isinstance(saved, dict):
        raise ValueError("the state file is not an object")
    seq = saved.get("seq")
    if not isinstance(seq, int) or isinstance(seq, bool) or not 0 <= seq <= _MAX_SEQ:
        raise ValueError("bad seq %s in the state file (want 0..%d)" % (repr(seq)[:24], _MAX_SEQ))
    return seq


def _prepare(app, name):
    """Before the state is parsed: let the saved game's mode build its long-lived tables on a
    heap still in one piece (Mode.prepare, optional). The game's name is near the start of the
    canonical file: {"seq":N,"table":{"game":"NAME",...  Only a head start: anything wrong with
    the file (not text, a folder) is left to the resume itself to report."""
    try:
        head = getattr(app.storage, "head", None)
        text = head(name) if head is not None else None
        at = text.find('"game":"') if text else -1
        if at < 0:
            return
        end = text.find('"', at + 8)
        from arkham import games

        prepare = getattr(games.load(text[at + 8 : end]), "prepare", None)
        if prepare is not None:
            prepare()
    except Exception:
        pass


def where(root, frm, what):
    """main.py, before the app starts: where the saves are (a Storage root). The folder `root`,
    made if missing, with each of `what` (file names, each with its .bak) that an earlier
    firmware saved in `frm` moved into it, so an update never leaves a game behind; where the
    folder already holds one, the old file stays where it is, unread. `frm` when the folder
    cannot be made. Never raises: a table starts. (Its own names and its arguments' are names
    the table makes anyway: a name made for it alone would stay in a Pico's pool for good.)

    Why a folder: on littlefs a save is ~4 commits to its directory's metadata log, and every
    few saves that log is compacted. In the root, beside the package, main.py and the board
    map, the log is longer and its compaction dearer: a save takes ~10 ms more there, and every
    fourth ~130 ms (bench pico, AH2e actions on the emulated RP2040)."""
    try:
        os.mkdir(root.rstrip("/"))
    except OSError:
        pass  # (there already: the usual case)
    try:
        if not os.stat(root.rstrip("/"))[0] & 0x4000:  # (st_mode: S_IFDIR)
            return frm  # a file of that name
    except OSError:
        return frm
    for name in what:
        for p in (name, name + ".bak"):
            if _exists(frm + p) and not _exists(root + p):
                try:
                    os.rename(frm + p, root + p)  # (one atomic commit: cut anywhere, the
                except OSError:  # next boot finds the file in one place or the other)
                    pass
    return root
