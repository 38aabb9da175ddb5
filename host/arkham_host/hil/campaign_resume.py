"""Campaign rows about the resume (arkham_host.hil.campaign runs them):

- damaged saves that still parse: a saved AH2e game with one bit flipped where the JSON still
  parses, a key renamed with its CRC made right again (a host tool's save), or a key renamed in
  a save without a CRC (`"v":1`, an older firmware's). A save whose CRC does not match must be
  refused (`restore_failed`); any save the table resumes must play: `legal`, `state` and three
  `act`s answer with no internal error and no `error` event;
- damaged saves started through `sim`: the host's own reading of the state folder
  (table.saved_game, and the refusal of another saved game) on every kind of damage (bytes not
  UTF-8 anywhere, cut short, a folder, empty, garbage), with and without --game; it must never
  raise, and the table then boots on the folder and says what it did;
- tokens restored after power cuts: an AH2e game played a little, the power cut between steps,
  and at the next boot the world puts every token back 0-300 ms into it (the sim does it within
  a few ms of a restart): no `pads_differ`, no prompt, no move, nothing left to put right
  (AH-TABLE-2: the pads are compared with the state once they have settled, PADS_SETTLE_MS =
  500 ms after the boot's first scan). A token takes ~170 ms to be sensed (the emulated
  MPR121's filter, then 2 scans of debounce: measured, 320 ms passes and 340 ms does not), so
  one put down later than ~330 ms is rightly missing at the check: it is prompted for, and the
  prompt is done when it lands.
"""

from __future__ import annotations

import json
import os
import shutil
import tempfile
import zlib

from arkham_host.hil.campaign_table import BOOT_STEPS, Table

_BAD_EVENTS = ("pads_differ", "prompt", "inv_moved", "misplaced", "in_hand")
_TAIL = b',"crc":'


def _saved_ah2e(tmp, rnd, acts):
    """A folder with a saved AH2e game (state.json, its .bak) after `acts` actions and a
    restart (the actions were journaled: the restart's boot saves the game whole)."""
    d = tempfile.mkdtemp(dir=tmp)
    t = Table(d, "ah2e", "ah2e", seed=rnd.randrange(1 << 16))
    t.step(BOOT_STEPS)
    for _ in range(acts):
        t.send(b"act 1\n", 5)
    t = Table(d, "ah2e", seed=rnd.randrange(1 << 16))
    t.step(2)
    return d, t


def _with_crc(head):
    """A save's bytes with its CRC made right for `head` (everything before ,"crc":)."""
    return head + _TAIL + b'%d,"v":2}' % (zlib.crc32(head) & 0xFFFFFFFF)


def _keys_at(data):
    """Offsets of the object keys in a save's table part (after "table":)."""
    start = data.index(b'"table":') + 8
    out = []
    i = start
    while True:
        i = data.find(b'":', i)
        if i < 0:
            return out
        k = data.rfind(b'"', 0, i)
        if k > start and data[k - 1:k] in (b"{", b","):
            out.append((k + 1, i))  # the key's letters: data[k + 1:i]
        i += 2


def parsing_damage(good, rnd, k):
    """(what, bytes, crc_right): a damage of save `good` that still parses as JSON."""
    head = good[: good.rindex(_TAIL)]
    kind = k % 3
    if kind == 0:  # one bit flipped; the JSON still parses (the CRC no longer matches)
        for _ in range(200):
            b = bytearray(good)
            at = rnd.randrange(len(b) - 1)
            b[at] ^= 1 << rnd.randrange(7)
            try:
                obj = json.loads(bytes(b))
            except ValueError:
                continue
            if obj != json.loads(good) and isinstance(obj, dict):
                return "a bit flipped at %d" % at, bytes(b), False
        return "a bit flipped (none parsed)", good, True
    at = rnd.choice(_keys_at(head))
    key = head[at[0]:at[1]]
    pos = rnd.randrange(len(key))
    new = key[:pos] + bytes([((key[pos] - 97 + rnd.randrange(1, 26)) % 26) + 97]) + key[pos + 1:]
    renamed = head[: at[0]] + new + head[at[1]:]
    what = "key %s renamed %s" % (key.decode(), new.decode())
    if kind == 1:
        return what + ", its CRC right", _with_crc(renamed), True
    return what + ", no CRC (v1)", renamed + b"}", True


def _plays(t, say, what):
    """Three acts, legal and state: no internal error, no `error` event. Returns failures."""
    out = []
    for line in (b"legal\n", b"state\n", b"act 1\n", b"act 1\n", b"act 1\n"):
        out += t.send(line, 5)
    bad = [o for o in out if "internal error" in str(o.get("err", ""))
           or (o.get("ev") == "error" and o.get("where") != "save")]
    if bad:
        say("  %s: resumed, then %r" % (what, bad[0]))
        return 1
    return 0


def parsing_row(n, rnd, tmp, say):
    counts = {"parsing_saves": 0, "parsing_failed": 0, "parsing_refused": 0,
              "parsing_resumed": 0}
    for k in range(n):
        d, _ = _saved_ah2e(tmp, rnd, 2 + rnd.randrange(4))
        path = os.path.join(d, "state.json")
        with open(path, "rb") as f:
            good = f.read()
        what, data, crc_right = parsing_damage(good, rnd, k)
        with open(path, "wb") as f:
            f.write(data)
        counts["parsing_saves"] += 1
        try:
            t = Table(d, "ah2e")
            boot = t.step(BOOT_STEPS)
        except Exception as e:
            counts["parsing_failed"] += 1
            say("  %s: the table did not boot: %r" % (what, e))
            continue
        evs = [o.get("ev") for o in boot]
        refused = "restore_failed" in evs
        counts["parsing_refused" if refused else "parsing_resumed"] += 1
        if not crc_right and not refused:  # (a CRC that does not match: never resumed)
            counts["parsing_failed"] += 1
            say("  %s: resumed with a CRC that does not match: %r" % (what, evs))
        elif "resumed" not in evs:
            counts["parsing_failed"] += 1
            say("  %s: boot said %r" % (what, evs))
        else:
            counts["parsing_failed"] += _plays(t, say, what)
        shutil.rmtree(d, ignore_errors=True)
    return counts


