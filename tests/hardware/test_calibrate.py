"""Calibration maths against the real Pads over the emulated MPR121 model (in-process, fast).

The emulator's model is set noisy (random jitter on filtered data) and thick-overlay (a token's
pull shrinks as 4 / (4 + overlay)): the thresholds calibrate finds must make every token seen and
no empty pad ghost, where the firmware's defaults go blind.
"""

import pytest
from emutable import EmuTable, WorldMaker

from arkham_host.maker import calibrate
from arkham_host.maker.calibrate import Calibration, ConsoleMaker, Stop, summary, thresholds


def quiet(_):
    pass


def calibrated(table, **maker_kw):
    maker = WorldMaker(table, **maker_kw)
    results = Calibration(table.send, maker, say=quiet).run()
    return {p.spot: p for p in results}, maker


def test_thresholds_sit_between_empty_jitter_and_token():
    touch, release = thresholds((-2, 2), (8, 12))
    assert 2 <= release < touch <= 8
    assert thresholds((-2, 2), (4, 6)) is None  # gap 2: cannot be told apart reliably
    assert thresholds((0, 100), (400, 900)) == (255, 200)  # touch clamped to 255 (firmware max)


@pytest.mark.parametrize(
    "noise,overlay,strict", [(0, 0, True), (2, 8, True), (3, 4, True), (2, 12, False)]
)
def test_calibrated_pads_see_every_token_and_no_ghosts(noise, overlay, strict):
    """strict: the signal leaves room above the jitter, so no pad may be flagged noisy either.
    (2, 12): a token pulls 10 counts against +-2 of jitter, the edge of what the firmware's
    noise rule accepts: tokens must still be seen, but some pads may be called noisy."""
    table = EmuTable("bringup", noise=noise, overlay=overlay)
    res, _ = calibrated(table)
    statuses = {p.status for p in res.values()}
    assert statuses == {"ok"} if strict else statuses <= {"ok", "noisy"}, summary(res.values())
    table.pads.take_notices()
    table.events.clear()
    for _ in range(300):  # an empty board for a while: no ghost tokens (and no noisy pads)
        table.tick()
    assert table.events == []
    if strict:
        assert [n for n in table.pads.take_notices() if n[0] == "pad_fault"] == []
    for spot in res:
        table.world_do("place " + spot)
        table.settle()
        assert table.pads.present(spot), "%s not seen: %s" % (spot, res[spot].as_dict())
        for _ in range(50):  # and it stays seen (no flicker) while it rests there
            table.tick()
        assert table.events[-1] == (spot, True)
        table.world_do("lift " + spot)
        table.settle()
        assert not table.pads.present(spot)


def test_defaults_go_blind_under_a_thick_overlay_calibration_sees_again():
    table = EmuTable("bringup", noise=1, overlay=16)  # token pull 40 -> 8 counts, default touch 12
    table.world_do("place pad_07")
    table.settle(20)
    assert not table.pads.present("pad_07")
    table.world_do("lift pad_07")
    table.settle()
    res, _ = calibrated(table)
    assert res["pad_07"].touch < 12
    table.world_do("place pad_07")
    table.settle()
    assert table.pads.present("pad_07")


def test_ah2e_board_calibrates_all_38_pads():
    table = EmuTable("ah2e", noise=2, overlay=8)
    res, maker = calibrated(table)
    assert len(res) == 38 and len(maker.covered) == 38
    assert all(p.status == "ok" for p in res.values()), summary(res.values())
    assert (
        table.pads.calibration()["pads"]["independence_square"][1]
        == res["independence_square"].touch
    )


def test_skipped_and_dead_spots_are_listed_as_not_seen_and_keep_their_thresholds():
    table = EmuTable("bringup", noise=2, overlay=12)
    table.world_do("stuck pad_20")  # shorted electrode: reads 0 whatever is on it
    res, _ = calibrated(table, skip=["pad_03", "pad_40"])
    assert res["pad_03"].status == "skipped" and res["pad_40"].status == "skipped"
    assert res["pad_20"].touch is None
    text = summary(res.values())
    last = text.splitlines()[-1]
    assert last.startswith("not seen") and "pad_03" in last and "pad_40" in last
    assert "pad_20" in last and "pad_00" not in last
    pads = table.pads.calibration()["pads"]
    assert pads["pad_03"][1:] == [12, 6]  # the firmware's defaults, untouched
    assert pads["pad_00"][1] != 12 or pads["pad_00"][2] != 6
    assert "45 of 48 pads calibrated" in text


def test_a_token_seen_on_another_pad_points_at_the_wiring():
    table = EmuTable("bringup", noise=1, overlay=4)
    res, _ = calibrated(table, wrong={"pad_05": "pad_09"})
    assert res["pad_05"].status == "elsewhere"
    assert "pad_09" in res["pad_05"].note
    assert res["pad_05"].touch is None


def test_weak_pad_is_told_apart_from_a_dead_one():
    table = EmuTable("bringup", noise=3, overlay=40)  # token pull 40*4/44 = 3 counts: in the noise
    res, _ = calibrated(table)
    assert all(p.touch is None for p in res.values())
    assert {p.status for p in res.values()} <= {"weak", "not seen"}


def test_stopping_half_way_keeps_what_was_measured():
    table = EmuTable("bringup")

    class Quitter(WorldMaker):
        def cover(self, spot):
            if spot == "pad_10":
                raise Stop()
            return WorldMaker.cover(self, spot)

    results = Calibration(table.send, Quitter(table), say=quiet).run()
    done = [p.spot for p in results if p.touch is not None]
    assert done == ["pad_%02d" % i for i in range(10)]
    assert sum(1 for c in table.sent if c.startswith("calib set")) == 10


def test_console_maker_reads_enter_skip_and_quit():
    answers = iter(["", "s", "", "q"])
    maker = ConsoleMaker(ask=lambda prompt: next(answers))
    maker.clear_board()
    assert maker.cover("woods") is False
    assert maker.cover("graveyard") is True
    with pytest.raises(Stop):
        maker.uncover("graveyard")


def test_refused_command_is_a_clear_error():
    table = EmuTable("bringup")
    cal = Calibration(lambda c: {"ok": False, "err": "busy"}, WorldMaker(table), say=quiet)
    with pytest.raises(calibrate.CalibrationError, match="busy"):
        cal.run()
    cal = Calibration(table.send, WorldMaker(table), say=quiet, spots=["no_such"])
    with pytest.raises(calibrate.CalibrationError, match="no_such"):
        cal.run()
