"""Accessibility of the pages around the lessons: every page of the book site audited with axe-core (WCAG 2.1 A and
AA, the pinned copy from serve/book's npm folder, put into the page from its file), and the page language each
edition declares.

The lessons themselves are audited where they are already opened (tests/browser/test_lessons.py): each lesson's
output area in JupyterLab and each lesson page in classroom mode, with the keyboard-only walk on the classroom visit. The slides (the projector template, serve/voila/templates/baccarat-slides)
are checked here on one lesson, slide by slide: text contrast (axe's color-contrast rule: 4.5:1, 3:1 for large text)
and the page's language.
A serious or critical violation fails; the table of every audit (per page and per rule) is printed at the end of the
run and written to test-artifacts/accessibility.txt (test-artifacts/<worker>/ under pytest -n).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from . import servers
from .a11y import audit, blocking, report_table
from .conftest import VIEWPORT
from .lab import ARTIFACTS, REPO_ROOT, expect, local_only_context, screenshot

SLIDES_CONFIG = REPO_ROOT / "serve" / "voila" / "slides"
SLIDES_LESSON = "lessons/vi/05_a_whole_coup.ipynb"    # cards, a coup, exercises; Vietnamese, so lang="vi" is checked
PROJECTOR = {"width": 1280, "height": 720}
PRESENT_SLIDE = """() => [...document.querySelectorAll('.reveal .slides > section')]
  .indexOf(document.querySelector('.reveal .slides > section.present'))"""


def _book_pages(site: Path) -> list[str]:
    """Every page a reader sees (index.html, a redirect to lesson 00 and nothing else, is left out)."""
    return sorted(path.relative_to(site).as_posix() for path in site.rglob("*.html")
                  if "_static" not in path.parts and "_sources" not in path.parts
                  and 'http-equiv="Refresh"' not in path.read_text(encoding="utf-8")[:300])


def test_every_book_page_passes_axe_and_says_its_language(browser, built_book, built_book_url):
    blocked: list[str] = []
    context = local_only_context(browser, built_book_url, blocked, VIEWPORT)
    page = context.new_page()
    page.set_default_timeout(30_000)
    pages = _book_pages(built_book)
    lessons = [path for path in pages if path.startswith("lessons/")]
    assert len(lessons) == 24, lessons           # 12 lessons in each edition
    problems, audits = [], []
    try:
        for path in pages:
            page.goto(f"{built_book_url}/{path}", wait_until="load")
            if page.locator('script[type="application/vnd.jupyter.widget-view+json"]').count():
                page.wait_for_function("document.querySelectorAll('.widget-subarea .jupyter-widgets').length > 0")
            wanted = "vi" if path.startswith("lessons/vi/") else "en"
            lang = page.evaluate("document.documentElement.lang")
            if lang != wanted:
                problems.append(f"{path}: <html lang={lang!r}>, expected {wanted!r}")
            violations = audit(page, f"book {path}")
            audits.append((f"book {path}", violations))
            problems += [f"{path}: {line}" for line in blocking(violations)]
    finally:
        context.close()
    print(report_table(audits))
    assert blocked == [], f"the pages asked other hosts: {blocked[:5]}"
    assert not problems, f"{len(problems)} problem(s):\n" + "\n".join(problems)


@pytest.fixture(scope="module")
def slides_server(tmp_path_factory) -> servers.Server:
    """Voila with the slides' settings, as `punto-banco slides` starts it."""
    server = servers.start_voila(REPO_ROOT, tmp_path_factory.mktemp("voila-a11y-slides"),
                                 ARTIFACTS / "logs" / "voila-a11y-slides-server.log", config_dir=SLIDES_CONFIG)
    try:
        yield server
    finally:
        server.stop()


def test_the_slides_say_their_language_and_every_slide_has_readable_contrast(browser, slides_server):
    origin, blocked = slides_server.url.rstrip("/"), []
    context = local_only_context(browser, origin, blocked, PROJECTOR)
    page = context.new_page()
    problems, audits = [], []
    try:
        page.goto(f"{origin}/voila/render/{SLIDES_LESSON}", wait_until="commit", timeout=180_000)
        expect(page.locator(".reveal .slides section.present").first).to_be_visible(timeout=180_000)
        expect(page.locator(".widget-button").first).to_be_attached(timeout=180_000)     # the kernel has run
        assert page.evaluate("document.documentElement.lang") == "vi"
        count = page.locator(".reveal .slides > section").count()
        for number in range(count):
            violations = audit(page, f"slides vi-05 #{number}", rules=["color-contrast"])
            audits.append((f"slides vi-05 #{number}", violations))
            problems += [f"slide {number}: {line}" for line in blocking(violations)]
            if number < count - 1:
                page.keyboard.press("ArrowRight")
                page.wait_for_function(f"() => ({PRESENT_SLIDE})() === {number + 1}", timeout=5_000)
        screenshot(page, "a11y-slides-vi-05-last")
    finally:
        context.close()
    print(report_table(audits))
    assert count > 5, f"only {count} slides"
    assert blocked == [], f"the slides asked other hosts: {blocked[:5]}"
    assert not problems, f"{len(problems)} problem(s):\n" + "\n".join(problems)
