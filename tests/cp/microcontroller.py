"""Stand-in for CircuitPython's `microcontroller` (only what the backend and the Adafruit
libraries touch): pins are named objects, compared by identity as on the device."""


class Pin:
    def __init__(self, name):
        self.name = name

    def __repr__(self):
        return "microcontroller.pin.%s" % self.name
