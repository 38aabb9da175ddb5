"""`arkham-table bench --only autopilot` (host/arkham_host/bench/autopilot.py): the autopilot's
win rate for 1, 2, 4 and 8 investigators printed beside the Korean seed's human figure (line 5:
40% solo, 53% or more with two or more), how the games ended and their mean turns. A few games
here (the bench plays 200 per size); the rates are figures, never asserted."""

from arkham_host import bench
from arkham_host.bench import autopilot


def test_the_bench_finds_the_autopilot_module():
    assert "autopilot" in bench.modules()


def test_win_rates_sit_beside_the_seeds_figures_with_ends_and_turns():
    fig = autopilot.measure(count=8)
    assert fig["ah2e_autopilot_faults"] == []
    keys = sorted(fig)
    for n in (1, 2, 4, 8):
        k = "ah2e_autopilot_win_rate_%d" % n
        assert 0 <= fig[k] <= 1 and fig[k + "_seed"] == (0.40 if n == 1 else 0.53)
        assert keys.index(k + "_seed") - keys.index(k) <= 2  # printed beside (sorted names)
        assert sum(v for x, v in fig.items() if x.startswith("ah2e_autopilot_end_%d_" % n)) == 8
        assert fig["ah2e_autopilot_turns_%d" % n] >= 1
    assert autopilot.GAMES >= 200
