"""A step whose save failed, rolled back: everything not saved is taken back, so that nothing is
acknowledged that a power cut could lose; and the game's journal run again on its whole save.

Only loaded when a save fails or a command fails, and at a boot that resumes a game with a
journal (kept out of app.py, which must compile within a small heap).

- the step's events are dropped and their seq numbers given back;
- each `ok` reply of a command that may have changed the game (a game verb, or one that emitted
  an event) becomes an error reply;
- pad changes of the step are reported again at the next scans (Pads.unreport);
- the game is put back as last saved (also across a `game` switch);
- the failure is told (event `error`, where "save") with the first save that works again.
The boot's seq is the saved one (app._saved_seq), so a table whose first save fails drops its
boot events too.

apply(): the journal's records (arkham.app says what they are) that follow a whole save, run
again on the game restored from it: at the boot (arkham.resume) and in restore_saved.
"""

from binascii import crc32, unhexlify

from arkham import persist
from arkham.compat import const
from arkham.events import encode
from arkham.protocol import describe, parse

_JOURNAL = const("state.journal")  # (arkham.app's)


def unsave(app, exc):
    """The save failed: take back everything of this step."""
    hook = app.options.get("on_failure")  # the emulator's --debug: print the traceback
    if hook is not None:
        hook("save", exc)
    msg = describe(exc)
    if app._save_failed is None or app._save_failed[0] != msg:
        app._save_failed = [msg, 1, False]
    else:
        app._save_failed[1] += 1
        app._save_failed[2] = False
    saved = app._saved_seq
    if saved >= 0 and app.events.seq > saved:
        app.events.drop_after(saved)
    err = "not saved (%s): nothing changed; send it again" % msg
    out = []
    for line in app.out:
        if isinstance(line, tuple):
            out.append(encode({"re": line[0], "ok": False, "err": err}))
        elif not isinstance(line, bytes):  # a `since` replay (a Replay): the saved events only
            if saved >= 0:
                line.upto = min(line.upto, saved)
            out.append(line)
        elif _seq_of(line) <= saved or saved < 0:
            out.append(line)  # a reply, or an event already saved (a `since` replay)
    app.out = out
    if app._records:
        del app._records[1:]  # (the step's game lines: not in the journal)
    unreport = getattr(app.pads, "unreport", None)
    for spot, present in app._pad_changes:
        if unreport is not None:
            unreport(spot, present)  # seen again at the next scans
    app.back_from_save()  # (restore_saved with the app's save file and boot game)


def restore_saved(app, name, game):
    """The game as last saved in the file `name`, also across a `game` switch not saved yet;
    False if it could not be restored (the table keeps what it has). Never saved: the game the
    table booted with (options["game"], else `game`), fresh."""
    try:
        saved = persist.load_json(app.storage, name)
        if saved is None:
            app._start(app.options.get("game") or game, {}, None)
            app._game_crc = persist.crc(app._writer, app._table())
            app._check_game = False
            app._game_dirty = False
            return True
        c = saved.get("crc")
        seq = saved.get("seq")
        saved = saved["table"]
        if saved.get("game") == app.game:
            app.mode.restore(saved.get("mode"))
        else:
            app._start(saved["game"], saved.get("options") or {}, saved.get("mode"))
        saved = None
        if c is not None and app.mode.JOURNAL:
            apply(app, c, seq, app._saved_seq)
        if app._records:
            del app._records[1:]
        app._game_crc = persist.crc(app._writer, app._table())
        app._check_game = False
        app._game_dirty = False
        app._redraw = True
        return True
    except Exception:
        app._check_game = True
        return False


def report(app):
    """Before a save after failed ones: the failure as an `error` event (where "save", repeats:
    the failed saves after the first), saved with this save or dropped with it."""
    failed = app._save_failed
    if not failed[2]:
        fields = {"where": "save", "err": failed[0]}
        if failed[1] > 1:
            fields["repeats"] = failed[1] - 1
        app.emit("error", fields)
        failed[2] = True


def _seq_of(line):
    """The seq of an encoded event line, -1 for a reply (replies start {"re":)."""
    if line[:5] == b'{"re"':
        return -1
    at = line.find(b'"seq":')  # (a quote inside a string is escaped: only the key matches)
    if at < 0:
        return -1
    end = at + 6
    while 48 <= line[end] <= 57:
        end += 1
    return int(line[at + 6 : end])


def apply(app, base, seq, upto=None):
    """Run the journal's records that follow the whole save whose CRC is `base` and whose seq is
    `seq` again on app.mode (restored from that save) -> the seq after the last one run. upto:
    none that ends past this seq (a rollback: only what was saved). A record that does not read
    as whole (cut short by a power cut, damaged, another save's) is skipped, and so is one that
    does not follow the last one run. Nothing is sent (its events were sent when it was saved):
    the mode's events are dropped, and the pads answer as they did then. A record the game
    refuses ends the replay (the seq is still its own: the host saw its events)."""
    path = getattr(app.storage, "path", None)
    if path is None:
        return seq
    try:
        f = open(path(_JOURNAL), "rb")
    except OSError:
        return seq
    if not app._n:
        app._n = 1  # (a journal is there: the next whole save removes it)
    pads = app.pads
    was = getattr(pads, "_present", None)
    chips = getattr(pads, "_state", None)
    setattr(app, "emit", lambda ev, fields=None: None)  # (the app's method, shadowed)
    core = getattr(app.mode, "_core", None)  # (a rules core holding the app's emit itself,
    if getattr(core, "sink", None) is not None:  # AH2e's: its events go there, not through
        core.sink = app.emit  # the mode, so it is shadowed too)
    try:
        for line in f:
            if line[-1:] == b"\n":
                line = line[:-1]
            if len(line) < 16 or line[8:9] != b" ":
                continue
            try:
                c = int(line[:8], 16)
            except ValueError:
                continue
            line = line[9:]
            if crc32(line, base) & 0xFFFFFFFF != c:
                continue
            before, after, p, text = line.split(b" ", 3)
            if int(before) != seq or (upto is not None and int(after) > upto):
                continue
            if p != b"-" and type(was) is bytearray:
                p = unhexlify(p)
                pads._state = list(p[: len(chips)])
                pads._present = bytearray(p[len(chips) :])
            seq = int(after)
            words = parse(text.decode())
            app.mode.command(words[1], words[2], words[3])
    except MemoryError:
        raise  # (arkham.resume tries again on a swept heap)
    except Exception:
        pass  # (see above)
    finally:
        f.close()
        delattr(app, "emit")
        core = getattr(app.mode, "_core", None)  # (built before, or by a record: as it was)
        if getattr(core, "sink", None) is not None:
            core.sink = app.emit
        if type(was) is bytearray:
            pads._present = was
            pads._state = chips
    return seq
