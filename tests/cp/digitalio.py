"""Stand-in for CircuitPython's `digitalio`: enough for neopixel.NeoPixel (an output pin) and
boot.py (an input with a pull-up). A pin claimed twice raises, as on the device."""

from microcontroller import Pin

_claimed = {}


class Direction:
    INPUT = "input"
    OUTPUT = "output"


class Pull:
    UP = "up"
    DOWN = "down"


class DigitalInOut:
    def __init__(self, pin):
        if not isinstance(pin, Pin):
            raise TypeError("pin must be a microcontroller.Pin, not %r" % (pin,))
        if _claimed.get(pin.name):
            raise ValueError("%s in use" % pin.name)
        _claimed[pin.name] = True
        self.pin = pin
        self.direction = Direction.INPUT
        self.pull = None
        self.value = False

    def switch_to_output(self, value=False, drive_mode=None):
        self.direction = Direction.OUTPUT
        self.value = value

    def switch_to_input(self, pull=None):
        self.direction = Direction.INPUT
        self.pull = pull
        self.value = pull == Pull.UP

    def deinit(self):
        _claimed.pop(self.pin.name, None)


def release_all():
    """Tests: forget every claimed pin (a fresh board)."""
    _claimed.clear()
