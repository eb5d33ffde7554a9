"""Accessibility checks shared by the browser tests: axe-core audits (WCAG 2.1 A and AA) and keyboard-only use.

axe-core comes from npm, pinned in serve/book/package.json (a development dependency: `npm ci --prefix serve/book`
installs it, the book site never carries it), and is put into the page from that file (Playwright's
add_script_tag(path=...)): nothing is fetched from a CDN.

Audits
    audit(page, label, include=None, rules=None) -> list[dict]
        Run axe on the page (or only under the CSS selector `include`) with the WCAG 2.1 A/AA tags (or only `rules`); every violation
        as {"rule", "impact", "nodes", "help", "targets"}. Each audit is recorded (AUDITS) for the report.
    TEXT_RULES                               the axe rules whose result can depend on a page's words or language
                                             (names, labels, alt texts, lang, a region scrolled by long text): all a
                                             translated page needs, as the editions share every template, style and
                                             colour (colour contrast and structure are audited on the English one)
    blocking(violations) -> list[str]       the serious and critical ones, one line each (a test fails on them)
    report_table(audits) -> str              count per page and per rule, as a text table

Keyboard
    press_until(page, key, predicate, arg=None, *, limit=200) -> int
        Press `key` (Tab, Shift+Tab) until the JS `predicate(arg)` holds for the focused element; the presses it took.
    focus_ring_problem(page) -> str | None   the focused element shows no visible focus ring (outline or box-shadow)
    live_region_problem(locator) -> str | None   the element is not inside an ARIA live region
"""

from __future__ import annotations

import json
import time
from collections import Counter
from pathlib import Path

from .lab import ARTIFACTS, REPO_ROOT

AXE_PACKAGE = REPO_ROOT / "serve" / "book" / "node_modules" / "axe-core"
AXE_SCRIPT = AXE_PACKAGE / "axe.min.js"
WCAG_TAGS = ("wcag2a", "wcag2aa", "wcag21a", "wcag21aa")
BLOCKING = ("serious", "critical")
REPORT = ARTIFACTS / "accessibility.txt"
# Of the WCAG 2.1 A/AA rules, those whose result can change with the text or the language: accessible names, labels
# and alternative texts being there, the page's language, a name matching its visible words, a region that scrolls
# because its words are long. Colour contrast and structure (ARIA roles, lists, tables, nesting) cannot: a translated
# page has the same templates, widgets, styles and colours.
TEXT_RULES = (
    "area-alt", "aria-command-name", "aria-input-field-name", "aria-meter-name", "aria-progressbar-name",
    "aria-tab-name", "aria-toggle-field-name", "aria-tooltip-name", "button-name", "document-title", "frame-title",
    "frame-title-unique", "html-has-lang", "html-lang-valid", "html-xml-lang-mismatch", "image-alt",
    "input-button-name", "input-image-alt", "label", "label-content-name-mismatch", "link-name", "object-alt",
    "role-img-alt", "scrollable-region-focusable", "select-name", "summary-name", "svg-img-alt", "valid-lang",
)

AUDITS: list[tuple[str, list[dict]]] = []   # (page label, its violations), in the order audited
SECONDS: list[float] = []                    # how long each audit took (axe's run, with its injection)


def axe_version() -> str:
    """The pinned axe-core's version, from its package.json (or a sentence saying it is missing)."""
    package = AXE_PACKAGE / "package.json"
    if not package.is_file():
        return "not installed"
    return json.loads(package.read_text(encoding="utf-8"))["version"]


_JS_AXE = """async ([include, tags, rules]) => {
  const context = include ? {include: [[include]]} : document;
  const runOnly = rules ? {type: 'rule', values: rules} : {type: 'tag', values: tags};
  const result = await axe.run(context, {runOnly, resultTypes: ['violations']});
  return result.violations.map(v => ({
    rule: v.id, impact: v.impact, nodes: v.nodes.length, help: v.help,
    targets: v.nodes.slice(0, 3).map(n => n.target.join(' ') + ': ' + (n.failureSummary || '').split('\\n')[1])}));
}"""


