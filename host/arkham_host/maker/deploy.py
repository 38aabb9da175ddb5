"""`arkham-table deploy [PORT]`: put the firmware and a board map on a Pico, in one command.

MicroPython: ask the running table to hand over its REPL (`repl` verb), read the device's .mpy
version (sys.implementation._mpy) through mpremote, compile the device package with a matching
mpy-cross, remove the old package (a stale .py would shadow the new .mpy), copy the bundle with
mpremote (board map as /board.json), reset. With --romfs the package goes instead into the
device's ROMFS partition (`mpremote romfs deploy`; MicroPython 1.25+ built with ROMFS), where its
bytecode runs in place from flash and takes no heap: the way to fit the AH2e table with eight
investigators in a Pico's RAM (docs/design.md, "Memory").
CircuitPython: find the CIRCUITPY drive by its volume label, copy the sources (CircuitPython's own
.mpy format differs from MicroPython's; --mpy-cross can name CircuitPython's compiler), install
the libraries backend_cp imports (deploy_cp.libraries(): adafruit_mpr121, neopixel) with circup
or from an unzipped Adafruit bundle (--lib-bundle); a game whose table needs more heap than
CircuitPython leaves on the board (deploy_cp, cp_memory.json) is refused with the figures.
--dry-run prints every step and touches nothing (no device is contacted).
"""

from __future__ import annotations

import argparse
import json
import os
import pathlib
import re
import shlex
import shutil
import subprocess
import sys
import tempfile

from arkham_host.device import bundle
from arkham_host.maker import boards, deploy_cp

HELP = "flash the firmware and a board map onto a Pico (MicroPython or CircuitPython)"

PICO_VID = 0x2E8A  # Raspberry Pi: MicroPython's USB VID on a Pico
# what the CircuitPython backend imports, less CircuitPython's built-in modules (its
# dependencies adafruit_bus_device and adafruit_pixelbuf are built in on the Pico boards)
CP_LIBS = deploy_cp.libraries()
RM_TREE = (
    "import os\n"
    "def rm(p):\n"
    "    try:\n"
    "        st = os.stat(p)\n"
    "    except OSError:\n"
    "        return\n"
    "    if st[0] & 0x4000:\n"
    "        for n in os.listdir(p):\n"
    "            rm(p + '/' + n)\n"
    "        os.rmdir(p)\n"
    "    else:\n"
    "        os.remove(p)\n"
    "rm('/arkham')\n"
)
REPL_WAIT = 30.0  # seconds a busy table may take to answer `repl` (release_repl)
PROBE = "import sys; i = sys.implementation; print(i.name, getattr(i, '_mpy', 0), i.version[:3])"


class DeployError(Exception):
    """Deploy cannot go on; the message says what to do."""


class Step:
    """One thing deploy does: a command (argv, run in cwd) or a Python action (fn)."""

    def __init__(self, what, argv=None, cwd=None, fn=None, show=None):
        self.what, self.argv, self.cwd, self.fn = what, argv, cwd, fn
        self.show = show or (shlex.join(str(a) for a in argv) if argv else "")

    def __repr__(self):
        return "Step(%r)" % self.what


def mpremote_cmd() -> list[str]:
    here = pathlib.Path(sys.executable).parent / "mpremote"
    if here.exists():
        return [str(here)]
    found = shutil.which("mpremote")
    return [found] if found else [sys.executable, "-m", "mpremote"]


def execute(step: Step) -> str:
    """Run one step for real; returns its stdout. Tests replace this to record steps."""
    if step.fn is not None:
        return step.fn() or ""
    r = subprocess.run(step.argv, cwd=step.cwd, capture_output=True, text=True)
    if r.returncode != 0:
        raise DeployError(
            "%s failed (exit %d): %s\n%s"
            % (step.what, r.returncode, step.show, (r.stderr or r.stdout).strip())
        )
    return r.stdout


# ---------------------------------------------------------------- MicroPython


def find_pico_port() -> str | None:
    """First serial port with the Raspberry Pi USB VID (a Pico running MicroPython)."""
    from serial.tools import list_ports

    for p in sorted(list_ports.comports(), key=lambda p: p.device):
        if p.vid == PICO_VID:
            return p.device
    return None


