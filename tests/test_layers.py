"""The layers of baccarat_lib hold: imports point down only, no cycles, light imports, lazy exports, old paths.

errors/_lazy < game < analysis < progress < teaching < views. The facade modules (``baccarat_lib/__init__.py`` and the
old-path shims odds.py, payouts.py, simulate.py, roads.py) may import anything; nothing inside a layer may import
them. The import graph is read from the source by tools/import_graph.py (nothing imported); the import-time
checks run in a fresh interpreter, so what the other tests loaded does not count.
"""

import ast
import importlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE_DIR = ROOT / "baccarat_lib"
sys.path.insert(0, str(ROOT / "tools"))
import import_graph  # noqa: E402

FACADES = {"baccarat_lib", "baccarat_lib.odds", "baccarat_lib.payouts", "baccarat_lib.simulate",
           "baccarat_lib.roads"}
OLD_PATHS = {"odds": "baccarat_lib.analysis.odds", "payouts": "baccarat_lib.game.payouts",
             "simulate": "baccarat_lib.analysis.simulate", "roads": "baccarat_lib.analysis.roads"}
LAZY_PACKAGES = ["baccarat_lib.game", "baccarat_lib.analysis", "baccarat_lib.progress", "baccarat_lib.teaching",
                 "baccarat_lib.views", "baccarat_lib.views.plots", "baccarat_lib.views.widgets"]
DISPLAY_STACK = {"ipywidgets", "matplotlib", "IPython"}
# External (non-baccarat_lib) top-level modules each layer must not import, anywhere in its modules.
FORBIDDEN_EXTERNAL = {"game": {"numpy", "html"} | DISPLAY_STACK, "analysis": DISPLAY_STACK,
                      "progress": {"numpy", "html"} | DISPLAY_STACK, "teaching": DISPLAY_STACK}


@pytest.fixture(scope="module")
def graph():
    return import_graph.import_graph(PACKAGE_DIR)


def _package_file(module: str) -> Path:
    return import_graph.module_files(PACKAGE_DIR)[module]


# ---------------------------------------------------------------- (a)-(c) the import graph

def test_the_graph_reads_the_package(graph):
    # A guard for the tests below: an empty or flat graph would pass them all.
    assert {"baccarat_lib.game.coup", "baccarat_lib.analysis.odds", "baccarat_lib.teaching.practice",
            "baccarat_lib.views.widgets.question"} <= set(graph)
    assert "baccarat_lib.game.rules" in graph["baccarat_lib.game.coup"]
    assert "baccarat_lib.game.coup" in graph["baccarat_lib.analysis.kernel"]


def test_no_import_cycle(graph):
    assert import_graph.cycles(graph) == []


def test_no_upward_import_and_nothing_in_a_layer_imports_a_facade(graph):
    assert import_graph.upward_imports(graph, import_graph.default_layers()) == []


def test_progress_imports_only_the_base_of_the_library(graph):
    """The saved progress sits under teaching, and needs nothing of the game or its analysis either: only
    errors, i18n and the lazy-export helper (so the command line can read and reset a learner's progress)."""
    progress = {module: targets for module, targets in graph.items() if module.startswith("baccarat_lib.progress")}
    assert {"baccarat_lib.progress.store", "baccarat_lib.progress.recorder"} <= set(progress)
    outside = {target for targets in progress.values() for target in targets
               if not target.startswith("baccarat_lib.progress")}
    assert outside == {"baccarat_lib.errors", "baccarat_lib.i18n", "baccarat_lib._lazy"}


def test_teaching_and_views_use_the_progress_layer(graph):
    # The layer is where its users are: the exercise widgets save through it, the drills schedule with it.
    assert "baccarat_lib.progress.recorder" in graph["baccarat_lib.views.widgets.question"]
    assert "baccarat_lib.progress.schedule" in graph["baccarat_lib.teaching.practice"]
    assert "baccarat_lib.progress.recorder" in graph["baccarat_lib.teaching.dealer"]


def test_every_module_outside_a_layer_is_a_known_facade(graph):
    """A new module directly in baccarat_lib/ would otherwise escape the layer check as a 'facade'."""
    layers = import_graph.default_layers()
    assert {module for module in graph if import_graph.rank(module, layers) is None} == FACADES


def test_no_unresolved_import():
    assert import_graph.unresolved_imports(PACKAGE_DIR) == []


# ---------------------------------------------------------------- (g) external imports per layer

def _external_imports(path: Path) -> set[str]:
    """Top-level names of the absolute imports of one file (anywhere in it, except under TYPE_CHECKING)."""
    names = set()
    stack = [ast.parse(path.read_text(encoding="utf-8"), filename=str(path))]
    while stack:
        node = stack.pop()
        if isinstance(node, ast.If) and import_graph._is_type_checking(node.test):
            stack.extend(node.orelse)
            continue
        if isinstance(node, ast.Import):
            names |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module.split(".")[0])
        stack.extend(ast.iter_child_nodes(node))
    return names - {"baccarat_lib", "__future__"}


