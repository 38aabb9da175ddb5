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
from arkham.compat import forget

micropython.kbd_intr(-1)
try:
    state = resume.where("/state/", "/", ("state.json", "calib.json"))
    del resume
    forget("arkham.resume")  # (boot only: the app loads it again to resume the game)
    app = table.make_app("/board.json", {"state_dir": state})
    if app is not None:
        table.run(app)
finally:
    micropython.kbd_intr(3)
