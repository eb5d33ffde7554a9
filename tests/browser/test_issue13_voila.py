"""issue 13, items 1 and 5: classroom mode with the course's Voila template, every lesson at 1280x720.

One Voila server for the module, started as the README's classroom command does (`--template=baccarat`),
with the repo's copy of the template first on JUPYTER_PATH (serve/), so the template under test is
the one in the repo, not a stale installed copy. For every lesson, in one 1280x720 page:

- prose (markdown cells) is at least 20 px, printed explanations (print() output) at least 18 px;
- no code is visible, and no visible text looks like a Python repr (`Decimal(`, `Fraction(`, `VBox(`,
  `Decision(`, `(True, False)`, ...) or tells the reader to "Run ▸ Run All Cells";
- a header shows the lesson's title and its previous / contents / next links, pointing at the right lessons;
- nothing overflows sideways and no widget control is clipped (issue 11's layout check, with this template);
- the page asks nothing of any host but the local Voila server (every other request is blocked and listed).

A last test follows the links by clicking: next, previous, and contents (which lands on 00_welcome#Contents).
Screenshots: test-artifacts/screenshots/issue13-voila-<lesson>.png (lessons 02, 05, 09).
"""

from __future__ import annotations

import re
import sys
from urllib.parse import unquote, urlsplit

import pytest

from . import servers
from .conftest import CHROMIUM  # noqa: F401  (the prerequisites fixture of conftest skips without it)
from .conftest import _failed, _failure_screenshot
from .lab import (ARTIFACTS, REPO_ROOT, assert_no_errors, expect, layout_problems, local_only_context, open_voila,
                  screenshot)

sys.path.insert(0, str(REPO_ROOT / "tools"))
import navigation  # noqa: E402

LESSONS = navigation.lessons()


def _title(path):
    """A lesson's English title, from the course list (tests/test_course.py checks it against the notebook)."""
    return navigation.course.lesson(path.stem).title("en")
LESSON_PATHS = [path.relative_to(REPO_ROOT).as_posix() for path in LESSONS]
SIZE = {"width": 1280, "height": 720}
PROSE_MIN_PX = 20.0
PRINTED_MIN_PX = 18.0
SCREENSHOT_LESSONS = ("02", "05", "09")
# Text a learner must never see in classroom mode: Python reprs, and the notebook-only Run-All note.
FORBIDDEN = re.compile(
    r"Decimal\(|Fraction\(|VBox\(|HBox\(|Decision\(|\((True|False)(, (True|False))+\)|Run\s*▸\s*Run All"
    r"|(?m:^'[^'\n]*'$)"  # a string result shown with its quotes (the template unquotes them)
)

# The computed font size (px) of every visible element with text of its own, under `selector`.
_JS_TEXT_SIZES = """(selector) => Array.from(document.querySelectorAll(selector))
  .filter(el => el.getClientRects().length && Array.from(el.childNodes)
    .some(n => n.nodeType === Node.TEXT_NODE && n.textContent.trim()))
  .map(el => [parseFloat(getComputedStyle(el).fontSize), el.textContent.trim().slice(0, 50)])"""
PROSE = ", ".join(f"#rendered_cells .jp-MarkdownCell .jp-RenderedHTMLCommon {tag}"
                  for tag in ("p", "li", "td", "th", "blockquote"))
# print() output and plain results: JupyterLab's renderer marks both text/plain (stdout is not told apart)
PRINTED = '#rendered_cells .jp-RenderedText[data-mime-type="text/plain"] pre'

# Code cells' inputs (and any editor or highlighted source) that take up room on the page.
_JS_VISIBLE_CODE = """() => Array.from(document.querySelectorAll(
    '#rendered_cells .jp-CodeCell .jp-InputArea, #rendered_cells .jp-InputArea-editor, '
    + '#rendered_cells .cm-editor, #rendered_cells .jp-CodeCell .highlight'))
  .filter(el => el.getClientRects().length && el.getBoundingClientRect().height > 0)
  .map(el => el.textContent.trim().slice(0, 80))"""


def _id(path: str) -> str:
    return path.rsplit("/", 1)[-1].removesuffix(".ipynb")


@pytest.fixture(scope="module")
def classroom_url(tmp_path_factory) -> str:
    """Base URL of a Voila server using the course template from the repo."""
    home = tmp_path_factory.mktemp("voila-classroom-home")
    # As the README's classroom command: the project's Voila config selects the template from the repository.
    server = servers.start_voila(REPO_ROOT, home, ARTIFACTS / "logs" / "voila-classroom-server.log",
                                 config_dir=REPO_ROOT / "serve" / "voila" / "classroom")
    try:
        yield server.url
    finally:
        server.stop()


@pytest.fixture(scope="module")
def outside_requests() -> list[str]:
    """Every request to another host than the local server (blocked), in order."""
    return []


@pytest.fixture(scope="module")
def classroom_context(browser, classroom_url, outside_requests):
    """A 1280x720 context whose pages reach only the classroom server; the rest is blocked and recorded."""
    context = local_only_context(browser, classroom_url, outside_requests, SIZE)
    try:
        yield context
    finally:
        context.close()


@pytest.fixture
def classroom_page(classroom_context, outside_requests, request):
    from playwright.sync_api import expect as playwright_expect

    playwright_expect.set_options(timeout=15_000)
    outside_requests.clear()
    page = classroom_context.new_page()
    page.set_default_timeout(30_000)
    try:
        yield page
    finally:
        if _failed(request.node):
            _failure_screenshot(page, request.node.name)
        page.close()


