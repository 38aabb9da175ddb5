"""CircuitPython boot: run the table from /board.json, state saved in /.

boot.py makes the flash writable for the table (see there for the trade-off). Send the line
`repl` to stop the table and get the REPL. If board.json is missing or wrong, one
{"ev":"board_error",...} line is printed and the table does not start.
"""

from arkham import table

app = table.make_app("/board.json", {"state_dir": "/"})
if app is not None:
    table.run(app)
