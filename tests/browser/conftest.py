"""Fixtures for the real-browser tests: JupyterLab and Voila driven by headless Chromium.

Fixtures
    lab_server   (session)  base URL of a JupyterLab server whose root is the repo root
    voila_server (session)  base URL of a Voila server whose root is the repo root;
                            notebooks are at <url>/voila/render/<path>
    classroom_server (session) the Voila Server started as the README's classroom command does
                            (the course's config: its template, its xsrf hook, its culling)
    classroom_context (session) a 1280x720 context that reaches only the classroom server;
                            every other request is blocked and listed in `outside_requests`
    classroom_page (function) a new page of that context (outside_requests cleared first)
    playwright_api (session) Playwright's sync API (to launch a browser with other options)
    browser      (session)  Playwright Browser (Debian's /usr/bin/chromium, headless)
    browser_context (session) the context all pages share (HTTP cache); only 127.0.0.1
    page         (function) a new Page, 1400x1000, closed after the test
    built_book   (session)  the book site's folder (index.html, lessons/...), built ONCE per test run by the README's
                            clone command, `jupyter-book build serve/book -W`, into a pytest temp dir; under
                            `pytest -n` the workers share that one build (the first to ask builds, the others wait)
    built_book_url (session) that site served by http.server on 127.0.0.1 (a free port), in a thread

Every test under tests/browser/ gets the `browser` marker (`pytest -m "not browser"` skips
them). If Chromium, Playwright, JupyterLab or Voila is missing the tests skip, saying how to
install them; with BACCARAT_REQUIRE_BROWSER=1 they fail instead. After each test every
JupyterLab kernel is shut down; a failed test leaves test-artifacts/screenshots/FAILED-*.png.
Server logs go to test-artifacts/logs/ (test-artifacts/<worker>/logs/ under pytest -n). BACCARAT_CHROMIUM overrides the Chromium path.
"""

from __future__ import annotations

import functools
import http.server
import importlib.util
import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from run_once import built_once  # tests/run_once.py (tests/ is on sys.path: tests/conftest.py)

from . import servers
from .lab import ARTIFACTS, REPO_ROOT, local_only_context, screenshot, still_spinner

HERE = Path(__file__).resolve().parent
CHROMIUM = os.environ.get("BACCARAT_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--no-first-run",
]
VIEWPORT = {"width": 1400, "height": 1000}
CLASSROOM_VIEWPORT = {"width": 1280, "height": 720}
CLASSROOM_CONFIG = REPO_ROOT / "serve" / "voila" / "classroom"   # the README's classroom command reads it
REQUIRE_ENV = "BACCARAT_REQUIRE_BROWSER"
INSTALL_HINT = (
    "install with `apt-get install -y chromium` and "
    "`pip install playwright jupyterlab ipywidgets voila` "
    "(never `playwright install`: it downloads browsers)"
)
_REPORTS = pytest.StashKey[dict]()
_lab_urls: list[str] = []
LAB_HOMES: dict[str, Path] = {}   # lab server url -> its temporary home (servers.notary_dir(home): its trust db)


# --- Marker, prerequisites, failure screenshots --------------------------------------------

def pytest_configure(config):
    config.addinivalue_line("markers", "browser: real-browser test (JupyterLab/Voila in Chromium)")


@pytest.hookimpl(tryfirst=True)  # before `-m` deselects, so `-m "not browser"` sees the marker
def pytest_collection_modifyitems(config, items):
    for item in items:
        if HERE in Path(item.path).resolve().parents:
            item.add_marker(pytest.mark.browser)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    item.stash.setdefault(_REPORTS, {})[report.when] = report


def missing_prerequisites() -> list[str]:
    """What the browser tests need but cannot find."""
    missing = []
    if not Path(CHROMIUM).is_file():
        missing.append(f"{CHROMIUM} not found")
    for module in ("playwright", "jupyterlab", "ipywidgets", "voila"):
        if importlib.util.find_spec(module) is None:
            missing.append(f"Python package {module!r} not importable")
    return missing


