"""The declared dependency range and odd environments work.

- pyproject.toml, environment.yml and tools/min-versions.txt agree: .ci/run installs the floors and runs the
  tests that need no browser.
- pytest passes from another working directory under LC_ALL=C with PYTHONUTF8=0 (a small part of the suite, in
  one subprocess).
- A read-only home (HOME=/proc/nonexistent: root ignores permissions, a path that cannot be created does
  not): with the writable folders `punto-banco` gives its servers, the lessons show no stderr box and
  `punto-banco classroom` serves them.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.specifiers import SpecifierSet

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10: jupyterlab depends on tomli there
    import tomli as tomllib

ROOT = Path(__file__).resolve().parent.parent
from baccarat_lib.cli import environment  # noqa: E402

UNWRITABLE_HOME = "/proc/nonexistent"  # cannot be created, even by root
LOCALE_VARIABLES = ("LANG", "LANGUAGE", "LC_ALL", "LC_CTYPE", "PYTHONUTF8", "PYTHONIOENCODING")


def _run_pytest(args, cwd, env=None, timeout=600):
    env = dict(os.environ if env is None else env)
    env.pop("PYTEST_ADDOPTS", None)
    result = subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-q", *args],
                            cwd=cwd, env=env, capture_output=True, timeout=timeout)
    return result.returncode, (result.stdout + result.stderr).decode("utf-8", "replace")


# --- The declared range: pyproject.toml, environment.yml, tools/min-versions.txt -------------

def _declared() -> dict[str, str]:
    """name -> specifier of every direct dependency (course and test extra) in pyproject.toml."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    requirements = [Requirement(text) for text in project["dependencies"] + project["optional-dependencies"]["test"]]
    return {requirement.name.lower(): str(requirement.specifier) for requirement in requirements}


def _lines(path: Path) -> list[str]:
    return [line.split("#")[0].strip() for line in path.read_text(encoding="utf-8").splitlines()
            if line.split("#")[0].strip()]


# Dependencies with a ceiling as well as a floor, each explained in pyproject.toml: jsonschema 4.25 brought
# rfc3987-syntax, which every Jupyter server then imports.
CEILINGS = {"jsonschema": "4.25"}


def test_every_dependency_has_a_floor_and_min_versions_pins_it():
    declared = _declared()
    floors = {}
    for name, specifier in declared.items():
        bounds = {bound.operator: bound.version for bound in SpecifierSet(specifier)}
        assert set(bounds) == {">="} | ({"<"} if name in CEILINGS else set()) and bounds.get("<") == CEILINGS.get(name) \
            and re.fullmatch(r"[0-9][0-9.]*", bounds[">="]), \
            f"{name}: give a lower bound only (>=X; a ceiling only as CEILINGS says), not {specifier!r}"
        floors[name] = bounds[">="]
    pinned = dict(line.split("==") for line in _lines(ROOT / "tools" / "min-versions.txt"))
    assert {name.lower(): version for name, version in pinned.items()} == floors, \
        "tools/min-versions.txt must pin each dependency of pyproject.toml to its floor"


# The hub extra's packages that the students' image (environment.yml, built by repo2docker) needs too
#: nbgitpuller, which the lesson links use. jupyterhub and jupyterhub-idle-culler run on the hub; the
# image gets jupyterhub-singleuser from repo2docker's base environment, matching the Kubernetes hub's version.
IMAGE_EXTRAS = ("nbgitpuller",)


def test_environment_yml_lists_the_same_packages():
    text = (ROOT / "environment.yml").read_text(encoding="utf-8")
    entries = re.findall(r"^\s+- ([A-Za-z0-9_.-]+)([<>=!~][^\s#]*)?\s*(?:#.*)?$", text.split("dependencies:", 1)[1],
                         re.M)
    listed = {name.lower(): specifier for name, specifier in entries}
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert listed.pop("python") == project["requires-python"]
    assert listed.pop("pip") == ""
    assert listed.pop("nodejs") == ""   # npm, which pip's build of the course runs (postBuild: pip install .)
    hub = {Requirement(text).name.lower(): str(Requirement(text).specifier)
                 for text in project["optional-dependencies"]["hub"]}
    expected = {**_declared(), **{name: hub[name] for name in IMAGE_EXTRAS}}
    assert {name: SpecifierSet(specifier) for name, specifier in listed.items()} == \
        {name: SpecifierSet(specifier) for name, specifier in expected.items()}


def test_ci_runs_the_minimum_versions():
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert "-c tools/min-versions.txt" in ci
    # what depends on the versions: nbval of the English lessons, the views, the translations, the doctests
    oldest = ci.replace("\\\n", " ").split("-c tools/min-versions.txt", 1)[1]
    command = next(line for line in oldest.splitlines() if ".venv-min/bin/python -m pytest" in line).split()
    assert {"baccarat_lib", "lessons", "tests/views", "tests/test_translations.py"} <= set(command), command


