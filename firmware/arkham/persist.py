"""The saved game, in pieces: never one string of its size on a small, fragmented heap.

A Pico's heap gets fragmented: a 5 KB block may not exist with 50 KB free. So the table (game,
options, mode snapshot) is never one string: crc() walks its dicts (and lists of dicts) down to
_DEPTH levels and takes one json.dumps of each thing below (pieces of a few hundred bytes). Every
way gives the same text: the table's keys are sorted (a reader of the file's head finds
"table":{"game": NAME first: resume, the host), every dict below keeps its own order, as
json.dump prints it. An unchanged dict keeps its order, which is all the CRC needs; a save is
read back, never compared.

How a save is written: the table's members two levels down (the mode's game, its table state)
each as one json.dumps string, written and CRC'd on the way: a dozen writes. On a Pico that is
~23 ms for an AH2e game of 8 investigators, where json.dump into the file took ~36 ms (each of
its tokens a write through the filesystem) and reading the file back for its CRC ~6 more (bench
pico). The price is a string of each member (AH2e's core ~3.7 KB) for a moment: when the heap has
no block for one (MemoryError), the app sweeps and saves again, not `fast`: json.dump token by token
into the file (write.dump: nothing of the table's size in the heap), the CRCs read back.
- crc(writer, obj): CRC-32 of that text (has the game changed since the last save?);
- save(storage, name, seq, table): writes the state file `{"seq":N,"table":{...},"crc":C,"v":2}`
  into NAME.tmp, then renames it (Storage.save); C is the CRC-32 of every byte before `,"crc":`
  (a damaged save that still parses is never resumed). Returns (the table's CRC as crc() gives
  it, C): C is what the journal's records start their CRCs from (arkham.app);
- load_json(storage, name): the file parsed as it is read;
- verify(storage, name, saved, buf): ValueError unless the parsed file `saved` is what was
  written: its CRC matches and the file ends with exactly its tail. A file without a CRC (an
  older firmware's, `"v":1`, or one written by a host tool) is accepted as it is: the game's own
  restore is then its only check.
(`writer`, the app's protocol.LineWriter, is kept in the signatures: the replies use it.)
"""

import json
from binascii import crc32

from arkham.compat import IMPL, const
from arkham.protocol import writer

_DEPTH = const(4)  # table > mode > core > inv > one investigator: pieces of a few hundred bytes
_SAVE_DEPTH = const(2)  # table > mode > its members: a save's pieces (see above)
_TAIL = const(b',"crc":%d,"v":2}')  # the file after the table (C: the CRC of all before it)


def _dumps(obj):
    return json.dumps(obj, separators=(",", ":"))


_DONE = object()  # (an iterator's end)


def pieces(obj, write, dump=None, level=_DEPTH):
    """The JSON text of obj (the table: its keys sorted), written as pieces: with dump, the JSON
    of each member by dump(member); else a dict, or a list of dicts, above `level` levels one
    piece per member, below it one json.dumps.

    A loop over a stack of the open dicts and lists, not a recursion: the save runs under the
    app's step, and each Python call costs ~150-300 bytes of the Pico's 7,936-byte C stack."""
    open_ = []  # per open dict or list: [members iterator, the dict (None: a list), depth, head, close]
    top = depth = level
    while True:
        t = type(obj)
        if depth and t is dict and (dump is None or depth == top):
            open_.append([iter(sorted(obj) if depth == top else obj), obj, depth, "{", "}"])
        elif depth and dump is None and t is list and obj and type(obj[0]) is dict:
            open_.append([iter(obj), None, depth, "[", "]"])
        elif dump is None:
            write(_dumps(obj))
        else:
            dump(obj)
        while open_:  # the next member of the innermost open one, or its close
            f = open_[-1]
            x = next(f[0], _DONE)
            if x is not _DONE:
                break
            write(f[4] if f[3] == "," else "{}")  # (an empty dict: a list is never empty here)
            open_.pop()
        else:
            return
        write(f[3])
        f[3] = ","
        depth = f[2] - 1
        if f[1] is None:
            obj = x
        else:
            if dump is None:
                write(_dumps(x))
            else:
                dump(x)
            write(":")
            obj = f[1][x]


def _bytes(piece):
    return piece.encode() if type(piece) is str else piece


def crc(writer, obj):
    acc = [0]

    def add(piece):
        acc[0] = crc32(_bytes(piece), acc[0])

    pieces(obj, add)
    return acc[0] & 0xFFFFFFFF


def save(storage, name, seq, table, fast=True):
    """Save the state file NAME -> (the CRC-32 of the table's text as crc() gives it, the file's
    CRC as its tail says). fast: the table in a dozen pieces (see above); else with as little heap
    as can be (the app's try after a MemoryError): json.dump token by token into a Storage's file,
    the CRCs read back, or pieces of a few hundred bytes."""
    head = b'{"seq":%d,"table":' % seq
    acc = [0, crc32(head)]  # the table's CRC, the file's

    def fill(write):
        write(head)
        dump = None if fast else getattr(write, "dump", None)
        if dump is not None:
            pieces(table, write, dump)
            acc[1], acc[0] = write.crc32(len(head), writer().buf)
        else:

            def both(piece):
                if IMPL == "cpython":
                    piece = _bytes(piece)  # (MicroPython takes a str's bytes as they are)
                acc[0] = crc32(piece, acc[0])
                acc[1] = crc32(piece, acc[1])
                write(piece)

            pieces(table, both, None, _SAVE_DEPTH if fast else _DEPTH)
        write(_TAIL % (acc[1] & 0xFFFFFFFF))

    storage.save(name, fill)
    return acc[0] & 0xFFFFFFFF, acc[1] & 0xFFFFFFFF


def verify(storage, name, saved, buf):
    """The parsed state file `saved` (a dict) against the bytes of the file NAME: ValueError
    when its CRC or its tail is not what a save wrote. Without a `crc` member and at version 1
    (or none) it is an older save: accepted (a damaged "crc" key alone leaves "v":2: refused)."""
    c = saved.get("crc")
    v = saved.get("v")
    if c is None and (v is None or v == 1):
        return
    if v != 2 or type(c) is not int:
        raise ValueError("the state file's version or CRC is damaged")
    tail = _TAIL % c
    check = getattr(storage, "crc32", None)
    if check is not None:  # Storage: read back in small pieces into buf
        got, end = check(name, 0, buf, len(tail))
    else:  # (a test's storage: the file's text in RAM anyway)
        data = _bytes(storage.load(name))
        got, end = crc32(data[: len(data) - len(tail)]), data[len(data) - len(tail) :]
    if end != tail or got & 0xFFFFFFFF != c:
        raise ValueError("the state file is damaged (its CRC does not match)")


def load_json(storage, name):
    load = getattr(storage, "load_json", None)
    if load is not None:
        return load(name)
    text = storage.load(name)
    return json.loads(text) if text else None
