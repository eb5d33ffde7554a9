"""Make tests/ importable for the shared independent reference implementation; skip the JupyterHub tests, in one
line naming the extra they need, where JupyterHub is not installed (`pip install -e ".[test]"`); run Hypothesis
without its per-example deadline; give every test a progress folder of its own; build what several test files
install from once per run (the `wheelhouse` fixture, and `hub_wheelhouse` for the hub's venv of the teacher's journey,
with tests/run_once.py); under `pytest -n` hand out the longest files first."""

import importlib.util
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import settings

# Hypothesis times each example against a 200 ms deadline: a timing assertion, which a loaded machine fails (the tests
# run in three processes beside browsers and kernels). The properties themselves are checked without one.
settings.register_profile("course", deadline=None)
settings.load_profile("course")

TESTS = Path(__file__).parent.resolve()
sys.path.insert(0, str(TESTS))
from run_once import built_once, wheels_for_python  # noqa: E402

HUB_FOLDERS = ("hub",)   # the JupyterHub tests (a real hub, the load test, the Kubernetes values)
HUB_EXTRA = 'the JupyterHub tests need the hub extra: pip install -e ".[hub]"'
_SKIPPED_FOLDERS = pytest.StashKey[set]()


@pytest.fixture(autouse=True)
def _progress_folder_of_its_own(tmp_path_factory, monkeypatch):
    """Each test saves progress into an empty temporary folder of its own (``BACCARAT_PROGRESS_DIR``), never into a
    real home nor into another test's answers (the whole run's folder, set in the top conftest.py, stays for the
    lessons' kernels and servers). The stores the test opened through ``progress_store()`` are closed after it."""
    from baccarat_lib.progress import store

    monkeypatch.setenv("BACCARAT_PROGRESS_DIR", str(tmp_path_factory.mktemp("progress")))
    before = set(store._SHARED)
    yield
    with store._SHARED_LOCK:
        for path in set(store._SHARED) - before:
            store._SHARED.pop(path).close()


