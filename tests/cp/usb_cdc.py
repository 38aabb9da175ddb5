"""Stand-in for CircuitPython's `usb_cdc`: a data port that reads nothing and takes every write
(the backend's Stream needs one; the app's link is tested elsewhere)."""


class _Port:
    def __init__(self):
        self.timeout = None
        self.write_timeout = None
        self.in_waiting = 0
        self.written = []

    def read(self, n=None):
        return b""

    def write(self, data):
        self.written.append(bytes(data))
        return len(data)


console = _Port()
data = _Port()
