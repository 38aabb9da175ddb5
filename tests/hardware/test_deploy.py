"""`arkham-table deploy`: the plan for both runtimes. No device is contacted: a dry run touches
nothing, and the real path runs with a recorder in place of mpremote and the serial port, the
device's reported .mpy version injected."""

import json
import pathlib

import pytest

from arkham_host import cli
from arkham_host.device import bundle, runtimes
from arkham_host.maker import boards, deploy


def run(argv, capsys):
    parser, modules = cli.build_parser()
    args = parser.parse_args(["deploy", *argv])
    rc = modules["deploy"].run(args)
    out = capsys.readouterr()
    return rc, out.out, out.err


@pytest.fixture
def no_device(monkeypatch):
    """Anything that would reach a device or run a command fails the test."""

    def refuse(*a, **k):
        raise AssertionError("the dry run tried to act: %r %r" % (a, k))

    monkeypatch.setattr(deploy, "execute", refuse)
    monkeypatch.setattr(deploy, "release_repl", refuse)
    real_popen = deploy.subprocess.Popen

    def only_version_queries(argv, *a, **k):  # asking our own mpy-cross its version is fine
        if "mpy-cross" not in str(argv[0]) or argv[1:] != ["--version"]:
            refuse(argv)
        return real_popen(argv, *a, **k)

    monkeypatch.setattr(deploy.subprocess, "Popen", only_version_queries)
    monkeypatch.setattr(bundle, "build", refuse)


def test_dry_run_micropython_plan_for_a_pico_with_older_firmware(no_device, capsys):
    rc, out, err = run(
        ["/dev/ttyACM7", "--board", "ah2e", "--dry-run", "--mpy", "6.2/armv6m"], capsys
    )
    assert rc == 0, err
    steps = [line for line in out.splitlines() if line.startswith("[")]
    assert len(steps) == 5
    assert "repl" in steps[0] and "send '#deploy repl' to /dev/ttyACM7" in out
    assert "-b=6.2 -march=armv6m" in steps[1] and "board ah2e" in steps[1]
    assert "connect /dev/ttyACM7 exec" in out and "remove /arkham" in out
    assert "connect /dev/ttyACM7 cp -r arkham main.py board.json bundle.json :" in out
    assert out.rstrip().endswith("dry run: nothing was changed")
    assert "connect /dev/ttyACM7 reset" in out


def test_dry_run_without_a_version_says_what_it_assumed(no_device, capsys):
    rc, out, _ = run(["--dry-run"], capsys)
    assert rc == 0
    assert "connect auto" in out and "sys.implementation._mpy" in out
    ours = bundle.mpy_cross_version()
    assert ".mpy %d.%d, assumed" % (ours.major, ours.sub) in out


def test_dry_run_source_mode_and_wrong_version(no_device, capsys):
    rc, out, _ = run(["p", "--dry-run", "--mpy", "6.3", "--source"], capsys)
    assert rc == 0 and "uncompiled (--source)" in out
    rc, out, err = run(["p", "--dry-run", "--mpy", "5"], capsys)
    assert rc == 1 and "update MicroPython" in err


def test_dry_run_circuitpython_without_a_drive(no_device, monkeypatch, capsys):
    monkeypatch.setattr(deploy, "find_circuitpy", lambda: None)
    rc, out, _ = run(["--runtime", "circuitpython", "--dry-run", "--board", "ritual"], capsys)
    assert rc == 0
    assert "none mounted now" in out
    assert "as .py sources" in out and "board ritual" in out
    assert "circup --path '<CIRCUITPY>' install adafruit_mpr121 neopixel" in out
    rc, out, _ = run(["--runtime", "circuitpython", "--dry-run", "--lib-bundle", "/b"], capsys)
    assert "copy adafruit_mpr121, neopixel from the Adafruit bundle" in out
    assert "circup" not in out


