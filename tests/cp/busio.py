"""Stand-in for CircuitPython's `busio.I2C`, wired to the project's MPR121 register models
(arkham.emu.mpr121.Bus) through the byte-level I2C target the emulated chip uses
(arkham_host.chip.i2c.Target): every transfer is connect / bytes / stop, so the real
adafruit_mpr121 and adafruit_bus_device code drives the same model as the emulated table.

A test wires the model to two pins first: `busio.wire(board.GP5, board.GP4, bus)`.
An address that does not acknowledge raises OSError(19) (ENODEV), as CircuitPython's busio
does on the RP2040; the bus must be locked (try_lock) around transfers, as on the device.
"""

from arkham_host.chip.i2c import CONNECT, READ, START, STOP, WRITE, Target

ENODEV = 19
_wired = {}


def wire(scl, sda, bus):
    _wired[(scl.name, sda.name)] = bus


def unwire_all():
    _wired.clear()


class I2C:
    def __init__(self, scl, sda, *, frequency=100000, timeout=255):
        bus = _wired.get((scl.name, sda.name))
        if bus is None:  # nothing on those pins: CircuitPython finds no pull-ups
            raise RuntimeError("No pull up found on SDA or SCL; check your wiring")
        self.frequency = frequency
        self._target = Target(bus, 0)
        self._locked = False
        self.transfers = 0

    def try_lock(self):
        if self._locked:
            return False
        self._locked = True
        return True

    def unlock(self):
        self._locked = False

    def deinit(self):
        pass

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.deinit()

    def _need_lock(self):
        if not self._locked:
            raise RuntimeError("Function requires lock")

    def _connect(self, addr, read):
        t = self._target
        t.event(START, 0, 0, 0)
        if not t.event(CONNECT, 0, addr, 1 if read else 0):
            t.event(STOP, 0, 0, 0)
            raise OSError(ENODEV)
        self.transfers += 1

    def _write(self, addr, buf, start, end, stop=True):
        self._connect(addr, False)
        for i in range(start, len(buf) if end is None else end):
            self._target.event(WRITE, 0, buf[i], 0)
        if stop:
            self._target.event(STOP, 0, 0, 0)

    def _read(self, addr, buf, start, end):
        self._connect(addr, True)
        for i in range(start, len(buf) if end is None else end):
            buf[i] = self._target.event(READ, 0, 0, 0)
        self._target.event(STOP, 0, 0, 0)

    def scan(self):
        self._need_lock()
        found = []
        for a in range(0x08, 0x78):
            try:
                self._write(a, b"", 0, 0)
                found.append(a)
            except OSError:
                pass
        return found

    def writeto(self, address, buffer, *, start=0, end=None):
        self._need_lock()
        self._write(address, buffer, start, end)

    def readfrom_into(self, address, buffer, *, start=0, end=None):
        self._need_lock()
        self._read(address, buffer, start, end)

    def writeto_then_readfrom(
        self, address, out_buffer, in_buffer, *, out_start=0, out_end=None, in_start=0,
        in_end=None
    ):
        self._need_lock()
        self._write(address, out_buffer, out_start, out_end, stop=False)  # repeated start
        self._read(address, in_buffer, in_start, in_end)
