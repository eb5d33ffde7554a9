"""The course read as a book (Jupyter Book 1.x), served offline, with its plots and widgets as last saved.

The site is built as the README says for a clone, `jupyter-book build serve/book -W` (warnings are errors), once per
test run, into a temp dir (the `built_book` fixture of tests/browser/conftest.py, which other browser tests share; a
site built by hand in serve/book/_build is never read). The build needs the `book` extra (`pip install -e ".[book]"`)
and the widget scripts from `npm ci --prefix serve/book`; without them the test fails naming the command. The built
folder is served on 127.0.0.1 by Python's http.server in a thread (`built_book_url`), and a browser context that
can reach only that server (every other request is blocked and recorded) opens the pages of lessons 01, 04 and 08:
every image loaded, the widgets drawn from their saved state by html-manager, no console error, no blocked request.
Each page also says it is a read-only copy, with the JupyterLab command and a Binder link to that lesson, and its link
to the contents lands on lesson 00's contents.

Then, from the built files themselves (file:// URLs, as a reader who opens site/index.html): every page, recording every
request, asks no other host and no longer tells the reader to run cells (checked on the one walk over every page that
also audits it, tests/browser/test_accessibility.py); lesson 04's two printed Markdown tables (the
tableau, source 002's table) are tables, with the rows the lesson's saved outputs hold; the sidebar shows the book's
whole title on every lesson, also a late one (the theme scrolls that sidebar to the current lesson); at 390 px the
tableau explorer's text wraps inside the page's column and its grid scrolls in its own box; a Vietnamese page's chrome
(banner, search, contents, previous / next, tooltips) shares no words with the English page's, except names.
Screenshots: test-artifacts/screenshots/book-{en,vi}-04-1280.png and book-{en,vi}-04-explorer-390.png (lesson 04 of
each edition at 1280x720 and at 390 px), and FAILED-<test>.png of each page a failed test had open.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

from . import quiet_browser
from .conftest import BOOK, VIEWPORT, _failed, _failure_screenshot
from .lab import REPO_ROOT, expect, local_only_context, off_machine, record_requests, screenshot

pytestmark = pytest.mark.browser

PAGES = ["lessons/01_card_values.html", "lessons/04_banker_tableau.html", "lessons/08_scoreboards_and_streaks.html"]
WIDGET_VIEWS = 'script[type="application/vnd.jupyter.widget-view+json"]'


@pytest.fixture(scope="module")
def book_browser(playwright_api):
    """The Chromium that opens the book's pages (tests/browser/quiet_browser.py: conftest's, without the address
    bar's drop-down page that doubled the CPU of opening each page)."""
    chromium = quiet_browser.launch(playwright_api)
    try:
        yield chromium
    finally:
        chromium.close()


@pytest.fixture
def book_page(book_browser, built_book_url, request):
    """A page in a context that reaches only the site; yields (page, blocked requests, console errors)."""
    blocked, errors = [], []
    context = local_only_context(book_browser, built_book_url, blocked, VIEWPORT)
    page = context.new_page()
    page.set_default_timeout(30_000)
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    page.on("pageerror", lambda error: errors.append(f"uncaught: {error}"))
    try:
        yield page, blocked, errors
    finally:
        if _failed(request.node):
            _failure_screenshot(page, request.node.name)
        context.close()


@pytest.mark.parametrize("path", PAGES)
def test_a_lesson_page_shows_its_images_and_saved_widgets_offline(book_page, built_book_url, path):
    page, blocked, errors = book_page
    page.goto(f"{built_book_url}/{path}", wait_until="load")
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
    binder = f'a[href^="https://mybinder.org/v2/gh/"][href$="lessons/{stem}.ipynb"]'
    expect(notice.locator(binder)).to_have_count(1)                     # the banner's link runs this very lesson
    expect(page.locator(f".bd-header-article {binder}")).to_have_count(1)   # and so does the rocket button

    # The navigation bar's Contents link lands on lesson 00's contents (Sphinx's anchor for "## Contents").
    contents = page.locator("article a.reference.internal", has_text="Contents").first
    assert contents.get_attribute("href") == "00_welcome.html#contents"

    assert errors == [], f"console errors on {path}: {errors}"
    assert blocked == [], f"{path} requested other hosts: {blocked}"


def test_the_contents_link_lands_on_the_course_contents(book_page, built_book_url):
    # internal links and the contents page work
    page, blocked, errors = book_page
    page.goto(f"{built_book_url}/", wait_until="load")                  # index.html redirects to lesson 00
    page.wait_for_url("**/lessons/00_welcome.html", timeout=30_000)
    page.goto(f"{built_book_url}/lessons/04_banker_tableau.html", wait_until="load")
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


