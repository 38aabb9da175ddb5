"""MPR121 register model behind a machine.I2C-shaped bus: the emulated table's sensors.

What it models (from the NXP datasheet), because the firmware must cope with each:
- registers read/written with address auto-increment; soft reset (0x80 <- 0x63) restores the
  reset values (CONFIG1 0x10, CONFIG2 0x24, ECR 0 = stop mode);
- the stop/run rule: while ECR enables electrodes, writes to any register but ECR and the GPIO
  block are ignored (counted in `ignored_writes`), like the chip;
- filtered data (10-bit): an empty pad reads about 700 counts; a token or a hand lowers it;
  optional seeded jitter ("noise");
- baseline tracking with the rising / falling / touched filter sets (MHD, NHD, NCL, FDL) and the
  ECR CL bits, so a resting token is slowly absorbed and the chip's own touch bit drops;
- touch status from the chip's own thresholds; I2C errors per address (OSError(5), like
  machine.I2C when a device does not acknowledge).
Model time only moves through `advance(ms)` (the Bus does it from a clock, tests do it by hand).
"""

from array import array

from arkham.compat import ticks_diff

EIO = 5
N = 12
TOKEN_DELTA = 40  # counts a token (a coin-cell sized metal disc under felt) takes off
HAND_DELTA = 120  # a finger or a hand is a much bigger capacitance

_ECR = 0x5E
_CONFIG1 = 0x5C
_CONFIG2 = 0x5D
_SOFT_RESET = 0x80
_GPIO_FIRST = 0x73
_GPIO_LAST = 0x7A
_NREGS = 0x81
_ESI_MS = (1, 2, 4, 8, 16, 32, 64, 128)


class Chip:
    """One MPR121: a register file plus the analogue world on its 12 electrodes."""

    def __init__(self, addr, seed=1):
        self.addr = addr
        self.regs = bytearray(_NREGS)
        # what each electrode reads with nothing on it (a spread like real pads)
        self.empty = array("h", [700 - 20 + ((addr * 12 + e) * 37) % 41 for e in range(N)])
        self.load = array("h", [0] * N)  # counts taken off by a token/hand
        self.shorted = bytearray(N)  # 1: electrode shorted to ground, reads 0
        self.noise = 0
        self.rng = None  # made at the first noisy reading (a quiet table never loads arkham.rng)
        self._seed = seed * 131 + addr
        self.config2_after_reset = 0x24  # a test may make this chip an imposter
        self.ignored_writes = 0
        self.base = array("h", [0] * N)  # 10-bit internal baseline
        self.count = array("H", [0] * N)  # baseline filter noise counters
        self.carry = [0] * N  # model ms not yet used by the baseline filter (may be large)
        self.touched = 0  # 12-bit touch status
        self.latch = array("h", [0] * N)  # last reading, so a data pair is read consistently
        self.reset()

    # -- register file ---------------------------------------------------------------------
    def reset(self):
        r = self.regs
        for i in range(_NREGS):
            r[i] = 0
        r[_CONFIG1] = 0x10
        r[_CONFIG2] = self.config2_after_reset
        for e in range(N):
            self.base[e] = 0
            self.count[e] = 0
            self.carry[e] = 0
        self.touched = 0

    def running(self):
        return self.regs[_ECR] & 0x3F != 0

    def enabled(self):
        """Number of electrodes enabled by ECR ELE_EN (ELE0..ELEn-1)."""
        n = self.regs[_ECR] & 0x0F
        return N if n > N else n

    def write(self, reg, value):
        if reg == _SOFT_RESET:
            if value == 0x63:
                self.reset()
            return
        if reg >= _NREGS:
            return
        if reg == _ECR:
            was = self.running()
            self.regs[_ECR] = value
            if not was and self.running():
                self._enter_run()
            return
        if self.running() and not (_GPIO_FIRST <= reg <= _GPIO_LAST):
            self.ignored_writes += 1  # stop/run rule: the chip ignores it
            return
        self.regs[reg] = value

    def _enter_run(self):
        cl = self.regs[_ECR] >> 6
        for e in range(self.enabled()):
            d = self.data(e)
            if cl == 2:
                self.base[e] = d & 0x3E0  # the reading's 5 high bits
            elif cl == 3:
                self.base[e] = d
            self.count[e] = 0
        self._update_touch()

    def read(self, reg):
        if 0x04 <= reg <= 0x1D:  # filtered data, little-endian pairs
            e = (reg - 0x04) >> 1
            if e >= N:
                return 0
            if reg & 1 == 0:  # low byte: take a reading; the high byte comes from the same one
                self.latch[e] = self.reading(e)
                return self.latch[e] & 0xFF
            return self.latch[e] >> 8
        if 0x1E <= reg <= 0x29:
            return self.base[reg - 0x1E] >> 2
        if reg == 0x00:
            self._update_touch()
            return self.touched & 0xFF
        if reg == 0x01:
            return self.touched >> 8
        if reg < _NREGS:
            return self.regs[reg]
        return 0

    # -- the analogue side -----------------------------------------------------------------
    def data(self, e):
        """Noise-free filtered data of electrode e (0 when not measured)."""
        if not self.running() or e >= self.enabled():
            return 0
        if self.shorted[e]:
            return 0
        v = self.empty[e] - self.load[e]
        return 0 if v < 0 else (1023 if v > 1023 else v)

    def reading(self, e):
        v = self.data(e)
        if v and self.noise:
            if self.rng is None:
                from arkham.rng import Rng

                self.rng = Rng(self._seed)
            v += self.rng.below(2 * self.noise + 1) - self.noise
            v = 0 if v < 0 else (1023 if v > 1023 else v)
        return v

    def _update_touch(self):
        t = self.touched
        for e in range(self.enabled()):
            delta = self.base[e] - self.data(e)
            bit = 1 << e
            if t & bit:
                if delta < self.regs[0x42 + 2 * e]:
                    t &= ~bit
            elif delta > self.regs[0x41 + 2 * e]:
                t |= bit
        self.touched = t

    def _filter(self, e):
        """The register of the MHD of the (MHD, NHD, NCL, FDL) set that applies to electrode e
        now (touched: 0x32, whose MHD is taken as 0). A number, not a tuple: the model runs in
        the measured heap of a table, and a tuple a step was most of its garbage."""
        if self.touched & (1 << e):
            return 0x32
        return 0x2B if self.data(e) > self.base[e] else 0x2F

    def advance(self, ms):
        """Let model time pass: baseline tracking (unless ECR CL=01 freezes it)."""
        if not self.running() or self.regs[_ECR] >> 6 == 1:
            return
        sample = _ESI_MS[self.regs[_CONFIG2] & 7]
        self._update_touch()  # the world may have changed since (a token placed or lifted)
        r = self.regs
        for e in range(self.enabled()):
            t = self.carry[e] + ms
            steps = 0
            while steps < 2048:
                steps += 1
                k = self._filter(e)
                mhd = 0 if k == 0x32 else r[k]
                nhd = r[k + 1]
                ncl = r[k + 2]
                op = sample * (r[k + 3] + 1)
                d = self.data(e) - self.base[e]
                if d == 0 or (nhd == 0 and (mhd == 0 or abs(d) > mhd)):
                    t %= op
                    break
                if abs(d) <= mhd:  # a small drift passes straight through
                    if t < op:
                        break
                    t -= op
                    self.base[e] += d
                    self.count[e] = 0
                else:
                    need = ncl + 1 - self.count[e]
                    if t < need * op:
                        self.count[e] += t // op
                        t %= op
                        break
                    t -= need * op
                    self.count[e] = 0
                    step = nhd if abs(d) > nhd else abs(d)
                    self.base[e] += step if d > 0 else -step
                self._update_touch()
            self.carry[e] = t