@pytest.fixture(scope="session", autouse=True)
def _browser_prerequisites():
    missing = missing_prerequisites()
    if missing:
        message = f"browser tests need: {'; '.join(missing)}; {INSTALL_HINT}"
        if os.environ.get(REQUIRE_ENV) == "1":
            pytest.fail(f"{message} ({REQUIRE_ENV}=1 forbids skipping)", pytrace=False)
        pytest.skip(message)


# --- Servers -------------------------------------------------------------------------------

@pytest.fixture(scope="session")
def lab_server(tmp_path_factory) -> str:
    """Base URL of a tokenless JupyterLab test server rooted at the repo."""
    home = tmp_path_factory.mktemp("jupyter-lab-home")
    server = servers.start_lab(REPO_ROOT, home, ARTIFACTS / "logs" / "lab-server.log")
    _lab_urls.append(server.url)
    LAB_HOMES[server.url] = home
    try:
        yield server.url
    finally:
        _lab_urls.remove(server.url)
        LAB_HOMES.pop(server.url, None)
        server.stop()


@pytest.fixture(scope="session")
def voila_server(tmp_path_factory) -> str:
    """Base URL of a Voila test server rooted at the repo."""
    home = tmp_path_factory.mktemp("jupyter-voila-home")
    server = servers.start_voila(REPO_ROOT, home, ARTIFACTS / "logs" / "voila-server.log")
    try:
        yield server.url
    finally:
        server.stop()


@pytest.fixture(autouse=True)
def _shutdown_lab_kernels():
    """After each test (and after its page closed), stop the kernels it started."""
    yield
    for url in list(_lab_urls):
        try:
            servers.shutdown_kernels(url)
        except OSError:  # the server is gone; the test has failed on that already
            pass


@pytest.fixture(scope="session")
def classroom_server(tmp_path_factory) -> servers.Server:
    """Voila with the course's config, as the README's classroom command starts it (template from the repo)."""
    home = tmp_path_factory.mktemp("voila-classroom-home")
    server = servers.start_voila(REPO_ROOT, home, ARTIFACTS / "logs" / "voila-classroom-server.log",
                                 config_dir=CLASSROOM_CONFIG)
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="session")
def outside_requests() -> list[str]:
    """Every request of a classroom page to another host than the classroom server (blocked), in order."""
    return []


@pytest.fixture(scope="session")
def classroom_context(browser, classroom_server, outside_requests):
    """A 1280x720 (projector) context whose pages reach only the classroom server."""
    context = local_only_context(browser, classroom_server.url, outside_requests, CLASSROOM_VIEWPORT)
    try:
        yield context
    finally:
        context.close()


@pytest.fixture
def classroom_page(classroom_context, outside_requests, request):
    """A new page of the classroom context; a test may close it itself (e.g. to see its kernel shut down)."""
    outside_requests.clear()
    new_page = classroom_context.new_page()
    new_page.set_default_timeout(30_000)
    try:
        yield new_page
    finally:
        if not new_page.is_closed():
            if _failed(request.node):
                _failure_screenshot(new_page, request.node.name)
            try:
                new_page.close(run_before_unload=True)
            except Exception:   # the test closed it already (with run_before_unload, close() returns early)
                pass


# --- The book site, built once per run ------------------------------------------------------

BOOK = REPO_ROOT / "serve" / "book"
BOOK_WIDGET_SCRIPTS = BOOK / "node_modules" / "@jupyter-widgets" / "html-manager" / "dist" / "embed-amd.js"


def _jupyter_book() -> list[str]:
    """The jupyter-book command of this Python (the venv's), or a skip/fail saying how to install it."""
    if importlib.util.find_spec("jupyter_book") is None:
        message = 'the book tests need Jupyter Book: pip install -e ".[book]"'
        if os.environ.get(REQUIRE_ENV) == "1":
            pytest.fail(f"{message} ({REQUIRE_ENV}=1 forbids skipping)", pytrace=False)
        pytest.skip(message)
    script = Path(sys.executable).parent / ("jupyter-book.exe" if os.name == "nt" else "jupyter-book")
    return [str(script)] if script.exists() else [sys.executable, "-m", "jupyter_book.cli.main"]


