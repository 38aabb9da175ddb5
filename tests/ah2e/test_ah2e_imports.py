"""The core's modules import in one direction: data at the bottom, state helpers, checks and
combat, phases, the action table, the game on top. A module may import only modules below it
(any import statement, at the top or inside a function)."""
import ast
import pathlib

from arkham.ah2e import tables

CORE = pathlib.Path(tables.__file__).parent

# bottom to top; a module imports only modules listed before it
LAYERS = ["tables", "load", "digest", "rules", "abilities", "setup", "fight", "mythos",
          "turn", "final", "effects", "legal", "actions", "game", "host"]
# tables.get() loads `load` (and on CPython `host`; game loads `setup`) by name through
# tables.load_once, so the code of those one-time modules can be dropped from a small heap
# afterwards: not an import. `host` (CPython only) is the top: it puts its look-ups in front of
# any module's.
# A phase's module held as tables.Lazy("fight") (imported at its first use after Game.begin
# dropped it) is an import like any other here.


def core_imports(path):
    out = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and node.module:
            if node.module == "arkham.ah2e":
                out.update(a.name for a in node.names)
            elif node.module.startswith("arkham.ah2e."):
                out.add(node.module.split(".")[2])
        elif (isinstance(node, ast.Call) and getattr(node.func, "attr", getattr(node.func, "id", ""))
              == "Lazy" and node.args and isinstance(node.args[0], ast.Constant)):
            out.add(node.args[0].value)
        elif isinstance(node, ast.Import):
            for a in node.names:
                if a.name.startswith("arkham.ah2e."):
                    out.add(a.name.split(".")[2])
    return out


def test_every_core_module_has_a_layer():
    mods = sorted(p.stem for p in CORE.glob("*.py") if p.stem != "__init__")
    assert sorted(LAYERS) == mods


def test_imports_go_one_way():
    bad = []
    for name in LAYERS:
        for dep in sorted(core_imports(CORE / (name + ".py"))):
            if LAYERS.index(dep) >= LAYERS.index(name):
                bad.append("%s imports %s" % (name, dep))
    assert not bad, bad
