"""`sim --chip rp2040` refuses what cannot work with one clear line, exit status non-zero and
nothing left running: a missing or wrong firmware file, no Node, no rp2040js, a chip that stops.
Fast: none of these boots a chip (except the last, which needs one and skips without it)."""

import os
import pathlib
import subprocess
import sys

import pytest

from arkham_host import chip
from arkham_host.chip import ChipError, firmware


def sim(*args, env=None, timeout=60):
    argv = [sys.executable, "-m", "arkham_host.cli", "sim", "--chip", "rp2040", "--headless"]
    return subprocess.run(
        argv + list(args), capture_output=True, text=True, timeout=timeout, env=env,
        stdin=subprocess.DEVNULL,
    )


def test_missing_firmware_file_is_named(tmp_path):
    r = sim("--firmware", str(tmp_path / "nope.uf2"), "--state", str(tmp_path / "s"))
    assert r.returncode != 0
    assert "no firmware file" in r.stderr and "nope.uf2" in r.stderr
    assert r.stdout == ""  # no paths printed: nothing is running


def test_a_file_that_is_not_an_rp2040_image_is_refused(tmp_path):
    bad = tmp_path / "firmware.bin"
    bad.write_bytes(os.urandom(4096))
    r = sim("--firmware", str(bad), "--state", str(tmp_path / "s"))
    assert r.returncode != 0 and "not an RP2040 firmware image" in r.stderr, r.stderr
    uf2 = tmp_path / "other.uf2"
    block = bytearray(512)  # a UF2 block for another family (0x68ed2b88: SAMD21)
    for at, v in ((0, 0x0A324655), (4, 0x9E5D5157), (8, 0x2000), (12, 0x2000), (16, 256),
                  (28, 0x68ED2B88), (508, 0x0AB16F30)):
        block[at:at + 4] = v.to_bytes(4, "little")
    uf2.write_bytes(bytes(block))
    r = sim("--firmware", str(uf2), "--state", str(tmp_path / "s"))
    assert r.returncode != 0 and "not the RP2040" in r.stderr, r.stderr


def test_chip_options_need_the_chip(tmp_path):
    argv = [sys.executable, "-m", "arkham_host.cli", "sim", "--headless", "--bare"]
    r = subprocess.run(argv, capture_output=True, text=True, timeout=60)
    assert r.returncode == 2 and "--bare needs --chip rp2040" in r.stderr


def test_no_node_says_how_to_install_it(tmp_path, monkeypatch):
    monkeypatch.setenv("PATH", str(tmp_path))  # an empty PATH: no node
    with pytest.raises(ChipError, match="Node.js is not installed"):
        chip.node_binary()


def test_no_rp2040js_says_how_to_install_it(tmp_path, monkeypatch):
    monkeypatch.setattr(chip, "RP2040JS", tmp_path / "node_modules" / "rp2040js" / "package.json")
    with pytest.raises(ChipError, match="npm ci --prefix"):
        chip.check_rp2040js()


def test_uf2_and_bin_give_the_same_flash():
    if not firmware.DEFAULT.is_file():
        pytest.skip("no ../shared/pico firmware here")
    uf2 = firmware.DEFAULT.with_suffix(".uf2")
    from_uf2, from_bin = firmware.flash_image(uf2), firmware.flash_image(firmware.DEFAULT)
    assert from_uf2[: len(from_bin)] == from_bin  # (a UF2 pads its last 256-byte block)
    assert len(from_uf2) - len(from_bin) < 256
    assert not firmware.has_romfs(firmware.flash_image(firmware.DEFAULT))
    assert firmware.has_romfs(firmware.flash_image(firmware.ROMFS_DEFAULT))


def test_romfs_layout_needs_a_romfs_firmware(tmp_path):
    if not firmware.DEFAULT.is_file():
        pytest.skip("no ../shared/pico firmware here")
    r = sim("--romfs", "--state", str(tmp_path / "s"))
    assert r.returncode != 0 and "has no ROMFS partition" in r.stderr, r.stderr


def test_a_chip_that_dies_is_reported_with_its_last_output(tmp_path):
    """The bridge process killed under a running sim: one line saying so, the sim exits."""
    from arkham_host.hil.plugin import chip_unavailable

    why = chip_unavailable()
    if why:
        pytest.skip(why)
    argv = [sys.executable, "-m", "arkham_host.cli", "sim", "--chip", "rp2040", "--headless",
            "--state", str(tmp_path / "s")]
    p = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, text=True)
    try:
        assert p.stdout.readline().startswith("serial ")
        assert p.stdout.readline().startswith("world ")
        node = subprocess.run(["pgrep", "-f", "-P", str(p.pid), "rp2040.mjs"],
                              capture_output=True, text=True).stdout.split()
        assert node, "no bridge process under the sim"
        os.kill(int(node[0]), 9)
        rc = p.wait(30)
    finally:
        if p.poll() is None:
            p.kill()
    err = p.stderr.read()
    assert rc != 0 and "the emulated chip ended" in err, err
    assert pathlib.Path(tmp_path / "s" / "flash.bin").stat().st_size == 2 * 1024 * 1024