class Recorder:
    """Stands in for mpremote: answers the probe as a Pico would, runs the local build steps
    (so the bundle really gets built), records everything."""

    def __init__(self, probe_reply):
        self.probe_reply = probe_reply
        self.steps = []
        self.staged = None

    def __call__(self, step):
        self.steps.append(step)
        if step.argv and step.argv[-1] == deploy.PROBE:
            return self.probe_reply
        if step.argv and "cp" in step.argv and step.cwd:
            self.staged = sorted(
                p.relative_to(step.cwd).as_posix()
                for p in pathlib.Path(step.cwd).rglob("*")
                if p.is_file()
            )
        if step.fn is not None and "build" in step.what:
            return step.fn()
        return ""


def test_micropython_deploy_reads_the_device_version_and_copies_the_bundle(monkeypatch, capsys):
    rec = Recorder("micropython 4870 (1, 24, 1)\n")  # a Pico (RP2040): mpy 6.3, armv6m
    monkeypatch.setattr(deploy, "execute", rec)
    monkeypatch.setattr(deploy, "find_pico_port", lambda: "/dev/ttyACM3")
    rc, out, err = run(["--board", "ah2e"], capsys)
    assert rc == 0, err
    whats = [s.what for s in rec.steps]
    assert "repl" in whats[0] and "mpy version" in whats[1] and "build" in whats[2]
    assert "remove the old /arkham" in whats[3] and "copy" in whats[4] and "reset" in whats[5]
    assert rec.steps[1].argv[-4:-2] == ["connect", "/dev/ttyACM3"]
    assert ".mpy 6.3/armv6m, read from the device" in out
    assert "-march=armv6m" in out
    assert "main.py" in rec.staged and "board.json" in rec.staged
    assert "arkham/app.mpy" in rec.staged and not any("emu" in f for f in rec.staged)
    assert rec.steps[4].argv[-5:] == ["arkham", "main.py", "board.json", "bundle.json", ":"]
    assert out.rstrip().endswith("done")


@pytest.mark.parametrize(
    "reply,says",
    [
        ("micropython 5 (1, 18, 0)\n", "update MicroPython"),
        ("circuitpython 0 (9, 2, 1)\n", "--runtime circuitpython"),
        ("Traceback (most recent call last):\n", "did not say"),
    ],
)
def test_micropython_deploy_stops_on_a_device_it_cannot_serve(monkeypatch, capsys, reply, says):
    rec = Recorder(reply)
    monkeypatch.setattr(deploy, "execute", rec)
    rc, out, err = run(["/dev/ttyACM0"], capsys)
    assert rc == 1 and says in err
    assert not any(s.argv and "cp" in s.argv for s in rec.steps)  # nothing was copied


def test_no_pico_found_is_a_clear_error(monkeypatch, capsys):
    monkeypatch.setattr(deploy, "find_pico_port", lambda: None)
    rc, _, err = run([], capsys)
    assert rc == 1 and "no Pico found" in err


def fake_circuitpy(tmp_path, version="9.2.1"):
    drive = tmp_path / "CIRCUITPY"
    (drive / "arkham").mkdir(parents=True)
    (drive / "arkham" / "stale.py").write_text("old")
    (drive / "calib.json").write_text("{}")  # the table's own files survive a deploy
    (drive / "boot_out.txt").write_text(
        "Adafruit CircuitPython %s on 2025-01-01; Raspberry Pi "
        "Pico with rp2040\nBoard ID:raspberry_pi_pico\n" % version
    )
    libs = tmp_path / "adafruit-bundle"
    (libs / "lib" / "adafruit_bus_device").mkdir(parents=True)
    (libs / "lib" / "adafruit_bus_device" / "i2c_device.mpy").write_bytes(b"C\x06")
    (libs / "lib" / "adafruit_mpr121.mpy").write_bytes(b"C\x06")
    (libs / "lib" / "neopixel.mpy").write_bytes(b"C\x06")
    return drive, libs


