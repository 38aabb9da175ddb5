"""The reliability campaign of issue 15, fast slice (`tools/arkham campaign --full` for the full
counts): hostile lines, power cuts (also after failed saves), damaged save files and noise levels
against the real firmware on the emulated table; every row must have 0 failures. It prints its
figures."""

from arkham_host import campaign


def test_the_campaign_fast_slice_has_no_failure(capsys):
    lines = []
    figures = campaign.campaign(campaign.FAST, 1, lines.append)
    with capsys.disabled():
        print("\n" + "\n".join(lines))
    assert campaign.failures(figures) == 0, "\n".join(lines)
    assert figures["lines"] >= 230 and figures["power_cuts"] >= 18
    assert figures["damaged_files"] >= 20
    assert figures["noise_held"] == len(campaign.FAST["noise"])
