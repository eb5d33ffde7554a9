"""Accessibility of the pages around the lessons: every page of the book site audited with axe-core (WCAG 2.1 A and
AA, the pinned copy from serve/book's npm folder, put into the page from its file), and the page language each
edition declares. The Vietnamese pages share every template, style and colour with the English ones, so the rule
whose result cannot depend on the words, colour contrast (also most of an audit's work), is run on the English pages
only; every other rule (the language, names, labels, alt texts, structure) runs on every page of both editions.

The book's pages are walked once, from the built files themselves (file:// URLs, as a reader who opens
site/index.html; the shared `built_book`), and each page visit also makes the book's offline checks
(tests/browser/test_book.py leaves them here): recording every request, no page asks another host, and no page still
tells the reader to run cells (the notebook's Run-All note).

The lessons themselves are audited where they are already opened (tests/browser/test_lessons.py): each lesson's
output area in JupyterLab and each lesson page in classroom mode, with the keyboard-only walk on the classroom visit.
The slides (the projector template, serve/voila/templates/baccarat-slides) are checked on one lesson, slide by slide,
on the walk over every slide (tests/browser/test_slides.py): text contrast (axe's color-contrast rule: 4.5:1, 3:1 for
large text) and the page's language.
A serious or critical violation fails; the table of every audit (per page and per rule) is printed at the end of the
run and written to test-artifacts/accessibility.txt (test-artifacts/<worker>/ under pytest -n).
"""

from __future__ import annotations

from pathlib import Path

from .a11y import AXE_SCRIPT, WCAG_TAGS, audit, blocking, report_table
from .conftest import VIEWPORT
from .lab import off_machine
from .test_book import WIDGET_VIEWS, _open, book_browser, file_context  # noqa: F401  (their fixtures, shared)

# What a running notebook tells its reader, and the book must not (nothing runs there): the Run-All note.
RUN_NOTE = "Run All Cells"
# Run on the English pages only: the same colours on the same templates give the same contrast in either language.
SAME_IN_EVERY_EDITION = ("color-contrast",)
# The rules of the WCAG tags, as axe's run by tags picks them (it leaves out its experimental and deprecated rules).
_JS_WCAG_RULES = """tags => axe.getRules(tags).filter(rule => !rule.tags.some(tag => ['experimental', 'deprecated']
  .includes(tag))).map(rule => rule.ruleId)"""


def _all_pages(site: Path) -> list[str]:
    """Every page of the built site, index.html (a redirect to lesson 00 and nothing else) included."""
    return sorted(path.relative_to(site).as_posix() for path in site.rglob("*.html")
                  if "_static" not in path.parts and "_sources" not in path.parts)


def _rules_but(page, left_out: tuple[str, ...]) -> list[str]:
    """Every axe rule an audit by the WCAG tags runs, but `left_out`."""
    if not page.evaluate("typeof window.axe === 'object'"):
        page.add_script_tag(path=str(AXE_SCRIPT))
    rules = page.evaluate(_JS_WCAG_RULES, list(WCAG_TAGS))
    assert set(left_out) <= set(rules), f"axe has no rule {set(left_out) - set(rules)}"
    return [rule for rule in rules if rule not in left_out]


def _is_redirect(site: Path, path: str) -> bool:
    return 'http-equiv="Refresh"' in (site / path).read_text(encoding="utf-8")[:300]


def test_every_book_page_passes_axe_says_its_language_asks_no_other_host_and_never_says_to_run_cells(
        built_book, file_context):
    # One walk over the built files (file:// URLs, as a reader who opens site/index.html), every request recorded.
    context, requested = file_context(VIEWPORT)
    page = context.new_page()
    page.set_default_timeout(30_000)
    pages = _all_pages(built_book)
    lessons = [path for path in pages if path.startswith("lessons/")]
    assert len(lessons) == 24, lessons           # 12 lessons in each edition
    leaving, running, problems, audits = {}, [], [], []
    for path in pages:
        requested.clear()
        _open(page, built_book, path)
        assert any(url.startswith("file://") for url in requested), f"{path}: no request was recorded"
        if off_machine(requested):
            leaving[path] = off_machine(requested)
        if _is_redirect(built_book, path):     # index.html: lesson 00 has its own turn
            continue
        if page.locator(WIDGET_VIEWS).count():
            page.wait_for_function("document.querySelectorAll('.widget-subarea .jupyter-widgets').length > 0")
        if RUN_NOTE in page.locator("body").inner_text():
            running.append(path)
        wanted = "vi" if path.startswith("lessons/vi/") else "en"
        lang = page.evaluate("document.documentElement.lang")
        if lang != wanted:
            problems.append(f"{path}: <html lang={lang!r}>, expected {wanted!r}")
        rules = _rules_but(page, SAME_IN_EVERY_EDITION) if wanted == "vi" else None   # None: every rule of the tags
        violations = audit(page, f"book {path}", rules=rules)
        audits.append((f"book {path}", violations))
        problems += [f"{path}: {line}" for line in blocking(violations)]
    print(report_table(audits))
    print(f"{len(pages)} pages opened from files, {len(audits)} audited")
    assert leaving == {}, f"pages that asked other hosts: {leaving}"
    assert running == [], f"pages that still tell the reader to run cells: {running}"
    assert not problems, f"{len(problems)} problem(s):\n" + "\n".join(problems)
