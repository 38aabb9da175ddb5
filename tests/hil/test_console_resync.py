"""The console's reconnect (issue 15): every event the table sent while the console was away is
shown once after the reconnect, none lost and none twice, even when live events arrive on the new
link before `since` is asked (they used to move the console's last seq past the missed ones)."""

import pytest

from arkham_host.session.console import Session
from arkham_host.wire.link import Link


def test_reconnect_shows_every_missed_event_once(table):
    if not table.emulated:
        pytest.skip("needs the world to make events while the console is away")
    shown = []
    notes = []
    with table.detached() as port:
        s = Session(port, show=notes.append)
        s.printer = lambda text, obj: shown.append(obj) if obj and "ev" in obj else None
        s.connect(first=True)
        table.world.touch("pad_01")
        s.link.expect("pad", spot="pad_01", present=False)
        s.link.close()  # unplugged: the events below happen while nobody listens
        void = Link(port)  # (what the table sends meanwhile is lost, as on a USB unplug)
        table.world.touch("pad_02")
        table.world.touch("pad_03")
        void.expect("pad", spot="pad_03", present=False)
        void.close()
        resync = s.resync

        def late_resync():
            # a live event reaches the new link before `since` is asked
            table.world.touch("pad_04")
            s.link.expect("pad", spot="pad_04", present=False, timeout=5)
            resync()

        s.resync = late_resync
        s.connect()
        s.resync = resync
        table.world.touch("pad_05")
        s.link.expect("pad", spot="pad_05", present=False)
        last = s.link.request("hello")["seq"]
        s.close()
    seqs = [e["seq"] for e in shown]
    assert seqs == sorted(set(seqs)), "an event shown twice or out of order: %s" % seqs
    assert seqs == list(range(seqs[0], last + 1)), "events lost: %s (last %d)" % (seqs, last)
    spots = [e["spot"] for e in shown if e["ev"] == "pad"]
    for p in ("pad_01", "pad_02", "pad_03", "pad_04", "pad_05"):
        assert spots.count(p) == 2, (p, spots)  # present, then lifted: each once
