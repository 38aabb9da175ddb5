"""A person's session at a table: the console, the log of its wire, and replaying a log.

    console.py   `arkham-table console`: history, completion, events, the board, reconnection
    logger.py    `arkham-table log`: a console session that records the wire
    recorder.py  the wire recorded as JSONL (the log's format)
    replay.py    `arkham-table replay`: a log through a fresh emulated table, compared
"""
