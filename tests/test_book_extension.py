"""The book's Sphinx extension (serve/book/_ext/course_book.py) and its Vietnamese words, without building the book.

Its doctests (a page's language, the banner), and its catalog: every message translated, with the same {placeholders}
as the English. Needs the book extra (Sphinx, Babel); skipped without it, as the book's browser tests are.
"""

import doctest
import importlib.util
import re
from pathlib import Path

import pytest

pytest.importorskip("sphinx", reason='the book needs Jupyter Book: pip install -e ".[book]"')
pytest.importorskip("sphinx_book_theme", reason='the book needs Jupyter Book: pip install -e ".[book]"')
from babel.messages.pofile import read_po  # noqa: E402  (Sphinx depends on Babel)

EXTENSION = Path(__file__).resolve().parents[1] / "serve" / "book" / "_ext" / "course_book.py"
CATALOG = EXTENSION.parent / "locale" / "vi" / "LC_MESSAGES" / "book.po"


def _extension():
    spec = importlib.util.spec_from_file_location("course_book", EXTENSION)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_extensions_doctests_pass():
    result = doctest.testmod(_extension())
    assert result.attempted >= 3 and result.failed == 0, result


def test_every_vietnamese_word_of_the_book_is_translated_with_its_placeholders():
    with open(CATALOG, "rb") as source:
        catalog = read_po(source, locale="vi")
    messages = [message for message in catalog if message.id]
    assert len(messages) >= 20
    for message in messages:
        assert message.string and not message.fuzzy, f"untranslated: {message.id!r}"
        assert re.findall(r"{\w+}", message.id) == re.findall(r"{\w+}", message.string), message.id


def test_the_vietnamese_banner_keeps_the_command_and_the_lessons_binder_link():
    book = _extension()
    link = "https://mybinder.org/v2/gh/o/r/HEAD?urlpath=lab/tree/lessons/vi/04_banker_tableau.ipynb"
    banner = book.banner_html("vi", link)
    assert "bản chỉ đọc" in banner and "read-only" not in banner
    assert "punto-banco lab --lang vi</code>" in banner
    assert f'href="{link}"' in banner
    assert "punto-banco lab</code>" in book.banner_html("en", link)    # the English edition opens in English
