"""Every device test script runs on micropython32 with half the Pico's C stack (issue 28), and
prints what CPython prints: the table's deepest step must fit in half of the Pico's 7,936 bytes,
so a recursion the Pico cannot take fails in the default test run, not on the table.

micropython32's main thread allows ~40 KB of C stack (a try/except recursion reaches depth 136;
the Pico's 27), so runtimes.command(..., stack=N) runs the script in a thread that leaves it N
bytes (host/arkham_host/device/_stackrun.py). runtimes.PICO_STACK_M32 is the Pico's whole stack in
micropython32's bytes (calibrated by that recursion; checked here); the scripts get half of it.
The heap is large (measured by tests/test_device_parity.py at the Pico's). Skipped with the
reason where micropython32 is missing."""
import pathlib
import subprocess

import pytest

from arkham_host.device import runtimes

DEVICE = pathlib.Path(__file__).parent / "device"
SCRIPTS = sorted(p for p in DEVICE.glob("test_*.py"))
HALF = runtimes.PICO_STACK_M32 // 2  # the 50% margin: what the table's deepest step may use
HEAP = "2m"

pytestmark = pytest.mark.skipif(
    runtimes.micropython32_binary() is None,
    reason="no 32-bit MicroPython (../shared/pico/micropython32 or $%s): the Pico's stack "
    "cannot be checked here" % runtimes.MICROPYTHON32_ENV,
)

# the calibration: a try/except recursion, as measured on a Pico (depth 27 at its 7,936 bytes)
DEPTH = """
def f(n):
    try:
        return f(n + 1)
    except RuntimeError:
        return n
print(f(0))
"""


def run(runtime, script, stack=None, cwd=DEVICE):
    kw = {"heap": HEAP, "stack": stack} if runtime == "micropython32" else {}
    argv, env = runtimes.command(runtime, str(script), extra_path=[DEVICE], **kw)
    return subprocess.run(argv, env=env, capture_output=True, text=True, timeout=600, cwd=cwd)


def test_the_stack_is_calibrated_to_the_picos(tmp_path):
    """The recursion that reaches 27 on a Pico reaches 27 at PICO_STACK_M32, 13 (half) at HALF."""
    script = tmp_path / "depth.py"
    script.write_text(DEPTH)
    depths = {}
    for stack in (runtimes.PICO_STACK_M32, HALF, None):
        r = run("micropython32", script, stack, cwd=tmp_path)
        assert r.returncode == 0, r.stdout + r.stderr
        depths[stack] = int(r.stdout)
    assert depths[runtimes.PICO_STACK_M32] == 27
    assert depths[HALF] == 13
    assert depths[None] > 100  # (the unix port's own stack: why the limit is needed)


def test_a_recursion_too_deep_for_half_a_picos_stack_fails(tmp_path):
    """Depth 20: fine on the unix port's normal stack (and on a whole Pico's), too deep for half."""
    script = tmp_path / "deep.py"
    script.write_text(
        "def down(n):\n    return 0 if n == 0 else 1 + down(n - 1)\nprint('depth', down(20))\n"
    )
    plain = run("micropython32", script, cwd=tmp_path)
    assert plain.returncode == 0 and plain.stdout == "depth 20\n", plain.stdout + plain.stderr
    full = run("micropython32", script, runtimes.PICO_STACK_M32, cwd=tmp_path)
    assert full.returncode == 0 and full.stdout == "depth 20\n", full.stdout + full.stderr
    half = run("micropython32", script, HALF, cwd=tmp_path)
    assert half.returncode == 1, half.stdout + half.stderr
    assert half.stdout == ""
    assert "RuntimeError: maximum recursion depth exceeded" in half.stderr, half.stderr
    assert half.stderr.count("in down") > 10, half.stderr  # (the traceback names the frames)


def test_imports_in_the_limited_thread_keep_their_meaning(tmp_path):
    """Imports are done by the main thread (the unix port's import takes ~4.8 KB of C stack a
    level): `from a.b import c` and `import a.b`, a module compat.forget() dropped is loaded again
    (a new module, as on a Pico), ImportError reaches the script, sys.exit's status is kept; the
    package comes from the .mpy tree, as on a Pico."""
    script = tmp_path / "imports.py"
    script.write_text(
        "import sys\n"
        "from arkham.ah2e import tables\n"
        "import arkham.ah2e.tables\n"
        "print(tables.__name__, arkham.__name__, arkham.ah2e.tables is tables)\n"
        "print(tables.__file__.endswith('/arkham/ah2e/tables.mpy'))\n"  # the .mpy tree
        "from arkham.compat import forget\n"
        "m = __import__('arkham.ah2e.load', None, None, ['load'])\n"
        "forget('arkham.ah2e.load')\n"
        "print(m.__name__, 'arkham.ah2e.load' in sys.modules)\n"
        "print(__import__('arkham.ah2e.load', None, None, ['load']) is m)\n"
        "try:\n"
        "    import arkham.no_such_module\n"
        "except ImportError:\n"
        "    print('ImportError')\n"
        "print(__name__, __file__ == sys.argv[0], sys.argv[1:])\n"
        "sys.exit(3)\n"
    )
    argv, env = runtimes.command("micropython32", str(script), "x", heap=HEAP, stack=HALF)
    r = subprocess.run(argv, env=env, capture_output=True, text=True, timeout=60, cwd=tmp_path)
    assert r.returncode == 3, r.stdout + r.stderr
    assert r.stdout == (
        "arkham.ah2e.tables arkham True\n"
        "True\n"
        "arkham.ah2e.load False\n"
        "False\n"
        "ImportError\n"
        "__main__ True ['x']\n"
    ), r.stdout + r.stderr


@pytest.mark.parametrize("script", SCRIPTS, ids=[p.stem for p in SCRIPTS])
def test_device_script_runs_in_half_the_picos_stack(script):
    cp = run("cpython", script)
    mp = run("micropython32", script, HALF)
    assert cp.returncode == 0, "CPython failed:\n" + cp.stdout[-3000:] + cp.stderr[-3000:]
    assert mp.returncode == 0, (
        "micropython32 failed in half the Pico's stack (%d bytes):\n" % HALF
        + mp.stdout[-2000:] + mp.stderr[-4000:]
    )
    assert mp.stdout == cp.stdout, "outputs differ between CPython and micropython32"