def release_repl(port: str, wait: float | None = None) -> str:
    """Ask a running table to stop its loop and give the port back to the REPL.

    The firmware turns Ctrl-C off (micropython.kbd_intr(-1)) so a stray 0x03 cannot stop a game,
    which also stops mpremote from breaking in; the `repl` verb is the way out. The line starts with
    '#', so a board already sitting at the REPL reads it as a Python comment: safe either way.

    Returns once the table has replied (or a REPL prompt shows), after at most `wait` seconds. A
    busy table answers late: up to 4 command lines run per loop step and an AH2e action with 8
    investigators takes ~1 s on a Pico (several on the emulated chip). mpremote must not start
    before that: its Ctrl-C/Ctrl-A would be read by the table as a line and lost, so it never gets
    a raw REPL ("could not enter raw repl" after 10 s; on a pty it waits forever). A refusal (the
    unix-port emulated table has no REPL to give) stops deploy with the table's words.
    """
    import time

    import serial

    wait = REPL_WAIT if wait is None else wait
    from arkham_host.wire import portlock

    portlock.check(port)  # PortBusy: another program would split mpremote's bytes with it
    try:
        with serial.Serial(port, 115200, timeout=0.2) as s:
            s.write(b"\n#deploy repl\n")
            s.flush()
            seen = b""
            deadline = time.monotonic() + wait
            while time.monotonic() < deadline and not _released(port, seen):
                seen += s.read(256)
    except (OSError, serial.SerialException) as e:
        raise DeployError("cannot open %s: %s" % (port, e)) from None
    return ""


def _released(port: str, seen: bytes) -> bool:
    """True once `seen` holds the table's reply to `#deploy repl` (or a REPL prompt)."""
    if b">>>" in seen:
        return True
    for line in seen.split(b"\n")[:-1]:  # whole lines only
        if b'"deploy"' not in line:
            continue
        try:
            reply = json.loads(line)
        except ValueError:
            continue
        if isinstance(reply, dict) and reply.get("re") == "deploy":
            if not reply.get("ok"):
                raise DeployError(
                    "the table on %s refused to hand over its port: %s" % (port, reply.get("err"))
                )
            return True
    return False


def parse_probe(text: str) -> tuple[str, bundle.MpyVersion]:
    """`micropython 4870 (1, 24, 1)` -> ("micropython", MpyVersion 6.3/armv6m)."""
    m = re.search(r"^(\w+) (\d+) ", text.strip(), re.M)
    if not m:
        raise DeployError("the device did not say its .mpy version; it said: %r" % text[-200:])
    impl, raw = m.group(1), int(m.group(2))
    if impl != "micropython":
        raise DeployError("the device runs %s, not MicroPython: use --runtime circuitpython" % impl)
    if raw == 0:
        raise DeployError("the device reports no .mpy support; deploy sources with --source")
    return impl, bundle.MpyVersion.from_sys(raw)


def plan_micropython(port, board_path, staging, mpy, source, mpy_cross=None) -> list[Step]:
    conn = mpremote_cmd() + ["connect", port or "auto"]
    compiled = not source
    extra = []
    if compiled:
        ours = bundle.mpy_cross_version(mpy_cross)
        extra = bundle.mpy_cross_args(mpy, ours)
    files = bundle.device_sources()
    what = (
        "compile %d modules with mpy-cross %s for .mpy %s"
        % (sum(1 for f in files if f.suffix == ".py"), " ".join(extra) or "(defaults)", mpy)
        if compiled
        else "copy %d sources uncompiled (--source)" % len(files)
    )

    def build():
        bundle.build(
            staging,
            board_path,
            "micropython",
            compile=compiled,
            mpy=mpy,
            mpy_cross=mpy_cross,
            log=lambda s: None,
        )

    top = ["arkham", "main.py", "board.json", "bundle.json"]
    return [
        Step(
            "build the bundle in %s: %s, + main.py, board %s as board.json"
            % (staging, what, board_path.stem),
            fn=build,
            show="(tools/bundle.py does the same)",
        ),
        Step(
            "remove the old /arkham package (a stale .py would shadow a new .mpy; the saved game "
            "and calibration in /state/, or in / from an older firmware, are kept)",
            conn + ["exec", RM_TREE],
            show=shlex.join(conn + ["exec", "<remove /arkham recursively>"]),
        ),
        Step("copy the bundle to the device root", conn + ["cp", "-r", *top, ":"], cwd=staging),
        Step("hard-reset the board: main.py starts the table", conn + ["reset"]),
    ]


