"""The Vietnamese edition, lessons/vi/: every lesson has a twin with the same cells and the
same code (only its language line differs), prose in Vietnamese, and its own navigation with a link to English.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
import navigation  # noqa: E402

ENGLISH = navigation.lessons()
VI_DIR = ROOT / "lessons" / "vi"
LANGUAGE_LINE = 'from baccarat_lib import set_language; set_language("vi")'
# Letters only Vietnamese uses (of the ones with diacritics): prose without any is not Vietnamese.
VIETNAMESE_LETTERS = re.compile(r"[ăâđêôơưạảấầẩẫậắằẳẵặẹẻẽếềểễệỉịọỏốồổỗộớờởỡợụủứừửữựỳỵỷỹ]", re.I)


def _cells(path):
    return json.loads(path.read_text(encoding="utf-8"))["cells"]


def _tags(cell):
    return set(cell.get("metadata", {}).get("tags", []))


def test_every_lesson_has_a_vietnamese_twin():
    assert [path.name for path in navigation.lessons(VI_DIR)] == [path.name for path in ENGLISH]


@pytest.mark.parametrize("english", ENGLISH, ids=lambda p: p.stem)
def test_same_cells_and_same_code_but_the_language_line(english):
    vietnamese = VI_DIR / english.name
    en_cells, vi_cells = _cells(english), _cells(vietnamese)
    assert [cell["cell_type"] for cell in vi_cells] == [cell["cell_type"] for cell in en_cells]
    assert [_tags(cell) for cell in vi_cells] == [_tags(cell) for cell in en_cells]
    en_code = ["".join(cell["source"]) for cell in en_cells if cell["cell_type"] == "code"]
    vi_code = ["".join(cell["source"]) for cell in vi_cells if cell["cell_type"] == "code"]
    first, *rest = vi_code[0].split("\n", 1)
    assert first == LANGUAGE_LINE, "the first code cell of a Vietnamese lesson starts with its language line"
    assert ["".join(rest)] + vi_code[1:] == en_code, "a Vietnamese lesson runs the same code as its English twin"


@pytest.mark.parametrize("english", ENGLISH, ids=lambda p: p.stem)
def test_prose_is_translated(english):
    en_cells, vi_cells = _cells(english), _cells(VI_DIR / english.name)
    pairs = [(en, vi) for en, vi in zip(en_cells, vi_cells)
             if en["cell_type"] == "markdown" and not _tags(en) & {"navigation", "contents"}]
    untranslated = ["".join(en["source"])[:60] for en, vi in pairs
                    if "".join(en["source"]) == "".join(vi["source"])
                    or not VIETNAMESE_LETTERS.search("".join(vi["source"]))]
    assert not untranslated, f"markdown cells left in English: {untranslated}"


def test_navigation_links_the_two_editions():
    for english in ENGLISH:
        en_bar = "".join(_cells(english)[0]["source"])
        vi_bar = "".join(_cells(VI_DIR / english.name)[0]["source"])
        assert f"[Tiếng Việt](vi/{english.name})" in en_bar
        assert f"[English](../{english.name})" in vi_bar
        assert "[Mục lục](00_welcome.ipynb#Mục-lục)" in vi_bar
