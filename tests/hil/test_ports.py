"""`ports` finds Picos by USB VID:PID (no hardware needed: the port list is faked)."""

from types import SimpleNamespace

from arkham_host.wire import ports


def fake_port(device, vid, pid, serial="E66"):
    return SimpleNamespace(
        device=device, vid=vid, pid=pid, serial_number=serial, description="Board in FS mode"
    )


def test_picos_by_usb_id(monkeypatch):
    from serial.tools import list_ports

    monkeypatch.setattr(
        list_ports,
        "comports",
        lambda: [
            fake_port("/dev/ttyACM1", 0x239A, 0x80F4),
            fake_port("/dev/ttyUSB0", 0x0403, 0x6001),  # an FTDI cable: not a table
            fake_port("/dev/ttyACM0", 0x2E8A, 0x0005),
        ],
    )
    found = ports.picos()
    assert [(p["serial"], p["impl"]) for p in found] == [
        ("/dev/ttyACM0", "micropython"),
        ("/dev/ttyACM1", "circuitpython"),
    ]


def test_default_port_needs_exactly_one(monkeypatch):
    monkeypatch.setattr(ports, "emulators", lambda: [])
    monkeypatch.setattr(ports, "picos", lambda: [{"serial": "/dev/ttyACM0"}])
    assert ports.default_port() == "/dev/ttyACM0"
    monkeypatch.setattr(
        ports, "picos", lambda: [{"serial": "/dev/ttyACM0"}, {"serial": "/dev/ttyACM1"}]
    )
    try:
        ports.default_port()
    except SystemExit as e:
        assert "several tables" in str(e)
    else:
        raise AssertionError("two Picos must not pick one silently")