def plan_romfs(port, board_path) -> list[Step]:
    """MicroPython with ROMFS: the package in the ROMFS partition, main.py and the board map on
    the filesystem (state.json and calib.json stay where they are)."""
    from arkham_host.device import runtimes

    conn = mpremote_cmd() + ["connect", port or "auto"]
    image = runtimes.BUILD_DIR / "romfs" / "arkham-device.romfs"

    def build():
        image.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(runtimes.romfs_image(include_emu=False), image)

    return [
        Step(
            "build the ROMFS image %s: the device package compiled with mpy-cross (.mpy 6.3), "
            "data files as they are, the emulator left out" % image,
            fn=build,
        ),
        Step(
            "write it to the device's ROMFS partition (refused by a MicroPython without ROMFS)",
            conn + ["romfs", "deploy", str(image)],
        ),
        Step(
            "remove an old /arkham package from the filesystem (it would shadow /rom/arkham)",
            conn + ["exec", RM_TREE],
            show=shlex.join(conn + ["exec", "<remove /arkham recursively>"]),
        ),
        Step(
            "copy main.py and board %s as board.json" % board_path.stem,
            conn
            + ["cp", str(runtimes.FIRMWARE_DIR / "main.py"), ":main.py"]
            + ["+", "cp", str(board_path), ":board.json"],
        ),
        Step("hard-reset the board: main.py starts the table", conn + ["reset"]),
    ]


# ---------------------------------------------------------------- CircuitPython


def find_circuitpy() -> pathlib.Path | None:
    """The mounted drive whose volume label is CIRCUITPY (Linux, macOS, Windows)."""
    if sys.platform.startswith("win"):
        return _find_label_windows("CIRCUITPY")
    candidates = []
    by_label = pathlib.Path("/dev/disk/by-label/CIRCUITPY")
    dev = os.path.realpath(by_label) if by_label.exists() else None
    try:
        with open("/proc/mounts") as f:
            for line in f:
                parts = line.split()
                if len(parts) < 2:
                    continue
                mnt = parts[1].replace("\\040", " ")
                if (dev and parts[0] == dev) or os.path.basename(mnt) == "CIRCUITPY":
                    candidates.append(pathlib.Path(mnt))
    except OSError:
        pass
    candidates.append(pathlib.Path("/Volumes/CIRCUITPY"))  # macOS mounts by label
    for c in candidates:
        if (c / "boot_out.txt").exists():
            return c
    return None


def _find_label_windows(label):
    import ctypes
    import string

    buf = ctypes.create_unicode_buffer(64)
    for letter in string.ascii_uppercase:
        root = "%s:\\" % letter
        ok = ctypes.windll.kernel32.GetVolumeInformationW(root, buf, 64, None, None, None, None, 0)
        if ok and buf.value == label:
            return pathlib.Path(root)
    return None


def writable(drive: pathlib.Path) -> bool:
    probe = pathlib.Path(drive) / ".arkham-write-test"
    try:
        probe.write_bytes(b"")
        probe.unlink()
        return True
    except OSError:
        return False


def circuitpython_version(drive: pathlib.Path) -> tuple[int, int] | None:
    """From boot_out.txt: 'Adafruit CircuitPython 9.2.1 on 2024-...' -> (9, 2)."""
    try:
        text = (drive / "boot_out.txt").read_text(errors="replace")
    except OSError:
        return None
    m = re.search(r"CircuitPython (\d+)\.(\d+)", text)
    return (int(m.group(1)), int(m.group(2))) if m else None


def plan_circuitpython(drive, board_path, staging, lib_bundle=None, mpy_cross=None) -> list[Step]:
    drive_s = str(drive)
    compiled = mpy_cross is not None

    def build():
        bundle.build(
            staging,
            board_path,
            "circuitpython",
            compile=compiled,
            mpy_cross=mpy_cross,
            log=lambda s: None,
        )

    def copy():
        old = pathlib.Path(drive) / "arkham"
        if old.exists():
            shutil.rmtree(old)
        for name in ["arkham", "code.py", "boot.py", "board.json", "bundle.json"]:
            src = pathlib.Path(staging) / name
            if src.is_dir():
                shutil.copytree(src, pathlib.Path(drive) / name)
            else:
                shutil.copyfile(src, pathlib.Path(drive) / name)

    files = bundle.device_sources()
    steps = [
        Step(
            "build the bundle in %s: %d files %s, + code.py and boot.py, board %s as board.json"
            % (
                staging,
                len(files),
                "compiled with CircuitPython's mpy-cross %s" % mpy_cross
                if compiled
                else "as .py sources (MicroPython's .mpy files do not load on CircuitPython)",
                board_path.stem,
            ),
            fn=build,
            show="(tools/bundle.py --runtime circuitpython)",
        ),
        Step(
            "replace %s/arkham and copy code.py, boot.py, board.json, bundle.json" % drive_s,
            fn=copy,
            show="rm -r %s/arkham; cp -r arkham code.py boot.py board.json bundle.json %s/"
            % (drive_s, drive_s),
        ),
    ]
    steps.append(_library_step(drive, lib_bundle))
    steps.append(
        Step(
            "press reset (or replug) once: boot.py then makes the flash writable for "
            "the table's saves; hold GP22 to GND while plugging in to deploy again",
            fn=lambda: "",
        )
    )
    return steps


