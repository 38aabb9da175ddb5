"""The MPR121s on the emulated chip's I2C bus: the byte-level side of the same register model
the unix-port table uses (arkham.emu.mpr121), so there is one model, not two.

rp2040js reports each bus event; this answers them as the chips would:
    start, connect(addr, mode) -> ACK when a chip at addr answers (NACK: not fitted or failed),
    write(byte) -> the first byte after a write-connect sets the register pointer, the rest are
    data written with auto-increment; read -> the register at the pointer, then pointer + 1;
    stop. `readfrom_mem(0x5A, reg, n)` is connect(W), write(reg), connect(R), n reads, stop.
"""

from __future__ import annotations

import struct

from arkham.emu.mpr121 import Bus

START, CONNECT, WRITE, READ, STOP = 1, 2, 3, 4, 5
REQUEST = struct.Struct("<BBBBI")  # op, bus, a, b, chip time in ms


class Target:
    """The chips of one bus, driven one event at a time."""

    def __init__(self, bus: Bus, bus_id: int):
        self.bus = bus
        self.bus_id = bus_id
        self.chip = None  # the chip addressed now
        self.reading = False
        self.pointer = 0
        self.first_write = False
        self.transactions = 0

    def _answers(self, addr):
        return self.bus.chip(addr) is not None and addr not in self.bus.failing

    def event(self, op: int, bus_id: int, a: int, b: int) -> int | None:
        """One event; returns the reply byte for connect and read, else None."""
        if op == CONNECT:
            if bus_id != self.bus_id or not self._answers(a):
                self.chip = None
                return 0  # NACK: machine.I2C raises OSError(EIO)
            self.transactions += 1
            self.bus._sync()  # baseline tracking catches up to the chip's time
            self.chip = self.bus.chip(a)
            self.reading = b == 1
            self.first_write = not self.reading
            return 1
        if op == WRITE:
            if self.chip is not None:
                if self.first_write:
                    self.pointer = a
                    self.first_write = False
                else:
                    self.chip.write(self.pointer, a)
                    self.pointer += 1
            return None
        if op == READ:
            if self.chip is None:
                return 0xFF
            v = self.chip.read(self.pointer) & 0xFF
            self.pointer += 1
            return v
        if op == STOP:
            self.chip = None
        return None
