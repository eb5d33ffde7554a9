"""The layers of baccarat_lib hold: imports point down only, no cycles, light imports, lazy exports.

errors/_lazy/i18n/course < game < analysis < progress < teaching < views. The facade
(``baccarat_lib/__init__.py``) may import anything; nothing inside a layer may import it. The import graph is read from the source by tools/import_graph.py (nothing
imported); the import-time checks run in a fresh interpreter, so what the other tests loaded does not count.
"""

import ast
import importlib
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE_DIR = ROOT / "baccarat_lib"
sys.path.insert(0, str(ROOT / "tools"))
import import_graph  # noqa: E402

FACADES = {"baccarat_lib"}
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
    errors, i18n, the lazy-export helper and the course list (so the command line can read and reset a learner's
    progress, and the report names the course's lessons)."""
    progress = {module: targets for module, targets in graph.items() if module.startswith("baccarat_lib.progress")}
    assert {"baccarat_lib.progress.store", "baccarat_lib.progress.recorder"} <= set(progress)
    outside = {target for targets in progress.values() for target in targets
               if not target.startswith("baccarat_lib.progress")}
    assert outside == {"baccarat_lib.errors", "baccarat_lib.i18n", "baccarat_lib._lazy", "baccarat_lib.course"}


def test_teaching_and_views_use_the_progress_layer(graph):
    # The layer is where its users are: the exercise widgets save through it, the drills schedule with it.
    assert "baccarat_lib.progress.recorder" in graph["baccarat_lib.views.widgets.question"]
    assert "baccarat_lib.progress.schedule" in graph["baccarat_lib.teaching.practice"]
    assert "baccarat_lib.progress.recorder" in graph["baccarat_lib.teaching.dealer"]


def test_every_module_outside_a_layer_is_a_known_facade(graph):
    """A new module directly in baccarat_lib/ would otherwise escape the layer check as a 'facade'."""
    layers = import_graph.default_layers()
    assert {module for module in graph if import_graph.rank(module, layers) is None} == FACADES


def test_the_course_list_imports_only_the_base(graph):
    # Navigation, the links command and every layer read the course list: it must stay importable alone.
    assert set(graph["baccarat_lib.course"]) <= {"baccarat_lib.errors", "baccarat_lib.i18n"}


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

def _submodules(package: str) -> set[str]:
    """The public modules and subpackages directly inside a package folder, as relative names ('.odds')."""
    folder = _package_file(package).parent
    return ({f".{path.stem}" for path in folder.glob("*.py") if not path.stem.startswith("_")}
            | {f".{path.parent.name}" for path in folder.glob("*/__init__.py") if not path.parent.name.startswith("_")})


@pytest.mark.parametrize("package", LAZY_PACKAGES)
def test_a_layer_exports_exactly_the_all_of_its_modules(package):
    """The names are declared once, in each module's ``__all__``: the layer reads them (from the source), and
    importing each module for real gives the same names."""
    seen = {}
    for home in sorted(_submodules(package)):
        module = importlib.import_module(home, package)
        assert len(module.__all__) == len(set(module.__all__)), home
        for name in module.__all__:
            assert name not in seen, f"{name} public in both {seen[name]} and {home}"
            seen[name] = home
            assert hasattr(module, name), f"{home} lists {name} in __all__ but has no such name"
    layer = importlib.import_module(package)
    assert layer.__all__ == sorted(seen)
    for name, home in seen.items():
        assert getattr(layer, name) is getattr(importlib.import_module(home, package), name), name
    assert set(seen) <= set(dir(layer))
    with pytest.raises(AttributeError):
        getattr(layer, "no_such_name")


def test_the_layer_packages_list_no_names_of_their_own():
    """A layer's __init__ only calls lazy_exports(__name__): no second list of names to keep in step."""
    for package in LAZY_PACKAGES:
        tree = ast.parse(_package_file(package).read_text(encoding="utf-8"))
        calls = [node for node in ast.walk(tree) if isinstance(node, ast.Call)
                 and getattr(node.func, "id", None) == "lazy_exports"]
        assert len(calls) == 1 and len(calls[0].args) == 1 and not calls[0].keywords, package
        assert not [node for node in ast.walk(tree) if isinstance(node, ast.Constant) and isinstance(node.value, str)
                    and node is not tree.body[0].value], f"{package}: only the docstring is text"


def _write_package(root: Path, name: str, modules: dict[str, str]) -> None:
    folder = root / name
    folder.mkdir()
    (folder / "__init__.py").write_text("from baccarat_lib._lazy import lazy_exports\n"
                                        "__getattr__, __dir__, __all__ = lazy_exports(__name__)\n")
    for module, text in modules.items():
        (folder / f"{module}.py").write_text(text)


def _run(root: Path, code: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(root), str(ROOT)]))
    return subprocess.run([sys.executable, "-c", code], cwd=root, env=env, capture_output=True, text=True, timeout=120)