def _library_step(drive, lib_bundle=None) -> Step:
    """The Adafruit libraries the CircuitPython backend imports (CP_LIBS) into the drive's lib/:
    copied from an unzipped bundle when one is given, else installed with circup."""
    drive_s = str(drive)
    if lib_bundle:
        lib = pathlib.Path(lib_bundle) / "lib"

        def copy_libs():
            dest = pathlib.Path(drive) / "lib"
            dest.mkdir(exist_ok=True)
            for lib_name in CP_LIBS:
                # a library is one .mpy file or a package folder in the bundle's lib/
                name = lib_name + ".mpy" if (lib / (lib_name + ".mpy")).exists() else lib_name
                src = lib / name
                if not src.exists():
                    raise DeployError(
                        "%s is not in the Adafruit bundle %s" % (lib_name, lib_bundle)
                    )
                if src.is_dir():
                    shutil.rmtree(dest / name, ignore_errors=True)
                    shutil.copytree(src, dest / name)
                else:
                    shutil.copyfile(src, dest / name)

        return Step(
            "copy %s from the Adafruit bundle %s into %s/lib"
            % (", ".join(CP_LIBS), lib_bundle, drive_s),
            fn=copy_libs,
            show="cp -r %s %s/lib/" % (" ".join(str(lib / n) for n in CP_LIBS), drive_s),
        )
    circup = shutil.which("circup") or "circup"
    return Step(
        "install %s (and their dependencies) with circup" % ", ".join(CP_LIBS),
        [circup, "--path", drive_s, "install", *CP_LIBS],
    )


# ---------------------------------------------------------------- command


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "port",
        nargs="?",
        help="serial port (MicroPython; default: the first Pico found) or the "
        "CIRCUITPY folder (CircuitPython; default: found by volume label)",
    )
    parser.add_argument(
        "--board",
        default="bringup",
        help="board map name or path, copied as /board.json (default bringup)",
    )
    parser.add_argument(
        "--runtime",
        choices=["micropython", "circuitpython"],
        help="default: circuitpython if PORT is a folder, else micropython",
    )
    parser.add_argument(
        "--dry-run",
        action="store_true",
        help="print every step; touch nothing and contact no device",
    )
    parser.add_argument(
        "--mpy",
        help="the device's .mpy version (6.3, 6.2/armv6m or its _mpy "
        "number); skips asking the device",
    )
    parser.add_argument(
        "--source", action="store_true", help="MicroPython: copy .py sources instead of compiling"
    )
    parser.add_argument(
        "--romfs",
        action="store_true",
        help="MicroPython 1.25+ built with ROMFS: put the package in the ROMFS partition, where "
        "its code runs from flash and leaves the heap to the game",
    )
    parser.add_argument("--mpy-cross", help="mpy-cross to use (for CircuitPython: its own)")
    parser.add_argument(
        "--cp-board",
        choices=sorted(deploy_cp.memory_table()["boards"]),
        help="CircuitPython: the board (default: boot_out.txt's Board ID), for the memory check",
    )
    parser.add_argument(
        "--lib-bundle",
        help="CircuitPython: an unzipped Adafruit library bundle "
        "to copy the libraries from instead of circup",
    )


def run(args) -> int:
    try:
        return _run(args, sys.stdout)
    except (DeployError, bundle.BundleError, FileNotFoundError) as e:
        print("deploy: %s" % e, file=sys.stderr)
        return 1


def _say(out, n, step):
    print("[%d] %s" % (n, step.what), file=out)
    if step.show:
        print("    $ %s" % step.show, file=out)


