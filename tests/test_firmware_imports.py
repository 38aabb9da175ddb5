"""The firmware's modules import in one direction: small helpers at the bottom, the rules cores
on them, then the interfaces a table is built on (a game mode, the hardware bundle, the wire),
the hardware and the board map, the emulated hardware, the table's services (events, saves),
the core verbs, the game bindings, the app, and the scripts that start a table on top. A module
may import only modules of its own layer or of layers below it, and no modules import each other
in a circle.

What counts as an import: any import statement (at the top or inside a function), __import__
with a constant name, and a module named to one of the firmware's loaders: tables.Lazy("fight")
(arkham.ah2e), lazy("reckon") (fh.rounds, ritual.rounds: the caller's package) and
once("fh_start") (games.offheap: arkham.games). As in tests/ah2e/test_ah2e_imports.py,
tables.load_once("load") is not: tables.get() runs those one-time modules (load, setup, host) by
name and drops them, so the bottom of the core does not depend on them. A registry's names
(games.REGISTRY, verbs.CORE's module names) are not either: the app loads what they name."""
import ast
import pathlib

from test_host_imports import circles

FIRMWARE = pathlib.Path(__file__).resolve().parents[1] / "firmware"

# bottom to top; the modules of one layer may import each other (still without a circle).
# "arkham.fh.*" stands for the package and every module in it.
LAYERS = [
    # helpers that know no game and no table
    ("arkham", "arkham.compat", "arkham.canon", "arkham.jsoncopy", "arkham.rng", "arkham.shape",
     "arkham.helptext"),
    ("arkham.ah2e.*", "arkham.fh.*", "arkham.ritual.*"),  # the rules cores
    # what a table is built on: a game mode's interface and CommandError, the hardware bundle
    # and the chips' addresses, the protocol's lines
    ("arkham.games", "arkham.hw", "arkham.protocol"),
    ("arkham.hw.*", "arkham.boardmap", "arkham.boardcheck", "arkham.sweep"),  # the hardware
    ("arkham.emu.*",),  # the emulated hardware
    # the table's services: the event ring and its replay, the save, resume and rollback
    ("arkham.events", "arkham.evreplay", "arkham.persist", "arkham.resume", "arkham.rollback"),
    ("arkham.verbs", "arkham.calibrate", "arkham.padcheck"),  # the core verbs
    ("arkham.games.*",),  # the game bindings
    ("arkham.app",),
    ("arkham.table", "main", "boot", "code", "emulator"),  # what starts a table
]

# a loader's name -> the package its argument is a module of (None: the caller's own)
LOADERS = {"Lazy": "arkham.ah2e", "lazy": None, "once": "arkham.games"}


def module_name(path):
    parts = list(path.relative_to(FIRMWARE).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def firmware_modules():
    return {module_name(p): p for p in FIRMWARE.rglob("*.py")}


def imports(name, source, known):
    """The firmware modules the module `name` imports (see the module's docstring)."""
    package = name if name in PACKAGES else name.rpartition(".")[0]
    loaders = dict(LOADERS)
    found = set()

    def add(dotted):
        while dotted and dotted not in known:
            dotted = dotted.rpartition(".")[0]
        if dotted and dotted != name:
            found.add(dotted)

    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            for a in node.names:  # `from arkham.hw import pads` imports arkham.hw.pads
                sub = module + "." + a.name
                add(sub if sub in known else module)
                if a.name in LOADERS and a.asname:  # `lazy as _once`
                    loaders[a.asname] = LOADERS[a.name]
        elif isinstance(node, ast.Import):
            for a in node.names:
                add(a.name)
        elif (isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant)
              and isinstance(node.args[0].value, str)):
            called = getattr(node.func, "attr", getattr(node.func, "id", ""))
            if called == "__import__":
                add(node.args[0].value)
            elif called in loaders:
                add((loaders[called] or package) + "." + node.args[0].value)
    return found


PACKAGES = {module_name(p.parent) for p in FIRMWARE.rglob("__init__.py")}


def graph():
    known = firmware_modules()
    return {n: imports(n, p.read_text(), known) for n, p in known.items()}


def layer(name):
    for i, entries in enumerate(LAYERS):
        for e in entries:
            if name == e or (e.endswith(".*") and (name == e[:-2] or name.startswith(e[:-1]))):
                return i
    return None


def test_every_firmware_module_has_a_layer():
    assert [n for n in sorted(firmware_modules()) if layer(n) is None] == []


def test_imports_go_one_way():
    bad = []
    for name, deps in sorted(graph().items()):
        for dep in sorted(deps):
            if layer(dep) > layer(name):
                bad.append("%s imports %s" % (name, dep))
    assert not bad, bad


def test_no_import_circles():
    assert circles(graph()) == []


def test_what_counts_as_an_import():
    known = {"arkham.ah2e.tables", "arkham.ah2e.fight", "arkham.ah2e.load", "arkham.fh.rounds",
             "arkham.fh.reckon", "arkham.fh.load", "arkham.games.fh", "arkham.games.fh_start",
             "arkham.app", "arkham.resume", "arkham.compat"}
    source = (
        "from arkham.compat import forget\n"
        "fight = tables.Lazy('fight')\n"
        "def f():\n"
        "    from arkham import app\n"  # inside a function: counted
        "    tables.load_once('load')\n"  # not counted (see the docstring)
        "    rounds.lazy('reckon')\n"
        "    _once('load')\n"  # an alias of lazy
        "    __import__('arkham.resume', None, None, ['_'])\n"
        "from arkham.fh.rounds import lazy as _once\n"
    )
    assert imports("arkham.fh.rounds", source, known) == {
        "arkham.compat", "arkham.ah2e.fight", "arkham.app", "arkham.fh.reckon", "arkham.fh.load",
        "arkham.resume"}
    assert imports("arkham.games.fh", "x = once('fh_start')\n", known) == {"arkham.games.fh_start"}
    assert layer("arkham.hw") < layer("arkham.hw.pads") < layer("arkham.app") < layer("main")
