"""A small MPR121 driver for MicroPython's machine.I2C (and the emulator's register model).

Written for this project from the NXP MPR121 datasheet. The driver receives the bus; all traffic
goes through `_read_reg` / `_write_reg` with buffers made once here, so reading a chip in the
scan loop allocates nothing. Values handed out are 10-bit counts in a caller's list of 12 ints.

The chip's rule that matters most: while it is running (ECR electrodes enabled) it ignores writes
to every configuration register except ECR and the GPIO block. So `start()` soft-resets, checks
the chip, writes its configuration in stop mode (ECR = 0), and only then writes ECR to run.
"""

from arkham.compat import const

_TOUCH_STATUS = const(0x00)  # 2 bytes: bit n = ELEn touched (chip's own opinion)
_FILTERED = const(0x04)  # 0x04..0x1D: ELE0..ELE12 filtered data, 10-bit little-endian pairs
_BASELINE = const(0x1E)  # 0x1E..0x2A: baseline >> 2, one byte per electrode
_MHDR = const(0x2B)  # 0x2B..0x35: baseline filter, rising / falling / touched sets
_TOUCH_TH = const(0x41)  # 0x41 + 2n: touch threshold ELEn; 0x42 + 2n: release threshold
_DEBOUNCE = const(0x5B)
_CONFIG1 = const(0x5C)  # FFI | CDC (charge current)
_CONFIG2 = const(0x5D)  # CDT | SFI | ESI; reads 0x24 after reset: our "is it an MPR121" check
_ECR = const(0x5E)  # CL(7:6) ELEPROX_EN(5:4) ELE_EN(3:0); 0 = stop mode
_AUTOCONFIG = const(0x7B)  # ACCR0, ACCR1, USL, LSL, TL
_SOFT_RESET = const(0x80)  # write 0x63 to reset

_RESET_MAGIC = const(0x63)
_CONFIG2_AFTER_RESET = const(0x24)
_N = const(12)

# Baseline filter registers 0x2B..0x35 (MHD, NHD, NCL, FDL for rising and falling; NHD, NCL,
# FDL while touched). Rising/falling after the NXP quick-start note: small drifts pass, noise
# waits. Touched: one count per 256 slow steps, so the chip's baseline follows temperature even
# under a resting token. Our presence does not use the chip's baseline (see pads.py), so the
# chip forgetting a token changes nothing for the game.
_FILTER = const(b"\x01\x01\x00\x00\x01\x01\xff\x02\x01\xff\xff")
_CONFIG1_VALUE = const(0x10)  # FFI 6 samples, 16 uA charge current
_CONFIG2_VALUE = const(0x20)  # 0.5 us charge time, 4 samples, 1 ms period
# Auto-configuration (run at the switch to run mode): the chip picks each electrode's charge
# current and time so an empty pad reads near the target level, whatever the pad's size.
# ACCR0 0x0B: FFI as CONFIG1, no retry, BVA=10 (as ECR CL), auto-reconfigure and configure on.
# Limits for VDD 3.3 V: USL = (VDD - 0.7) / VDD * 256 = 201, TL = 0.9 USL = 181 (an empty pad then
# reads about 181 * 4 = 724 counts), LSL = 0.65 USL = 130.
_AUTOCONFIG_VALUES = const(b"\x0b\x00\xc9\x82\xb5")
# Run: CL=10 (start the chip's baseline from the first reading's high bits), no proximity
# channel, ELE0..ELE11 enabled.
_ECR_RUN = const(0x8C)

_TOUCH_DEFAULT = const(12)
_RELEASE_DEFAULT = const(6)


class MPR121Error(OSError):
    """The chip at an address does not answer like an MPR121."""


