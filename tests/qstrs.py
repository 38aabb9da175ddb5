"""Names (qstrs) a piece of device code makes at run time, counted on micropython32: a Pico
keeps each for good, and crossing 1,260 of them costs a 7.7 KB pool (bench m32). A
character taken out of a str (`for c in s`, `s[i]`) is one; a slice, bytes or a join are not."""
import subprocess

import pytest

from arkham_host.device import runtimes


def names_made(setup, call):
    """The names `call` (Python lines) makes when run after `setup` on micropython32, listed (the
    package from its sources; `setup`'s own and its imports' names are made before the count)."""
    binary = runtimes.micropython32_binary()
    if binary is None:
        pytest.skip(runtimes.MICROPYTHON32_MISSING)
    script = "import micropython\n%s\nprint('<made>')\nmicropython.qstr_info(1)\n%s\n" \
             "print('<made>')\nmicropython.qstr_info(1)\n" % (setup, call)
    argv, env = runtimes.command("micropython32", "-c", script, heap="4m")
    out = subprocess.run(argv, env=env, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stdout[-2000:] + out.stderr[-2000:]
    lists = []
    for line in out.stdout.splitlines():
        if line == "<made>":
            lists.append(set())
        elif lists and line.startswith("Q(") and line.endswith(")"):
            lists[-1].add(line[2:-1])
    before, after = lists
    return sorted(after - before)
