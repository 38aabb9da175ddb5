"""The hardware layer: pads, pixels, lights, storage and the serial stream, as one bundle, and
the MPR121 chips' addresses every layer names them by.

Each backend's make(board, options) returns a Hardware of the same shape (arkham.table picks the
backend: arkham.emu, hw.backend_mp or hw.backend_cp), so the app never asks where it runs.
"""

# MPR121 addresses: ADDR pin to GND, VDD, SDA, SCL gives 0x5A, 0x5B, 0x5C, 0x5D.
FIRST_CHIP = 0x5A
LAST_CHIP = 0x5D
ELECTRODES = 12  # ELE0..ELE11 per chip (ELE12 is the chip's proximity channel, not a pad)


def chip_name(addr):
    return "0x%02X" % addr


def parse_chip(v):
    """'0x5A' (any case) or an int -> int address, or None if it is not one."""
    if isinstance(v, bool):
        return None
    if isinstance(v, int):
        return v
    if isinstance(v, str):
        s = v.strip().lower()
        if s.startswith("0x") and len(s) > 2:
            try:
                return int(s[2:], 16)
            except ValueError:
                return None
    return None


class Hardware:
    """hw.pads, hw.pixels, hw.lights, hw.storage, hw.stream, hw.wait(ms), hw.impl, and
    hw.soft_reset: on a Pico, restart the table's program (machine.soft_reset on MicroPython,
    supervisor.reload on CircuitPython; the USB link stays), None where there is nothing to
    gain (the emulator). The app restarts after a game switch is saved: a Pico keeps every
    name (qstr) a program made until it restarts, so the old game's names would stay."""

    def __init__(self, impl, pads, pixels, lights, storage, stream, wait, soft_reset=None):
        self.impl = impl
        self.pads = pads
        self.pixels = pixels
        self.lights = lights
        self.storage = storage
        self.stream = stream
        self._wait = wait
        self.soft_reset = soft_reset
        self.bus = None  # emulator only: the MPR121 register models
        self.world = None  # emulator only: tokens, hands and faults

    def wait(self, ms):
        """Sleep up to ms, returning early when serial input is waiting."""
        self._wait(ms)
