"""Start the table: board map -> hardware bundle -> app. Shared by the boot scripts (main.py on
MicroPython, code.py on CircuitPython) and by emulator.py, which then run the loop themselves
(app.run(), at their top level: a call level less on the Pico's small C stack).
"""

import sys


def say(obj):
    """One protocol line before the app runs (it failed to start): to stdout, and on
    CircuitPython also to the usb_cdc data port, where the host listens."""
    from arkham.protocol import encode

    line = encode(obj)
    try:
        import usb_cdc

        if usb_cdc.data is not None:
            usb_cdc.data.write(line)
    except ImportError:
        pass
    sys.stdout.write(line.decode())


def load_board(path):
    """The BoardMap at `path`, or None after reporting why on the serial link."""
    from arkham import boardmap
    from arkham.compat import gc_threshold

    gc_threshold()  # from the start (see arkham.compat)
    try:
        return boardmap.load(path)
    except Exception as e:  # BoardMapError lists every problem; OSError: no file
        msg = getattr(e, "args", None)
        say({"ev": "board_error", "path": path, "err": str(msg[0]) if msg else repr(e)})
        return None


def make_app(board_path, options):
    """The app on this runtime's hardware, or None when the board map is missing or wrong."""
    board = load_board(board_path)
    if board is None:
        return None
    from arkham.compat import IMPL

    # the backend: the emulated table (options emulated), else by runtime; each returns the
    # same Hardware bundle (arkham.hw)
    if options.get("emulated"):
        from arkham import emu as backend
    elif IMPL == "micropython":
        from arkham.hw import backend_mp as backend  # type: ignore[no-redef]
    elif IMPL == "circuitpython":
        from arkham.hw import backend_cp as backend  # type: ignore[no-redef]
    else:
        raise RuntimeError("no table hardware on %s: run the emulator (options emulated)" % IMPL)
    from arkham.app import App

    return App(backend.make(board, options), board, options)

