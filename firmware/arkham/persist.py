"""The saved game, in pieces: never one string of its size on a small, fragmented heap.

A Pico's heap gets fragmented: a 5 KB block may not exist with 50 KB free. So the table (game,
options, mode snapshot) is encoded through the small buffer of a protocol.LineWriter:
- crc(writer, obj): CRC-32 of its canonical JSON (has the game changed since the last save?);
- fill_state(writer, seq, table[, crc]): fill(write) for Storage.save(name, fill), which writes
  the state file `{"seq":N,"table":{...},"v":1}` piece by piece into NAME.tmp, then renames it
  (taking the table's CRC on the way when asked);
- load_json(storage, name): the file parsed as it is read.
"""

import json
from binascii import crc32


def crc(writer, obj):
    acc = [0]

    def add(piece):
        acc[0] = crc32(piece, acc[0])

    writer.stream(obj, add)
    return acc[0] & 0xFFFFFFFF


def fill_state(writer, seq, table, crc_of_table=None):
    """With crc_of_table (a list [0]): the CRC-32 of the table's text is taken on the way into
    crc_of_table[0] (as crc() gives it), so a save needs one pass over the game, not two."""

    def fill(write):
        write(b'{"seq":%d,"table":' % seq)
        if crc_of_table is None:
            writer.stream(table, write)
        else:
            acc = crc_of_table

            def both(piece):
                acc[0] = crc32(piece, acc[0])
                write(piece)

            acc[0] = 0
            writer.stream(table, both)
            acc[0] &= 0xFFFFFFFF
        write(b',"v":1}')

    return fill


def load_json(storage, name):
    load = getattr(storage, "load_json", None)
    if load is not None:
        return load(name)
    text = storage.load(name)
    return json.loads(text) if text else None
