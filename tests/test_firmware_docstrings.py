"""Every firmware module opens with what it is for: a docstring of a few words at least (the
package __init__ files and the boot scripts too)."""
import ast
import pathlib

FIRMWARE = pathlib.Path(__file__).resolve().parents[1] / "firmware"


def test_every_firmware_module_opens_with_what_it_is_for():
    bare = []
    for path in sorted(FIRMWARE.rglob("*.py")):
        doc = ast.get_docstring(ast.parse(path.read_text()))
        if not doc or len(doc.split()) < 4:
            bare.append(str(path.relative_to(FIRMWARE)))
    assert bare == [], bare
