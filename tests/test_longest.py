"""tools/longest.py: the longest functions by lines (ast), nested ones counted on their own too,
and a folder that is not there refused with a clear line."""
import pathlib
import subprocess
import sys

TOOL = pathlib.Path(__file__).resolve().parent.parent / "tools" / "longest.py"
sys.path.insert(0, str(TOOL.parent))
import longest  # noqa: E402


def test_lengths_and_names(tmp_path):
    src = tmp_path / "m.py"
    src.write_text("def a():\n    x = 1\n\n    def b():\n        return 2\n    return x\n\n\n"
                   "class C:\n    def d(self):\n        pass\n")
    got = sorted(longest.functions(src))
    assert got == [(2, 4, "a.b"), (2, 10, "C.d"), (6, 1, "a")]


def test_the_ten_longest_over_firmware_and_host_are_printed():
    r = subprocess.run([sys.executable, str(TOOL)], capture_output=True, text=True)
    rows = r.stdout.splitlines()
    assert r.returncode == 0 and len(rows) == 10
    lengths = [int(row.split()[0]) for row in rows]
    assert lengths == sorted(lengths, reverse=True)
    assert all(row.split()[1].startswith(("firmware/", "host/")) for row in rows)


def test_a_missing_folder_is_refused():
    r = subprocess.run([sys.executable, str(TOOL), "no_such_folder"], capture_output=True,
                       text=True)
    assert r.returncode == 2 and "no such folder" in r.stderr and r.stdout == ""
