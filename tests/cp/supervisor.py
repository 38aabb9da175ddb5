"""Stand-in for CircuitPython's `supervisor` (only what the backend touches): reload() stops
code.py with an exception outside Exception, as CircuitPython's ReloadException does; the
stand-in counts the calls."""

reloads = 0


class ReloadException(BaseException):
    pass


def reload():
    global reloads
    reloads += 1
    raise ReloadException()
