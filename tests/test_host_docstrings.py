"""Every host module opens with what it is for: a docstring of a few words at least (the package
__init__ files too, which list their modules)."""
import ast
import pathlib

import arkham_host

HOST = pathlib.Path(arkham_host.__file__).parent


def test_every_host_module_opens_with_what_it_is_for():
    bare = []
    for path in sorted(HOST.rglob("*.py")):
        if "node_modules" in path.parts:
            continue
        doc = ast.get_docstring(ast.parse(path.read_text()))
        if not doc or len(doc.split()) < 4:
            bare.append(str(path.relative_to(HOST)))
    assert bare == [], bare
