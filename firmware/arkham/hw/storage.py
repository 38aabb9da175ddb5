"""Storage: atomic save and load of small text blobs (game state, calibration).

save(name, text): write NAME.tmp, flush (and fsync where there is one), rename the previous NAME
to NAME.bak, then NAME.tmp to NAME. A power cut mid-write leaves at worst a partial NAME.tmp, which
load() never reads and the next save() overwrites; load() falls back to NAME.bak if NAME is
missing, so at every instant one complete version exists (also on FAT, as on CircuitPython, where
rename cannot replace a file). set_aside(name) moves a damaged NAME to NAME.bad so that the next
load() reads the previous good save (arkham.resume).

save(name, fill) streams instead: fill(write) calls write(bytes or str) with one piece at a time
(a big game state is encoded straight into the file, never held as one string: in a fragmented
heap a 5 KB block may not exist with 50 KB free); write.dump(obj) writes obj's JSON (MicroPython:
json.dump into the file, token by token, nothing of its size in the heap: arkham.persist). Whatever
goes wrong before the rename (a MemoryError while encoding, a full disk) leaves the previous NAME as
it was, and the tmp removed; write.crc32(start, buf) reads back what was written so far (the file is
open for reading too), so a CRC of it can go into the file's tail. load_json(name) parses the file
as it is read (no string of its size either); crc32(name, ...) reads it back in small pieces.
append(name, data) adds bytes at the end of a file (the game's journal: arkham.app).

A save is 4 filesystem commits on littlefs (create NAME.tmp, close it, two renames: each a few ms
of a Pico's time, and every few saves a metadata compaction of ~50 ms): the previous NAME goes to
NAME.bak by a rename that replaces the old .bak where the filesystem can (littlefs, POSIX: one
atomic commit), else (FAT) by removing the .bak first; no stat first (a path lookup, ~2 ms).

CircuitPython can only write its flash after boot.py runs storage.remount("/", readonly=False).
"""

import json
import os
from binascii import crc32

from arkham.compat import IMPL, const

