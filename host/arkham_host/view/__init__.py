"""Seeing a table: the board drawing (one SVG renderer for the live page, `render` and tests),
board layouts, the lights' animation shapes read back from LED frames, the live web view, and
a recorded game drawn, charted or forecast.

    layout.py     hardware/boards/layout/NAME.json: positions and labels of a map's spots
    board_svg.py  the board as SVG from a map, its layout and a Look (lights, tokens, waits)
    shapes.py     steady / blink / pulse / flash from timed LED samples
    watch.py      one table (own sim, running sim, or serial port) followed live
    status.py     the AH2e status panel from a `dump`
    server.py     `arkham-table view`: aiohttp page + websocket (command.py: the command)
    gamelog.py    a recorded game played again on a fresh emulated table, step by step
    render.py     `arkham-table render`: the board after line N of a log, as SVG or PNG
    chart.py      `arkham-table chart`: an AH2e log by turn (doom, terror, gates, ...)
    forecast.py   `arkham-table forecast`: the odds of doom (liveodds.py: in the live page)
"""
