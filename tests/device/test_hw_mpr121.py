"""Our MPR121 driver against the emulator's register model: reset and CONFIG2 check, an error
that names a missing or wrong chip, configuration written in stop mode (the chip ignores config
writes while running), readings as 10-bit counts."""

from arkham.emu.mpr121 import TOKEN_DELTA, Bus
from arkham.hw.mpr121 import MPR121, MPR121Error
from check import check, done, equal, raises

bus = Bus([0x5A, 0x5B], seed=3)
m = MPR121(bus, 0x5A)
chip = bus.chip(0x5A)
check(m.running(), "the chip runs after start()")
equal(chip.regs[0x5E], 0x8C, "ECR: CL=10, ELE0..11 enabled")
equal(chip.ignored_writes, 0, "start() wrote no config register while running")
equal(chip.regs[0x41], 12, "touch threshold ELE0 written (in stop mode)")
equal(chip.regs[0x42 + 2 * 11], 6, "release threshold ELE11 written")
equal(chip.regs[0x5D], 0x20, "CONFIG2 set after the check")
equal(chip.regs[0x35], 0xFF, "touched-filter FDLT written")
equal(bytes(chip.regs[0x7B:0x80]), b"\x0b\x00\xc9\x82\xb5", "auto-configuration set for 3.3 V")

out = [0] * 12
m.read_filtered(out)
equal(out, [chip.data(e) for e in range(12)], "read_filtered gives the model's 10-bit data")
check(all(600 < v < 800 for v in out), "empty pads read about 700 counts")
base = [0] * 12
m.read_baseline(base)
equal(base, [(v & 0x3E0) for v in out], "CL=10: baseline starts at the reading's 5 high bits")
equal(m.touched(), 0, "nothing touched")

# the chip's own stop/run rule, seen through the driver's primitives
m._write_reg(0x41, 99)
equal(chip.regs[0x41], 12, "a config write while running is ignored by the chip")
equal(chip.ignored_writes, 1, "the model counted the ignored write")
m.stop()
check(not m.running(), "stop() enters stop mode")
m._write_reg(0x41, 99)
equal(chip.regs[0x41], 99, "the same write lands in stop mode")
m.start()
equal(chip.regs[0x41], 12, "start() resets and rewrites the thresholds")

m.set_thresholds(20, 10)
equal((chip.regs[0x41], chip.regs[0x42]), (20, 10), "set_thresholds stops, writes, restarts")
check(m.running(), "running again after set_thresholds")
equal(chip.regs[0x5E] >> 6, 0, "restarted with CL=00: the chip keeps its baseline")
raises(ValueError, lambda: m.set_thresholds(5, 5), "release must be below touch")

# a missing chip: the bus error propagates; the address is in the driver's error
e = raises(OSError, lambda: MPR121(bus, 0x5C), "no chip at 0x5C: OSError")
check(e is not None and e.args[0] == 5, "errno 5 (EIO) like machine.I2C")
m2 = MPR121(bus, 0x5C, start=False)
check(m2.addr == 0x5C, "start=False does not touch the bus")

# an imposter: CONFIG2 does not read 0x24 after reset
bus.chip(0x5B).config2_after_reset = 0x00
e = raises(MPR121Error, lambda: MPR121(bus, 0x5B), "wrong CONFIG2 raises MPR121Error")
print("error:", e.args[0] if e else None)
check(e is not None and "0x5B" in e.args[0], "the error names the address")
check(isinstance(e, OSError), "MPR121Error is an OSError (pads treat it as a bus fault)")

# readings follow the world: a token lowers filtered data; the chip's touch bit sees it
chip.load[4] = TOKEN_DELTA
m.read_filtered(out)
equal(out[4], chip.empty[4] - TOKEN_DELTA, "a token takes its delta off ELE4")
check(m.touched() & (1 << 4), "the chip's own touch bit for ELE4 is set")

# soft reset via the register: back to stop mode with reset values
m._write_reg(0x80, 0x63)
check(not m.running(), "soft reset stops the chip")
equal(chip.regs[0x5D], 0x24, "CONFIG2 reads 0x24 after reset")
m.read_filtered(out)
equal(out, [0] * 12, "a stopped chip measures nothing")

# a failing bus
bus.fail(0x5A)
raises(OSError, lambda: m.read_filtered(out), "reads fail while the address fails")
bus.heal(0x5A)
m.start()
m.read_filtered(out)
check(out[0] > 0, "reads work again after heal and start")
equal(bus.readfrom_mem(0x5A, 0x5D, 1), b"\x20", "readfrom_mem works like machine.I2C")
equal(bus.scan(), [0x5A, 0x5B], "scan lists the answering chips")
done()
