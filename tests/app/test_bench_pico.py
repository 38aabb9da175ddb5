"""`arkham-table bench --only pico` (host/arkham_host/bench/pico.py) without running the chip: it is
found by the bench, and it skips, saying why, where the emulated chip cannot run. The figures
themselves take ~10 minutes of the emulated chip (`tools/arkham bench --only pico`)."""

from arkham_host import bench
from arkham_host.bench import pico


def test_the_bench_finds_the_pico_module():
    assert "pico" in bench.modules()


def test_skips_with_the_reason_when_the_firmware_is_missing(monkeypatch, tmp_path):
    missing = tmp_path / "no-such-firmware.bin"
    monkeypatch.setenv("ARKHAM_PICO_FIRMWARE", str(missing))
    monkeypatch.setattr("arkham_host.chip.node_binary", lambda: "node")  # (Node or not)
    monkeypatch.setattr("arkham_host.chip.check_rp2040js", lambda: None)
    figures = pico.measure()
    assert list(figures) == ["pico_skipped"]
    assert str(missing) in figures["pico_skipped"]


def test_skips_with_the_reason_when_node_is_missing(monkeypatch):
    monkeypatch.setattr("shutil.which", lambda name: None)
    figures = pico.measure()
    assert list(figures) == ["pico_skipped"]
    assert "Node.js is not installed" in figures["pico_skipped"]


def test_the_host_core_plays_the_same_game_twice():
    """The bench picks from the rules core run on the host (checked against the chip's own
    `legal` and every `act` reply while it runs); a seeded game must be repeatable for that."""
    import random

    from arkham.ah2e.game import Game
    from arkham.games.ah2e import DEFAULT, fmt

    def actions(n):
        opts = {"investigators": list(DEFAULT[: pico.PLAYERS]), "seed": pico.SEED}
        g = Game(dict(opts, chance="virtual"))
        rnd = random.Random(pico.PICK_SEED)
        done = []
        for _ in range(n):
            la = g.legal_actions()
            a = la[rnd.randrange(len(la))]
            assert g.apply(a)[0]
            done.append(fmt(a))
        return done

    first = actions(20)
    assert first == actions(20)
    assert first[0].startswith("upkeep inv=0")
