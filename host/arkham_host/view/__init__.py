"""Seeing a table: the board drawing (one SVG renderer for the live page, `render` and tests),
board layouts, the lights' animation shapes read back from LED frames, and the live web view.

    layout.py     hardware/boards/layout/NAME.json: positions and labels of a map's spots
    board_svg.py  the board as SVG from a map, its layout and a Look (lights, tokens, waits)
    shapes.py     steady / blink / pulse / flash from timed LED samples
    watch.py      one table (own sim, running sim, or serial port) followed live
    status.py     the AH2e status panel from a `dump`
    server.py     `arkham-table view`: aiohttp page + websocket
"""
