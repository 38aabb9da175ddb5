"""`arkham-table campaign [--full]`: the reliability campaign, kept as our own tool.

It runs the real firmware (arkham.app over the emulated MPR121s and a real Storage in a temporary
folder) in this process, with a manual clock, and attacks it from outside:
- hostile lines: random bytes, mangled commands of every verb of three games, over-long lines,
  bare tags, control bytes. Every line must get exactly one reply, never an internal error, and
  the loop must never die;
- power cuts: a random moment between steps, in the middle of writing the state file, before
  its rename, between its two renames, during the boot itself, after saves that failed. The
  table must boot again and resume at or after the last seq the host was sent (nothing
  acknowledged is lost);
- damaged save files: bytes flipped, cut short, not UTF-8, a folder, a seq that is negative,
  huge or fractional, garbage. The table must boot, answer, and say what it did;
- noise: each level for a while on every chip of the AH2e board with a token resting: no false
  pad event, the token held, every pad reported noisy once, no pad latched occupied afterwards.
And six more (campaign_resume, campaign_link, campaign_journal beside this module): damaged
saves that still parse (a CRC that does not match is never resumed; what is resumed plays),
`sim` started on damaged saves (the host never chokes on the file), tokens put back after power
cuts (no pads_differ, prompt or move), busy-play unplugs (`since` gives every event missed, byte
for byte), a foreign reader on the port (refused by the kernel, nothing lost) and power cuts in
an AH2e game that journals its actions, in the middle of an append too (the game resumed is the
one the host was told about, or that and the action it was not told about).
It prints its figures; a row with a failure makes the exit code 1. The fast slice runs in the
default test suite (tests/app/test_campaign.py); `--full` gives the full counts.
"""

from __future__ import annotations

import os
import random
import shutil
import tempfile

from arkham_host.hil import campaign_journal, campaign_link, campaign_resume
from arkham_host.hil.campaign_table import (  # noqa: F401 (Table, PowerCut: used by tests)
    BOOT_STEPS,
    PowerCut,
    Table,
    cut_storage,
)

HELP = ("the reliability campaign (hostile lines, power cuts, damaged saves, noise, and issue "
        "32's: saves that parse, sim on damaged saves, tokens at boot, busy unplugs, foreign "
        "readers): figures")

FAST = {"lines": 240, "cuts": 18, "damaged": 20, "noise": (12, 40), "noise_s": 2,
        "parsing": 9, "sim": 6, "tokens": 4, "unplugs": 6, "foreign": 2, "journal": 15}
FULL = {"lines": 20000, "cuts": 200, "damaged": 200, "noise": (8, 12, 16, 20, 24, 32, 40, 60, 80),
        "noise_s": 10, "parsing": 150, "sim": 120, "tokens": 120, "unplugs": 150, "foreign": 100,
        "journal": 200}


def add_arguments(p):
    p.add_argument("--full", action="store_true", help="the full counts (minutes, not seconds)")
    p.add_argument("--seed", type=int, default=1, help="seed of the campaign's choices")


def run(args) -> int:
    figures = campaign(FULL if args.full else FAST, args.seed, print)
    return 0 if not failures(figures) else 1


def failures(figures):
    return sum(v for k, v in figures.items() if k.endswith("_failed"))


# ---- hostile lines -----------------------------------------------------------------------------
WORDS = ["hello", "help", "dump", "since", "game", "board", "pads", "faults", "calib", "sweep",
         "light", "unlight", "act", "legal", "state", "ok", "override", "new", "nominate", "take",
         "pass", "orb", "peek", "goo", "reveal", "next", "look", "sanity", "empty", "set", "reset",
         "stop", "bringup", "ah2e", "ritual", "fh", "effect", "move", "to=", "inv=0", "bless=maybe",
         "seed=", "players=", "ms=", "colour=", "touch=", "release=", "item=", "all", "red",
         "1,2,3"]


def hostile_line(rnd):
    k = rnd.random()
    if k < 0.15:  # (one line: no newline inside, and no 0x1E, the emulator's world channel)
        junk = bytes(rnd.getrandbits(8) for _ in range(rnd.randint(0, 80)))
        return junk.replace(b"\n", b"").replace(b"\x1e", b"") + b"\n"
    if k < 0.2:
        return b"#" + rnd.choice([b"", b"abc", b"12", b"x" * 20, b"-", b"007"]) + rnd.choice(
            [b"\n", b"\r\n", b"  \n"])
    if k < 0.25:
        return (rnd.choice([b"#5 ", b""]) + b"y" * rnd.randint(500, 1200)
                + rnd.choice([b"\n", b"\r\n"]))
    words = []
    if rnd.random() < 0.5:
        words.append("#%s" % rnd.choice(["1", "77", "abc", "a.c", "0", "999999999", "x-y_z"]))
    for _ in range(rnd.randint(1, 6)):
        w = rnd.choice(WORDS)
        if w.endswith("="):
            w += rnd.choice(["", "1", "-3", "99999999999", "maybe", "x" * 40, "true", "{}", "[1"])
        elif rnd.random() < 0.2:
            w = str(rnd.randint(-5, 100))
        words.append(w)
    line = " ".join(words).encode()
    if rnd.random() < 0.05:
        line = line.replace(b" ", b"\t")
    return line + rnd.choice([b"\n", b"\r\n"])