def _run(args, out) -> int:
    board_path = boards.map_path(args.board)
    errors = boards.validate(boards.read_map(args.board))
    if errors:
        raise DeployError("board map %s is bad: %s" % (board_path, "; ".join(errors)))
    runtime = args.runtime or (
        "circuitpython" if args.port and os.path.isdir(args.port) else "micropython"
    )
    dry = args.dry_run
    staging_tmp = None if dry else tempfile.TemporaryDirectory(prefix="arkham-bundle-")
    staging = pathlib.Path(staging_tmp.name if staging_tmp else "<temp>/bundle")
    if not dry:
        staging = staging / "bundle"
    print(
        "deploy %s, board %s%s" % (runtime, board_path.stem, " (dry run)" if dry else ""), file=out
    )
    try:
        if runtime == "micropython":
            n, steps = _micropython_steps(args, out, board_path, staging, dry)
        else:
            n, steps = _circuitpython_steps(args, out, board_path, staging, dry)
        for step in steps:
            n += 1
            _say(out, n, step)
            if not dry:
                execute(step)
        print("dry run: nothing was changed" if dry else "done", file=out)
    finally:
        if staging_tmp is not None:
            staging_tmp.cleanup()
    return 0


def _micropython_steps(args, out, board_path, staging, dry):
    """MicroPython: the running table hands its port to the REPL and the device's .mpy version is
    read (or given, or assumed in a dry run), then the plan for that version.
    -> (steps said so far, the steps still to run)"""
    n = 0
    port = args.port or (None if dry else find_pico_port())
    if not dry and not port:
        raise DeployError("no Pico found (USB VID 2E8A); give the port, e.g. /dev/ttyACM0")
    pre = [
        Step(
            "ask the running table to hand its port to the REPL (`repl` verb)",
            fn=lambda: release_repl(port),
            show="send '#deploy repl' to %s" % (port or "<the first Pico>"),
        )
    ]
    conn = mpremote_cmd() + ["connect", port or "auto"]
    if args.mpy:
        mpy = bundle.MpyVersion.parse(args.mpy)
        note = "given with --mpy"
    else:
        pre.append(
            Step(
                "read the device's .mpy version (sys.implementation._mpy)",
                conn + ["exec", PROBE],
            )
        )
        mpy = None
        note = None
    for step in pre:
        n += 1
        _say(out, n, step)
        if not dry:
            text = execute(step)
            if step.argv and step.argv[-1] == PROBE:
                impl, mpy = parse_probe(text)
                note = "read from the device"
    if mpy is None:  # dry run without --mpy: plan for what our mpy-cross emits
        mpy = bundle.mpy_cross_version(args.mpy_cross)
        note = "assumed (dry run: the device is not asked; give --mpy to plan for it)"
    print("    .mpy %s, %s" % (mpy, note), file=out)
    if args.romfs:
        if (mpy.major, mpy.sub) < (6, 3):
            raise DeployError(
                "--romfs needs MicroPython 1.25 or newer (.mpy 6.3); the device loads %s" % mpy
            )
        steps = plan_romfs(port, board_path)
    else:
        steps = plan_micropython(port, board_path, staging, mpy, args.source, args.mpy_cross)
    return n, steps


def _circuitpython_steps(args, out, board_path, staging, dry):
    """CircuitPython: the CIRCUITPY drive found and checked (writable, CircuitPython 9+, the game
    fits the board's memory), then the plan. -> (steps said so far, the steps still to run)"""
    n = 0
    drive = pathlib.Path(args.port) if args.port else find_circuitpy()
    if drive is None and not dry:
        raise DeployError("no CIRCUITPY drive mounted; plug the Pico in or give its folder")
    n += 1
    shown = drive or pathlib.Path("<CIRCUITPY>")
    print("[%d] CIRCUITPY drive: %s" % (n, drive or "none mounted now (dry run goes on)"), file=out)
    if drive is not None:
        if not dry and not writable(drive):
            raise DeployError(
                "%s is read-only to this computer: the table's boot.py gave the flash to the "
                "table. Hold GP22 to GND while plugging the Pico in, then deploy again" % drive
            )
        ver = circuitpython_version(drive)
        print(
            "    boot_out.txt: %s" % ("CircuitPython %d.%d" % ver if ver else "unknown"),
            file=out,
        )
        if ver and ver < (9, 0) and not dry:
            raise DeployError("CircuitPython %d.%d found; the firmware needs 9 or newer" % ver)
    cp_board = getattr(args, "cp_board", None) or (
        deploy_cp.board_id(drive) if drive is not None else None
    )
    fits, why = deploy_cp.fit(board_path.stem, cp_board, compiled=args.mpy_cross is not None)
    if fits is False:
        raise DeployError(why)
    print("    " + why, file=out)
    steps = plan_circuitpython(shown, board_path, staging, args.lib_bundle, args.mpy_cross)
    return n, steps
