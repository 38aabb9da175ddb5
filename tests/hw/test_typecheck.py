"""Type checks of the device package against the stubs of the runtimes it runs on (mypy, pinned
in the test extra with the stubs):
- MicroPython (the rp2 port: micropython-rp2-stubs, micropython-stdlib-stubs as the standard
  library): the whole package but backend_cp, and main.py;
- CircuitPython (circuitpython-stubs, `board` of the Raspberry Pi Pico, the Adafruit libraries
  as installed by the test extra): backend_cp, table.py (usb_cdc), boot.py and code.py.
Zero errors. The backends, the hardware layer, the board map and the emulator have their untyped
bodies checked too (check_untyped_defs), so every call into machine, neopixel, busio, digitalio,
usb_cdc and the Adafruit drivers is checked; the rules code only where it is annotated.
The stub trees are laid out from the installed distributions under build/typings (mypy wants a
typeshed-shaped folder for MicroPython's standard library, and plain module folders, not
`-stubs` packages, on its path); nothing is downloaded here."""

import importlib.metadata as md
import importlib.util
import pathlib
import shutil
import subprocess
import sys

import pytest

from arkham_host.device import runtimes

FW = runtimes.FIRMWARE_DIR
TYPINGS = runtimes.BUILD_DIR / "typings"
MP_DISTS = ["micropython-rp2-stubs", "micropython-stdlib-stubs"]
CP_DISTS = ["circuitpython-stubs"]
CP_LIBS = ["adafruit-circuitpython-mpr121", "adafruit-circuitpython-neopixel",
           "adafruit-circuitpython-typing"]
PICO = "raspberry_pi_pico"

CHECKED_BODIES = (
    "arkham.hw,arkham.hw.backend_mp,arkham.hw.backend_cp,arkham.hw.mpr121,arkham.hw.pixels,"
    "arkham.hw.lights,arkham.hw.storage,arkham.table,arkham.boardmap,arkham.compat,"
    "arkham.persist,arkham.emu.*"
)
MP_INI = """[mypy]
[mypy-%s]
check_untyped_defs = True
[mypy-arkham.hw.backend_cp]
follow_imports = skip
[mypy-usb_cdc]
ignore_missing_imports = True
""" % CHECKED_BODIES
CP_INI = """[mypy]
[mypy-%s]
check_untyped_defs = True
[mypy-arkham.hw.backend_mp]
follow_imports = skip
[mypy-adafruit_mpr121,neopixel,circuitpython_typing,circuitpython_typing.*]
follow_imports = silent
""" % CHECKED_BODIES


def _missing():
    if importlib.util.find_spec("mypy") is None:
        return "mypy"
    for d in MP_DISTS + CP_DISTS + CP_LIBS:
        try:
            md.distribution(d)
        except md.PackageNotFoundError:
            return d
    return None


pytestmark = pytest.mark.skipif(
    _missing() is not None,
    reason="type checker or stubs not installed (%s): pip install -e .[test]" % _missing(),
)


def _files(dist):
    """(path inside site-packages, absolute path) of a distribution's files, metadata left out."""
    d = md.distribution(dist)
    for f in d.files or []:
        top = f.parts[0]
        if top.endswith(".dist-info") or "__pycache__" in f.parts or top == "..":
            continue
        yield pathlib.PurePosixPath(*f.parts), pathlib.Path(d.locate_file(f))


def _lay_out(name, dists, rename):
    """build/typings/<name>-<versions>/: the dists' files, each path passed through rename."""
    tag = "-".join(md.version(d) for d in dists)
    out = TYPINGS / ("%s-%s" % (name, tag))
    if (out / ".complete").exists():
        return out
    shutil.rmtree(out, ignore_errors=True)
    for dist in dists:
        for rel, src in _files(dist):
            dest = rename(rel)
            if dest is None:
                continue
            target = out / dest
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(src, target)
    (out / ".complete").write_text("")
    return out


