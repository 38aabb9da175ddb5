"""The host's packages import in one direction: the device package as the host runs it at the
bottom, then the wire to a table, the emulated tables, the session tools, the view, the maker's
tools, the HIL and the benches, the command table on top. A module may import only modules of
its own layer or of layers below it (any import statement, at the top or inside a function, and
importlib.import_module with a constant name), and no modules import each other in a circle."""
import ast
import pathlib

import arkham_host

HOST = pathlib.Path(arkham_host.__file__).parent

# bottom to top; the packages of one layer may import each other (still without a circle)
LAYERS = [
    ("device",),  # runtimes, the stack runner, board map files, the release bundle
    ("playtest",),  # the AH2e autopilot and invariants (the rules core only)
    ("wire",),  # the serial link, port locks, finding tables, the world socket's client
    # the two emulated tables: chip's ChipSim is a table.relay.Sim, and `sim --chip` starts it
    ("table", "chip"),
    ("session",),  # console, log, replay
    ("view",),  # the live page, render, chart, forecast
    ("maker",),  # deploy, calibrate, boards
    ("hil",),  # the HIL fixtures and the reliability campaign
    ("bench",),
    ("cli",),  # the command table
]
TOP_LEVEL = {"__init__", "cli"}  # the only modules beside the packages


def module_name(path):
    parts = list(path.relative_to(HOST).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def host_modules():
    return {module_name(p): p for p in HOST.rglob("*.py") if "node_modules" not in p.parts}


def imports(name, path, known):
    """The host modules `name` imports (the longest known prefix of each imported name)."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = set()

    def add(dotted, names=()):
        if dotted != "arkham_host" and not dotted.startswith("arkham_host."):
            return
        rest = dotted[len("arkham_host."):] if dotted != "arkham_host" else ""
        for n in names:  # `from arkham_host.view import chart` imports the module view.chart
            sub = (rest + "." + n) if rest else n
            if sub in known:
                found.add(sub)
                continue
            if rest:
                found.add(rest)
        if not names:
            while rest and rest not in known:
                rest = rest.rpartition(".")[0]
            if rest:
                found.add(rest)

    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".") if package else []
                base = base[: len(base) - (node.level - 1)]
                module = ".".join(["arkham_host"] + base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            add(module, [a.name for a in node.names])
        elif isinstance(node, ast.Import):
            for a in node.names:
                add(a.name)
        elif (isinstance(node, ast.Call) and getattr(node.func, "attr", "") == "import_module"
              and node.args and isinstance(node.args[0], ast.Constant)
              and isinstance(node.args[0].value, str)):
            add(node.args[0].value)
    found.discard(name)
    return found


def graph():
    known = host_modules()
    return {n: imports(n, p, known) for n, p in known.items()}


def layer(name):
    top = name.partition(".")[0] if name else "__init__"
    for i, packages in enumerate(LAYERS):
        if top in packages:
            return i
    return None


def circles(g):
    """Each set of modules that import each other in a circle (Tarjan, without recursion)."""
    index, low, on, stack, out = {}, {}, set(), [], []
    for root in sorted(g):
        if root in index:
            continue
        work = [(root, iter(sorted(g[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on.add(root)
        while work:
            v, it = work[-1]
            for w in it:
                if w not in g:
                    continue
                if w not in index:
                    index[w] = low[w] = len(index)
                    stack.append(w)
                    on.add(w)
                    work.append((w, iter(sorted(g[w]))))
                    break
                if w in on:
                    low[v] = min(low[v], index[w])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[v])
                if low[v] == index[v]:
                    comp = []
                    while True:
                        w = stack.pop()
                        on.discard(w)
                        comp.append(w)
                        if w == v:
                            break
                    if len(comp) > 1:
                        out.append(sorted(comp))
    return out


def test_the_top_level_holds_only_the_command_table_and_packages():
    loose = sorted(p.stem for p in HOST.glob("*.py") if p.stem not in TOP_LEVEL)
    assert not loose, loose


def test_every_host_module_has_a_layer():
    assert [n for n in sorted(host_modules()) if n and layer(n) is None] == []


def test_imports_go_one_way():
    bad = []
    for name, deps in sorted(graph().items()):
        if not name:
            continue
        for dep in sorted(deps):
            if layer(dep) > layer(name):
                bad.append("%s imports %s" % (name, dep))
    assert not bad, bad


def test_no_import_circles():
    assert circles(graph()) == []


def test_a_circle_is_found():
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert circles({"a": {"b"}, "b": set()}) == []