def test_circuitpython_deploy_onto_a_drive(tmp_path, capsys):
    drive, libs = fake_circuitpy(tmp_path)
    # (bringup: no game, so no memory check here; tests/hardware/test_deploy_cp.py has those)
    rc, out, err = run([str(drive), "--board", "bringup", "--lib-bundle", str(libs)], capsys)
    assert rc == 0, err
    assert "deploy circuitpython" in out and "CircuitPython 9.2" in out
    assert not (drive / "arkham" / "stale.py").exists()
    assert (drive / "calib.json").read_text() == "{}"
    fw = runtimes.FIRMWARE_DIR
    assert (drive / "code.py").read_text() == (fw / "code.py").read_text()
    assert (drive / "boot.py").read_text() == (fw / "boot.py").read_text()
    assert not (drive / "main.py").exists()
    assert (drive / "arkham" / "app.py").exists() and not (drive / "arkham" / "emu").exists()
    assert json.loads((drive / "board.json").read_text())["name"] == "bringup"
    assert (drive / "lib" / "adafruit_mpr121.mpy").exists()
    assert (drive / "lib" / "neopixel.mpy").exists()
    assert not (drive / "lib" / "adafruit_bus_device").exists()  # built into CircuitPython
    assert boards.validate(json.loads((drive / "board.json").read_text())) == []


def test_circuitpython_too_old_or_missing_library(tmp_path, capsys):
    drive, libs = fake_circuitpy(tmp_path, "8.2.0")
    rc, _, err = run([str(drive), "--lib-bundle", str(libs)], capsys)
    assert rc == 1 and "needs 9 or newer" in err
    drive, libs = fake_circuitpy(tmp_path / "x")
    (libs / "lib" / "neopixel.mpy").unlink()
    rc, _, err = run([str(drive), "--lib-bundle", str(libs)], capsys)
    assert rc == 1 and "neopixel is not in the Adafruit bundle" in err


def test_bad_board_map_stops_before_anything(no_device, tmp_path, capsys):
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"name": "bad"}))
    rc, _, err = run(["--dry-run", "--board", str(bad)], capsys)
    assert rc == 1 and "is bad" in err and "missing field" in err


def test_probe_decoding():
    impl, mpy = deploy.parse_probe("noise\nmicropython 4870 (1, 24, 1)\n")
    assert impl == "micropython" and str(mpy) == "6.3/armv6m"


def test_romfs_deploy_puts_the_package_in_the_romfs_partition(monkeypatch, capsys):
    """--romfs: the image (no emulator, every module compiled) goes to the ROMFS partition with
    `mpremote romfs deploy`; only main.py and the board map are copied to the filesystem."""
    rec = Recorder("micropython 4870 (1, 25, 0)\n")  # MicroPython 1.25 on a Pico: mpy 6.3
    monkeypatch.setattr(deploy, "execute", rec)
    rc, out, err = run(["/dev/ttyACM3", "--board", "ah2e", "--romfs"], capsys)
    assert rc == 0, err
    argvs = [s.argv or [] for s in rec.steps]
    romfs = [a for a in argvs if "romfs" in a]
    assert len(romfs) == 1 and romfs[0][-3:-1] == ["romfs", "deploy"]
    image = pathlib.Path(romfs[0][-1]).read_bytes()
    assert image.startswith(b"\xd2\xcd\x31")  # a ROMFS header, as mpremote checks
    assert b"app.mpy" in image and b"tables.mpy" in image and b"mythos.json" in image
    assert b"arkham/emu/" not in image  # the emulator stays home (its source names are embedded)
    cps = [a for a in argvs if "cp" in a]
    assert len(cps) == 1 and ":main.py" in cps[0] and ":board.json" in cps[0]
    assert "reset" in argvs[-1]


def test_romfs_deploy_needs_micropython_1_25(no_device, capsys):
    rc, _, err = run(["p", "--dry-run", "--mpy", "6.2/armv6m", "--romfs"], capsys)
    assert rc == 1 and "--romfs needs MicroPython 1.25" in err