def test_external_import_reader_sees_nested_and_from_imports(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text("import numpy as np\nfrom html import escape\nfrom . import x\n"
                      "def f():\n    import matplotlib.pyplot as plt\n"
                      "if TYPE_CHECKING:\n    import ipywidgets\n")
    assert _external_imports(sample) == {"numpy", "html", "matplotlib"}


@pytest.mark.parametrize("layer", sorted(FORBIDDEN_EXTERNAL))
def test_lower_layers_import_no_display_stack(layer):
    files = {module: path for module, path in import_graph.module_files(PACKAGE_DIR).items()
             if module == f"baccarat_lib.{layer}" or module.startswith(f"baccarat_lib.{layer}.")}
    assert files
    found = {module: sorted(_external_imports(path) & FORBIDDEN_EXTERNAL[layer]) for module, path in files.items()}
    assert {module: names for module, names in found.items() if names} == {}


# ---------------------------------------------------------------- (d) what an import loads

def _loaded_after(code: str) -> list[str]:
    """Which of numpy, matplotlib, ipywidgets a fresh interpreter has loaded after running ``code``."""
    probe = code + ("\nimport json, sys\nprint(json.dumps(sorted({name.split('.')[0] for name in sys.modules}"
                    " & {'numpy', 'matplotlib', 'ipywidgets'})))")
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])))
    result = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, env=env, capture_output=True, text=True,
                            timeout=120)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout.strip().splitlines()[-1])


def test_the_probe_sees_what_is_loaded():
    assert _loaded_after("import numpy") == ["numpy"]


def test_importing_the_package_loads_no_numpy_matplotlib_or_ipywidgets():
    assert _loaded_after("import baccarat_lib") == []


def test_a_lesson_without_plots_loads_no_matplotlib_and_no_numpy():
    loaded = _loaded_after("from baccarat_lib.views import show_question, show_total_calculator, coup_html\n"
                           "from baccarat_lib.teaching import total_question, make_exercise")
    assert "matplotlib" not in loaded and "numpy" not in loaded


# ---------------------------------------------------------------- (e) lazy exports of each layer package

def _homes(package: str) -> dict[str, tuple[str, ...]]:
    """The ``homes`` the package's __init__ passes to ``lazy_exports`` (read from the source, not run)."""
    tree = ast.parse(_package_file(package).read_text(encoding="utf-8"))
    calls = [node for node in ast.walk(tree) if isinstance(node, ast.Call)
             and getattr(node.func, "id", getattr(node.func, "attr", None)) == "lazy_exports"]
    assert len(calls) == 1, f"{package}: expected one lazy_exports(...) call"
    return ast.literal_eval(calls[0].args[1])


def _submodules(package: str) -> set[str]:
    """The modules and subpackages directly inside a package folder, as relative names ('.odds')."""
    folder = _package_file(package).parent
    return ({f".{path.stem}" for path in folder.glob("*.py") if path.stem != "__init__"}
            | {f".{path.parent.name}" for path in folder.glob("*/__init__.py")})


@pytest.mark.parametrize("package", LAZY_PACKAGES)
def test_lazy_exports_are_exactly_each_modules_all(package):
    homes = _homes(package)
    assert set(homes) == _submodules(package), "every module of the layer is a home of its public names"
    for home, names in homes.items():
        module = importlib.import_module(home, package)
        assert len(names) == len(set(names)), home
        assert set(names) == set(module.__all__), home
        assert len(module.__all__) == len(set(module.__all__)), home


@pytest.mark.parametrize("package", LAZY_PACKAGES)
def test_no_name_has_two_homes_and_every_name_resolves(package):
    homes = _homes(package)
    seen = {}
    for home, names in homes.items():
        for name in names:
            assert name not in seen, f"{name} exported from both {seen[name]} and {home}"
            seen[name] = home
    module = importlib.import_module(package)
    assert module.__all__ == sorted(seen)
    for name, home in seen.items():
        assert getattr(module, name) is getattr(importlib.import_module(home, package), name), name
    assert set(seen) <= set(dir(module))
    with pytest.raises(AttributeError):
        getattr(module, "no_such_name")


# ---------------------------------------------------------------- (f) the old public paths

@pytest.mark.parametrize("old, new", sorted(OLD_PATHS.items()))
def test_old_paths_are_the_new_modules(old, new):
    import baccarat_lib

    module = importlib.import_module(f"baccarat_lib.{old}")
    assert module is importlib.import_module(new)
    assert getattr(baccarat_lib, old) is module
    assert sys.modules[f"baccarat_lib.{old}"] is module


def test_old_paths_keep_private_names():
    import baccarat_lib.odds
    import baccarat_lib.payouts
    import baccarat_lib.simulate
    from baccarat_lib.game.shoe import shoe_counts

    assert baccarat_lib.odds.shoe_counts is shoe_counts
    assert baccarat_lib.payouts.stake_amount is baccarat_lib.game.payouts.stake_amount
    assert baccarat_lib.simulate._OUTCOME_TABLE is baccarat_lib.analysis.simulate._OUTCOME_TABLE
    assert baccarat_lib.simulate.OUTCOME_CODES is baccarat_lib.analysis.kernel.OUTCOME_CODES


def test_the_rules_api_is_exported_by_the_package():
    import baccarat_lib

    rules_api = {"play_coup", "Shoe", "Card", "parse_cards", "hand_total", "is_natural", "player_draws",
                 "banker_draws", "Outcome", "BaccaratError", "BANKER_TABLEAU"}
    assert rules_api <= set(baccarat_lib.__all__)
    assert len(baccarat_lib.__all__) == len(set(baccarat_lib.__all__))
    for name in baccarat_lib.__all__:
        value = getattr(baccarat_lib, name)
        home = importlib.import_module({"BaccaratError": "baccarat_lib.errors", "set_language": "baccarat_lib.i18n",
                                        "language": "baccarat_lib.i18n"}.get(name, "baccarat_lib.game"))
        assert value is getattr(home, name), name
