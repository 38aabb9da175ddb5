"""Which firmware image the emulated chip runs, and whether it is one: `--firmware FILE`, else
$ARKHAM_PICO_FIRMWARE, else ../shared/pico/rpi_pico-v1.28.0.bin beside the project root.

A raw `.bin` starts with the RP2040's second-stage boot loader: 252 bytes and their CRC-32
(MPEG-2 flavour), which the boot ROM checks before it runs anything; a `.uf2` is blocks for the
RP2040 family (0xE48BFF56) that target the flash. Anything else is refused with the reason.
"""

from __future__ import annotations

import os
import pathlib
import struct

from arkham_host.device import runtimes

from . import ChipError

ENV = "ARKHAM_PICO_FIRMWARE"
SHARED_PICO = runtimes.REPO_DIR.parent / "shared" / "pico"
DEFAULT = SHARED_PICO / "rpi_pico-v1.28.0.bin"
ROMFS_DEFAULT = SHARED_PICO / "rpi_pico_romfs-v1.28.0.bin"
BOOTROM = SHARED_PICO / "rp2040-bootrom-b1.bin"
BOOTROM_ENV = "ARKHAM_RP2040_BOOTROM"
FLASH_BYTES = 2 * 1024 * 1024
UF2_MAGIC = (0x0A324655, 0x9E5D5157, 0x0AB16F30)
RP2040_FAMILY = 0xE48BFF56
ROMFS_MARK = b"Raspberry Pi Pico (ROMFS)"  # the ROMFS build's machine name (shared/pico/README.md)


def _crc32_mpeg2(data: bytes) -> int:
    crc = 0xFFFFFFFF
    for b in data:
        crc ^= b << 24
        for _ in range(8):
            crc = ((crc << 1) ^ 0x04C11DB7) if crc & 0x80000000 else (crc << 1)
            crc &= 0xFFFFFFFF
    return crc


def find(given: str | None) -> pathlib.Path:
    """The firmware file to run; ChipError names where it looked."""
    if given:
        p = pathlib.Path(given)
        where = "--firmware"
    elif os.environ.get(ENV):
        p = pathlib.Path(os.environ[ENV])
        where = "$" + ENV
    else:
        p = DEFAULT
        where = "the default"
    if not p.is_file():
        raise ChipError(
            "no firmware file %s (%s); give --firmware FILE.bin|.uf2 or set %s to a MicroPython "
            "RPI_PICO image (micropython.org/download/RPI_PICO)" % (p, where, ENV)
        )
    return p


def bootrom() -> pathlib.Path:
    p = pathlib.Path(os.environ.get(BOOTROM_ENV) or BOOTROM)
    if not p.is_file() or p.stat().st_size != 16384:
        raise ChipError(
            "no RP2040 boot ROM at %s (16,384 bytes; rp2040js's npm package has none): set %s "
            "to the B1 image (../shared/pico/README.md says where it comes from)"
            % (p, BOOTROM_ENV)
        )
    return p


def flash_image(path: pathlib.Path) -> bytes:
    """The flash contents the file puts at 0x10000000 (a .uf2 assembled), checked."""
    data = path.read_bytes()
    if len(data) >= 512 and struct.unpack_from("<I", data, 0)[0] == UF2_MAGIC[0]:
        out = bytearray(b"\xff" * FLASH_BYTES)
        top = 0
        for at in range(0, len(data) - 511, 512):
            m0, m1, flags, addr, size = struct.unpack_from("<5I", data, at)
            family = struct.unpack_from("<I", data, at + 28)[0]
            if (m0, m1, struct.unpack_from("<I", data, at + 508)[0]) != UF2_MAGIC:
                raise ChipError("%s: UF2 block %d is damaged" % (path, at // 512))
            if flags & 0x2000 and family != RP2040_FAMILY:
                raise ChipError(
                    "%s is a UF2 for family 0x%08x, not the RP2040 (0x%08x)"
                    % (path, family, RP2040_FAMILY)
                )
            off = addr - 0x10000000
            if size > 476 or off < 0 or off + size > FLASH_BYTES:
                raise ChipError("%s: UF2 block %d is not for the Pico's flash" % (path, at // 512))
            out[off : off + size] = data[at + 32 : at + 32 + size]
            top = max(top, off + size)
        data = bytes(out[:top])
    if len(data) < 256 or len(data) > FLASH_BYTES:
        raise ChipError("%s (%d bytes) is not an RP2040 flash image" % (path, len(data)))
    want = struct.unpack_from("<I", data, 252)[0]
    if _crc32_mpeg2(data[:252]) != want:
        raise ChipError(
            "%s is not an RP2040 firmware image: its first 256 bytes are no boot2 block "
            "(checksum mismatch; the boot ROM would not run it)" % path
        )
    return data


def has_romfs(image: bytes) -> bool:
    """True for a firmware built with a ROMFS partition (our RPI_PICO_ROMFS board)."""
    return ROMFS_MARK in image
