"""Random bytes at the protocol (CPython, hypothesis): the reader never raises and stays bounded;
the app answers garbage with errors only (no event, no save, no state change), in any chunking,
and a good command afterwards still works."""

import json
import pathlib
import sys

from hypothesis import given, settings
from hypothesis import strategies as st

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent / "device"))

from arkham.protocol import MAX_LINE, LineReader, parse  # noqa: E402
from fakehw import make  # noqa: E402

chunks = st.lists(st.binary(max_size=700), max_size=12)


@settings(max_examples=150, deadline=None)
@given(chunks)
def test_reader_never_raises_and_stays_bounded(parts):
    r = LineReader(8)
    for p in parts:
        r.feed(p)
        assert r.pending() <= MAX_LINE
    items = []
    while (it := r.take()) is not None:
        items.append(it)
    assert len(items) <= 9
    for it in items:
        if it[0] == "line":
            text = it[1]
            assert len(text) <= MAX_LINE and all(32 <= ord(c) < 127 or c == "\t" for c in text)
            try:
                parse(text)
            except Exception as e:  # only BadLine may come out of parse
                assert type(e).__name__ == "BadLine", e


@settings(max_examples=150, deadline=None)
@given(st.lists(st.binary(max_size=40), min_size=1, max_size=8), st.integers(0, 2**32 - 1))
def test_reader_cuts_the_same_lines_whatever_the_chunking(parts, cut):
    data = b"".join(parts) + b"\n"
    whole = LineReader(64)
    whole.feed(data)
    pieces = LineReader(64)
    i = 0
    while i < len(data):  # a deterministic chunking from `cut`
        n = 1 + (cut >> (i % 24)) % 7
        pieces.feed(data[i : i + n])
        i += n

    def drain(r):
        out = []
        while (it := r.take()) is not None:
            out.append(it)
        return out

    assert drain(whole) == drain(pieces)


@settings(max_examples=80, deadline=None)
@given(st.lists(st.binary(max_size=300), max_size=6))
def test_app_answers_garbage_with_errors_only(parts):
    app, hw = make()
    app.step(0)
    hw.stream.lines()
    seq, saves, game = app.events.seq, hw.storage.saves, app.game
    t = 0
    for p in parts:
        # keep away from real verbs: every byte made non-letter, so nothing valid can form
        junk = bytes(b if not (65 <= b <= 90 or 97 <= b <= 122) else 0x40 for b in p)
        hw.stream.send(junk)
        t += 10
        app.step(t)
    for _ in range(30):
        t += 10
        app.step(t)
    out = hw.stream.lines()
    assert all(o.get("ok") is False and o.get("err") for o in out), out
    assert (app.events.seq, hw.storage.saves, app.game) == (seq, saves, game)
    hw.stream.send(b"\n#5 hello\n")
    app.step(t + 10)
    last = hw.stream.lines()[-1]
    assert last["re"] == 5 and last["ok"] is True and json.dumps(last)
