"""The reliability campaign of issue 15, fast slice (`tools/arkham campaign --full` for the full
counts): hostile lines, power cuts (also after failed saves), damaged save files and noise levels
against the real firmware on the emulated table, and issue 32's five: damaged saves that still
parse, sim started on damaged saves, tokens put back after power cuts, busy-play unplugs and a
foreign reader on the port; and power cuts in an AH2e game that journals its actions, appends
cut short among them; every row must have 0 failures. It prints its figures."""
import sys

from arkham_host.hil import campaign


def test_the_campaign_fast_slice_has_no_failure(capsys):
    lines = []
    figures = campaign.campaign(campaign.FAST, 1, lines.append)
    with capsys.disabled():
        print("\n" + "\n".join(lines))
    assert campaign.failures(figures) == 0, "\n".join(lines)
    assert figures["lines"] >= 230 and figures["power_cuts"] >= 18
    assert figures["damaged_files"] >= 20
    assert figures["noise_held"] == len(campaign.FAST["noise"])
    assert figures["parsing_saves"] == campaign.FAST["parsing"]
    assert figures["sim_starts"] == campaign.FAST["sim"]
    assert figures["token_boots"] == campaign.FAST["tokens"] and figures["tokens_put_back"] > 0
    assert figures["unplugs"] == campaign.FAST["unplugs"] and figures["unplug_gap_max"] >= 40
    assert figures["journal_cuts"] == campaign.FAST["journal"] and figures["torn_appends"] >= 3
    assert figures["journal_records"] > figures["journal_cuts"]  # (cuts with records to run)
    if sys.platform.startswith("linux"):
        assert figures["foreign_readers"] == campaign.FAST["foreign"]


def test_full_has_at_least_100_of_each_of_issue_32s_cases():
    for key in ("parsing", "sim", "tokens", "unplugs", "foreign", "journal"):
        assert campaign.FULL[key] >= 100, key
