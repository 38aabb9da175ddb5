"""The stock firmware's name (qstr) pools, measured on the emulated chip: bench m32 charges each
table the pools a Pico allocates for its names (QSTR_POOLS), so these must be the chip's."""

import pytest

from arkham_host.bench import m32
from arkham_host.chip import repl
from arkham_host.hil.plugin import chip_unavailable

# The names are made as strings first (not interned: no name yet), then interned one by one by
# getattr, which allocates nothing else: the heap grows only by a pool or a chunk of the names'
# characters (< 200 bytes), so no collection is needed between two names (a collection of the
# chip's heap is ~25 ms of chip time; 1,400 of them took over a minute of wall time).
SCRIPT = """import gc, micropython
class N:
    pass
names = ['q%d' % i for i in range(1400)]
gc.collect()
p = gc.mem_alloc()
for i in range(1400):
    getattr(N, names[i], None)
    a = gc.mem_alloc()
    if a - p > 200:
        print('pool', i, a - p)
        a = gc.mem_alloc()
    p = a
micropython.qstr_info()
"""


def test_the_chips_name_pools_are_the_benchs():
    why = chip_unavailable()
    if why:
        pytest.skip(why)
    out = repl.run(SCRIPT).splitlines()
    made = int(out[-1].split("n_qstr=")[1].split(",")[0]) - 1400  # this script's own names
    assert repl.run("import micropython\nmicropython.qstr_info()\n").startswith(
        "qstr pool: n_pool=0, n_qstr=%d," % m32.QSTR_START)  # (what a Pico's REPL has made)
    got = [(made + int(w[1]), int(w[2])) for w in (line.split() for line in out[:-1])]
    want = [p for p in m32.QSTR_POOLS if made <= p[0] <= made + 1400]
    assert [at for at, _ in got] == [at for at, _ in want]
    for (_, size), (_, pool) in zip(got, want):
        assert pool <= size <= pool + 32  # (a new name's own bytes may ride along)


def test_the_names_bench_m32_reads_from_the_image_are_the_chips_own():
    """m32.firmware_names reads the stock firmware's qstr pools from its image: at the chip's
    REPL, a name of that set is found, not made (the count of names made does not move), and a
    name outside it is made (the count grows by one each)."""
    why = chip_unavailable()
    if why:
        pytest.skip(why)
    from arkham_host.chip import firmware

    held = m32.firmware_names(firmware.DEFAULT.read_bytes())
    assert held and {"__dir__", "Pin", "run", "loop"} <= held  # (core, port, frozen asyncio)
    sample = sorted(n for n in held if n.isidentifier())[::7]  # ~170 of them, every pool's
    made = ["action", "ah2e", "names", "load_board", "neopixel"]  # (the unix port holds some)
    assert not set(made) & held
    script = ("import micropython\nclass N:\n    pass\n"
              "def count():\n    micropython.qstr_info()\n"
              "count()\n"
              "for n in %r:\n    getattr(N, ''.join(n), None)\n"  # (a new str each: interned
              "count()\n"  # only by getattr, not by this script's compiler)
              "for n in %r:\n    getattr(N, ''.join(n), None)\n"
              "count()\n") % ([list(n) for n in sample], [list(n) for n in made])
    counts = [int(line.split("n_qstr=")[1].split(",")[0])
              for line in repl.run(script).splitlines() if "n_qstr=" in line]
    assert counts[1] == counts[0]  # every firmware name found in flash
    assert counts[2] == counts[1] + len(made)
