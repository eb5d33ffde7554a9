"""Import graph of a package's own modules, read from the source with ``ast`` (nothing is imported or run).

Run ``python tools/import_graph.py [package_dir]`` (default: the ``baccarat_lib`` folder next to ``tools``).
It prints the number of modules, their import levels, the import cycles and, when the package has the
layer subfolders game/analysis/progress/teaching/views, the imports that point up the layer order.
``--layer PREFIX=RANK`` (repeatable) replaces the default layer map, e.g. to check a flat layout.

What counts as an edge ``a -> b``: any ``import``/``from ... import`` statement in ``a`` (at module level or
inside a function/class, absolute or relative) that names module ``b`` of the same package.
``from pkg import name`` goes to ``pkg.name`` when that is a submodule, else to ``pkg``.
Imports under ``if TYPE_CHECKING:`` are left out, and so are the implicit edges to parent packages
(importing ``pkg.sub`` also runs ``pkg/__init__.py``, but that is not drawn) and a package ``__init__``
importing a name of its own (``from . import name`` with no submodule ``name``).

Imports of names of the package that are no module file (e.g. left stale by a move) are not edges;
``unresolved_imports(package_dir)`` lists them, and the command line prints them.

Public functions: ``import_graph(package_dir)``, ``cycles(graph)``, ``levels(graph)``,
``upward_imports(graph, layers)``, ``unresolved_imports(package_dir)``.
"""

from __future__ import annotations

import argparse
import ast
import sys
from pathlib import Path

DEFAULT_PACKAGE = Path(__file__).resolve().parent.parent / "baccarat_lib"
LAYER_FOLDERS = ("game", "analysis", "progress", "teaching", "views")


def default_layers(package: str = "baccarat_lib") -> dict[str, int]:
    """The layer map: errors, i18n, course < game < analysis < progress < teaching < views < cli (prefix -> rank)."""
    return {f"{package}.errors": 0, f"{package}._lazy": 0, f"{package}.i18n": 0, f"{package}.course": 0,
            f"{package}.game": 1, f"{package}.analysis": 2, f"{package}.progress": 3, f"{package}.teaching": 4,
            f"{package}.views": 5, f"{package}.cli": 6}


# --- reading the package -------------------------------------------------------------------------


def module_files(package_dir: Path | str) -> dict[str, Path]:
    """Dotted module name -> file, for every .py file under the package folder."""
    package_dir = Path(package_dir).resolve()
    modules = {}
    for path in sorted(package_dir.rglob("*.py")):
        parts = path.relative_to(package_dir.parent).with_suffix("").parts
        if any(part.startswith(".") or part == "__pycache__" for part in parts):
            continue
        if parts[-1] == "__init__":
            parts = parts[:-1]
        modules[".".join(parts)] = path
    return modules


def _is_type_checking(test: ast.expr) -> bool:
    """True for ``TYPE_CHECKING`` and ``typing.TYPE_CHECKING`` (or any ``x.TYPE_CHECKING``)."""
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _import_nodes(tree: ast.AST):
    """Every Import/ImportFrom node anywhere in the tree, skipping the body of ``if TYPE_CHECKING:``."""
    stack = [tree]
    while stack:
        node = stack.pop()
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            yield node
        if isinstance(node, ast.If) and _is_type_checking(node.test):
            stack.extend(node.orelse)  # the ``else:`` branch does run
            continue
        stack.extend(ast.iter_child_nodes(node))


def _top_known(name: str, modules) -> str | None:
    """The longest prefix of a dotted name that is a module of the package (None if none is)."""
    parts = name.split(".")
    for end in range(len(parts), 0, -1):
        if (candidate := ".".join(parts[:end])) in modules:
            return candidate
    return None


def _targets(node: ast.Import | ast.ImportFrom, module: str, is_package: bool, modules) -> tuple[set, set]:
    """The package modules one import statement of ``module`` names, and the names of the package it
    imports that are no module (stale imports: returned apart, not drawn)."""
    top = module.split(".")[0]
    found, missing = set(), set()
    if isinstance(node, ast.Import):
        for alias in node.names:
            if alias.name in modules:
                found.add(alias.name)
            elif _top_known(alias.name, modules):  # ``import pkg.nothing``
                missing.add(alias.name)
        return found, missing
    if node.level:  # relative: level 1 is the module's own package
        base = module.split(".") if is_package else module.split(".")[:-1]
        keep = len(base) - (node.level - 1)
        if keep <= 0:
            return found, {"." * node.level + (node.module or "")}  # goes above the top package
        source = ".".join(base[:keep] + ([node.module] if node.module else []))
    else:
        source = node.module or ""
        if source.split(".")[0] != top:
            return found, missing  # another package
    for alias in node.names:
        submodule = f"{source}.{alias.name}"
        if alias.name != "*" and submodule in modules:
            found.add(submodule)
        elif source in modules:
            found.add(source)
        else:
            missing.add(source)
    return found, missing