def _mp_path(rel):
    return rel


def _cp_path(rel):
    top = rel.parts[0]
    if top == "board_definitions":  # the Pico's own pin names as `board`
        if rel.parts[1] == PICO:
            return pathlib.PurePosixPath("board", *rel.parts[2:])
        return None
    if top == "board-stubs":
        return None
    if top.endswith("-stubs"):
        return pathlib.PurePosixPath(top[: -len("-stubs")], *rel.parts[1:])
    if rel.suffix in (".py", ".pyi") or top == "circuitpython_typing":
        return rel
    return None


def _stub_modules(typings):
    """Top-level modules of a stub tree (its standard library left out): errors inside the stubs
    are the stubs' own business, not ours."""
    names = set()
    for p in typings.iterdir():
        if p.name in ("stdlib", "__pycache__") or p.name.startswith("."):
            continue
        if p.is_dir() or p.suffix in (".py", ".pyi"):
            names.add(p.stem if p.is_file() else p.name)
    return sorted(n for n in names if n.isidentifier())


def mypy(typings, ini_text, args, name, typeshed=False):
    ini = TYPINGS / ("%s.ini" % name)
    ini.parent.mkdir(parents=True, exist_ok=True)
    mods = _stub_modules(typings)
    ini_text += "[mypy-%s]\nignore_errors = True\n" % ",".join(mods + [m + ".*" for m in mods])
    ini.write_text(ini_text)
    argv = [sys.executable, "-m", "mypy", "--config-file", str(ini), "--no-site-packages"]
    argv += ["--cache-dir", str(TYPINGS / ("cache-" + name))]
    if typeshed:
        argv += ["--custom-typeshed-dir", str(typings)]
    env = {"MYPYPATH": str(typings), "PATH": "/usr/bin:/bin"}
    return subprocess.run(argv + args, cwd=FW, env=env, capture_output=True, text=True)


@pytest.fixture(scope="module")
def mp_typings():
    return _lay_out("micropython", MP_DISTS, _mp_path)


@pytest.fixture(scope="module")
def cp_typings():
    return _lay_out("circuitpython", CP_DISTS + CP_LIBS, _cp_path)


def test_device_package_type_checks_against_micropython_rp2_stubs(mp_typings):
    r = mypy(mp_typings, MP_INI, ["--exclude", "backend_cp", "-p", "arkham"], "mp", True)
    assert r.returncode == 0 and "Success: no issues found" in r.stdout, r.stdout + r.stderr
    r = mypy(mp_typings, MP_INI, ["main.py"], "mp", True)
    assert r.returncode == 0, r.stdout + r.stderr


def test_circuitpython_backend_type_checks_against_circuitpython_stubs(cp_typings):
    files = ["arkham/hw/backend_cp.py", "arkham/table.py", "boot.py", "code.py"]
    r = mypy(cp_typings, CP_INI, files, "cp")
    assert r.returncode == 0 and "Success: no issues found" in r.stdout, r.stdout + r.stderr


@pytest.mark.parametrize(
    "runtime,code,says",
    [
        ("mp", "import machine\nmachine.Pin(16, machine.Pin.OUTT)\n", 'no attribute "OUTT"'),
        ("cp", "import busio, board\nbusio.I2C(board.GP5, board.GP4, freq=1)\n", '"freq"'),
        ("cp", "import board\nboard.GP29\n", 'no attribute "GP29"'),
    ],
)
def test_the_checks_catch_a_wrong_call(mp_typings, cp_typings, runtime, code, says):
    """The same set-up finds a misspelt machine constant, a MicroPython keyword given to busio,
    and a pin the Pico does not have (so a pass above means something)."""
    if runtime == "mp":
        r = mypy(mp_typings, MP_INI, ["-c", code], "mp", True)
    else:
        r = mypy(cp_typings, CP_INI, ["-c", code], "cp")
    assert r.returncode == 1 and says in r.stdout, r.stdout + r.stderr