@pytest.fixture(scope="session")
def built_book(request) -> Path:
    """The book site's folder, built by `jupyter-book build serve/book -W` (warnings are errors) into a temp dir.

    Built once per test run (tests/run_once.py): under `pytest -n` the first worker to ask builds
    (about 20 s) while the others wait, and all of them get the same folder."""
    jupyter_book = _jupyter_book()     # first: without the book extra, a contributor's run skips here, in one line
    if not BOOK_WIDGET_SCRIPTS.is_file():
        pytest.fail("the book's widget scripts are missing: run npm ci --prefix serve/book")
    log = ARTIFACTS / "logs" / "book-build.log"
    log.parent.mkdir(parents=True, exist_ok=True)

    def build(folder: Path) -> None:
        result = subprocess.run([*jupyter_book, "build", str(BOOK), "-W", "--path-output", str(folder)],
                                cwd=REPO_ROOT, capture_output=True, text=True, timeout=600)
        log.write_text(result.stdout + result.stderr)
        assert result.returncode == 0, f"the book did not build without warnings (log {log}):\n{result.stderr[-3000:]}"

    site = built_once(request, "book-build", build) / "_build" / "html"
    assert (site / "index.html").is_file(), f"the build wrote no index.html under {site}"
    return site


@pytest.fixture(scope="session")
def built_book_url(built_book) -> str:
    """The built site served by http.server on 127.0.0.1 (a free port) in a thread, stopped after the session."""

    class QuietHandler(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args) -> None:
            pass

    handler = functools.partial(QuietHandler, directory=str(built_book))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, name="book-site", daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=10)


# --- Browser -------------------------------------------------------------------------------

# `playwright_api` (Playwright's sync API, one per process) is in tests/conftest.py: the hub tests use it too.

@pytest.fixture(scope="session")
def browser(playwright_api):
    """A headless Chromium driven by Playwright's sync API."""
    chromium = playwright_api.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
    try:
        yield chromium
    finally:
        chromium.close()


@pytest.fixture(scope="session")
def browser_context(browser):
    """One context for the session: its HTTP cache makes every JupyterLab load after the
    first one faster. It can only reach 127.0.0.1."""
    context = browser.new_context(viewport=VIEWPORT)
    context.route("**/*", _local_only)
    still_spinner(context)
    try:
        yield context
    finally:
        context.close()


@pytest.fixture
def page(browser_context, request):
    """A new 1400x1000 page; closed after the test (screenshot first if the test failed)."""
    new_page = browser_context.new_page()
    new_page.set_default_timeout(30_000)
    try:
        yield new_page
    finally:
        if _failed(request.node):
            _failure_screenshot(new_page, request.node.name)
        new_page.close()


def _local_only(route) -> None:
    url = route.request.url
    if url.startswith(("http://127.0.0.1", "http://localhost")):
        route.continue_()
    else:  # e.g. Voila's icon stylesheet on a CDN: no internet in CI, and not needed
        route.abort()


def _failed(item) -> bool:
    reports = item.stash.get(_REPORTS, {})
    return any(report.failed for report in reports.values())


def _failure_screenshot(page, name: str) -> None:
    try:
        screenshot(page, f"FAILED-{name}")
    except Exception:  # never hide the test's own failure
        pass


# --- Accessibility report ------------------------------------------------------------------------------------------

def pytest_terminal_summary(terminalreporter):
    """Every axe-core audit of the run (tests/browser/a11y.py), per page and per rule, after the results; also in
    test-artifacts/accessibility.txt (under pytest -n each worker writes its own, test-artifacts/<worker>/)."""
    from .a11y import AUDITS, report_table

    if AUDITS:
        terminalreporter.section("accessibility (axe-core)")
        terminalreporter.write_line(report_table(AUDITS))
