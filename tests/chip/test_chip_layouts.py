"""The emulated chip's flash holds the package exactly as `deploy` lays it onto a Pico (one
layout), its saved game survives a new package, and the ROMFS layout leaves more heap."""

import json
import pathlib

import pytest

from arkham_host.device import runtimes
from arkham_host.chip import flash, firmware
from arkham_host.hil.plugin import chip_unavailable
from arkham_host.wire.link import Link

BOARD = runtimes.BOARDS_DIR / "bringup.json"


def need_pico():
    if not firmware.DEFAULT.is_file():
        pytest.skip("no ../shared/pico firmware here")


def files_in(fs, top="/"):
    out = set()
    for root, _dirs, names in fs.walk(top):
        for n in names:
            out.add((root.rstrip("/") + "/" + n).lstrip("/"))
    return out


def test_the_flash_holds_deploys_bundle(tmp_path):
    need_pico()
    f = tmp_path / "flash.bin"
    flash.new_flash(f)
    assert flash.lay_out(f, BOARD, romfs=False).startswith("deployed")
    fs = flash.read_fs(f)
    staged = flash._staged_bundle(BOARD)  # what `deploy` copies (bundle.build, Pico's .mpy)
    want = {p.relative_to(staged).as_posix() for p in staged.rglob("*") if p.is_file()}
    assert files_in(fs) == want
    assert not any(n.startswith("arkham/emu") for n in want)  # the emulator never goes on a Pico
    manifest = json.loads(flash.read_file(f, "bundle.json"))
    assert manifest["mpy"].startswith("6.3") and manifest["board"] == "bringup"
    with fs.open("/arkham/app.mpy", "rb") as fh:
        assert fh.read(2) == b"M\x06"  # .mpy version 6


def test_a_new_package_keeps_the_saved_game(tmp_path):
    need_pico()
    f = tmp_path / "flash.bin"
    flash.new_flash(f)
    flash.lay_out(f, BOARD, romfs=False)
    fs = flash.read_fs(f)
    with fs.open("/state.json", "w") as fh:
        fh.write('{"seq":7}')
    with fs.open("/arkham/stale.py", "w") as fh:  # a leftover that would shadow a module
        fh.write("x = 1\n")
    data = bytearray(f.read_bytes())
    data[flash.LFS_OFFSET : flash.LFS_OFFSET + flash.LFS_BLOCK * flash.LFS_BLOCKS] = bytes(
        fs.context.buffer
    )
    f.write_bytes(bytes(data))
    assert flash.lay_out(f, BOARD, romfs=False).startswith("deployed")  # /arkham replaced
    assert flash.read_file(f, "state.json") == b'{"seq":7}'
    assert "arkham/stale.py" not in files_in(flash.read_fs(f))
    assert flash.lay_out(f, BOARD, romfs=False) == "kept"  # nothing changed: nothing written


def test_romfs_layout_runs_from_flash_with_more_heap(tmp_path):
    """The same table on the stock layout and on the ROMFS one: ROMFS code stays in flash."""
    why = chip_unavailable()
    if why:
        pytest.skip(why)
    from arkham_host.chip.chipsim import ChipSim

    free = {}
    for romfs in (False, True):
        sim = ChipSim(
            BOARD,
            game="bringup",
            state_dir=tmp_path / ("romfs" if romfs else "stock"),
            firmware_file=str(firmware.ROMFS_DEFAULT if romfs else firmware.DEFAULT),
            romfs=romfs,
            realtime=False,
        ).start()
        try:
            link = Link(sim.serial_path)
            try:
                free[romfs] = link.request("hello", 60)["mem_free"]
            finally:
                link.close()
        finally:
            sim.stop()
    fs = flash.read_fs(pathlib.Path(tmp_path / "romfs" / "flash.bin"))
    assert files_in(fs) >= {"main.py", "board.json"}
    assert not any(n.startswith("arkham/") for n in files_in(fs))
    assert free[True] > free[False] + 16_000, free  # the package's bytecode is not in the heap


def _write_fs(path, fs):
    """A littlefs changed in place (read_fs) back into its flash file."""
    data = bytearray(path.read_bytes())
    data[flash.LFS_OFFSET : flash.LFS_OFFSET + flash.LFS_BLOCK * flash.LFS_BLOCKS] = bytes(
        fs.context.buffer
    )
    path.write_bytes(bytes(data))


def test_a_game_an_older_firmware_saved_in_the_root_resumes_from_the_saves_folder(tmp_path):
    """main.py keeps the saves in /state/ (arkham.resume.where); a firmware before it
    kept them in /. At the first boot of the new one the game saved there is moved and resumed."""
    why = chip_unavailable()
    if why:
        pytest.skip(why)
    from arkham_host.chip.chipsim import ChipSim

    board = runtimes.BOARDS_DIR / "ritual.json"

    def boot(game):
        sim = ChipSim(board, game=game, state_dir=tmp_path, realtime=False).start()
        return sim, Link(sim.serial_path)

    sim, link = boot("ritual")  # a new game, saved at once in /state/
    try:
        before = link.request("state", 60)
    finally:
        link.close()
        sim.stop()
    f = tmp_path / flash.FILE_NAME
    fs = flash.read_fs(f)
    saved = files_in(fs, "/state")
    assert "state/state.json" in saved and not {"state.json", "calib.json"} & files_in(fs), saved
    for name in sorted(saved):  # as an older firmware left them: in /
        fs.rename("/" + name, "/" + name.split("/")[-1])
    fs.rmdir("/state")
    _write_fs(f, fs)

    sim, link = boot(None)  # the same package (kept), the saved game left as it is
    try:
        hello = link.request("hello", 60)
        after = link.request("state", 60)
    finally:
        link.close()
        sim.stop()
    assert hello["game"] == "ritual"
    for st in (before, after):
        st.pop("re", None)
        st.pop("todo", None)  # (the bare pads differ from the saved game's: prompts)
    assert after == before
    fs = flash.read_fs(f)
    assert "state/state.json" in files_in(fs, "/state") and "state.json" not in files_in(fs)


def test_the_first_save_the_host_makes_is_a_new_games_save():
    """firstsave: the state folder the firmware leaves after `game NAME` and its first save."""
    from arkham_host.chip import firstsave
    from arkham_host.table.saved_game import saved_game

    out = firstsave.files(runtimes.BOARDS_DIR / "ritual.json", "ritual")
    assert "state.json" in out
    saved = json.loads(out["state.json"])
    assert saved["table"]["game"] == "ritual" and saved["seq"] > 0
    with pytest.raises(RuntimeError):  # a game the board cannot host: the table says so
        firstsave.files(runtimes.BOARDS_DIR / "ritual.json", "ah2e")


def test_a_fresh_chip_asked_for_a_game_boots_into_resuming_its_first_save(tmp_path):
    """No bring-up boot, game switch and restart: the chip's first boot resumes the game the
    host saved into its /state/, as after any power cycle, and plays it."""
    why = chip_unavailable()
    if why:
        pytest.skip(why)
    from arkham_host.chip.chipsim import ChipSim

    board = runtimes.BOARDS_DIR / "ritual.json"
    sim = ChipSim(board, game="ritual", state_dir=tmp_path, realtime=False).start()
    try:
        assert "first save" in sim.layout
        assert sim.boot["hello"]["game"] == "ritual" and "restart_ms" not in sim.boot
        link = Link(sim.serial_path)
        try:
            assert link.request("state", 60)["ok"]
            assert link.request("legal", 60)["ok"]
        finally:
            link.close()
        assert sim.resets == []
    finally:
        sim.stop()
