"""Boot: resume the saved game (app.py loads it at boot)."""

from arkham.persist import crc, load_json


def resume(app, name, want, notes):
    """Boot: restore the game saved in `name` into `app` -> (seq, resumed). Out of memory, it is
    tried once more on a swept heap; if that fails too the save is kept (app._keep_save: nothing
    is saved over it until a `game` command starts another game). `want`: a game asked for at
    boot (another saved game is not resumed)."""
    from arkham.app import _describe
    from arkham.compat import collect

    seq = 0
    _prepare(app, name)
    for attempt in (1, 2):
        saved = None
        try:
            saved = load_json(app.storage, name)
            if saved is not None:
                seq = int(saved["seq"])
                saved = saved["table"]
            if saved is None or (want is not None and want != saved.get("game")):
                return seq, False
            app._start(saved["game"], saved.get("options") or {}, saved.get("mode"))
            saved = None  # (the parsed file: the mode holds what it needs)
            app._game_crc = crc(app._writer, app._table())
            notes.append(("resumed", {"game": app.game}))
            return seq, True
        except MemoryError as e:
            saved = None
            app.mode = None
            if attempt == 2:
                app._keep_save = True
                notes.append(("restore_failed", {"err": _describe(e), "kept": True}))
            collect()
        except Exception as e:
            game = saved.get("game") if isinstance(saved, dict) else None
            if game is None:
                notes.append(("restore_failed", {"err": "state file unreadable: " + _describe(e)}))
            else:
                notes.append(("restore_failed", {"game": game, "err": _describe(e)}))
            return seq, False
    return seq, False


def _prepare(app, name):
    """Before the state is parsed: let the saved game's mode build its long-lived tables on a
    heap still in one piece (Mode.prepare, optional). The game's name is near the start of the
    canonical file: {"seq":N,"table":{"game":"NAME",..."""
    head = getattr(app.storage, "head", None)
    text = head(name) if head is not None else None
    at = text.find('"game":"') if text else -1
    if at < 0:
        return
    end = text.find('"', at + 8)
    try:
        from arkham import games

        prepare = getattr(games.load(text[at + 8 : end]), "prepare", None)
        if prepare is not None:
            prepare()
    except Exception:  # (only a head start: the resume itself reports what is wrong)
        pass