_OK_CHARS = const(b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-.")


def _exists(path):
    try:
        os.stat(path)
        return True
    except OSError:
        return False


def _remove(path):
    try:
        os.remove(path)
    except OSError:
        pass


class StorageError(OSError):
    pass


class _Piecewise:
    """write(piece) for save(name, fill): str or bytes-like pieces go into the file as they are
    (a memoryview into the encoder's buffer is written before the buffer is reused; CPython: a
    str is encoded first); write.dump(obj): obj's JSON, compact, straight into the file."""

    def __init__(self, f):
        self.f = f

    def crc32(self, start, buf):
        """(CRC-32 of everything written so far, CRC-32 of it from byte `start`), read back in
        pieces into buf; later writes go on at the end."""
        f = self.f
        f.flush()
        f.seek(0)
        whole = part = 0
        at = 0
        view = memoryview(buf)
        while True:
            got = f.readinto(buf)
            if not got:
                return whole & 0xFFFFFFFF, part & 0xFFFFFFFF
            whole = crc32(view[:got], whole)
            if at + got > start:
                part = crc32(view[max(0, start - at) : got], part)
            at += got

    def __call__(self, piece):
        # (MicroPython writes a str's bytes as they are: no encoded copy of each piece)
        self.f.write(piece.encode() if IMPL == "cpython" and isinstance(piece, str) else piece)

    def dump(self, obj):
        if IMPL == "cpython":
            self.f.write(json.dumps(obj, separators=(",", ":")).encode())
        else:
            # (token by token: no string of its size; separators by keyword: v1.28 refuses it
            # as the third positional argument, which the stubs have)
            json.dump(obj, self.f, separators=(",", ":"))  # type: ignore[call-overload]


class Storage:
    def __init__(self, root="/"):
        self.root = root if root.endswith("/") else root + "/"

    def path(self, name):
        # (bytes: a str's characters would each become a name for good)
        if not name or name.startswith(".") or any(c not in _OK_CHARS for c in name.encode()):
            raise ValueError("bad storage name %r (letters, digits, _ - . only)" % (name,))
        return self.root + name

    def save(self, name, data):
        """data: the text (str or bytes), or fill(write) that writes it in pieces."""
        path = self.path(name)
        tmp = path + ".tmp"
        try:
            f = open(tmp, "w+b")  # (+: write.crc32 reads it back)
            try:
                if callable(data):
                    data(_Piecewise(f))
                else:
                    f.write(data.encode() if isinstance(data, str) else data)
                f.flush()
                synced = hasattr(os, "fsync") and hasattr(f, "fileno")
                if synced:
                    os.fsync(f.fileno())  # CPython: this file only
            except BaseException:
                f.close()
                _remove(tmp)  # (never read anyway; the previous NAME stays as it was)
                raise
            f.close()
            # keep the previous save as NAME.bak (restored when NAME turns out damaged); at every
            # instant NAME or NAME.bak is a complete save
            bak = path + ".bak"
            try:
                os.rename(path, bak)  # (replaces the old .bak: littlefs, POSIX)
            except OSError:
                if _exists(path):  # (else the first save: nothing to keep)
                    _remove(bak)  # FAT cannot rename onto an existing file
                    os.rename(path, bak)
            os.rename(tmp, path)
            if not synced and hasattr(os, "sync"):
                os.sync()  # MicroPython on flash: commit the filesystem
        except OSError as e:
            a = e.args[0] if e.args else "?"
            raise StorageError("cannot save %s (error %s)" % (name, a))

    def append(self, name, data):
        """Add the bytes `data` at the end of the file NAME (made when missing): the game's
        journal (arkham.app). One small write, one commit on littlefs, where a file's new
        length counts only once it is closed: a power cut leaves the file as it was before or
        after (on POSIX a record can be cut short: its CRC tells). `data` None: NAME is removed
        (the journal starts again after a whole save; a removal that fails is left as it is)."""
        path = self.path(name)
        if data is None:
            _remove(path)
            return
        try:
            f = open(path, "ab")
            try:
                f.write(data)
                f.flush()
                synced = hasattr(os, "fsync") and hasattr(f, "fileno")
                if synced:
                    os.fsync(f.fileno())  # CPython: this file only
            finally:
                f.close()
            if not synced and hasattr(os, "sync"):
                os.sync()  # (as save: MicroPython on flash)
        except OSError as e:
            a = e.args[0] if e.args else "?"
            raise StorageError("cannot save %s (error %s)" % (name, a))

    def load(self, name):
        """The last saved text, or None if there is none."""
        path = self.path(name)
        for p in (path, path + ".bak"):
            if _exists(p):
                with open(p) as f:
                    return f.read()
        return None

    def crc32(self, name, start=0, buf=None, tail=0):
        """(CRC-32 of the bytes of the file load() reads from `start` to `tail` bytes before its
        end, those last `tail` bytes), read in small pieces into buf (resume lends the table's
        line buffer: no block of its own on a fragmented heap)."""
        if buf is None:
            buf = bytearray(256)
        view = memoryview(buf)
        c = 0
        with open(self._file(name), "rb") as f:
            left = f.seek(0, 2) - tail - start
            f.seek(start)
            while left > 0:
                got = f.readinto(view[: min(left, len(buf))])
                if not got:
                    break
                c = crc32(view[:got], c)
                left -= got
            return c & 0xFFFFFFFF, f.read(tail) if tail else b""

    def _file(self, name):
        """The path load() reads: NAME, else NAME.bak (NAME itself when neither is there)."""
        path = self.path(name)
        return path if _exists(path) or not _exists(path + ".bak") else path + ".bak"

    def head(self, name, n=64):
        """The first n characters of the last saved text ("" if there is none)."""
        path = self.path(name)
        for p in (path, path + ".bak"):
            if _exists(p):
                with open(p) as f:
                    return f.read(n)
        return ""

    def load_json(self, name):
        """The last saved JSON, parsed while it is read; None if there is none."""
        path = self.path(name)
        for p in (path, path + ".bak"):
            if _exists(p):
                with open(p) as f:
                    return json.load(f)
        return None

    def set_aside(self, name):
        """Move the file load() would read (NAME, else NAME.bak) to NAME.bad: it is damaged.
        Returns the name it had, or None when there was nothing to move."""
        path = self.path(name)
        bad = path + ".bad"
        for p in (path, path + ".bak"):
            if _exists(p):
                _remove(bad)
                try:
                    os.rmdir(bad)  # (an earlier damaged "file" may have been a folder)
                except OSError:
                    pass
                try:
                    os.rename(p, bad)
                except OSError:
                    # cannot keep it: drop it (a file, or an empty folder) rather than stop
                    _remove(p)
                    try:
                        os.rmdir(p)
                    except OSError:
                        pass
                    if _exists(p):
                        raise StorageError("cannot set %s aside" % p[len(self.root) :])
                return p[len(self.root) :]
        return None

    def remove(self, name):
        path = self.path(name)
        for p in (path, path + ".tmp", path + ".bak", path + ".bad"):
            _remove(p)
