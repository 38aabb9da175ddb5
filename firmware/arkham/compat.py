"""What differs between CPython, MicroPython and CircuitPython, in one place.

Device code imports `const`, `ticks_ms`, `ticks_diff`, `mem_free`, `IMPL` from here and never
asks which runtime it is on anywhere else.
"""

import sys

try:
    from micropython import const
except ImportError:  # CPython

    def const(x):  # type: ignore[misc]
        return x


IMPL = sys.implementation.name  # "cpython", "micropython" or "circuitpython"

try:
    from time import ticks_ms, ticks_diff, ticks_add  # type: ignore[attr-defined]  # MicroPython
except ImportError:
    try:
        # CircuitPython: a 29-bit wrapping millisecond clock
        from supervisor import ticks_ms  # type: ignore[import-not-found,no-redef]

        _TICKS_PERIOD = const(1 << 29)
        _TICKS_HALF = const(1 << 28)

        def ticks_diff(a, b):  # type: ignore[no-redef]
            d = (a - b) & (_TICKS_PERIOD - 1)
            return d - _TICKS_PERIOD if d >= _TICKS_HALF else d

        def ticks_add(a, b):  # type: ignore[misc]
            return (a + b) % _TICKS_PERIOD

    except ImportError:  # CPython
        import time as _time

        _T0 = _time.monotonic()  # type: ignore[attr-defined]

        def ticks_ms():
            return int((_time.monotonic() - _T0) * 1000)  # type: ignore[attr-defined]

        def ticks_diff(a, b):  # type: ignore[no-redef]
            return a - b

        def ticks_add(a, b):  # type: ignore[misc]
            return a + b


def fresh_seed():
    """A seed for a new game's hidden deal: 0..999999999 from the chip's entropy (os.urandom on
    MicroPython and CircuitPython, the OS on CPython), never from the clock alone: two tables
    booted at the same moment deal differently, and a player who sees their own card cannot
    search the seed from the uptime. The clock stands in only where there is no
    urandom at all."""
    try:
        import os

        b = os.urandom(4)
        v = ((b[0] & 0x3F) << 24) | (b[1] << 16) | (b[2] << 8) | b[3]  # (a small int on a Pico)
    except Exception:
        try:
            import random

            v = random.getrandbits(30)
        except Exception:
            v = ticks_ms() & 0x3FFFFFFF  # type: ignore[operator]  # (the stubs make ticks opaque)
    return v % 1000000000


def mem_free():
    """Free heap bytes, or None on CPython (no fixed heap)."""
    try:
        import gc

        gc.collect()
        return gc.mem_free()  # type: ignore[attr-defined]  # (MicroPython, CircuitPython)
    except AttributeError:
        return None


def mem_alloc():
    """Bytes of the heap in use, garbage included (MicroPython's gc.mem_alloc(); 0 elsewhere)."""
    try:
        import gc

        return gc.mem_alloc()  # type: ignore[attr-defined]
    except (ImportError, AttributeError):
        return 0


def forget(name):
    """Forget the module `name` (dotted) once it has done its job, so its code can leave a small
    heap; the next import loads it again. Only code loaded from a .mpy file (cheap to load again;
    a .py source needs compiling, which wants a large block) and not on CPython (no heap to
    spare). Whoever still holds the module or one of its functions keeps it alive until done."""
    mod = sys.modules.get(name)
    if IMPL == "cpython" or mod is None or not getattr(mod, "__file__", "").endswith(".mpy"):
        return
    del sys.modules[name]
    dot = name.rfind(".")
    pkg = sys.modules.get(name[:dot]) if dot > 0 else None
    if pkg is not None and name[dot + 1 :] in pkg.__dict__:
        delattr(pkg, name[dot + 1 :])


class _Names:
    pass


def intern(s):
    """The one shared copy of the text s. MicroPython keeps names (qstrs) once, and a string
    made later with a qstr's text (json.loads, a join, a decode) is that qstr, no heap of its
    own: spot names interned when the board loads cost nothing again in every data table and
    save that holds them (measured: 80 names parsed from JSON, 3,104 bytes -> 528, the list
    alone). An attribute lookup makes its name a qstr; then a new string of the same text is it.
    CPython: sys.intern."""
    if IMPL == "cpython":
        return sys.intern(s)
    if len(s) > 200:  # (a qstr holds at most 255 bytes)
        return s
    getattr(_Names, s, None)
    return s.encode().decode()


def collect():
    try:
        import gc

        gc.collect()
    except ImportError:
        pass


# Bytes allocated between automatic collections (MicroPython). Without it the collector runs only
# when the heap is full, so long-lived objects end up strewn over the whole heap and a 1.5 KB block
# can be missing with 60 KB free; collecting every 6 KB keeps the live objects packed at the bottom
# and the top of the heap free in one piece. While the heap is roomy (a Pico's ~100 KB free in an
# AH2e game) the app collects after each busy step's replies are out (App.run), and the automatic
# collections only stand behind it: all but the last 40 KB free may be allocated first, so that an
# action (its commands, its save in pieces, its replies) runs through without one, where each
# costs ~20-35 ms of chip time (bench pico: at 24 KB one landed in most saves; at 40 KB a Mythos
# phase had two). Never while the heap is tight: bench m32 measures the smallest heap the
# game plays in, where a large threshold always made it 12 KB larger.
_GC_TIGHT = const(6144)
_GC_ROOMY = const(40960)  # bytes kept free while the heap is roomy
_GC_MOST = const(57344)  # and allocated at most between two collections
_ROOMY_FREE = const(81920)  # free bytes after a collection above which the heap is roomy


def gc_threshold(nbytes=_GC_TIGHT):
    """Collect after every `nbytes` allocated, where the runtime can (MicroPython); else nothing.
    0: as the heap is now, right after a collection: rarely while it is roomy, often once tight."""
    try:
        import gc

        if not nbytes:
            free = gc.mem_free()  # type: ignore[attr-defined]
            nbytes = min(free - _GC_ROOMY, _GC_MOST) if free > _ROOMY_FREE else _GC_TIGHT
        gc.threshold(nbytes)  # type: ignore[attr-defined]  # (MicroPython)
    except (ImportError, AttributeError):
        pass