def sim_damage(good, rnd, k):
    """(what, bytes or None for a folder): any damage, the host must not choke on it."""
    kind = k % 6
    if kind == 0:
        at = rnd.randrange(len(good))
        return "0x%02x at %d" % (0x80 + at % 0x80, at), good[:at] + bytes([0x80 + at % 0x80]) + \
            good[at + 1:]
    if kind == 1:
        return "0xff in the head", good[:20] + b"\xff\xfe" + good[22:]
    if kind == 2:
        return "cut short", good[: rnd.randrange(len(good))]
    if kind == 3:
        return "a folder", None
    if kind == 4:
        return "empty", b""
    return "garbage", bytes(rnd.getrandbits(8) for _ in range(rnd.randrange(1, 400)))


def sim_row(n, rnd, tmp, say):
    from arkham_host.table import saved_game

    counts = {"sim_starts": 0, "sim_failed": 0}
    for k in range(n):
        d, _ = _saved_ah2e(tmp, rnd, 1 + rnd.randrange(3))
        path = os.path.join(d, "state.json")
        with open(path, "rb") as f:
            good = f.read()
        what, data = sim_damage(good, rnd, k)
        os.remove(path)
        if data is None:
            os.mkdir(path)
        else:
            with open(path, "wb") as f:
                f.write(data)
        if rnd.random() < 0.3:
            os.remove(path + ".bak")  # (no previous save)
        game = rnd.choice([None, "ah2e"])
        counts["sim_starts"] += 1
        try:  # what `sim --state DIR [--game ah2e]` does before the firmware starts
            saved = saved_game.saved_game(d)
            if game is not None and saved not in (None, "bringup", game):
                raise AssertionError("refused: " + saved_game.refusal(saved, game))
            t = Table(d, "ah2e", game)
            boot = t.step(BOOT_STEPS)
            out = t.send(b"#5 hello\n", 5)
        except Exception as e:
            counts["sim_failed"] += 1
            say("  sim on a damaged save (%s, --game %s): %r" % (what, game, e))
            shutil.rmtree(d, ignore_errors=True)
            continue
        evs = [o.get("ev") for o in boot]
        answered = [o for o in out if o.get("re") == 5 and o.get("ok")]
        if not answered or not ("resumed" in evs or "restore_failed" in evs):
            counts["sim_failed"] += 1
            say("  sim on a damaged save (%s): boot %r, hello %r" % (what, evs, out[:2]))
        shutil.rmtree(d, ignore_errors=True)
    return counts


def _settle(t):
    """The board as the game says it is (every prompt done by the pads)."""
    from arkham.games.ah2e_sync import expected

    for _ in range(6):
        core = t.app.mode.core
        for sp in t.board.spots:
            if sp.chip is not None and expected(core, sp.name) != t.hw.pads.present(sp.name):
                t.hw.world.execute(("place " if expected(core, sp.name) else "lift ") + sp.name)
        t.step(10)
        sync = t.app.mode.sync
        if not sync.todo and not sync.wrong:
            return True
        t.send(b"ok all\n", 3)
    return False


def tokens_row(n, rnd, tmp, say):
    counts = {"token_boots": 0, "tokens_failed": 0, "tokens_put_back": 0}
    d = tempfile.mkdtemp(dir=tmp)
    t = Table(d, "ah2e", "ah2e", seed=rnd.randrange(1 << 16))
    t.step(BOOT_STEPS + 20)
    for i in range(n):
        for _ in range(rnd.randint(1, 3)):  # some play, the board put right after each action
            _settle(t)
            t.send(b"act 1\n", 5)
        if not _settle(t):
            t.send(b"game ah2e\n", 5)  # (a game that asks what the pads cannot do: anew)
            t.step(BOOT_STEPS)
            _settle(t)
        t.step(rnd.randint(0, 30))
        tokens = sorted(t.hw.world.what)
        # the power goes between two steps; the tokens are put back `after` ms into the boot
        after = rnd.randrange(0, 31) * 10
        counts["token_boots"] += 1
        counts["tokens_put_back"] += len(tokens)
        try:
            t = Table(d, "ah2e")
            t.step(after // 10)
            for spot in tokens:
                t.hw.world.execute("place " + spot)
            t.step(100)
        except Exception as e:
            counts["tokens_failed"] += 1
            say("  tokens put back %d ms into boot %d: the table raised %r" % (after, i, e))
            t = Table(d, "ah2e")
            t.step(BOOT_STEPS)
            continue
        bad = [o for o in t.seen if o.get("ev") in _BAD_EVENTS]
        sync = t.app.mode.sync
        if bad or sync.todo or sync.wrong or sorted(t.hw.pads.present_spots()) != tokens:
            counts["tokens_failed"] += 1
            say("  %d tokens put back %d ms into boot %d: %r" % (len(tokens), after, i, bad[:2]))
    shutil.rmtree(d, ignore_errors=True)
    return counts