# --- The built files, page by page -------------------------------------------------------------------------------

PHONE = {"width": 390, "height": 844}
SMALL_SCREEN = {"width": 1280, "height": 720}
TITLE = yaml.safe_load((BOOK / "_config.yml").read_text(encoding="utf-8"))["title"]
TITLE_VI = "Punto Banco, từng bước một"           # README.vi.md's title


@pytest.fixture
def file_context(book_browser, request):
    """A browser context for file:// pages: it records every request, and aborts any to another host."""
    def new(viewport=SMALL_SCREEN):
        context = book_browser.new_context(viewport=viewport)
        context.route("**/*", lambda route: route.abort() if off_machine([route.request.url]) else route.continue_())
        contexts.append(context)
        return context, record_requests(context)

    contexts = []
    try:
        yield new
    finally:
        for number, page in enumerate(page for context in contexts for page in context.pages):
            if _failed(request.node):
                _failure_screenshot(page, f"{request.node.name}-{number}")
        for context in contexts:
            context.close()


def _open(page, site: Path, path: str) -> None:
    page.goto((site / path).as_uri(), wait_until="networkidle")


def _saved_markdown_tables(notebook: Path) -> list[list[str]]:
    """The lesson's printed Markdown tables, from its saved outputs: each as its lines, header first."""
    tables = []
    for cell in json.loads(notebook.read_text(encoding="utf-8"))["cells"]:
        for output in cell.get("outputs", []):
            text = "".join(output.get("data", {}).get("text/markdown", ""))
            if text.lstrip().startswith("|"):
                lines = [line.strip() for line in text.strip().splitlines()]
                tables.append([line for line in lines if set(line) - set("|-: ")])   # without the |---| line
    return tables


def _cells(line: str) -> list[str]:
    return [_plain(cell) for cell in line.strip().strip("|").split("|")]


def _plain(text: str) -> str:
    """Text as the lesson typed it: Sphinx prints its straight apostrophes curly."""
    return text.strip().replace("\u2019", "'")


@pytest.mark.parametrize("edition", ["", "vi/"])
def test_lesson_04_prints_its_two_tables_as_tables(built_book, file_context, edition):
    saved = _saved_markdown_tables(REPO_ROOT / "lessons" / f"{edition}04_banker_tableau.ipynb")
    assert len(saved) == 2, "lesson 04 prints the tableau and source 002's table"
    context, _ = file_context()
    page = context.new_page()
    _open(page, built_book, f"lessons/{edition}04_banker_tableau.html")
    for lines in saved:
        header = _cells(lines[0])
        table = page.locator(".cell_output table").filter(has=page.locator("th", has_text=header[0]))
        expect(table).to_have_count(1)
        shown_header = [_plain(text) for text in table.locator("thead th").all_inner_texts()]
        rows = [[_plain(text) for text in row.locator("td").all_inner_texts()]
                for row in table.locator("tbody tr").all()]
        assert shown_header == header
        assert rows == [_cells(line) for line in lines[1:]]
        assert "|---|" not in page.locator("article").inner_text()


@pytest.mark.parametrize("path, title", [("lessons/01_card_values.html", TITLE),
                                         ("lessons/11_my_progress.html", TITLE),
                                         ("lessons/vi/11_my_progress.html", TITLE_VI)])
def test_the_sidebar_shows_the_whole_title(built_book, file_context, path, title):
    # A late lesson's sidebar is scrolled to that lesson: the title must still show whole, on top of the list.
    context, _ = file_context(SMALL_SCREEN)
    page = context.new_page()
    _open(page, built_book, path)      # the theme scrolls the sidebar when the document is ready, before "load"
    found = page.evaluate(r"""() => {
        const title = document.querySelector('.bd-sidebar-primary .logo__title');
        const sidebar = document.querySelector('.bd-sidebar-primary').getBoundingClientRect();
        const box = title.getBoundingClientRect();
        const x = box.left + box.width / 2;
        const seen = y => { const hit = document.elementFromPoint(x, y); return !!hit && title.contains(hit); };
        return {text: title.innerText.replace(/\s+/g, ' ').trim(),
                scrolled: document.querySelector('.bd-sidebar-primary').scrollTop,
                inside: box.top >= sidebar.top - 1 && box.bottom <= sidebar.bottom + 1,
                firstLine: seen(box.top + 6), lastLine: seen(box.bottom - 6)};
    }""")
    assert found["text"] == title
    assert found["inside"] and found["firstLine"] and found["lastLine"], found


