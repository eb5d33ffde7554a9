"""The course read as a book (Jupyter Book 1.x), served offline, with its plots and widgets as last saved.

The site is built as the README says for a clone, `jupyter-book build serve/book -W` (warnings are errors), once per test session:
Sphinx rebuilds only what changed, so a fresh build is a no-op and a stale one (a lesson or the book's config edited
since) is brought up to date, whether the site was built by hand, by CI or not at all. The build needs the `book`
extra (`pip install -e ".[book]"`) and the widget scripts from `npm ci --prefix serve/book`; without them the test fails
naming the command. The built folder, serve/book/_build/html, is served on 127.0.0.1 by Python's http.server in a thread,
and a browser context that can reach only that server (every other request is blocked and recorded) opens the
pages of lessons 01, 04 and 08: every image loaded, the widgets drawn from their saved state by
html-manager, no console error, no blocked request. Each page also says it is a read-only copy, with the JupyterLab
command and a Binder link to that lesson, and its link to the contents lands on lesson 00's contents.
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

from .conftest import REQUIRE_ENV, VIEWPORT
from .lab import ARTIFACTS, REPO_ROOT, expect, local_only_context, screenshot

pytestmark = pytest.mark.browser

BOOK = REPO_ROOT / "serve" / "book"
SITE = BOOK / "_build" / "html"
WIDGET_SCRIPTS = BOOK / "node_modules" / "@jupyter-widgets" / "html-manager" / "dist" / "embed-amd.js"
PAGES = ["lessons/01_card_values.html", "lessons/04_banker_tableau.html", "lessons/08_scoreboards_and_streaks.html"]
WIDGET_VIEWS = 'script[type="application/vnd.jupyter.widget-view+json"]'


def _jupyter_book() -> list[str]:
    """The jupyter-book command of this Python (the venv's), or a skip/fail saying how to install it."""
    if importlib.util.find_spec("jupyter_book") is None:
        message = 'the book tests need Jupyter Book: pip install -e ".[book]"'
        if os.environ.get(REQUIRE_ENV) == "1":
            pytest.fail(f"{message} ({REQUIRE_ENV}=1 forbids skipping)", pytrace=False)
        pytest.skip(message)
    script = Path(sys.executable).parent / ("jupyter-book.exe" if os.name == "nt" else "jupyter-book")
    return [str(script)] if script.exists() else [sys.executable, "-m", "jupyter_book.cli.main"]


@pytest.fixture(scope="module")
def book_site() -> Path:
    """serve/book/_build/html, built (or brought up to date) by the README's command, with warnings as errors."""
    jupyter_book = _jupyter_book()     # first: without the book extra, a contributor's run skips here, in one line
    if not WIDGET_SCRIPTS.is_file():
        pytest.fail("the book's widget scripts are missing: run npm ci --prefix serve/book")
    log = ARTIFACTS / "logs" / "book-build.log"
    log.parent.mkdir(parents=True, exist_ok=True)
    result = subprocess.run([*jupyter_book, "build", str(BOOK), "-W"], cwd=REPO_ROOT,
                            capture_output=True, text=True, timeout=600)
    log.write_text(result.stdout + result.stderr)
    assert result.returncode == 0, f"the book did not build without warnings (log {log}):\n{result.stderr[-3000:]}"
    assert (SITE / PAGES[0]).is_file(), f"the build wrote no {PAGES[0]} under {SITE}"
    return SITE


@pytest.fixture(scope="module")
def site_url(book_site) -> str:
    """The built site served by http.server on 127.0.0.1 (a free port) in a thread, stopped afterwards."""

    class QuietHandler(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args) -> None:
            pass

    handler = functools.partial(QuietHandler, directory=str(book_site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, name="book-site", daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=10)


@pytest.fixture
def book_page(browser, site_url):
    """A page in a context that reaches only the site; yields (page, blocked requests, console errors)."""
    blocked, errors = [], []
    context = local_only_context(browser, site_url, blocked, VIEWPORT)
    page = context.new_page()
    page.set_default_timeout(30_000)
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    page.on("pageerror", lambda error: errors.append(f"uncaught: {error}"))
    try:
        yield page, blocked, errors
    finally:
        context.close()


@pytest.mark.parametrize("path", PAGES)
def test_a_lesson_page_shows_its_images_and_saved_widgets_offline(book_page, site_url, path):
    page, blocked, errors = book_page
    page.goto(f"{site_url}/{path}", wait_until="load")
    stem = Path(path).stem

    # Widgets: html-manager draws each saved view into a .widget-subarea just before its <script>.
    views = page.locator(WIDGET_VIEWS).count()
    assert views > 0, f"{path} has no saved widget views: the lesson was committed without its widget state"
    page.wait_for_function(
        """selector => [...document.querySelectorAll(selector)].every(script => {
               const drawn = script.previousElementSibling;
               return drawn && drawn.matches('.widget-subarea') && drawn.querySelector('.jupyter-widgets');
           })""", arg=WIDGET_VIEWS, timeout=30_000)
    expect(page.locator(".widget-subarea .jupyter-widgets").first).to_be_visible()
    assert page.locator(".widget-subarea [class*='widget-']").count() >= views
    assert page.get_by_text("Error displaying widget").count() == 0

    # Images: every one loaded (the plots are committed PNGs, copied into the site).
    page.wait_for_function("[...document.images].every(image => image.complete)", timeout=30_000)
    broken = page.evaluate("[...document.images].filter(image => !(image.naturalWidth > 0)).map(i => i.src)")
    assert page.evaluate("document.images.length") > 0
    assert broken == [], f"images that did not load on {path}: {broken}"

    # The read-only notice: JupyterLab command and a Binder link to this very lesson.
    notice = page.locator(".bd-header-announcement")
    expect(notice).to_contain_text("read-only copy")
    expect(notice).to_contain_text("punto-banco lab")
    expect(page.locator(f'a[href^="https://mybinder.org/v2/gh/"][href$="lessons/{stem}.ipynb"]')).to_have_count(1)

    # The navigation bar's Contents link lands on lesson 00's contents (Sphinx's anchor for "## Contents").
    contents = page.locator("article a.reference.internal", has_text="Contents").first
    assert contents.get_attribute("href") == "00_welcome.html#contents"

    screenshot(page, f"book-{stem}", full_page=False)
    assert errors == [], f"console errors on {path}: {errors}"
    assert blocked == [], f"{path} requested other hosts: {blocked}"


def test_the_contents_link_lands_on_the_course_contents(book_page, site_url):
    # internal links and the contents page work
    page, blocked, errors = book_page
    page.goto(f"{site_url}/", wait_until="load")                  # index.html redirects to lesson 00
    page.wait_for_url("**/lessons/00_welcome.html", timeout=30_000)
    page.goto(f"{site_url}/lessons/04_banker_tableau.html", wait_until="load")
    page.locator("article a.reference.internal", has_text="Contents").first.click()
    page.wait_for_url("**/lessons/00_welcome.html#contents")
    section = page.locator("section#contents")
    expect(section).to_be_visible()
    links = section.locator("a.reference.internal")
    expect(links).to_have_count(12)
    links.nth(8).click()
    page.wait_for_url("**/lessons/08_scoreboards_and_streaks.html")
    assert errors == [], errors
    assert blocked == [], blocked
