"""The saved game, in pieces: never one string of its size on a small, fragmented heap.

A Pico's heap gets fragmented: a 5 KB block may not exist with 50 KB free. So the table (game,
options, mode snapshot) is written in pieces: its dicts (and lists of dicts) down to _DEPTH
levels are walked here, keys sorted, everything below is one json.dumps each (in C: our
canonical encoder in Python took ~0.55 s of chip time for an 8-investigator AH2e save, most of
a move; this ~0.19 s). A save is read back, never compared, so below those levels its keys need
no fixed order; an unchanged dict keeps its order, which is all the CRC needs.
- crc(writer, obj): CRC-32 of that text (has the game changed since the last save?);
- fill_state(writer, seq, table[, crc]): fill(write) for Storage.save(name, fill), which writes
  the state file `{"seq":N,"table":{...},"v":1}` piece by piece into NAME.tmp, then renames it
  (taking the table's CRC on the way when asked);
- load_json(storage, name): the file parsed as it is read.
(`writer`, the app's protocol.LineWriter, is kept in the signatures: the replies use it.)
"""

import json
from binascii import crc32

from arkham.compat import const

_DEPTH = const(4)  # table > mode > core > inv > one investigator: pieces of a few hundred bytes


def _dumps(obj):
    return json.dumps(obj, separators=(",", ":"))


def pieces(obj, write, depth=_DEPTH):
    """The JSON text of obj, written as str pieces (a dict, or a list of dicts, above `depth`
    one piece per member; below it one json.dumps)."""
    t = type(obj)
    if depth and t is dict:
        head = "{"
        for k in sorted(obj):  # (the walked levels in order: a reader of the file's head finds
            write(head + _dumps(k) + ":")  # "table":{"game":NAME first: resume, the host)
            head = ","
            pieces(obj[k], write, depth - 1)
        write("}" if head == "," else "{}")
    elif depth and t is list and obj and type(obj[0]) is dict:
        head = "["
        for v in obj:
            write(head)
            head = ","
            pieces(v, write, depth - 1)
        write("]")
    else:
        write(_dumps(obj))


def _bytes(piece):
    return piece.encode() if type(piece) is str else piece


def crc(writer, obj):
    acc = [0]

    def add(piece):
        acc[0] = crc32(_bytes(piece), acc[0])

    pieces(obj, add)
    return acc[0] & 0xFFFFFFFF


def fill_state(writer, seq, table, crc_of_table=None):
    """With crc_of_table (a list [0]): the CRC-32 of the table's text is taken on the way into
    crc_of_table[0] (as crc() gives it), so a save needs one pass over the game, not two."""

    def fill(write):
        write(b'{"seq":%d,"table":' % seq)
        if crc_of_table is None:
            pieces(table, write)
        else:
            acc = crc_of_table

            def both(piece):
                piece = _bytes(piece)
                acc[0] = crc32(piece, acc[0])
                write(piece)

            acc[0] = 0
            pieces(table, both)
            acc[0] &= 0xFFFFFFFF
        write(b',"v":1}')

    return fill


def load_json(storage, name):
    load = getattr(storage, "load_json", None)
    if load is not None:
        return load(name)
    text = storage.load(name)
    return json.loads(text) if text else None
