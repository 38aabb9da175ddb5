"""CircuitPython boot: run the table from /board.json, its saves (the game, the pads'
calibration) in /state/ as on MicroPython (arkham.resume.where: an older firmware kept
them in /; they are moved there at the first boot that may write).

boot.py makes the flash writable for the table (see there for the trade-off). With the drive
kept for the computer (GP22 to GND) the folder cannot be made: the table runs from / and cannot
save. Send the line `repl` to stop the table and get the REPL. If board.json is missing or
wrong, one {"ev":"board_error",...} line is printed and the table does not start.
"""

from arkham import resume, table
from arkham.compat import forget

state = resume.where("/state/", "/", ("state.json", "calib.json"))
del resume
forget("arkham.resume")  # (boot only: the app loads it again to resume the game)
app = table.make_app("/board.json", {"state_dir": state})
if app is not None:
    app.run()  # (restarts the program after a switch to another game: App.run)