def _lesson_url(base_url: str, path) -> str:
    return f"{base_url.rstrip('/')}/voila/render/{path.relative_to(REPO_ROOT).as_posix()}"


@pytest.mark.parametrize("path", LESSON_PATHS, ids=_id)
def test_lesson_in_classroom_mode(classroom_page, classroom_url, outside_requests, path):
    # issue 13, item 5 (and item 1: the template's sizes, hidden cells, header, local assets)
    page = classroom_page
    nb = open_voila(page, classroom_url, path)
    assert_no_errors(page)
    problems = []

    prose = page.evaluate(_JS_TEXT_SIZES, PROSE)
    printed = page.evaluate(_JS_TEXT_SIZES, PRINTED)
    assert prose, f"no prose found in {path}"
    problems += [f"prose at {size} px (< {PROSE_MIN_PX}): {text!r}" for size, text in prose if size < PROSE_MIN_PX]
    problems += [f"printed explanation at {size} px (< {PRINTED_MIN_PX}): {text!r}"
                 for size, text in printed if size < PRINTED_MIN_PX]

    problems += [f"visible code: {text!r}" for text in page.evaluate(_JS_VISIBLE_CODE)]
    text = nb.inner_text()
    problems += [f"visible text {match.group(0)!r} in …{text[max(0, match.start() - 60):match.end() + 40]!r}…"
                 for match in FORBIDDEN.finditer(text)]

    problems += _header_problems(page, classroom_url, path)
    problems += [f"layout: {problem}" for problem in layout_problems(page)]  # the bigger text still fits
    problems += [f"request to another host: {url}" for url in outside_requests]

    if _id(path)[:2] in SCREENSHOT_LESSONS:
        screenshot(page, f"issue13-voila-{_id(path)}")
    print(f"{path}: prose {min(s for s, _ in prose)} px, printed "
          f"{min((s for s, _ in printed), default='none')} px")
    assert not problems, f"{len(problems)} problem(s) in {path}:\n" + "\n".join(f"- {p}" for p in problems)


def _header_problems(page, base_url: str, path: str) -> list[str]:
    """The header shows the lesson's title and links to the previous lesson, the contents and the next one."""
    lesson = REPO_ROOT / path
    index = LESSONS.index(lesson)
    header = page.locator("header.bcl-voila-header")
    if header.count() != 1 or not header.is_visible():
        return [f"{header.count()} visible header(s), expected 1"]
    problems = []
    title = header.locator(".bcl-voila-title").inner_text().strip()
    if title != _title(lesson):
        problems.append(f"header title {title!r}, expected {_title(lesson)!r}")
    if header.bounding_box()["y"] > 40:
        problems.append(f"header starts {header.bounding_box()['y']} px down the page, not at the top")
    links = {link.inner_text().strip(): link.evaluate("a => a.href") for link in header.locator("a").all()}
    wanted = {"Contents": _lesson_url(base_url, LESSONS[0]) + "#Contents"}
    if index > 0:
        wanted[f"← {_title(LESSONS[index - 1])}"] = _lesson_url(base_url, LESSONS[index - 1])
    if index < len(LESSONS) - 1:
        wanted[f"{_title(LESSONS[index + 1])} →"] = _lesson_url(base_url, LESSONS[index + 1])
    if navigation.twin(lesson, "vi") is not None:      # issue 16: the same lesson in the Vietnamese edition
        wanted["Tiếng Việt"] = _lesson_url(base_url, navigation.twin(lesson, "vi"))
    if {k: unquote(v) for k, v in links.items()} != wanted:
        problems.append(f"header links {links}, expected {wanted}")
    return problems


def test_header_links_lead_to_the_lessons(classroom_page, classroom_url, outside_requests):
    # issue 13, item 1: the header's next, previous and contents links work when clicked
    page = classroom_page
    first, second = LESSONS[0], LESSONS[1]
    open_voila(page, classroom_url, f"lessons/{second.name}")
    header = page.locator("header.bcl-voila-header")

    header.get_by_role("link", name=f"{_title(LESSONS[2])} →").click()
    _wait_for_lesson(page, LESSONS[2])
    page.locator("header.bcl-voila-header").get_by_role("link", name=f"← {_title(second)}").click()
    _wait_for_lesson(page, second)
    page.locator("header.bcl-voila-header").get_by_role("link", name="Contents").click()
    _wait_for_lesson(page, first)
    assert urlsplit(page.url).fragment == "Contents"
    contents = page.locator("#Contents")
    expect(contents).to_be_visible()
    expect(contents).to_be_in_viewport()
    assert not outside_requests, outside_requests


def _wait_for_lesson(page, lesson) -> None:
    page.wait_for_url(re.compile(re.escape(f"/voila/render/lessons/{lesson.name}")), timeout=180_000)
    expect(page.locator("header.bcl-voila-header .bcl-voila-title")).to_have_text(
        _title(lesson), timeout=180_000)



def test_the_list_of_lessons_is_served_locally(classroom_page, classroom_url, outside_requests):
    # issue 13, item 1 ("every asset is served locally"): Voila's list page loads Font Awesome from a CDN in its
    # base page; the course template's page.html leaves it out. The list still shows and opens the lessons.
    page = classroom_page
    page.goto(f"{classroom_url.rstrip('/')}/", wait_until="networkidle")   # this server's root is the repository
    expect(page.get_by_text("lessons", exact=True).first).to_be_visible()
    assert outside_requests == [], f"the list page asked other hosts: {outside_requests[:5]}"