def _scan(package_dir) -> tuple[dict[str, set[str]], list[tuple[str, str]]]:
    modules = module_files(package_dir)
    graph, unresolved = {}, set()
    for module, path in modules.items():
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        is_package = path.name == "__init__.py"
        graph[module] = set()
        for node in _import_nodes(tree):
            found, missing = _targets(node, module, is_package, modules)
            graph[module] |= found
            unresolved |= {(module, name) for name in missing}
        if is_package:  # ``from . import name`` of a name defined in the __init__ itself is no import
            graph[module].discard(module)
    return graph, sorted(unresolved)


def import_graph(package_dir: Path | str = DEFAULT_PACKAGE) -> dict[str, set[str]]:
    """Module -> the set of the package's modules it imports (every module is a key)."""
    return _scan(package_dir)[0]


def unresolved_imports(package_dir: Path | str = DEFAULT_PACKAGE) -> list[tuple[str, str]]:
    """Imports ``(importer, dotted name)`` of modules of the package that do not exist (e.g. stale after a move)."""
    return _scan(package_dir)[1]


# --- analysing the graph -------------------------------------------------------------------------


def strongly_connected(graph: dict[str, set[str]]) -> list[list[str]]:
    """All strongly connected components (Tarjan, iterative), each sorted, in reverse topological order."""
    index, low, on_stack, stack, result = {}, {}, set(), [], []
    counter = 0
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph.get(root, ()))))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph.get(child, ())))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                result.append(sorted(component))
    return result


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Import cycles: strongly connected components of more than one module, and modules importing themselves."""
    found = [component for component in strongly_connected(graph)
             if len(component) > 1 or component[0] in graph.get(component[0], ())]
    return sorted(found)


def levels(graph: dict[str, set[str]]) -> dict[str, int]:
    """Import level of each module: 0 if it imports nothing of the package, else 1 + the highest level it imports.

    Computed on the condensation (each cycle counts as one node), so all members of a cycle share a level.
    """
    component_of, level = {}, {}
    for number, component in enumerate(strongly_connected(graph)):  # dependencies come first
        for member in component:
            component_of[member] = number
        below = [level[component_of[target]] for member in component for target in graph.get(member, ())
                 if target in component_of and component_of[target] != number]
        level[number] = 1 + max(below) if below else 0
    return {module: level[component_of[module]] for module in graph}


def rank(module: str, layers: dict[str, int]) -> int | None:
    """The rank of the longest layer prefix that matches the module (None: a facade module)."""
    matches = [prefix for prefix in layers if module == prefix or module.startswith(prefix + ".")]
    return layers[max(matches, key=len)] if matches else None


def upward_imports(graph: dict[str, set[str]], layers: dict[str, int]) -> list[tuple[str, str]]:
    """Imports ``(importer, imported)`` from a layer to a higher one, or from a layered module to a facade one.

    Facade modules (matching no prefix) may import anything.
    """
    upward = []
    for source in sorted(graph):
        source_rank = rank(source, layers)
        if source_rank is None:
            continue
        for target in sorted(graph[source]):
            target_rank = rank(target, layers)
            if target_rank is None or target_rank > source_rank:
                upward.append((source, target))
    return upward


# --- command line --------------------------------------------------------------------------------


def _layer_option(text: str) -> tuple[str, int]:
    prefix, _, number = text.partition("=")
    return prefix, int(number)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("package_dir", nargs="?", default=DEFAULT_PACKAGE, type=Path)
    parser.add_argument("--layer", action="append", type=_layer_option, metavar="PREFIX=RANK",
                        help="a layer prefix and its rank (repeat; replaces the default map)")
    args = parser.parse_args(argv)
    package_dir = args.package_dir.resolve()
    graph = import_graph(package_dir)
    level = levels(graph)
    edges = sum(len(targets) for targets in graph.values())
    top = max(level.values(), default=0)
    print(f"{package_dir}: {len(graph)} modules, {edges} import edges")
    print(f"max level: {top} (levels 0..{top}, i.e. {top + 1} levels)")
    for number in range(top + 1):
        members = sorted(module for module in graph if level[module] == number)
        print(f"  level {number} ({len(members)}): {', '.join(members)}")
    missing = unresolved_imports(package_dir)
    if missing:
        print(f"unresolved imports (no such module, not in the graph): {len(missing)}")
        for source, name in missing:
            print(f"  {source} -> {name}")
    found = cycles(graph)
    print(f"cycles: {len(found)}")
    for component in found:
        print("  " + (" <-> ".join(component) if len(component) > 1 else f"{component[0]} imports itself"))
    layers = dict(args.layer) if args.layer else None
    if layers is None and all((package_dir / folder).is_dir() for folder in LAYER_FOLDERS):
        layers = default_layers(package_dir.name)
    if layers is not None:
        upward = upward_imports(graph, layers)
        print(f"upward imports: {len(upward)}  (layers: {layers})")
        for source, target in upward:
            print(f"  {source} [{rank(source, layers)}] -> {target} [{rank(target, layers)}]")
    else:
        print(f"upward imports: not checked (no {'/'.join(LAYER_FOLDERS)} subfolders; use --layer)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
