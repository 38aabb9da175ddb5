"""bench m32 (issue 9): the Pico's heap measured on the 32-bit unix port. The measure must be able
to fail (a heap too small is seen as too small), and without micropython32 it skips and says why."""
import pytest

from arkham_host.device import runtimes
from arkham_host.bench import m32


def test_without_micropython32_the_bench_skips_with_the_reason(monkeypatch, tmp_path):
    monkeypatch.setenv(runtimes.MICROPYTHON32_ENV, str(tmp_path / "no-such-binary"))
    assert runtimes.micropython32_binary() is None
    assert m32.measure() == {"m32_skipped": runtimes.MICROPYTHON32_MISSING}
    with pytest.raises(FileNotFoundError):
        runtimes.command("micropython32", "x.py")


def test_the_bring_up_table_runs_in_a_big_heap_and_not_in_a_tiny_one():
    if runtimes.micropython32_binary() is None:
        pytest.skip(runtimes.MICROPYTHON32_MISSING)
    cal = m32.calibrate("mpy")
    assert 0 < cal["emu"] < 64 * 1024  # the emulator's code, given on top of the measured heap
    assert m32.runs(200 * 1024, "mpy", cal, "bringup")
    assert not m32.runs(8 * 1024, "mpy", cal, "bringup")


def test_names_pools_grow_where_the_bench_says():
    """The bench charges each table the qstr pools a Pico allocates (QSTR_POOLS: measured one
    new name at a time on the stock firmware in rp2040js, 6 bytes an entry; micropython32 makes
    the same pools at the same places, 7 bytes an entry: QSTR_POOLS_M32). Those places and
    micropython32's sizes must still be these."""
    if runtimes.micropython32_binary() is None:
        pytest.skip(runtimes.MICROPYTHON32_MISSING)
    import subprocess

    script = (
        "import gc,micropython\nclass N:\n pass\n"
        "gc.collect()\np=gc.mem_alloc()\n"
        "for i in range(2600):\n"
        " getattr(N,'q%d'%i,None)\n gc.collect()\n a=gc.mem_alloc()\n"
        " if a-p>200:\n  print(i,a-p)\n p=a\n"
        "micropython.qstr_info()\n"
    )
    out = subprocess.run([runtimes.micropython32_binary(), "-c", script], capture_output=True,
                         text=True, check=True).stdout.splitlines()
    start = int(out[-1].split("n_qstr=")[1].split(",")[0]) - 2600  # names made before the loop
    jumps = [tuple(int(x) for x in line.split()) for line in out[:-1]]
    got = [(start + i, size) for i, size in jumps]
    # each pool comes when the count of names passes a boundary; its bytes are the entries' (a
    # new name's own bytes may ride along: up to 32 more)
    assert [at for at, _ in got] == [at for at, _ in m32.QSTR_POOLS_M32 if at >= start]
    assert [at for at, _ in m32.QSTR_POOLS] == [at for at, _ in m32.QSTR_POOLS_M32]
    # (the loop starts after the script's own names: the first pools exist by then)
    for (at, size), (_, want) in zip(got, [p for p in m32.QSTR_POOLS_M32 if p[0] >= start]):
        assert want <= size <= want + 32


def test_a_table_is_charged_for_its_own_names_not_the_emulators():
    if runtimes.micropython32_binary() is None:
        pytest.skip(runtimes.MICROPYTHON32_MISSING)
    cal = m32.calibrate("mpy")
    [names] = m32.game_names("bringup", "mpy", cal)  # (one boot: bring-up switches no game)
    assert "LineReader" in names and "run_line" in names  # the device's own (protocol, app)
    assert "WorldStream" not in names and "push_frame" not in names  # the emulator's
    assert "NeoPixels" in names  # a Pico's real backend, which the emulated table never loads
    assert "arkham/app.mpy" in names and "arkham/app.py" not in names  # one name a module
    # a module's import names, also where the bench's own boot script made them first
    assert {"arkham.hw.mpr121", "mpr121", "arkham.hw.backend_mp", "backend_mp"} <= names
    from arkham_host.chip import firmware

    if firmware.DEFAULT.exists():  # the firmware's own names are not charged (asyncio's "run")
        assert not {"run", "board", "scan", "Pin"} & names
    assert m32.qstr_pool_bytes(len(names)) == sum(
        size for at, size in m32.QSTR_POOLS if m32.QSTR_START + len(names) > at)