# --- Any working directory, any locale ------------------------------------------------------

def test_pytest_passes_from_another_working_directory_under_the_c_locale(tmp_path):
    # The nbval sanitize file used to be found relative to the working directory; the library's text holds suits and
    # dashes, which an ASCII locale cannot print. One subprocess checks both.
    env = {key: value for key, value in os.environ.items() if key not in LOCALE_VARIABLES}
    env.update(LC_ALL="C", PYTHONUTF8="0")
    probe = subprocess.run([sys.executable, "-c", "import locale; print(locale.getpreferredencoding(False))"],
                           env=env, capture_output=True, text=True)
    assert probe.stdout.strip().lower() in {"ansi_x3.4-1968", "ascii", "us-ascii"}, probe  # the locale did apply
    code, report = _run_pytest(
        [str(ROOT / path) for path in ("lessons/00_welcome.ipynb", "tests/test_lessons.py", "tests/test_lesson_plots.py",
                                       "baccarat_lib/game")] + ["-k", "not fresh_run"], cwd=tmp_path, env=env)
    assert code == 0 and " passed" in report and "failed" not in report, report


# --- A read-only home ----------------------------------------------------------------------

def test_a_writable_home_changes_nothing(tmp_path):
    env = {"HOME": str(tmp_path), "PATH": "/usr/bin"}
    assert environment.writable_environment(env) == env


def test_an_unwritable_home_gets_private_writable_folders(tmp_path, monkeypatch):
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    env = environment.writable_environment({"HOME": UNWRITABLE_HOME, "IPYTHONDIR": "/given/by/the/teacher"})
    assert env["IPYTHONDIR"] == "/given/by/the/teacher"  # a setting already given wins
    for name in set(environment.WRITABLE_DIRS) - {"IPYTHONDIR"}:
        folder = Path(env[name])
        assert folder.is_dir() and tmp_path in folder.parents, name
        assert environment.home_is_writable(folder)
    assert env["HOME"] == UNWRITABLE_HOME


def _read_only_home_env(tmp_path: Path) -> dict[str, str]:
    env = {key: value for key, value in os.environ.items() if key not in environment.WRITABLE_DIRS}
    env.pop("MPLBACKEND", None)  # a global Agg backend would stop the inline plots
    env.update(HOME=UNWRITABLE_HOME, TMPDIR=str(tmp_path), PYTHONPATH=str(ROOT))
    return env


def test_a_read_only_home_gets_no_stderr_box(tmp_path):
    # The first plotting cell used to show matplotlib's "mkdir -p failed" warning.
    env = _read_only_home_env(tmp_path)
    subprocess.run(
        [sys.executable, "-m", "jupyter", "nbconvert", "--to", "notebook",
         "--execute", f"--output-dir={tmp_path}", str(ROOT / "lessons" / "00_welcome.ipynb")],
        env=environment.writable_environment(env), capture_output=True, check=True, timeout=300,
    )
    notebook = json.loads((tmp_path / "00_welcome.ipynb").read_text(encoding="utf-8"))
    outputs = [output for cell in notebook["cells"] for output in cell.get("outputs", [])]
    assert [output for output in outputs if output.get("name") == "stderr"] == []
    assert any("image/png" in output.get("data", {}) for output in outputs)


def test_voila_serves_a_lesson_with_a_read_only_home(tmp_path):
    # Voila used to answer HTTP 500: PermissionError/FileNotFoundError in Jupyter's data directory.
    port = _free_port()
    log = tmp_path / "voila.log"
    env = {**_read_only_home_env(tmp_path), "JUPYTER_TOKEN": "read-only-home-test"}
    with open(log, "wb") as sink:
        process = subprocess.Popen(
            [sys.executable, "-m", "baccarat_lib.cli", "classroom", "--no-browser", f"--port={port}"],
            cwd=tmp_path, env=env, stdout=sink, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
            start_new_session=True,
        )
    try:
        status, page = _get_when_up(
            f"http://127.0.0.1:{port}/voila/render/00_welcome.ipynb?token=read-only-home-test", process, log)
        assert status == 200, log.read_text(encoding="utf-8", errors="replace")
        assert "image/png" in page
    finally:
        process.terminate()
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=20)


def _free_port() -> int:
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _get_when_up(url: str, process: subprocess.Popen, log: Path, timeout_s: float = 120.0) -> tuple[int, str]:
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        assert process.poll() is None, log.read_text(encoding="utf-8", errors="replace")
        try:
            with urllib.request.urlopen(url, timeout=60) as response:
                return response.status, response.read().decode("utf-8", "replace")
        except urllib.error.HTTPError as error:
            return error.code, error.read().decode("utf-8", "replace")
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            time.sleep(0.3)
    pytest.fail(f"Voila did not answer {url} within {timeout_s:.0f} s")