class Bus:
    """The machine.I2C methods our driver uses, over up to four Chip models.

    clock: a function returning ms (ticks) to advance the models by real time before each
    transfer, or None (tests call advance() themselves)."""

    def __init__(self, addrs=(0x5A,), seed=1, clock=None):
        self.chips = {}
        for a in addrs:
            self.chips[a] = Chip(a, seed)
        self.order = sorted(self.chips)  # (advance in address order, with no list made each time)
        self.failing = {}
        self.clock = clock
        self.transfers = 0
        self._last = clock() if clock else 0

    def chip(self, addr):
        return self.chips.get(addr)

    def fail(self, addr):
        self.failing[addr] = True

    def heal(self, addr):
        if addr in self.failing:
            del self.failing[addr]

    def advance(self, ms):
        for a in self.order:
            self.chips[a].advance(ms)

    def _sync(self):
        if self.clock is not None:
            now = self.clock()
            ms = ticks_diff(now, self._last)
            if ms > 0:
                self._last = now
                self.advance(ms)

    def _target(self, addr):
        self.transfers += 1
        c = self.chips.get(addr)
        if c is None or addr in self.failing:
            raise OSError(EIO)  # no acknowledge: what machine.I2C raises
        self._sync()
        return c

    # -- machine.I2C API -------------------------------------------------------------------
    def scan(self):
        return [a for a in sorted(self.chips) if a not in self.failing]

    def readfrom_mem_into(self, addr, reg, buf):
        c = self._target(addr)
        for i in range(len(buf)):
            buf[i] = c.read(reg + i)

    def readfrom_mem(self, addr, reg, n):
        buf = bytearray(n)
        self.readfrom_mem_into(addr, reg, buf)
        return bytes(buf)

    def writeto_mem(self, addr, reg, buf):
        c = self._target(addr)
        for i in range(len(buf)):
            c.write(reg + i, buf[i])
