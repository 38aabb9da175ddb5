"""`arkham-table bench --only peer` (host/arkham_host/bench/peer.py): our AH2e core against
lunboks, measured only where $ARKHAM_LUNBOKS names a lunboks checkout. Without one it skips and
says why; its figures are never asserted (ratios of one run on a shared machine)."""

from arkham_host import bench
from arkham_host.bench import peer


def test_the_bench_finds_the_peer_module():
    assert "peer" in bench.modules()


def test_skips_with_the_reason_without_arkham_lunboks(monkeypatch):
    monkeypatch.delenv(peer.ENV, raising=False)
    figures = peer.measure()
    assert list(figures) == ["peer_skipped"]
    assert peer.ENV in figures["peer_skipped"]


def test_skips_with_the_reason_when_it_names_no_lunboks(monkeypatch, tmp_path):
    monkeypatch.setenv(peer.ENV, str(tmp_path))
    figures = peer.measure()
    assert list(figures) == ["peer_skipped"]
    assert str(tmp_path) in figures["peer_skipped"]
