"""Arkham Table device package: runs on CircuitPython, MicroPython (Pico and unix port) and CPython.

Everything under this package keeps to the subset common to those runtimes (see docs/design.md).
"""
VERSION = "0.1.0"
PROTO = 1
