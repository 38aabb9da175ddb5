"""Golden playthroughs: the canonical state and events after every step of a few fixed games,
diffed as text (regenerate with `python tests/ah2e/golden_scenarios.py`, then read the diff)."""
import difflib

import pytest
from golden_scenarios import GOLDEN, SCENARIOS, playthrough


@pytest.mark.parametrize("name", sorted(SCENARIOS))
def test_golden_playthrough(name):
    """AH-TURN-1, AH-MYTH-1, AH-ENC-3 ... a whole game path at once, byte for byte."""
    want = (GOLDEN / (name + ".txt")).read_text()
    got = playthrough(SCENARIOS[name])
    if got != want:
        diff = "".join(difflib.unified_diff(want.splitlines(True), got.splitlines(True),
                                            "golden/" + name + ".txt", "now", n=1))
        pytest.fail("playthrough differs from the golden file:\n" + diff[:6000])
