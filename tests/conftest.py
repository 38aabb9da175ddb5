import pathlib
import sys

# tests/gamefakes.py: shared fakes for the per-game table tests
sys.path.insert(0, str(pathlib.Path(__file__).parent))
