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
    from arkham.games.ah2e import fmt
    from arkham.games.ah2e_start import DEFAULT

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


class _FakeTable(pico._Table):
    """bench pico's table without the chip: the host's rules core answers as the chip would;
    the `act` number `fail_at` fails as a recursion on the chip did (issue 28)."""

    def __init__(self, fail_at=None):
        import threading
        import types

        from arkham.ah2e.game import Game
        from arkham.games.ah2e_start import DEFAULT

        self._cond = threading.Condition()
        self._events, self.errors, self.faults, self.resets_seen = [], [], [], 0
        self.sim = types.SimpleNamespace(resets=[], stack=lambda repaint=True: {"max": 2000})
        opts = {"investigators": list(DEFAULT[: pico.PLAYERS]), "seed": pico.SEED}
        self.game = Game(dict(opts, chance="virtual"))
        self.acts = 0
        self.fail_at = fail_at
        self.seq = 0

    def _event(self, ev, **fields):
        self.seq += 1
        self._events.append(dict(fields, ev=ev, seq=self.seq))

    def request(self, command, label, timeout=0):
        from arkham.games.ah2e import fmt

        verb, *args = command.split()
        la = self.game.legal_actions()
        reply = {"ok": True}
        if verb == "legal":
            reply["legal"] = ["%d %s" % (k + 1, fmt(la[k])) for k in range(len(la))]
        elif verb == "hello":
            reply["mem_free"] = 80000
        elif verb == "act":
            self.acts += 1
            a = la[int(args[0]) - 1]
            if self.acts == self.fail_at:
                err = "RuntimeError: maximum recursion depth exceeded"
                self._event("error", where="command", err=err)
                reply = {"ok": False, "err": "internal error in act: " + err}
            else:
                good, res = self.game.apply(a)
                for e in res:
                    self._event(**e)
                reply.update(done=fmt(a), events=len(res), need=self.game.need())
        return reply, 100, 0.5, self.take(label)


def test_play_names_the_action_of_an_error_and_an_internal_error_refusal():
    table = _FakeTable(fail_at=5)
    g = pico.play(table, 8)
    assert len(g["step_ms"]) == 8  # (the game goes on: the refused act changed nothing)
    assert len(table.errors) == 1 and g["refused"] == [
        "internal error in act: RuntimeError: maximum recursion depth exceeded"]
    assert len(table.faults) == 2
    assert table.faults[0].startswith("action 5 (upkeep inv=4")
    assert table.faults[0].endswith(
        "error event in command: RuntimeError: maximum recursion depth exceeded")
    assert table.faults[1].startswith("action 5 (") and ": refused: internal error in act" in \
        table.faults[1]


def test_play_finds_the_mythos_phase_and_a_clean_game_has_no_faults():
    table = _FakeTable()
    g = pico.play(table, 40)
    assert table.faults == [] and g["refused"] == []
    assert len(g["mythos_ms"]) == 1  # (turn 1's: in the host's game of this seed, action ~30)
    assert len(g["stack"]) == 42  # one after the setup, one after every act, one at the end


def test_a_game_that_parts_from_the_hosts_is_a_fault_and_keeps_its_figures():
    table = _FakeTable()
    real = table.request

    def request(command, label, timeout=0):
        reply, ms, wall, events = real(command, label, timeout)
        if command.startswith("act") and table.acts == 3:
            reply["done"] = "something else"
        return reply, ms, wall, events

    table.request = request
    g = pico.play(table, 8)
    assert len(g["step_ms"]) == 2
    assert len(table.faults) == 1 and table.faults[0].startswith("action 3 (")
    assert "the chip did 'something else'" in table.faults[0]


def test_a_chip_reset_is_a_fault_of_the_action_it_came_in():
    table = _FakeTable()
    real = table.request

    def request(command, label, timeout=0):
        if command.startswith("act") and table.acts == 3:
            table.sim.resets.append({"why": "watchdog", "ms": 4321})
        return real(command, label, timeout)

    table.request = request
    g = pico.play(table, 6)
    assert len(g["step_ms"]) == 6
    assert table.faults == [
        "action 4 (upkeep inv=3 sliders=1,1,2): the chip reset (watchdog) at 4321 ms"]


def test_p95_is_one_of_the_values():
    assert pico.p95([5]) == 5
    assert pico.p95(list(range(1, 13))) == 12
    assert pico.p95(list(range(1, 21))) == 19
    assert pico.p95(list(range(60, 0, -1))) == 57


def test_the_bench_exits_1_on_faults_and_prints_them(monkeypatch, capsys):
    import argparse

    from arkham_host import bench

    args = argparse.Namespace(json=False, only=["pico"])
    monkeypatch.setattr(bench, "collect", lambda only, progress: {
        "pico_boot_ms": 1, "pico_faults": ["action 59 (flee inv=3): refused: internal error"]})
    assert bench.run(args) == 1
    out, err = capsys.readouterr()
    assert "FAULT (pico_faults) action 59 (flee inv=3): refused: internal error" in err
    assert "action 59 (flee inv=3)" in out
    monkeypatch.setattr(bench, "collect", lambda only, progress: {"pico_faults": []})
    assert bench.run(argparse.Namespace(json=True, only=["pico"])) == 0
