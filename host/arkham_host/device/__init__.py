"""The device package (`arkham`, in firmware/) as the host runs, builds and reads it.

    runtimes.py   where the runtimes are (CPython, the unix port, micropython32) and the command
                  that starts a device script under one of them
    _stackrun.py  runs a script on micropython32 within a Pico's C stack (not imported)
    bundle.py     the release bundle: exactly what goes onto a Pico (deploy, chip/flash.py)
    boardfile.py  board maps as the host reads them (names, positions, pads)
"""
