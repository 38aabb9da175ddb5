"""The hardware layer: pads, pixels, lights, storage and the serial stream, as one bundle.

make(board, options) picks the backend: options["emulated"] -> arkham.emu; otherwise by runtime
(MicroPython -> backend_mp, CircuitPython -> backend_cp). Every backend returns a Hardware with
the same shape, so the app never asks where it runs.
"""

from arkham.compat import IMPL


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


def make(board, options=None):
    options = options or {}
    if options.get("emulated"):
        from arkham import emu

        return emu.make(board, options)
    if IMPL == "micropython":
        from arkham.hw import backend_mp as backend
    elif IMPL == "circuitpython":
        from arkham.hw import backend_cp as backend  # type: ignore[no-redef]
    else:
        raise RuntimeError("no table hardware on %s: run the emulator (options emulated)" % IMPL)
    return backend.make(board, options)
