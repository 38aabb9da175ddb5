"""The stock firmware's name (qstr) pools, measured on the emulated chip: bench m32 charges each
table the pools a Pico allocates for its names (QSTR_POOLS), so these must be the chip's."""

import pytest

from arkham_host.bench import m32
from arkham_host.chip import repl
from arkham_host.hil.plugin import chip_unavailable

SCRIPT = """import gc, micropython
class N:
    pass
gc.collect()
p = gc.mem_alloc()
for i in range(1400):
    getattr(N, 'q%d' % i, None)
    gc.collect()
    a = gc.mem_alloc()
    if a - p > 200:
        print('pool', i, a - p)
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
