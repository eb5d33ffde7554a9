"""The language the course speaks: English by default, Vietnamese with one line, ``set_language("vi")``.

Every sentence the library shows goes through ``_()`` (standard gettext). The translations are ordinary ``.po``
files, one catalog (gettext *domain*) per layer, so a translator works with any PO editor and each layer's
strings sit next to its code:

    baccarat_lib/locale/<domain>.pot                  the English messages, extracted from the code
    baccarat_lib/locale/vi/LC_MESSAGES/<domain>.po     their Vietnamese translations

``python tools/translations.py update`` extracts the messages with Babel and merges them into each ``.po``;
``python tools/translations.py compile`` writes the ``.mo`` files gettext reads. Without a ``.mo`` (a fresh
clone), or when a ``.po`` is newer than its ``.mo``, the ``.po`` is compiled here, in memory, on first use, so a
translator's edit shows up at the next kernel restart with no build step.

The language is one per kernel: a notebook's ``set_language("vi")`` cell chooses it for every widget and
explanation that notebook shows afterwards. Numbers follow it too (see ``number_symbols``): English writes
``24,000`` and ``9.5``, Vietnamese ``24.000`` and ``9,5``.

Lessons' code cells use ``tr`` and ``say`` rather than ``_``, which IPython keeps for the last result.

>>> _("Player"), language()
('Player', 'en')
>>> with using_language("vi"):
...     number_symbols()
(',', '.')
>>> fold("  Nhà Cái "), fold("Hòa"), fold("Đứng")
('nha cai', 'hoa', 'dung')
"""

from __future__ import annotations

import contextlib
import functools
import gettext
import io
import unicodedata
from pathlib import Path

from .errors import BaccaratError, _install_translator, shown

__all__ = ["LANGUAGES", "DOMAINS", "LOCALE_DIR", "set_language", "language", "_", "ngettext", "N_", "tr", "say",
           "number_symbols", "fold", "using_language", "translations"]

LANGUAGES = {"en": "English", "vi": "Tiếng Việt"}
# One gettext domain per layer of the library (the folder a module sits in; the base modules are "base";
# views/widgets/ has its own), one for the sentences the lessons' code cells print ("lessons"), and one for the
# JupyterHub class view's pages (serve/hub/class_view.py, "hub").
DOMAINS = ("base", "game", "analysis", "progress", "teaching", "views", "widgets", "lessons", "hub")
LOCALE_DIR = Path(__file__).resolve().parent / "locale"

_current = "en"


def set_language(code: str) -> None:
    """Speak ``code`` ("en" or "vi") from now on in this kernel: widgets, explanations, errors and numbers.

    >>> set_language("vi"); language(); set_language("en")
    'vi'
    """
    global _current
    if not isinstance(code, str) or code.strip().lower() not in LANGUAGES:
        accepted = ", ".join(f'"{key}" ({name})' for key, name in LANGUAGES.items())
        raise BaccaratError(_("code must be one of {accepted}, not {given}").format(accepted=accepted,
                                                                                      given=shown(code)))
    code = code.strip().lower()
    translations(code)                                   # compile the catalogs now, not in the middle of a widget
    _current = code


def language() -> str:
    """The current language's code, "en" unless ``set_language`` chose another."""
    return _current


@contextlib.contextmanager
def using_language(code: str):
    """Speak ``code`` inside the ``with`` block, then go back to the language before it."""
    before = _current
    set_language(code)
    try:
        yield
    finally:
        set_language(before)


def _(message: str) -> str:
    """``message`` in the current language (itself in English, or where a translation is missing)."""
    return message if _current == "en" else translations(_current).gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The singular or plural form of a message for ``n``, in the current language."""
    if _current == "en":
        return singular if n == 1 else plural
    return translations(_current).ngettext(singular, plural, n)


def tr(message: str, **values) -> str:
    """``message`` translated, then its ``{fields}`` filled from ``values``.

    >>> tr("Player has {total}: {decision}", total=5, decision=tr("draw"))
    'Player has 5: draw'
    """
    return _(message).format(**values) if values else _(message)


def say(message: str, **values) -> None:
    """Print ``tr(message, **values)``: a lesson's printed sentence, in the notebook's language."""
    print(tr(message, **values))


def N_(message: str) -> str:
    """Mark ``message`` for translation without translating it now (it is data; ``_()`` it where shown)."""
    return message


def number_symbols() -> tuple[str, str]:
    """(decimal mark, thousands separator) of the current language, from Babel's CLDR data."""
    return _number_symbols(_current)


@functools.lru_cache(maxsize=None)
def _number_symbols(code: str) -> tuple[str, str]:
    if code == "en":
        return ".", ","
    from babel.numbers import get_decimal_symbol, get_group_symbol
    return get_decimal_symbol(code), get_group_symbol(code)            # a course language's code is Babel's locale


def fold(text: str) -> str:
    """Lower case, no diacritics, single spaces: how typed words are compared ("Không rút" == "khong rut")."""
    decomposed = unicodedata.normalize("NFD", str(text).replace("đ", "d").replace("Đ", "D"))
    plain = "".join(char for char in decomposed if not unicodedata.combining(char))
    return " ".join(plain.lower().split())


@functools.lru_cache(maxsize=None)
def translations(code: str) -> gettext.NullTranslations:
    """Every domain's catalog for ``code``, chained: a message is looked up in each layer's catalog in turn."""
    chain = gettext.NullTranslations()
    if code == "en":
        return chain
    for domain in DOMAINS:
        catalog = _domain_translations(code, domain)
        if catalog is not None:
            chain.add_fallback(catalog)
    return chain


def _domain_translations(code: str, domain: str) -> gettext.GNUTranslations | None:
    """One domain's catalog: its ``.mo`` if it is at least as new as its ``.po``, else the ``.po`` compiled now."""
    folder = LOCALE_DIR / code / "LC_MESSAGES"
    po, mo = folder / f"{domain}.po", folder / f"{domain}.mo"
    if mo.exists() and (not po.exists() or mo.stat().st_mtime >= po.stat().st_mtime):
        with mo.open("rb") as file:
            return gettext.GNUTranslations(file)
    if not po.exists():
        return None
    return gettext.GNUTranslations(io.BytesIO(compile_po(po)))


def compile_po(po: Path) -> bytes:
    """A ``.po`` file compiled to ``.mo`` bytes with Babel (fuzzy and empty translations left out)."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po
    with Path(po).open("rb") as file:
        catalog = read_po(file)
    buffer = io.BytesIO()
    write_mo(buffer, catalog, use_fuzzy=False)
    return buffer.getvalue()


_install_translator(_)   # errors.py, below this module, translates its messages through _ too
