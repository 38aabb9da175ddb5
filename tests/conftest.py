import atexit
import os
import pathlib
import shutil
import sys
import tempfile

# tests/gamefakes.py: shared fakes for the per-game table tests
sys.path.insert(0, str(pathlib.Path(__file__).parent))

# Tests never touch a user's saves (issue 33): an emulated table started without --state, the
# console's history, anything under the state home goes to a folder of this test run (the
# variable is inherited by every sim and tool a test starts).
os.environ["XDG_STATE_HOME"] = tempfile.mkdtemp(prefix="arkham-tests-state-")
atexit.register(shutil.rmtree, os.environ["XDG_STATE_HOME"], True)
