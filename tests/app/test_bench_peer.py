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


def test_ours_is_timed_to_the_upkeeps_start_without_changing_the_phase():
    """_best_phase stamps the moment the Mythos phase's last step has begun the next Upkeep (a
    wrapper in game.STEPS, taken out again), before the whole action ends, and the replayed
    phase is the game's own: the same state and events as a plain apply."""
    from arkham.ah2e import game
    from arkham_host.bench import ah2e

    g, rnd = ah2e.new_random_game(3, 4)
    for _ in range(5000):  # to the first Mythos phase after setup, as our_phases finds it
        a = ah2e.random_action(g, rnd)
        snap = g.snapshot()
        ok, ev = g.apply(a)
        if any(e["ev"] == "mythos" for e in ev):
            break
    g.restore(snap)  # the step before the draw, replayed with the mythos deck physical
    g.s["phys"] = ["mythos"]
    g.apply(a)
    g.s["phys"] = []
    assert g.need() == {"k": "draw_mythos"}, g.need()
    snap = g.snapshot()
    steps = dict(game.STEPS)
    to_upkeep, whole = peer._best_phase(g, snap, 3)
    assert game.STEPS == steps  # the wrappers are gone
    assert 0 < to_upkeep < whole
    after = g.snapshot()
    g.restore(snap)
    ok, ev = g.apply({"a": "draw_mythos"})
    assert ok and g.snapshot() == after
    assert [e for e in ev if e["ev"] == "phase"] == [{"ev": "phase", "phase": "upkeep",
                                                      "turn": g.s["turn"]}]


def test_ours_in_play_is_the_phase_alone_and_the_games_own():
    """_best_in_play replays the action that runs into a Mythos phase (the deck virtual) and
    times the phase from its first step to the Upkeep's start: shorter than the whole action,
    the wrappers taken out again, and the replay is the game's own (the same state and events
    as a plain apply)."""
    from arkham.ah2e import game
    from arkham_host.bench import ah2e

    g, rnd = ah2e.new_random_game(3, 4)
    for _ in range(5000):
        a = ah2e.random_action(g, rnd)
        snap = g.snapshot()
        ok, ev = g.apply(a)
        if any(e["ev"] == "mythos" for e in ev):
            break
    assert [e["ev"] for e in ev].count("mythos") == 1
    after = g.snapshot()
    steps = dict(game.STEPS)
    phase = peer._best_in_play(g, snap, a, 3)
    assert game.STEPS == steps
    assert g.snapshot() == after  # (the last replay's state: the game's own)
    whole = peer._best_apply(g, snap, a, 3)
    for _ in range(10):  # (least times by turns: one noisy moment failed best-of-3 once)
        phase = min(phase, peer._best_in_play(g, snap, a, 2))
        whole = min(whole, peer._best_apply(g, snap, a, 2))
    assert 0 < phase < whole


def test_both_sides_are_timed_by_turns_after_their_phases_are_found(monkeypatch):
    """The machine's speed moves within minutes: one side timed after the other moved the ratio
    from 25x to 47x in four runs. Every round times every phase of ours, then of lunboks."""
    calls = []
    monkeypatch.setattr(peer, "our_phases", lambda games, n, phases: calls.append("find") or [1])
    monkeypatch.setattr(peer, "lunboks_phases",
                        lambda mods, games, n, phases, moves: calls.append("find") or [1, 2])
    monkeypatch.setattr(peer, "_our_round", lambda cases, best: calls.append("ours"))
    monkeypatch.setattr(peer, "_lb_round", lambda cases, best, ok: calls.append("lunboks"))
    ours, theirs, ending = peer.mythos_by_turns(None, 1, 4, 1, 3, 10)
    assert calls == ["find", "find"] + ["ours", "lunboks"] * 3
    assert len(ours) == 4 and len(ours[1]) == 1 and len(theirs) == 2 and ending == 2


def test_our_rounds_keep_each_phases_least_time_of_each_window():
    cases = peer.our_phases(2, 4, 2)
    assert len(cases) == 4
    best = [[None] * 4 for _ in cases]
    peer._our_round(cases, best)
    first = [list(b) for b in best]
    peer._our_round(cases, best)
    for b, f in zip(best, first):
        assert all(0 < t <= u for t, u in zip(b, f))  # (the least of the two rounds)
