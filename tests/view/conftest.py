import pathlib
import sys

import pytest

sys.path.insert(0, str(pathlib.Path(__file__).parent))


@pytest.fixture(scope="session")
def ah2e_log(tmp_path_factory):
    """A logged AH2e game: seed 5, two investigators, 60 seeded random legal actions."""
    import gameplay

    path = tmp_path_factory.mktemp("logs") / "ah2e.jsonl"
    return gameplay.record_game(path, seed=5, actions=60)
