"""The MPR121s on the emulated chip's I2C pins (host/arkham_host/chip/i2c.py): bus events, byte
by byte as rp2040js reports them, answered from the same register model the unix-port table reads
through machine.I2C's API. So both tables see one model; these tests pin the byte-level side."""

from arkham.emu.mpr121 import Bus

from arkham_host.chip.i2c import CONNECT, READ, START, STOP, WRITE, Target

W, R = 0, 1


def readfrom_mem(t, addr, reg, n, bus=0):
    """What the pico-sdk does for machine.I2C.readfrom_mem: write the register, repeated
    start, read n bytes, stop. None when the address is not acknowledged."""
    t.event(START, bus, 0, 0)
    if t.event(CONNECT, bus, addr, W) != 1:
        t.event(STOP, bus, 0, 0)
        return None
    t.event(WRITE, bus, reg, 0)
    t.event(START, bus, 1, 0)
    assert t.event(CONNECT, bus, addr, R) == 1
    got = bytes(t.event(READ, bus, 1 if i < n - 1 else 0, 0) for i in range(n))
    t.event(STOP, bus, 0, 0)
    return got


def writeto_mem(t, addr, reg, data, bus=0):
    t.event(START, bus, 0, 0)
    if t.event(CONNECT, bus, addr, W) != 1:
        return False
    t.event(WRITE, bus, reg, 0)
    for b in data:
        t.event(WRITE, bus, b, 0)
    t.event(STOP, bus, 0, 0)
    return True


def make():
    bus = Bus([0x5A, 0x5B], seed=3)
    return bus, Target(bus, 0)


def test_reads_match_the_machine_i2c_api_of_the_same_model():
    bus, t = make()
    for reg in (0x5C, 0x5D, 0x5E, 0x80):
        assert readfrom_mem(t, 0x5A, reg, 1) == bus.readfrom_mem(0x5A, reg, 1)
    assert readfrom_mem(t, 0x5A, 0x5D, 1) == b"\x24"  # CONFIG2 after reset (the driver's check)


def test_writes_auto_increment_and_obey_the_stop_run_rule():
    bus, t = make()
    assert writeto_mem(t, 0x5A, 0x41, [12, 6, 13, 7])  # touch/release of electrodes 0 and 1
    assert readfrom_mem(t, 0x5A, 0x41, 4) == bytes([12, 6, 13, 7])
    writeto_mem(t, 0x5A, 0x5E, [0x8C])  # ECR: run 12 electrodes
    writeto_mem(t, 0x5A, 0x41, [40])  # ignored while running, as the chip does
    assert readfrom_mem(t, 0x5A, 0x41, 1) == bytes([12])
    assert bus.chip(0x5A).ignored_writes == 1


def test_filtered_data_pairs_come_from_one_reading():
    bus, t = make()
    writeto_mem(t, 0x5A, 0x5E, [0x8C])
    bus.chip(0x5A).load[3] = 40  # a token on electrode 3
    data = readfrom_mem(t, 0x5A, 0x04, 24)
    values = [data[2 * e] | data[2 * e + 1] << 8 for e in range(12)]
    assert values == [bus.chip(0x5A).data(e) for e in range(12)]
    assert values[3] == bus.chip(0x5A).empty[3] - 40


def test_a_missing_or_failed_chip_and_another_bus_are_not_acknowledged():
    bus, t = make()
    assert readfrom_mem(t, 0x5C, 0x5D, 1) is None  # not fitted
    bus.fail(0x5B)
    assert readfrom_mem(t, 0x5B, 0x5D, 1) is None
    assert readfrom_mem(t, 0x5A, 0x5D, 1) == b"\x24"  # the others still answer
    assert readfrom_mem(t, 0x5A, 0x5D, 1, bus=1) is None  # the chips sit on bus 0 only
    bus.heal(0x5B)
    assert readfrom_mem(t, 0x5B, 0x5D, 1) == b"\x24"


def test_soft_reset_through_the_bytes():
    bus, t = make()
    writeto_mem(t, 0x5A, 0x5E, [0x8C])
    writeto_mem(t, 0x5A, 0x80, [0x63])
    assert readfrom_mem(t, 0x5A, 0x5E, 1) == b"\x00"  # stop mode after a reset