def audit(page, label: str, include: str | None = None, rules: list[str] | None = None) -> list[dict]:
    """axe-core's WCAG 2.1 A/AA violations on `page` (only under the selector `include`, only the axe rules `rules`,
    if given); recorded for the report under `label`."""
    if not AXE_SCRIPT.is_file():
        raise AssertionError(f"axe-core is missing ({AXE_SCRIPT}): run npm ci --prefix serve/book")
    started = time.monotonic()
    if not page.evaluate("typeof window.axe === 'object'"):
        page.add_script_tag(path=str(AXE_SCRIPT))
    violations = page.evaluate(_JS_AXE, [include, list(WCAG_TAGS), rules])
    AUDITS.append((label, violations))
    SECONDS.append(time.monotonic() - started)
    _write_report()
    return violations


def blocking(violations: list[dict]) -> list[str]:
    """The serious and critical violations, one line each: rule, impact, how many elements, the first ones."""
    return [f"axe {v['rule']} ({v['impact']}, {v['nodes']} element(s)): {v['help']}; e.g. {v['targets']}"
            for v in violations if v["impact"] in BLOCKING]


def report_table(audits: list[tuple[str, list[dict]]]) -> str:
    """The audits as two tables: per page (violations by impact) and per rule (impact, pages, elements)."""
    if not audits:
        return ""
    lines = [f"axe-core {axe_version()}, tags {', '.join(WCAG_TAGS)}: {len(audits)} page(s) audited"
             + (f" in {sum(SECONDS):.0f} s" if audits is AUDITS else ""),
             f"{'page':<48} {'critical':>8} {'serious':>8} {'moderate':>8} {'minor':>8}"]
    for label, violations in audits:
        counts = Counter()
        for violation in violations:
            counts[violation["impact"]] += violation["nodes"]
        lines.append(f"{label:<48} " + " ".join(f"{counts[impact]:>8}"
                                                for impact in ("critical", "serious", "moderate", "minor")))
    rules: dict[str, list] = {}
    for label, violations in audits:
        for violation in violations:
            entry = rules.setdefault(violation["rule"], [violation["impact"], set(), 0])
            entry[1].add(label)
            entry[2] += violation["nodes"]
    lines.append(f"{'rule':<40} {'impact':>8} {'pages':>8} {'elements':>8}")
    lines += [f"{rule:<40} {impact:>8} {len(pages):>8} {nodes:>8}"
              for rule, (impact, pages, nodes) in sorted(rules.items())] or ["(no violations)"]
    return "\n".join(lines)


def _write_report() -> None:
    REPORT.parent.mkdir(parents=True, exist_ok=True)
    REPORT.write_text(report_table(AUDITS) + "\n", encoding="utf-8")


# --- Keyboard ------------------------------------------------------------------------------------------------------

def press_until(page, key: str, predicate: str, arg=None, *, limit: int = 200) -> int:
    """Press `key` until `predicate` (a JS function of (focused element, arg)) is true; how many presses it took."""
    check = f"(arg) => ({predicate})(document.activeElement, arg)"
    for presses in range(limit + 1):
        if page.evaluate(check, arg):
            return presses
        page.keyboard.press(key)
    focused = page.evaluate("() => document.activeElement.outerHTML.slice(0, 160)")
    raise AssertionError(f"{limit} presses of {key} never reached the control wanted; focus is on {focused}")


_JS_FOCUS_RING = """() => {
  const el = document.activeElement;
  if (!el || el === document.body) return 'nothing has the focus';
  if (!el.matches(':focus-visible')) return 'the focused element does not match :focus-visible: ' + el.outerHTML.slice(0, 120);
  const style = getComputedStyle(el);
  const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
  const shadow = style.boxShadow && style.boxShadow !== 'none';
  return outline || shadow ? null : 'no outline or box-shadow on the focused ' + el.outerHTML.slice(0, 120);
}"""


def focus_ring_problem(page) -> str | None:
    """None if the focused element shows a focus ring (its computed outline or box-shadow under :focus-visible)."""
    return page.evaluate(_JS_FOCUS_RING)


_JS_LIVE = """el => {
  for (let node = el; node && node !== document.body; node = node.parentElement) {
    const live = node.getAttribute('aria-live');
    if ((live && live !== 'off') || ['status', 'alert', 'log'].includes(node.getAttribute('role'))) return null;
  }
  return 'not inside a live region: ' + el.outerHTML.slice(0, 120);
}"""


def live_region_problem(locator) -> str | None:
    """None if the element (e.g. a feedback box) is inside an ARIA live region (aria-live, or role status/alert/log)."""
    return locator.evaluate(_JS_LIVE)


def write_final_report(path: Path = REPORT) -> str:
    """The report of every audit of this process, written to `path`; the text."""
    text = report_table(AUDITS)
    if text:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text + "\n", encoding="utf-8")
    return text
