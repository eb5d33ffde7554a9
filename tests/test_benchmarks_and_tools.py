"""The benchmarks and the maintainer tools write nothing outside a temporary folder, and the tools' command lines
refuse what they do not know.

Each benchmark runs in a quick mode with ``HOME`` pointed at an empty folder and every variable that names a folder
to write to (Jupyter's, XDG's, matplotlib's, IPython's, the course's progress folder) unset, so anything written to
a default place would land in that home: it must stay empty, and the repository's files (tracked or not) unchanged.
The tools' ``--help`` prints help and changes nothing; an unknown argument exits with status 2 and changes nothing
(the lessons' bytes are compared).
"""

import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BENCHMARKS = ROOT / "benchmarks"
# A quick run of each benchmark: a few actions, the lightest lesson.
QUICK = {
    "bench_compiled.py": ["--quick"],
    "bench_coup.py": ["--deals", "200", "--repeats", "1"],
    "bench_imports.py": ["--runs", "1", "00_welcome"],
    "bench_lessons_memory.py": ["--limit", "100000", "00_welcome"],
    "bench_odds.py": ["--quick"],
    "bench_progress_clicks.py": ["--quick"],
    "bench_simulate.py": ["--coups", "20000", "--shoe-coups", "200", "--check-coups", "20000", "--agree-shoes", "1",
                          "--repeats", "1"],
    "bench_widget_memory.py": ["--actions", "5"],
    "bench_widgets.py": ["--updates", "1", "--rounds", "1"],
}
TOOLS = ("cell_tags.py", "navigation.py", "translate_lessons.py")
FOLDER_VARIABLES = ("JUPYTER_DATA_DIR", "JUPYTER_CONFIG_DIR", "JUPYTER_RUNTIME_DIR", "JUPYTER_PATH",
                    "JUPYTER_CONFIG_PATH", "BACCARAT_PROGRESS_DIR", "MPLCONFIGDIR", "IPYTHONDIR")


def _empty_home_environment(home: Path) -> dict:
    env = {name: value for name, value in os.environ.items()
           if name not in FOLDER_VARIABLES and not name.startswith("XDG_")}
    env.update(HOME=str(home), PYTHONPATH=str(ROOT), MPLBACKEND="Agg", PYTHONDONTWRITEBYTECODE="1")
    return env


def _repository_state() -> dict:
    """Every file of the repository that git would show (tracked or not, not ignored), with a hash of its bytes."""
    listed = subprocess.run(["git", "ls-files", "--cached", "--others", "--exclude-standard", "-z"], cwd=ROOT,
                            capture_output=True, check=True).stdout.split(b"\0")
    return {name: hashlib.sha256((ROOT / name.decode()).read_bytes()).hexdigest() if (ROOT / name.decode()).is_file()
            else None for name in listed if name}


def _lessons_bytes() -> dict:
    return {path: path.read_bytes() for path in sorted((ROOT / "lessons").rglob("*.ipynb"))}


@pytest.fixture
def repository():
    if not (ROOT / ".git").exists():
        pytest.skip("the repository's files are compared with git: not a git checkout")
    before = _repository_state()
    yield
    assert _repository_state() == before


def test_every_benchmark_has_a_quick_run():
    assert sorted(QUICK) == sorted(path.name for path in BENCHMARKS.glob("bench_*.py"))


@pytest.mark.parametrize("script", sorted(QUICK))
def test_a_benchmark_writes_only_into_a_temporary_folder(script, tmp_path, repository):
    home = tmp_path / "home"
    home.mkdir()
    done = subprocess.run([sys.executable, str(BENCHMARKS / script), *QUICK[script]], cwd=tmp_path,
                          env=_empty_home_environment(home), capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-2000:]
    assert sorted(path.relative_to(home).as_posix() for path in home.rglob("*")) == []


def test_the_compiled_benchmark_times_the_library_alone_without_numba(tmp_path):
    """CI has no numba: the benchmark says so in one line and still times the library (exit status 0)."""
    hidden = tmp_path / "no-numba"
    hidden.mkdir()
    (hidden / "numba.py").write_text("raise ImportError('numba is hidden by this test')\n")
    home = tmp_path / "home"
    home.mkdir()
    env = _empty_home_environment(home)
    env["PYTHONPATH"] = os.pathsep.join([str(hidden), str(ROOT)])
    done = subprocess.run([sys.executable, str(BENCHMARKS / "bench_compiled.py"), "--quick"], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-2000:]
    said = [line for line in done.stdout.splitlines() if "numba" in line]
    assert len(said) == 1 and said[0].startswith("numba is not installed"), done.stdout
    timed = [line for line in done.stdout.splitlines() if line.startswith(("exact odds", "outcome_counts", "simulate"))]
    assert len(timed) == 4 and all(line.split()[-1] == "-" for line in timed[:3]), done.stdout


# Each tool's command line, run as `python tools/X.py ARGUMENT` runs it (its `__main__`, with that argv), once per
# argument, all in one Python: its exit status, stdout and stderr, as JSON.
_COMMAND_LINES = """
import contextlib, io, json, runpy, sys
said = {}
for tool in sys.argv[1:]:
    for argument in ("--help", "--chek", "chek"):
        out, err, status = io.StringIO(), io.StringIO(), 0
        sys.argv = [tool, argument]
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                runpy.run_path(tool, run_name="__main__")
            except SystemExit as exit:
                status = exit.code if isinstance(exit.code, int) else 1
        said[f"{tool} {argument}"] = [status, out.getvalue(), err.getvalue()]
print(json.dumps(said))
"""


@pytest.fixture(scope="module")
def tools_said(tmp_path_factory):
    """What each tool said to --help, --chek and chek (one Python for all of them), and whether the lessons' bytes
    and an empty home stayed as they were."""
    home = tmp_path_factory.mktemp("tools") / "home"
    home.mkdir()
    lessons = _lessons_bytes()
    done = subprocess.run([sys.executable, "-c", _COMMAND_LINES, *(str(ROOT / "tools" / tool) for tool in TOOLS)],
                          cwd=home.parent, env=_empty_home_environment(home), capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    return json.loads(done.stdout), _lessons_bytes() == lessons and not any(home.iterdir())


@pytest.mark.parametrize("tool", TOOLS)
def test_a_tool_prints_help_refuses_an_unknown_argument_and_changes_nothing(tool, tools_said):
    said, unchanged = tools_said
    status, stdout, _ = said[f"{ROOT / 'tools' / tool} --help"]
    assert status == 0 and stdout.startswith("usage:") and "--check" in stdout
    # "--chek": a mistyped option; "chek": the same without its dashes (translate_lessons.py takes lesson-name
    # prefixes, and no lesson's name starts so).
    for argument in ("--chek", "chek"):
        status, stdout, stderr = said[f"{ROOT / 'tools' / tool} {argument}"]
        assert status == 2 and "usage:" in stderr and stdout == "", argument
    assert unchanged
