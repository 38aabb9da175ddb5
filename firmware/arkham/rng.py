"""The seeded generator every game keeps in its state: identical on every runtime.

xorshift32 (Marsaglia 2003, shifts 13/17/5) computed on two 16-bit halves, so every intermediate
value stays a MicroPython small int (< 2**30) on the Pico: no long-int allocation per draw.
A game is a pure function of (seed, options, actions) because all chance comes from here.
"""


class Rng:
    __slots__ = ("hi", "lo")

    def __init__(self, seed=1):
        self.seed(seed)

    def seed(self, seed):
        seed = int(seed)
        lo = seed & 0xFFFF
        hi = (seed >> 16) & 0xFFFF
        if hi == 0 and lo == 0:
            lo = 0x2545  # xorshift must never hold the all-zero state
        self.hi = hi
        self.lo = lo

    def state(self):
        """Compact, JSON-able state for snapshots: [hi, lo]."""
        return [self.hi, self.lo]

    def set_state(self, state):
        self.hi = state[0]
        self.lo = state[1]

    def next30(self):
        """Next 30-bit value (0 .. 2**30-1)."""
        hi = self.hi
        lo = self.lo
        # x ^= x << 13
        hi ^= ((hi << 13) | (lo >> 3)) & 0xFFFF
        lo ^= (lo << 13) & 0xFFFF
        # x ^= x >> 17
        lo ^= hi >> 1
        # x ^= x << 5
        hi ^= ((hi << 5) | (lo >> 11)) & 0xFFFF
        lo ^= (lo << 5) & 0xFFFF
        self.hi = hi
        self.lo = lo
        return ((hi & 0x3FFF) << 16) | lo

    def below(self, n):
        """Uniform integer in 0 .. n-1 (n <= 2**30), by rejection: no modulo bias."""
        if n <= 0:
            raise ValueError("below(n) needs n > 0")
        limit = (1 << 30) - ((1 << 30) % n)
        while True:
            # (next30() inline: a die is rolled deep in a game's flow, on a Pico's small C stack)
            hi = self.hi
            lo = self.lo
            hi ^= ((hi << 13) | (lo >> 3)) & 0xFFFF
            lo ^= (lo << 13) & 0xFFFF
            lo ^= hi >> 1
            hi ^= ((hi << 5) | (lo >> 11)) & 0xFFFF
            lo ^= (lo << 5) & 0xFFFF
            self.hi = hi
            self.lo = lo
            v = ((hi & 0x3FFF) << 16) | lo
            if v < limit:
                return v % n

    def die(self):
        """One six-sided die: 1..6."""
        return self.below(6) + 1

    def shuffle(self, items):
        """Fisher-Yates in place."""
        i = len(items) - 1
        while i > 0:
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]
            i -= 1

    def choice(self, items):
        return items[self.below(len(items))]
