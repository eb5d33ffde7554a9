"""Make tests/ importable for the shared independent reference implementation; skip the JupyterHub tests, in one
line naming the extra they need, where JupyterHub is not installed (`pip install -e ".[test]"`); run Hypothesis
without its per-example deadline; give every test a progress folder of its own."""

import importlib.util
import sys
from pathlib import Path

import pytest
from hypothesis import settings

# Hypothesis times each example against a 200 ms deadline: a timing assertion, which a loaded machine fails (the tests
# run in two processes beside browsers and kernels). The properties themselves are checked without one.
settings.register_profile("course", deadline=None)
settings.load_profile("course")

TESTS = Path(__file__).parent.resolve()
sys.path.insert(0, str(TESTS))

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
    `pytest -n 2 --dist loadfile` a worker runs the browser tests and then the hub's, so they must share this one."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        yield playwright


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
    for folder in sorted(config.stash.get(_SKIPPED_FOLDERS, set())):
        items.append(_NeedsExtra.from_parent(session, name=folder.relative_to(TESTS.parent).as_posix(), path=folder))
