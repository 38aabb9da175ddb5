"""The emulated chip's 2 MB flash, kept as one file in the sim's state folder, and the device
package laid into it exactly as `arkham-table deploy` lays it onto a Pico.

    offset 0x000000  the firmware (written from the firmware file at every power-up, like a UF2)
    offset 0x060000  ROMFS partition, 256 KB (the ROMFS build only)
    offset 0x0A0000  littlefs, 352 x 4 KB blocks, mounted at / (shared/pico/README.md)

Stock layout (`deploy`): the bundle of `bundle.build` — arkham/*.mpy from mpy-cross for the
Pico's .mpy version, main.py, board.json, bundle.json — on littlefs. ROMFS layout
(`deploy --romfs`): the package image in the ROMFS partition, main.py and board.json on littlefs.
Like deploy, a changed package replaces /arkham as a whole and keeps state.json and calib.json.
"""

from __future__ import annotations

import hashlib
import os
import pathlib
import shutil

from arkham_host.device import bundle, runtimes

FLASH_BYTES = 2 * 1024 * 1024
ROMFS_OFFSET = 0x60000
ROMFS_BYTES = 0x40000
LFS_OFFSET = 0xA0000
LFS_BLOCK = 4096
LFS_BLOCKS = 352
PICO_MPY = 4870  # sys.implementation._mpy on the RP2040 port of v1.28: .mpy 6.3, armv6m
FILE_NAME = "flash.bin"


def _lfs(image=None):
    """A littlefs-python filesystem with the firmware's geometry (VfsLfs2, progsize=256)."""
    from littlefs import LittleFS

    kw = dict(
        block_size=LFS_BLOCK,
        block_count=LFS_BLOCKS,
        prog_size=256,
        read_size=32,
        lookahead_size=32,
        disk_version=0x00020001,
    )
    if image is None:
        return LittleFS(**kw)
    fs = LittleFS(mount=False, **kw)
    fs.context.buffer = bytearray(image)
    fs.mount()
    return fs


def new_flash(path: pathlib.Path) -> None:
    """An erased 2 MB flash (a new chip)."""
    path.write_bytes(b"\xff" * FLASH_BYTES)


def read_fs(path: pathlib.Path):
    """The littlefs in a flash file, mounted (read it with .listdir/.open), or None if unformatted."""
    data = path.read_bytes()
    try:
        return _lfs(data[LFS_OFFSET : LFS_OFFSET + LFS_BLOCK * LFS_BLOCKS])
    except Exception:  # littlefs raises LittleFSError for a blank or damaged area
        return None


def read_file(path: pathlib.Path, name: str) -> bytes | None:
    fs = read_fs(path)
    if fs is None:
        return None
    try:
        with fs.open(name, "rb") as f:
            return f.read()
    except Exception:
        return None


def _staged_bundle(board_map: pathlib.Path) -> pathlib.Path:
    """deploy's bundle for this board, for the Pico's .mpy version; cached per source version."""
    _, digest = runtimes._package(include_emu=False)
    # (main.py is in the bundle too: a changed one is a new bundle)
    boot = (runtimes.FIRMWARE_DIR / "main.py").read_bytes()
    board_hash = hashlib.sha1(board_map.read_bytes() + boot).hexdigest()[:10]
    out = runtimes.BUILD_DIR / "chip-bundle" / ("%s-%s" % (digest, board_hash))
    if (out / "bundle.json").is_file():
        return out
    tmp = out.with_name(out.name + ".%d.tmp" % os.getpid())  # (test workers may build at once)
    bundle.build(
        tmp, board_map, "micropython", compile=True, mpy=bundle.MpyVersion.from_sys(PICO_MPY),
        log=lambda s: None,
    )
    if out.exists() and not (out / "bundle.json").is_file():
        shutil.rmtree(out, ignore_errors=True)  # (a half-made one an interrupted run left)
    try:
        tmp.rename(out)
    except OSError:  # another process made it first: the same files
        shutil.rmtree(tmp, ignore_errors=True)
    return out


def _files(root: pathlib.Path) -> dict[str, bytes]:
    return {
        p.relative_to(root).as_posix(): p.read_bytes()
        for p in sorted(root.rglob("*"))
        if p.is_file()
    }


