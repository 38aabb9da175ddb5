"""state_hash without building the whole canonical JSON in RAM: the same bytes as
arkham.canon.dumps, fed piece by piece into CRC-32, so the hash equals canon.state_hash(state)
while the peak stays a few hundred bytes (the full text of an 8-investigator state is ~4 KB,
and canon.dumps keeps a list entry per character)."""
import binascii

from arkham import canon


def _plain(s):
    if not s:
        return True
    return '"' not in s and "\\" not in s and min(s) >= " " and max(s) <= "~"


def _feed(obj, crc):
    if obj is None or obj is True or obj is False or isinstance(obj, int):
        return binascii.crc32(canon.dumps(obj).encode(), crc)
    if isinstance(obj, str):
        if _plain(obj):
            return binascii.crc32(('"' + obj + '"').encode(), crc)
        return binascii.crc32(canon.dumps(obj).encode(), crc)
    if isinstance(obj, (list, tuple)):
        crc = binascii.crc32(b"[", crc)
        first = True
        for v in obj:
            if not first:
                crc = binascii.crc32(b",", crc)
            first = False
            crc = _feed(v, crc)
        return binascii.crc32(b"]", crc)
    if isinstance(obj, dict):
        crc = binascii.crc32(b"{", crc)
        first = True
        for k in sorted(obj):
            if not first:
                crc = binascii.crc32(b",", crc)
            first = False
            crc = _feed(str(k), crc)
            crc = binascii.crc32(b":", crc)
            crc = _feed(obj[k], crc)
        return binascii.crc32(b"}", crc)
    return binascii.crc32(canon.dumps(obj).encode(), crc)


def state_hash(obj):
    return "%08x" % (_feed(obj, 0) & 0xFFFFFFFF)
