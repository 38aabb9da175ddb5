"""One line of help per core verb (what `help` lists), kept out of RAM until asked for."""

# verb -> one line of help (what `help` lists; core verbs win over a game's verbs of the same name)
HELP = {
    "hello": "hello: protocol, firmware, runtime, board, game, last seq, free memory",
    "help": "help [VERB]: the verbs of the table and of the current game",
    "dump": "dump: the whole state (game, pads present, lit spots, faults)",
    "since": "since N: replay the buffered events after seq N (error: too old -> dump)",
    "game": "game [NAME [key=value...]]: show the game, or start NAME anew",
    "board": "board: the board map (spots, LEDs, pads, x/y)",
    "pads": "pads [CHIP]: filtered/baseline/empty/delta per electrode (CHIP e.g. 0x5A)",
    "faults": "faults: missing chips, stuck or noisy electrodes",
    "calib": "calib | calib empty | calib set SPOT touch=N release=M | calib reset",
    "sweep": "sweep [ms=N] [colour=white|red|green|blue] | sweep stop: light every LED in turn",
    "repl": "repl: stop the loop and hand the port to the Python REPL (for deploy tools)",
}
