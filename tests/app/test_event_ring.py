"""The event ring (arkham.events.EventLog) keeps its lines in a fixed block of slots: it must
replay exactly what a plain list of the last lines would, across wrap-arounds, the byte bound
and the numbers an unsaved step gives back (drop_after). The byte bound is the packed events'
(arkham.events.pack, issue 32), the replay the lines sent."""
import json
import random

from arkham import evreplay
from arkham.events import EventLog
from arkham.events import pack


def held(line):
    """Bytes the ring keeps for a line: its packed event, or 1 + the line."""
    data = bytearray()
    return len(data) if pack(json.loads(line), data, None, 0) else 1 + len(line)


class ListLog:
    """The model: the last lines in a list, bounded in count and bytes."""

    def __init__(self, keep, keep_bytes):
        self.seq, self.lines, self.keep, self.keep_bytes = 0, [], keep, keep_bytes

    def add(self, line):
        self.seq += 1
        self.lines.append(line)
        while self.lines and (len(self.lines) > self.keep or
                              sum(map(held, self.lines)) > self.keep_bytes):
            self.lines.pop(0)

    def since(self, n):
        first = self.seq - len(self.lines) + 1
        if n + 1 < first:
            return None
        return self.lines[len(self.lines) - (self.seq - n):] if n < self.seq else []

    def drop_after(self, seq):
        while self.seq > seq and self.lines:
            self.lines.pop()
            self.seq -= 1
        self.seq = seq


def test_the_ring_replays_what_a_list_of_the_last_lines_would():
    rnd = random.Random(5)
    for keep, keep_bytes in ((1, 100), (4, 3072), (7, 300), (64, 3072), (256, 400)):
        log, model = EventLog(0, keep, keep_bytes), ListLog(keep, keep_bytes)
        for _ in range(600):
            r = rnd.random()
            if r < 0.8:
                line = log.add("pad", {"spot": "x" * rnd.randrange(0, 120)})
                model.add(line)
            elif r < 0.85:  # (kept as its line: nested too deep to pack)
                model.add(log.add("odd", {"d": [[["x"]]], "why": "y" * rnd.randrange(0, 90)}))
            elif r < 0.9:
                back = rnd.randrange(0, 4)
                log.drop_after(max(0, log.seq - back))
                model.drop_after(max(0, model.seq - back))
            assert log.seq == model.seq
            assert log.oldest() == model.seq - len(model.lines) + 1
            for n in range(max(0, log.seq - keep - 2), log.seq + 1):
                got = list(evreplay.lines(log, n)) if n + 1 >= log.oldest() else None
                assert got == model.since(n), (keep, n)