class MPR121:
    def __init__(self, i2c, addr=0x5A, start=True, touch=_TOUCH_DEFAULT, release=_RELEASE_DEFAULT):
        self.i2c = i2c
        self.addr = addr
        self.touch = touch
        self.release = release
        self._one = bytearray(1)
        self._two = bytearray(2)
        self._data = bytearray(2 * _N)
        self._raw = bytearray(2 * _N)  # the bytes of the last read decoded, into the list _buf
        self._buf = None
        self._base = bytearray(_N)
        if start:
            self.start()

    # -- the two bus primitives ------------------------------------------------------------
    def _read_reg(self, reg, buf):
        self.i2c.readfrom_mem_into(self.addr, reg, buf)

    def _write_reg(self, reg, value):
        self._one[0] = value
        self.i2c.writeto_mem(self.addr, reg, self._one)

    # -- set-up ----------------------------------------------------------------------------
    def start(self):
        """Soft reset, verify, configure in stop mode, then run. Raises OSError on a bus error
        and MPR121Error (naming the address) when the chip is not an MPR121."""
        self._write_reg(_SOFT_RESET, _RESET_MAGIC)
        self._write_reg(_ECR, 0)  # stop mode (reset leaves it there; be explicit)
        self._read_reg(_CONFIG2, self._one)
        if self._one[0] != _CONFIG2_AFTER_RESET:
            raise MPR121Error(
                "no MPR121 at 0x%02X: CONFIG2 reads 0x%02X after reset, want 0x24"
                % (self.addr, self._one[0])
            )
        # configured in stop mode: a running chip ignores these writes
        for i in range(_N):
            self._write_reg(_TOUCH_TH + 2 * i, self.touch)
            self._write_reg(_TOUCH_TH + 2 * i + 1, self.release)
        for i in range(len(_FILTER)):
            self._write_reg(_MHDR + i, _FILTER[i])
        self._write_reg(_DEBOUNCE, 0)  # we debounce in pads.py, per scan
        self._write_reg(_CONFIG1, _CONFIG1_VALUE)
        self._write_reg(_CONFIG2, _CONFIG2_VALUE)
        for i in range(len(_AUTOCONFIG_VALUES)):
            self._write_reg(_AUTOCONFIG + i, _AUTOCONFIG_VALUES[i])
        self._write_reg(_ECR, _ECR_RUN)

    def stop(self):
        self._write_reg(_ECR, 0)

    def running(self):
        self._read_reg(_ECR, self._one)
        return self._one[0] & 0x3F != 0

    def set_thresholds(self, touch, release):
        """The chip's own touch/release thresholds (its touch bits only; pads.py keeps its own).
        Stops the chip, writes, restarts with CL=00 so the chip keeps its current baseline."""
        if not (0 <= release < touch <= 255):
            raise ValueError("thresholds need 0 <= release < touch <= 255")
        self.touch = touch
        self.release = release
        self._write_reg(_ECR, 0)
        for i in range(_N):
            self._write_reg(_TOUCH_TH + 2 * i, touch)
            self._write_reg(_TOUCH_TH + 2 * i + 1, release)
        self._write_reg(_ECR, _ECR_RUN & 0x3F)

    # -- readings ---------------------------------------------------------------------------
    def read_filtered(self, out):
        """Filtered data of ELE0..ELE11 (10-bit counts) into out[0..11]; one bus transaction.
        True when the chip sent the very bytes of the previous read into this same `out`: `out`
        holds them already and is left as it is (one comparison in C, no loop: a scan skips a
        chip whose readings did not move)."""
        d = self._data
        self._read_reg(_FILTERED, d)
        if out is self._buf and d == self._raw:
            return True
        for i in range(_N):
            out[i] = (d[2 * i] | (d[2 * i + 1] << 8)) & 0x3FF
        self._raw[:] = d
        self._buf = out
        return False

    def read_baseline(self, out):
        """The chip's baseline of ELE0..ELE11, scaled to 10-bit counts (register holds value>>2)."""
        b = self._base
        self._read_reg(_BASELINE, b)
        for i in range(_N):
            out[i] = b[i] << 2

    def touched(self):
        """The chip's own touch bits (12-bit mask). A hint for bring-up, not our presence."""
        self._read_reg(_TOUCH_STATUS, self._two)
        return (self._two[0] | (self._two[1] << 8)) & 0x0FFF
