"""A tiny assertion helper for device tests (no pytest on MicroPython).

Device tests are scripts run under CPython *and* the MicroPython unix port; their stdout must match
byte for byte (tests/test_device_parity.py). Print only what is the same on every runtime.
"""
import sys

_failed = []
_count = [0]


def check(cond, what):
    _count[0] += 1
    if cond:
        print("ok   " + what)
    else:
        print("FAIL " + what)
        _failed.append(what)


def equal(got, want, what):
    if got == want:
        check(True, what)
    else:
        check(False, "%s: got %r, want %r" % (what, got, want))


def raises(exc, fn, what):
    try:
        fn()
    except exc as e:
        check(True, what)
        return e
    check(False, what + ": no " + exc.__name__)
    return None


def done():
    print("%d checks, %d failed" % (_count[0], len(_failed)))
    if _failed:
        sys.exit(1)