def test_lazy_exports_reads_all_without_importing_and_refuses_a_name_public_twice(tmp_path):
    _write_package(tmp_path, "layer", {
        "quiet": 'import sys\nsys.modules["loaded_quiet"] = sys\n__all__ = ["calm",\n           "still"]\n'
                 "calm = still = 1\n",
        "_private": '__all__ = ["hidden"]\nhidden = 2\n'})
    result = _run(tmp_path, "import sys, layer; print(layer.__all__, 'loaded_quiet' in sys.modules, layer.calm, "
                            "'loaded_quiet' in sys.modules)")
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["['calm',", "'still']", "False", "1", "True"]
    _write_package(tmp_path, "twice", {"one": '__all__ = ["same"]\n', "two": '__all__ = ["same"]\n'})
    result = _run(tmp_path, "import twice")
    assert result.returncode != 0 and "'same' is public in both .one and .two" in result.stderr


_BULLET = re.compile(r"^- (?:.|\n  )*", re.MULTILINE)              # a bullet and its indented lines
_BULLET_HEAD = re.compile(r"^- (.*?)(?::\s|$)", re.MULTILINE)      # what a bullet is about, before its colon
_DOC_NAME = re.compile(r"``([A-Za-z_]\w*)(?:\(|``)")                # ``name`` or ``name(...)``, not ``a.b``


def _listed_names(docstring: str) -> tuple[set[str], set[str]]:
    """(every name the bullets after "Public names" mention, the names the bullets are about), up to the doctests
    or to another list's heading (a line of prose ending in a colon, such as "Helpers (not exported):")."""
    section = docstring.split("Public names", 1)[1].split("\n>>>", 1)[0].splitlines()[1:]
    heading = next((number for number, line in enumerate(section)
                    if line.rstrip().endswith(":") and not line.startswith(("- ", "  "))), len(section))
    bullets = "\n".join(_BULLET.findall("\n".join(section[:heading])))
    return (set(_DOC_NAME.findall(bullets)),
            {name for head in _BULLET_HEAD.findall(bullets) for name in _DOC_NAME.findall(head)})


def test_the_docstring_reader_sees_names_in_bullets_only():
    doc = ("Intro ``not_listed``.\n\nPublic names:\n\n- ``alpha(x)``, ``BETA``: one; see ``gamma``\n  and ``delta``.\n"
           "- ``epsilon``: two, not ``zeta.eta``.\n\nProse ``theta``.\n\n- ``kappa``: three.\n\nHelpers:\n\n"
           "- ``lambda_``: private.\n\n>>> ``iota``\n")
    assert _listed_names(doc) == ({"alpha", "BETA", "gamma", "delta", "epsilon", "kappa"},
                                  {"alpha", "BETA", "epsilon", "kappa"})


def test_a_docstring_that_lists_public_names_lists_exactly_the_modules_all():
    """Each public name is declared once, in ``__all__``; a module docstring's "Public names" list describes them
    and must not drift from it (it had: 19 modules listed too few or too many)."""
    checked, wrong = 0, {}
    for path in sorted(PACKAGE_DIR.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docstring = ast.get_docstring(tree) or ""
        if "Public names" not in docstring:
            continue
        declared = [node for node in tree.body if isinstance(node, ast.Assign)
                    and [getattr(target, "id", None) for target in node.targets] == ["__all__"]]
        public = set(ast.literal_eval(declared[0].value)) if declared else set()
        mentioned, described = _listed_names(docstring)
        checked += 1
        if public - mentioned or described - public:
            wrong[str(path.relative_to(PACKAGE_DIR))] = (sorted(public - mentioned), sorted(described - public))
    assert checked > 10          # the reader found lists to compare (fewer now that short modules say it in prose)
    assert wrong == {}, "(public but not in the docstring's list, listed but not in __all__)"


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