def _rm_tree(fs, path):
    try:
        st = fs.stat(path)
    except Exception:
        return
    if st.type == 2:  # a directory
        for name in fs.listdir(path):
            _rm_tree(fs, path + "/" + name)
    fs.remove(path)


def _install(fs, files: dict[str, bytes]) -> bool:
    """Write `files` as deploy does (remove /arkham, copy); False when all are there already."""
    have_pkg = set()
    try:
        for root, _dirs, names in fs.walk("/arkham"):
            for n in names:
                have_pkg.add((root.rstrip("/") + "/" + n).lstrip("/"))
    except Exception:
        pass
    want_pkg = {k for k in files if k.startswith("arkham/")}
    same = have_pkg == want_pkg
    if same:
        for name, data in files.items():
            try:
                with fs.open("/" + name, "rb") as f:
                    if f.read() != data:
                        same = False
                        break
            except Exception:
                same = False
                break
    if same:
        return False
    _rm_tree(fs, "/arkham")
    for name, data in sorted(files.items()):
        parts = name.split("/")
        for i in range(1, len(parts)):
            d = "/" + "/".join(parts[:i])
            try:
                fs.mkdir(d)
            except Exception:
                pass  # exists
        with fs.open("/" + name, "wb") as f:
            f.write(data)
    return True


def put_files(path: pathlib.Path, folder: str, files: dict[str, bytes]) -> None:
    """Write `files` into /FOLDER/ of the flash file's littlefs (formatted: after lay_out)."""
    data = bytearray(path.read_bytes())
    fs = _lfs(bytes(data[LFS_OFFSET : LFS_OFFSET + LFS_BLOCK * LFS_BLOCKS]))
    try:
        fs.mkdir("/" + folder)
    except Exception:
        pass  # exists
    for name, body in sorted(files.items()):
        with fs.open("/%s/%s" % (folder, name), "wb") as f:
            f.write(body)
    data[LFS_OFFSET : LFS_OFFSET + LFS_BLOCK * LFS_BLOCKS] = bytes(fs.context.buffer)
    tmp = path.with_suffix(".tmp")
    tmp.write_bytes(bytes(data))
    tmp.replace(path)


def lay_out(path: pathlib.Path, board_map: pathlib.Path, romfs: bool) -> str:
    """Put the device package and board map into the flash file as deploy would; returns what
    was done ("kept" when the flash already held this package and board)."""
    board_map = pathlib.Path(board_map)
    data = bytearray(path.read_bytes())
    lfs_area = bytes(data[LFS_OFFSET : LFS_OFFSET + LFS_BLOCK * LFS_BLOCKS])
    formatted = True
    try:
        fs = _lfs(lfs_area)
    except Exception:
        fs = _lfs()  # blank or damaged: what the firmware's _boot.py would do (mkfs)
        formatted = False
    if romfs:
        image = runtimes.romfs_image(include_emu=False).read_bytes()
        if len(image) > ROMFS_BYTES:
            raise ValueError("the ROMFS image (%d bytes) is larger than the partition" % len(image))
        rom_changed = bytes(data[ROMFS_OFFSET : ROMFS_OFFSET + len(image)]) != image
        data[ROMFS_OFFSET : ROMFS_OFFSET + ROMFS_BYTES] = b"\xff" * ROMFS_BYTES
        data[ROMFS_OFFSET : ROMFS_OFFSET + len(image)] = image
        files = {
            "main.py": (runtimes.FIRMWARE_DIR / "main.py").read_bytes(),
            "board.json": board_map.read_bytes(),
        }
        changed = _install(fs, files) or rom_changed
    else:
        files = _files(_staged_bundle(board_map))
        changed = _install(fs, files)
    if not changed and formatted:
        return "kept"
    data[LFS_OFFSET : LFS_OFFSET + LFS_BLOCK * LFS_BLOCKS] = bytes(fs.context.buffer)
    tmp = path.with_suffix(".tmp")
    tmp.write_bytes(bytes(data))
    tmp.replace(path)
    return "deployed (%s)" % ("ROMFS" if romfs else "stock: .mpy on littlefs")