def test_the_ah2e_table_stays_below_the_names_pool_boundary():
    """Issue 28: a Pico allocates a 7.7 KB qstr pool when the names made at run time pass 1,260
    (QSTR_POOLS). The AH2e 8-investigator game made 1,292 (its heap peak 172,032 past the
    163,840 budget): the item typo check took each character of the item names out of a str (8
    names), and rare paths (a `since`'s errors, a resume's shape check and state words, a typed
    line's pick) and one-use helpers were names every game made. At most 1,245, room for a few."""
    if runtimes.micropython32_binary() is None:
        pytest.skip(runtimes.MICROPYTHON32_MISSING)
    cal = m32.calibrate("mpy", m32.TABLES["ah2e8"][1])
    [names] = m32.game_names("ah2e8", "mpy", cal)
    assert 1260 in [at for at, _ in m32.QSTR_POOLS]
    assert len(names) <= 1245, len(names)
    assert not {"3", "o", "u", "w", "STATE_WORDS", "_too_old", "pick"} & names

def _image(pools, base=0x10000000):
    """A firmware image holding qstr pools as the stock firmware lays them out: the strings
    (NUL-ended), each pool's lengths, then each pool's header (prev, names before it with the
    sorted bit, alloc, count, hashes, lengths) and its pointers to the strings."""
    import struct

    img = bytearray(b"\x00" * 16 + b"unrelated words\x00")
    at = {}
    for names in pools:
        for n in names:
            if n not in at:
                at[n] = len(img)
                img += n.encode() + b"\x00"
    lengths = []
    for names in pools:
        lengths.append(len(img))
        img += bytes(len(n) for n in names)
    while len(img) % 4:
        img += b"\x00"
    prev, total = 0, 0
    for names, ln in zip(pools, lengths):
        here = len(img)
        img += struct.pack("<6I", prev, total | (0x80000000 if total else 0), 10, len(names),
                           base + ln, base + ln)
        img += b"".join(struct.pack("<I", base + at[n]) for n in names)
        prev, total = base + here, total + len(names)
    return bytes(img + struct.pack("<I", prev))  # (a pointer to the last pool: code's own)


def test_firmware_names_reads_every_pool_of_the_image():
    core = ["", "", "__dir__", "\n", "print"]
    port = ["Pin", "I2C", "board"]
    frozen = ["run", "loop", "wait"]
    assert m32.firmware_names(_image([core, port, frozen])) == set(core + port + frozen)
    assert m32.firmware_names(_image([core])) == set(core)
    assert m32.firmware_names(b"no pools here") is None
    broken = bytearray(_image([core, port]))
    broken[broken.index(bytes([3, 3, 5]))] = 4  # a lengths byte that is not its string's
    assert m32.firmware_names(bytes(broken)) is None


def test_firmware_names_of_the_stock_image_hold_its_frozen_modules_names():
    from arkham_host.chip import firmware

    if not firmware.DEFAULT.exists():
        pytest.skip("no ../shared/pico firmware here")
    held = m32.firmware_names(firmware.DEFAULT.read_bytes())
    assert {"__dir__", "Pin", "I2C", "run", "loop", "Stream"} <= held  # core, port, asyncio
    assert not {"action", "ah2e", "LineReader", "boot", "old"} & held  # (the table's own)


def test_module_names_are_the_dotted_name_and_its_parts():
    assert m32._module_names("arkham/hw/mpr121.mpy") == {"arkham.hw.mpr121", "arkham", "hw",
                                                         "mpr121"}
    assert m32._module_names("arkham/games/__init__.mpy") == {"arkham.games", "arkham", "games"}


def test_main_pys_short_strings_are_names_a_pico_makes():
    # main.py is compiled on the Pico from source, whose parser interns every string of up to
    # 10 characters, also one folded into a constant tuple (the .mpy keeps that as a string):
    # the emulated chip made `calib.json` where the count did not (issue 9's seventh session)
    names = m32._pico_names()
    assert {"calib.json", "state.json"} <= names
    assert "NeoPixels" in names  # (and the real backend's own)