def _blank(raw):
    """Is this line blank for the table (no reply): printable bytes that backspace/DEL erase
    (docs/protocol.md), spaces, a \r before the newline."""
    body = raw[:-1]
    if body.endswith(b"\r"):
        body = body[:-1]
    kept = []
    for b in body:
        if b in (8, 127):
            if kept:
                kept.pop()
        elif b == 9 or 32 <= b <= 126:
            kept.append(b)
        else:
            return False  # a non-printable byte: one error
    return not bytes(kept).strip()


def lines_row(n, rnd, tmp, say):
    counts = {"lines": 0, "lines_failed": 0, "internal_errors": 0}
    games = [("bringup", None), ("ah2e", "ah2e"), ("ritual", "ritual")]
    per = max(1, n // len(games))
    for board, game in games:
        d = tempfile.mkdtemp(dir=tmp)
        t = Table(d, board, game)
        t.step(BOOT_STEPS)
        for _ in range(per):
            raw = hostile_line(rnd)
            try:
                out = t.send(raw, 6)
            except Exception as e:  # the loop died
                counts["lines_failed"] += 1
                say("  line %r: the loop raised %r" % (raw[:60], e))
                t = Table(d, board, game)
                t.step(BOOT_STEPS)
                continue
            counts["lines"] += 1
            replies = [o for o in out if "re" in o]
            blank = _blank(raw)
            bad = [o for o in out if o.get("ev") == "error" and o.get("where") in
                   ("command", "parse", "loop", "tick", "on_pad", "render")]
            internal = [o for o in replies if "internal error" in str(o.get("err", ""))]
            if internal or bad:
                counts["internal_errors"] += 1
            if (len(replies) != (0 if blank else 1)) or internal or bad:
                counts["lines_failed"] += 1
                say("  line %r: %r" % (raw[:60], out[:3]))
            if game and t.app.game != game:
                t.send(b"game %s\n" % game.encode())  # (a hostile `game` switched it: go back)
        shutil.rmtree(d, ignore_errors=True)
    return counts


# ---- power cuts --------------------------------------------------------------------------------
def cuts_row(n, rnd, tmp, say):
    counts = {"power_cuts": 0, "cuts_failed": 0, "events": 0}
    d = tempfile.mkdtemp(dir=tmp)
    t = Table(d)
    t.step(2)
    host_max = t.max_seq()
    spots = [s.name for s in t.board.spots]
    pads = [s.name for s in t.board.spots if s.chip is not None]
    kinds = ("between_steps", "mid_write", "before_rename", "between_renames", "during_boot",
             "after_failed_saves")
    for i in range(n):
        how = kinds[i % len(kinds)]
        for _ in range(rnd.randint(1, 6)):  # some play: lights and tokens
            if rnd.random() < 0.5:
                t.send(b"light %s %d,%d,%d\n" % (rnd.choice(spots).encode(), rnd.randint(0, 255),
                                                   rnd.randint(0, 255), rnd.randint(0, 255)), 1)
            else:
                t.hw.world.execute(rnd.choice(["place ", "lift "]) + rnd.choice(pads))
                t.step(rnd.randint(1, 4))
        host_max = max(host_max, t.max_seq())
        if how in ("mid_write", "before_rename", "between_renames"):
            cut_storage(t.app.storage, how, rnd)
            try:
                t.send(b"light %s red\n" % rnd.choice(spots).encode(), 2)
                t.hw.world.execute("place " + rnd.choice(pads))
                t.step(4)
            except PowerCut:
                pass
        if how == "after_failed_saves":  # saves fail a while (flash full), then the power goes
            real_save = t.app.storage.save

            def full(name, data):
                raise OSError(28, "no space left on device")

            t.app.storage.save = full
            for _ in range(rnd.randint(1, 5)):
                t.send(b"light %s blue\n" % rnd.choice(spots).encode(), 1)
                t.hw.world.execute(rnd.choice(["place ", "lift "]) + rnd.choice(pads))
                t.step(3)
            t.app.storage.save = real_save
        host_max = max(host_max, t.max_seq())  # (what was sent before the cut)
        counts["power_cuts"] += 1
        if how == "during_boot":
            import arkham.persist as persist

            real = persist.load_json

            def cut_load(storage, name):
                persist.load_json = real
                raise PowerCut()

            persist.load_json = cut_load
            try:
                Table(d)
            except PowerCut:
                pass
            finally:
                persist.load_json = real
        counts["events"] += len([o for o in t.seen if "ev" in o])
        try:
            t = Table(d)
            boot = t.step(2)
        except Exception as e:
            counts["cuts_failed"] += 1
            say("  cut %d (%s): the table did not boot: %r" % (i, how, e))
            continue
        hello = [o for o in boot if o.get("ev") == "hello"]
        resumed = [o for o in boot if o.get("ev") == "resumed"]
        if not hello or not resumed or hello[0]["seq"] - 1 < host_max:
            counts["cuts_failed"] += 1
            say("  cut %d (%s): host saw %d, table booted with %r" % (i, how, host_max, boot[:3]))
        host_max = t.max_seq()
    shutil.rmtree(d, ignore_errors=True)
    return counts


# ---- damaged save files ------------------------------------------------------------------------
def damage(good, rnd, k):
    kind = k % 10
    if kind == 0:
        b = bytearray(good)
        for _ in range(rnd.randint(1, 5)):
            b[rnd.randrange(len(b))] = rnd.getrandbits(8)
        return "flipped bytes", bytes(b)
    if kind == 1:
        return "cut short", good[: rnd.randrange(len(good))]
    if kind == 2:
        at = rnd.randint(0, 12)
        return "not UTF-8 near the start", good[:at] + bytes([0xFF, 0xC3, 0x28]) + good[at + 3:]
    if kind == 3:
        return "a folder", None
    if kind == 4:
        return "a negative seq", b'{"seq":-%d' % rnd.randint(1, 99) + good[good.index(b","):]
    if kind == 5:
        return "a huge seq", b'{"seq":%d' % (rnd.randint(2**31, 2**64)) + good[good.index(b","):]
    if kind == 6:
        return "a fractional seq", b'{"seq":%d.5' % rnd.randint(0, 99) + good[good.index(b","):]
    if kind == 7:
        return "garbage", bytes(rnd.getrandbits(8) for _ in range(rnd.randint(0, 300)))
    if kind == 8:
        return "empty", b""
    return "a table that is not a table", b'{"seq":3,"table":%s}' % rnd.choice(
        [b"4", b"[]", b'"x"', b'{"game":5}', b'{"game":"bringup","mode":7}'])


def damaged_row(n, rnd, tmp, say):
    counts = {"damaged_files": 0, "damaged_failed": 0, "restored_previous": 0}
    for k in range(n):
        d = tempfile.mkdtemp(dir=tmp)
        t = Table(d)
        t.step(2)
        t.send(b"light %s 1,2,3\n" % t.board.spots[0].name.encode())
        t.send(b"light %s 4,5,6\n" % t.board.spots[1].name.encode())
        path = os.path.join(d, "state.json")
        with open(path, "rb") as f:
            good = f.read()
        what, data = damage(good, rnd, k + (0 if rnd.random() < 0.8 else 3))
        if rnd.random() < 0.3:
            os.remove(path + ".bak")  # (no previous save to fall back on)
        os.remove(path)
        if data is None:
            os.mkdir(path)
        else:
            with open(path, "wb") as f:
                f.write(data)
        counts["damaged_files"] += 1
        try:
            t = Table(d)
            boot = t.step(2)
            out = t.send(b"#42 hello\n")
        except Exception as e:
            counts["damaged_failed"] += 1
            say("  damaged file (%s): the table did not boot: %r" % (what, e))
            shutil.rmtree(d, ignore_errors=True)
            continue
        evs = [o.get("ev") for o in boot]
        answered = [o for o in out if o.get("re") == 42 and o.get("ok")]
        told = "resumed" in evs or "restore_failed" in evs
        if "restore_failed" in evs and "resumed" in evs:
            counts["restored_previous"] += 1
        if not answered or not told:
            counts["damaged_failed"] += 1
            say("  damaged file (%s): boot %r, hello %r" % (what, evs, out))
        shutil.rmtree(d, ignore_errors=True)
    return counts


# ---- noise -------------------------------------------------------------------------------------
def noise_row(levels, seconds, tmp, say):
    counts = {"noise_levels": len(levels), "noise_held": 0, "noise_failed": 0,
              "false_pad_events": 0}
    for level in levels:
        d = tempfile.mkdtemp(dir=tmp)
        t = Table(d, "ah2e", seed=level)
        t.step(3)
        pads = [s.name for s in t.board.spots if s.chip is not None]
        t.hw.world.execute("place " + pads[0])
        t.step(10)
        t.take()
        t.seen = []
        t.hw.world.execute("noise %d" % level)
        t.step(seconds * 100)
        t.hw.world.execute("noise 0")
        t.step(300)
        pad_events = [o for o in t.seen if o.get("ev") == "pad"]
        noisy = [o["spot"] for o in t.seen if o.get("ev") == "pad_fault" and o["fault"] == "noisy"]
        latched = [s for s in t.hw.pads.present_spots() if s != pads[0]]
        ok = (not pad_events and t.hw.pads.present(pads[0]) and not latched
              and len(noisy) == len(set(noisy)) == len(pads))
        counts["false_pad_events"] += len(pad_events)
        if ok:
            counts["noise_held"] += 1
        else:
            counts["noise_failed"] += 1
            say("  noise %d: %d false pad events, token held %s, latched %d, noisy reports %d for "
                "%d pads" % (level, len(pad_events), t.hw.pads.present(pads[0]), len(latched),
                             len(noisy), len(set(noisy))))
        shutil.rmtree(d, ignore_errors=True)
    return counts


def campaign(size, seed=1, say=print):
    rnd = random.Random(seed)
    shm = "/dev/shm" if os.path.isdir("/dev/shm") and os.access("/dev/shm", os.W_OK) else None
    tmp = tempfile.mkdtemp(prefix="arkham-campaign-", dir=shm)  # (RAM: fsync costs nothing)
    figures = {}
    try:
        figures.update(lines_row(size["lines"], rnd, tmp, say))
        figures.update(cuts_row(size["cuts"], rnd, tmp, say))
        figures.update(damaged_row(size["damaged"], rnd, tmp, say))
        figures.update(noise_row(size["noise"], size["noise_s"], tmp, say))
        # the resume and the link
        figures.update(campaign_resume.parsing_row(size["parsing"], rnd, tmp, say))
        figures.update(campaign_resume.sim_row(size["sim"], rnd, tmp, say))
        figures.update(campaign_resume.tokens_row(size["tokens"], rnd, tmp, say))
        figures.update(campaign_link.unplugs_row(size["unplugs"], rnd, tmp, say))
        figures.update(campaign_link.foreign_row(size["foreign"], rnd, tmp, say))
        figures.update(campaign_journal.journal_row(size["journal"], rnd, tmp, say))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    say("campaign (%s, seed %d):" % ("full" if size is FULL else "fast", seed))
    say("  hostile lines   %6d  failed %d (internal errors %d)"
        % (figures["lines"], figures["lines_failed"], figures["internal_errors"]))
    say("  power cuts      %6d  failed %d (events seen %d)"
        % (figures["power_cuts"], figures["cuts_failed"], figures["events"]))
    say("  damaged files   %6d  failed %d (previous save restored %d)"
        % (figures["damaged_files"], figures["damaged_failed"], figures["restored_previous"]))
    say("  noise levels    %6d  held %d, failed %d (false pad events %d; levels %s, %d s each)"
        % (figures["noise_levels"], figures["noise_held"], figures["noise_failed"],
           figures["false_pad_events"], " ".join(str(v) for v in size["noise"]),
           size["noise_s"]))
    say("  saves that parse %5d  failed %d (refused %d, resumed and played %d)"
        % (figures["parsing_saves"], figures["parsing_failed"], figures["parsing_refused"],
           figures["parsing_resumed"]))
    say("  sim on damaged  %6d  failed %d" % (figures["sim_starts"], figures["sim_failed"]))
    say("  tokens at boot  %6d  failed %d (tokens put back %d)"
        % (figures["token_boots"], figures["tokens_failed"], figures["tokens_put_back"]))
    say("  busy unplugs    %6d  failed %d (events missed and replayed %d, at most %d at once)"
        % (figures["unplugs"], figures["unplugs_failed"], figures["unplug_events"],
           figures["unplug_gap_max"]))
    if figures["foreign_skipped"]:
        say("  foreign readers      0  not run: %s" % figures["foreign_skipped"])
    else:
        say("  foreign readers %6d  failed %d (requests lost %d)"
            % (figures["foreign_readers"], figures["foreign_failed"], figures["foreign_lost"]))
    say("  journal cuts    %6d  failed %d (torn appends %d, records in the journal %d)"
        % (figures["journal_cuts"], figures["journal_failed"], figures["torn_appends"],
           figures["journal_records"]))
    return figures
