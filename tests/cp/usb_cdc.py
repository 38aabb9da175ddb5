"""Stand-in for CircuitPython's `usb_cdc`: a data port that reads what a test feeds it and keeps
every write."""


class _Port:
    def __init__(self):
        self.timeout = None
        self.write_timeout = None
        self.written = []
        self._in = b""

    def feed(self, data):
        """Tests: bytes from the host, for the table to read."""
        self._in += data

    @property
    def in_waiting(self):
        return len(self._in)

    def read(self, n=None):
        n = len(self._in) if n is None else n
        out, self._in = self._in[:n], self._in[n:]
        return out

    def write(self, data):
        self.written.append(bytes(data))
        return len(data)


console = _Port()
data = _Port()