@pytest.fixture(scope="session")
def playwright_api():
    """Playwright's sync API, started once per process and shared by every test folder that drives a browser.

    While it is open, Playwright marks an asyncio loop as running in the main thread, so a second
    `sync_playwright()` in the same process is refused ("using Playwright Sync API inside the asyncio loop"): with
    `pytest -n 3 --dist loadfile` a worker runs the browser tests and then the hub's, so they must share this one."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        yield playwright


# --- Built once per run, shared by the xdist workers ---------------------------------------------------------------

WHEELHOUSE_EXTRAS = "book,hub"
HUB_PYTHON = "/usr/bin/python3"   # the README's hub install makes `.venv-hub` from it


def _pip(args: list[str], what: str) -> None:
    """Run `python -m pip ARGS` (this Python's pip); skip, or fail under BACCARAT_REQUIRE_INSTALL=1, with pip's
    message if the package index cannot give what it asked for."""
    made = subprocess.run([sys.executable, "-m", "pip", *args, "-q", "--disable-pip-version-check"],
                          capture_output=True, text=True, timeout=1200)
    if made.returncode:
        message = f"pip could not {what}: {made.stderr[-1500:]}"
        if "No matching distribution" in made.stderr and os.environ.get("BACCARAT_REQUIRE_INSTALL") != "1":
            pytest.skip(message)
        pytest.fail(message, pytrace=False)


@pytest.fixture(scope="session")
def wheelhouse(request) -> Path:
    """A folder of wheels, built once per run by `pip wheel .[book,hub] hatchling` from this clone (the package index
    and pip's cache as usual): the course's wheel, every package the README's installs need, and the build backend
    that `pip install .` needs. The install tests (tests/test_install.py, the teacher's journey) install from it alone
    (run_once.pip_from_wheelhouse): each fresh venv is unpacked from local files instead of asking the index again
    for the same resolution. Skips, or fails under BACCARAT_REQUIRE_INSTALL=1, with pip's message if the index
    cannot give them."""
    root = TESTS.parent

    def build(folder: Path) -> None:
        _pip(["wheel", "-w", str(folder), f"{root}[{WHEELHOUSE_EXTRAS}]", "hatchling", "editables"],
             "build the wheels the install tests need")

    return built_once(request, "wheelhouse", build)


def _python_version(python: str) -> str:
    return subprocess.run([python, "-c", "import platform; print(platform.python_version())"], capture_output=True,
                          text=True, check=True, timeout=60).stdout.strip()


@pytest.fixture(scope="session")
def hub_wheelhouse(request, wheelhouse) -> Path:
    """The wheelhouse for the README's hub install (`.venv-hub`, made by /usr/bin/python3), built once per run.

    That Python may be an older patch release than the tests' (Debian 12's is 3.11.2), for which some of the
    wheelhouse's newest releases are too new (soupsieve's newest wants 3.11.5). This folder holds every wheel of
    `wheelhouse` whose Requires-Python accepts that version (hard links), and, for each project whose wheel refuses
    it, the newest release that accepts it (asked of the package index: one project, not the whole resolution
    again). The hub's venv installs from this folder alone. Skips or fails as `wheelhouse` does."""
    version = _python_version(HUB_PYTHON)

    def build(folder: Path) -> None:
        accepted, too_new = wheels_for_python(wheelhouse, version)
        for wheel in accepted:
            _link_or_copy(wheel, folder / wheel.name)
        if too_new:
            _pip(["download", "--python-version", version, "--only-binary=:all:", "--find-links", str(folder),
                  "-d", str(folder), *sorted(too_new)], f"find releases of {', '.join(too_new)} for Python {version}")

    return built_once(request, f"hub-wheelhouse-{version}", build)


def _link_or_copy(source: Path, target: Path) -> None:
    try:
        os.link(source, target)
    except OSError:            # another file system, or no hard links there
        shutil.copy2(source, target)


# --- The longest files first -------------------------------------------------------------------------------------

# Under `pytest -n 3 --dist loadfile` each file runs whole on one worker, and a worker asks for the next file when it
# is done. pytest-xdist hands out the files with the most tests first, which left these few files of long tests for
# the end, one worker running them while the other had nothing left. They go first instead, longest first (by their
# tests' seconds summed per file, `pytest --durations=0`), then every other file in the order it was collected:
LONGEST_FILES = (
    "tests/hub/test_teacher_journey.py",     # three installs, the book, a hub and a student
    "tests/browser/test_lessons.py",         # every lesson in JupyterLab
    "tests/test_install.py",                 # a fresh venv, every command, a learner's journey
    "tests/browser/test_slides.py",          # every slide of both editions
    "tests/hub/test_hub_security.py",
    "tests/browser/test_accessibility.py",   # every book page audited (shared: built_book)
    "tests/browser/test_book.py",            # builds the book (shared: built_book)
    "tests/hub/test_load_test.py",
)


def pytest_configure(config):
    if hasattr(config.option, "loadscopereorder"):   # pytest-xdist: keep the order below (read by the controller)
        config.option.loadscopereorder = False


def _longest_first(items) -> None:
    rank = {name: number for number, name in enumerate(LONGEST_FILES)}
    root = TESTS.parent

    def key(item):
        try:
            name = Path(item.path).resolve().relative_to(root).as_posix()
        except ValueError:
            return len(rank)
        return rank.get(name, len(rank))

    items.sort(key=key)      # stable: a file's tests keep their order, the other files theirs


def _hub_folder(path: Path):
    """The JupyterHub tests' folder that `path` is or lies in, if any."""
    for folder in (TESTS / name for name in HUB_FOLDERS):
        if path == folder or folder in path.parents:
            return folder
    return None


def pytest_ignore_collect(collection_path, config):
    folder = _hub_folder(Path(collection_path).resolve())
    if folder is not None and importlib.util.find_spec("jupyterhub") is None:
        config.stash.setdefault(_SKIPPED_FOLDERS, set()).add(folder)
        return True
    return None


class _NeedsExtra(pytest.Item):
    """Stands for a folder of tests that was not collected: it reports one skip, saying why."""

    def runtest(self):
        pytest.skip(HUB_EXTRA)

    def reportinfo(self):
        return self.path, None, f"{self.name}: {HUB_EXTRA}"


def pytest_collection_modifyitems(session, config, items):
    _longest_first(items)
    for folder in sorted(config.stash.get(_SKIPPED_FOLDERS, set())):
        items.append(_NeedsExtra.from_parent(session, name=folder.relative_to(TESTS.parent).as_posix(), path=folder))
