"""Campaign row about the game's journal (arkham_host.hil.campaign runs it): power cuts in an
AH2e game of 8 investigators whose actions go to the journal (docs/protocol.md, "The journal").

Each cut comes at one of these moments: between steps; in the middle of an append (the record
cut short at a random byte: on littlefs an append counts only once its file is closed, on POSIX
part of it can be on disk); right after an append, before its reply went out; in the middle of
a whole save (a random part of its .tmp written); between the whole save's two renames. Then the
table boots on its folder, and right after the boot its game (the mode's snapshot, canonical)
must be the one the host was told about, or that plus the one action it was not told about
when the cut came after that action was saved (after an append: always that one); its hello's
seq must follow every event the host was sent. The game goes on from there for the next cut.
"""

from __future__ import annotations

import os
import shutil
import tempfile

from arkham_host.hil.campaign_table import BOOT_STEPS, PowerCut, Table, cut_storage

KINDS = ("between_steps", "mid_append", "after_append", "mid_write", "between_renames")
_MAX_ACTS = 12  # actions tried until an armed cut comes (a whole save comes every 8 records)


def game_hash(t):
    """The canonical hash of the table's game as its mode would save it."""
    from arkham import canon

    return canon.state_hash(t.app.mode.snapshot())


def _reply(objs):
    return [o for o in objs if "re" in o][-1]


def new_game(t, rnd):
    t.send(b"game ah2e seed=%d players=8 chance=virtual\n" % rnd.randrange(1 << 16), 5)
    t.send(b"ok\n", 3)  # the setup's prompts, confirmed from the console


def act(t, rnd):
    """One random legal action (a refused one: the prompts confirmed with `ok` instead); a game
    that is over: a new one."""
    legal = _reply(t.send(b"legal\n", 1)).get("legal") or []
    if not legal:
        return new_game(t, rnd)
    n = legal[rnd.randrange(len(legal))].split()[0]
    if not _reply(t.send(b"act %s\n" % n.encode(), 2)).get("ok"):
        t.send(b"ok\n", 2)


def _cut_append(storage, how, rnd):
    """The next append of `storage` loses power: `mid_append` with a random part of its bytes
    on the file, `after_append` once all of them are. Returns a list that counts torn appends."""
    real = storage.append
    torn = []

    def append(name, data):
        if data is None:  # (the journal removed after a whole save: not the cut's moment)
            return real(name, data)
        storage.append = real
        if how == "mid_append":
            with open(storage.path(name), "ab") as f:
                f.write(data[: rnd.randrange(len(data))])
            torn.append(1)
            raise PowerCut()
        real(name, data)
        raise PowerCut()

    storage.append = append
    return torn


def journal_row(n, rnd, tmp, say):
    counts = {"journal_cuts": 0, "journal_failed": 0, "torn_appends": 0, "journal_records": 0}
    d = tempfile.mkdtemp(dir=tmp)
    t = Table(d, "ah2e", "ah2e")
    t.step(BOOT_STEPS)
    new_game(t, rnd)
    for i in range(n):
        how = KINDS[i % len(KINDS)]
        for _ in range(rnd.randint(1, 4)):
            act(t, rnd)
        told = game_hash(t)  # every step done: the game the host was told about
        host_max = t.max_seq()
        inflight = told
        torn = []
        if how in ("mid_append", "after_append"):
            torn = _cut_append(t.app.storage, how, rnd)
        elif how in ("mid_write", "between_renames"):
            cut_storage(t.app.storage, how, rnd)
        try:
            for _ in range(_MAX_ACTS if how != "between_steps" else 0):
                told = game_hash(t)
                host_max = t.max_seq()
                act(t, rnd)
            cut = how == "between_steps"
        except PowerCut:
            cut = True
            inflight = game_hash(t)  # (the action that was running: saved or not)
        if not cut:
            counts["journal_failed"] += 1
            say("  journal cut %d (%s): no such moment in %d actions" % (i, how, _MAX_ACTS))
            break
        counts["journal_cuts"] += 1
        counts["torn_appends"] += len(torn)
        journal = os.path.join(d, "state.journal")
        records = 0
        if os.path.exists(journal):
            with open(journal, "rb") as f:
                records = f.read().count(b"\n")
        try:
            t = Table(d, "ah2e")
            got = game_hash(t)  # (right after the boot: no tick or pad check yet)
            boot = t.step(BOOT_STEPS)
        except Exception as e:
            counts["journal_failed"] += 1
            say("  journal cut %d (%s): the table did not boot: %r" % (i, how, e))
            break
        counts["journal_records"] += records
        hello = [o for o in boot if o.get("ev") == "hello"]
        resumed = [o for o in boot if o.get("ev") == "resumed"]
        want = (inflight,) if how == "after_append" else (told, inflight)
        if not hello or not resumed or hello[0]["seq"] - 1 < host_max or got not in want:
            counts["journal_failed"] += 1
            say("  journal cut %d (%s): host saw %d, boot %r, game %s (told %s, running %s)"
                % (i, how, host_max, boot[:2], got, told, inflight))
        t.send(b"ok\n", 3)  # (the pads' check at the boot prompts every token: confirmed)
    shutil.rmtree(d, ignore_errors=True)
    return counts
