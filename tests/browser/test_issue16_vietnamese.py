"""The Vietnamese edition in a real browser (issue 16, item 5): each lesson of lessons/vi/, run in JupyterLab and
shown by Voila, draws its widgets without an error, and the text those widgets show is Vietnamese.

"Vietnamese" is checked twice over: the widgets' visible text (labels, buttons, options, feedback, the HTML they
draw) holds Vietnamese letters, and none of the English words below, which the Vietnamese edition never uses (the
names the glossary keeps, Player, Banker, Natural, Big Road, shoe..., are not in the list).

Screenshots: test-artifacts/screenshots/lab-vi-<lesson>.png and voila-vi-<lesson>.png.
"""

from __future__ import annotations

import re

import pytest

from baccarat_lib import course

from .lab import REPO_ROOT, assert_no_errors, open_and_run_all, open_voila, screenshot

VI_LESSONS = [course.lesson_path(lesson, "vi").relative_to(REPO_ROOT).as_posix() for lesson in course.lessons("vi")]
ENGLISH_ONLY = re.compile(r"\b(the|and|of|is|draws|stands|wins|Check|Next|Deal|your|answer|Reset|question|"
                          r"total|cards?|right|wrong|Not quite|Show|Hide|chance|edge|bets?)\b")
VIETNAMESE_LETTERS = re.compile(r"[ăâđêôơưạảấầẩẫậắằẳẵặẹẻẽếềểễệỉịọỏốồổỗộớờởỡợụủứừửữựỳỵỷỹ]", re.I)

# The visible text of every widget view on the page: its text, the labels of its options, its placeholders.
_JS_WIDGET_TEXT = """(root) => {
  const views = [...document.querySelectorAll(root)].flatMap(area =>
      [...area.querySelectorAll('.jupyter-widgets, .widget-output')]);
  const texts = [];
  for (const view of views) {
    if (view.closest('.jupyter-widgets') !== view && view.parentElement.closest('.jupyter-widgets')) continue;
    texts.push(view.innerText || '');
    view.querySelectorAll('option').forEach(option => texts.push(option.textContent));
    view.querySelectorAll('[placeholder]').forEach(box => texts.push(box.getAttribute('placeholder')));
  }
  return texts.filter(text => text && text.trim());
}"""


# Menus whose chosen option is wider than the menu shows (longer Vietnamese names cut off): the option's text is
# measured in the menu's own font, against the menu's width less its padding (the right padding holds the arrow).
_JS_CLIPPED_MENUS = """(root) => {
  const canvas = document.createElement('canvas').getContext('2d');
  const clipped = [];
  for (const area of document.querySelectorAll(root)) {
    for (const select of area.querySelectorAll('.widget-dropdown select')) {
      const option = select.options[select.selectedIndex];
      if (!option || !select.offsetParent) continue;
      const style = getComputedStyle(select);
      canvas.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      if (canvas.measureText(option.textContent).width > room) clipped.push(option.textContent);
    }
  }
  return clipped;
}"""


def _english_words(texts: list[str]) -> list[str]:
    return sorted({match.group(0) for text in texts for match in ENGLISH_ONLY.finditer(text)})


def _check_vietnamese(texts: list[str], where: str) -> None:
    assert texts, f"{where}: no widget text at all"
    joined = "\n".join(texts)
    assert VIETNAMESE_LETTERS.search(joined), f"{where}: widget text without Vietnamese: {joined[:200]!r}"
    english = _english_words(texts)
    assert not english, f"{where}: English words in the widgets' text: {english}; e.g. " + \
        next(text for text in texts if ENGLISH_ONLY.search(text))[:200]


def _check_page(page, outputs: str, name: str) -> None:
    """No error on the page, a screenshot (name: "lab-vi-<path>" -> lab-vi-NN.png), and the widgets' text in the
    outputs matched by the ``outputs`` selector is Vietnamese."""
    assert_no_errors(page)
    where, path = name.split("-vi-")
    screenshot(page, f"{where}-vi-{path.split('/')[-1][:2]}")
    _check_vietnamese(page.evaluate(_JS_WIDGET_TEXT, outputs), f"{where} {path}")


def test_there_is_a_vietnamese_edition():
    assert len(VI_LESSONS) >= 12


@pytest.mark.parametrize("path", VI_LESSONS, ids=lambda p: p.split("/")[-1][:2])
def test_vietnamese_lesson_in_jupyterlab(page, lab_server, path):   # issue 16, item 5
    open_and_run_all(page, lab_server, path)
    _check_page(page, ".jp-NotebookPanel:not(.lm-mod-hidden) .jp-OutputArea-output", f"lab-vi-{path}")


@pytest.mark.parametrize("path", VI_LESSONS, ids=lambda p: p.split("/")[-1][:2])
def test_vietnamese_lesson_in_voila(page, voila_server, path):   # issue 16, item 5
    open_voila(page, voila_server, path)
    _check_page(page, ".jp-OutputArea-output", f"voila-vi-{path}")
    # Voila is the projector view: every menu shows its whole choice (issue 16: Vietnamese names are longer)
    assert page.evaluate(_JS_CLIPPED_MENUS, ".jp-OutputArea-output") == [], "a menu cuts its chosen option"
