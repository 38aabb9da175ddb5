"""Start the table: board map -> hardware bundle -> app -> loop. Shared by the boot scripts
(main.py on MicroPython, code.py on CircuitPython) and by emulator.py.
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


def run(app):
    """Run until `repl` stops the loop, or until a switch to another game is saved on a Pico:
    then restart the program (app.restart; the boot script runs again and resumes it). A
    KeyboardInterrupt (CircuitPython's console turns a 0x03 byte into one) does not stop the
    table: the loop goes on."""
    while app.running:
        try:
            app.run()
        except KeyboardInterrupt:
            app.failure("loop", KeyboardInterrupt("Ctrl-C ignored; send `repl` to stop"), 0)
    if app.restart:
        app.hw.soft_reset()  # (raises SystemExit on MicroPython, ReloadException on CircuitPython)
