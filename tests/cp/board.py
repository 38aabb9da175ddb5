"""Stand-in for CircuitPython's `board` on a Raspberry Pi Pico: GP0..GP28 (and LED), each a
microcontroller.Pin. Tests run the CircuitPython backend on CPython with this first on the path,
ahead of Adafruit-Blinka's own `board` (which would look for a Linux single-board computer)."""

from microcontroller import Pin

board_id = "raspberry_pi_pico"
for _i in range(29):
    globals()["GP%d" % _i] = Pin("GPIO%d" % _i)
LED = globals()["GP25"]
SDA = globals()["GP4"]
SCL = globals()["GP5"]


def __getattr__(name):  # a pin the Pico does not have: what CircuitPython raises
    raise AttributeError("'module' object has no attribute '%s'" % name)
