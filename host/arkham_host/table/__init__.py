"""The emulated table: the real firmware behind a pty and a world socket, and the `sim` command.

    relay.py        Sim: the firmware in a subprocess (unix port), its pty, the world socket and
                    the relay thread in between (chip/chipsim.py swaps the process for a chip)
    sim.py          `arkham-table sim`: starts a Sim or a ChipSim, headless or in the terminal
    saved_game.py   which game a state folder holds, and the refusal to start another over it
    sim_ui.py       the table in a terminal: board, tokens, a cursor to move them
    board_text.py   the board drawn as text (ANSI colours), for sim_ui and the console
    boardsymbols.py what a lit spot means, as a letter (never colour alone)
"""