@pytest.mark.parametrize("edition", ["", "vi/"])
def test_at_phone_width_the_tableau_explorer_stays_in_the_column(built_book, file_context, edition):
    context, _ = file_context(PHONE)
    page = context.new_page()
    _open(page, built_book, f"lessons/{edition}04_banker_tableau.html")
    page.wait_for_function("document.querySelectorAll('.widget-subarea .jupyter-widgets').length > 0")
    explorer = page.locator(".widget-subarea .bcl-grid").first      # the tableau explorer's grid
    expect(explorer).to_be_attached()
    explorer.scroll_into_view_if_needed()
    found = page.evaluate("""() => {
        const column = document.querySelector('article').getBoundingClientRect();
        const inTable = el => !!el.closest('table');
        const outside = [], grids = [];
        for (const el of document.querySelectorAll('.cell_output .widget-subarea *')) {
            const box = el.getBoundingClientRect();
            if (!box.width || inTable(el)) continue;
            if (box.right > column.right + 1)
                outside.push(`${el.tagName}.${el.className} right ${Math.round(box.right)}`);
        }
        for (const table of document.querySelectorAll('.cell_output .widget-subarea table')) {
            // the box that scrolls: a table's own (views.html.table_html) or the widget's HTML area, around the
            // live region that announces the explorer's reading
            const box = table.closest('.bcl-table-box, .widget-html-content'), style = getComputedStyle(box);
            grids.push({scrolls: ['auto', 'scroll'].includes(style.overflowX),
                        inColumn: box.getBoundingClientRect().right <= column.right + 1,
                        wide: box.scrollWidth > box.clientWidth});
        }
        return {page: document.documentElement.scrollWidth, view: window.innerWidth, outside, grids};
    }""")
    screenshot(page, f"book-{edition.strip('/') or 'en'}-04-explorer-390")
    assert found["page"] <= found["view"], f"the page scrolls sideways: {found['page']} px wide"
    assert found["outside"] == [], f"widget parts past the column's right edge: {found['outside'][:5]}"
    assert found["grids"] and all(grid["scrolls"] and grid["inColumn"] for grid in found["grids"]), found["grids"]
    assert any(grid["wide"] for grid in found["grids"]), "at 390 px the grid should be wider than the column"


_JS_CHROME = """() => {
    const words = new Set();
    // the lesson itself and the lists of lesson titles are the edition's own text; what is not drawn (the print-only
    // contents) is not read
    const skip = el => el.closest('article.bd-article, script, style, nav.bd-docs-nav, .bd-toc-nav')
                       || !el.checkVisibility();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    while (walker.nextNode()) {
        const el = walker.currentNode.parentElement;
        if (el && !skip(el) && walker.currentNode.textContent.trim()) words.add(walker.currentNode.textContent.trim());
    }
    for (const el of document.querySelectorAll('[title], [aria-label], [placeholder], [data-bs-title]')) {
        if (skip(el)) continue;
        for (const name of ['title', 'aria-label', 'placeholder', 'data-bs-title']) {
            const value = (el.getAttribute(name) || '').trim();
            if (value) words.add(value);
        }
    }
    return [...words];
}"""
# The chrome both editions may share: names, file types, keys, the command and the badge's drawn words.
SHARED_CHROME = {"Binder", ".ipynb", ".pdf", "Ctrl", "+", "K", ".", "launch", "binder"}


def test_a_vietnamese_page_has_vietnamese_chrome(built_book, file_context):
    context, _ = file_context()
    page = context.new_page()
    chrome = {}
    for edition in ("", "vi/"):
        _open(page, built_book, f"lessons/{edition}04_banker_tableau.html")
        chrome[edition.strip("/") or "en"] = set(page.evaluate(_JS_CHROME))
        screenshot(page, f"book-{edition.strip('/') or 'en'}-04-1280")
        if edition:
            assert page.evaluate("document.documentElement.lang") == "vi"
            banner = page.locator(".bd-header-announcement")
            expect(banner).to_contain_text("bản chỉ đọc")
            expect(banner).to_contain_text("punto-banco lab --lang vi")
            expect(banner.locator('a[href$="lessons/vi/04_banker_tableau.ipynb"]')).to_have_count(1)
        else:
            assert page.evaluate("document.documentElement.lang") == "en"
    english, vietnamese = chrome["en"], chrome["vi"]
    # The English page's chrome holds the words this test is about (else it would prove nothing)...
    assert {"Search", "Contents", "previous", "next"} <= english, sorted(english)
    # ...and the Vietnamese page shares none of its words but names, nor any sentence of its banner.
    shared = {text for text in english & vietnamese if text not in SHARED_CHROME and "punto-banco lab" not in text}
    assert shared == set(), f"English words in the Vietnamese page's chrome: {sorted(shared)}"
    assert {"Tìm kiếm", "Mục lục", "bài trước", "bài tiếp theo"} <= vietnamese, sorted(vietnamese)
