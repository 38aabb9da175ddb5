"""MicroPython boot (Pico): run the table from /board.json, its saves (the game, the pads'
calibration) in /state/ (arkham.resume.where: an older firmware kept them in /;
they are moved there at the first boot).

The serial link is the USB console, so Ctrl-C (0x03) is turned off while the table runs: it is
a data byte, not an interrupt (the MicroPython backend calls micropython.kbd_intr(-1) too).
To get the REPL back (mpremote, deploy): send the line `repl`; the loop stops and this script
turns Ctrl-C back on and returns to the REPL. If board.json is missing or wrong, one
{"ev":"board_error",...} line is printed and the REPL stays available to fix it.
"""

import micropython
from arkham import resume, table
from arkham.compat import forget, ticks_ms

micropython.kbd_intr(-1)
try:
    state = resume.where("/state/", "/", ("state.json", "calib.json"))
    del resume
    forget("arkham.resume")  # (boot only: the app loads it again to resume the game)
    app = table.make_app("/board.json", {"state_dir": state})
    if app is not None:
        # App.run's loop, here at the top level: a call level less on the Pico's 7,936-byte
        # C stack for every command (and a Ctrl-C is a data byte here: no KeyboardInterrupt)
        while app.running:
            t = ticks_ms()
            app.step(t)
            app.wait(t)
        if app.restart:  # (a switch to another game is saved: boot again and resume it)
            app.hw.soft_reset()
finally:
    micropython.kbd_intr(3)
