"""Sphinx extension of the course's book: widget scripts served with the site (so a page loads nothing from a CDN),
lesson-style anchors, the notebook-only text left out, a banner saying what the book is, and each edition's pages
in their own language (the theme's words too: Search, Contents, previous / next).

Public names
    heading_slug(text) -> str
        The anchor of a heading as JupyterLab and Voila write it: the heading's text with spaces as '-', case kept
        ("Contents" -> "Contents"). `myst_heading_slug_func` in _config.yml points here, so the lessons' links such as
        `00_welcome.ipynb#Contents` resolve in the book as they do in JupyterLab (Sphinx's own slugs are lowercased).
    WIDGET_ASSETS
        The widget scripts the site serves, as (source, target in the built site): what `npm ci --prefix serve/book`
        installed (html-manager, RequireJS) and _ext/require-config.js. They are copied into the built site's
        `_static/_widgets/` after the build; they never sit in book/_static, whose every .js Jupyter Book injects
        into every page. `nb_ipywidgets_js` in _config.yml loads them only on the pages that show widgets.
    page_language(pagename) -> str
        The language a page is written in: a lesson under lessons/<code>/ (a language with a catalog in
        _ext/locale/) is in <code>, every other page in English.
    banner_html(language, binder_url) -> str
        The banner at the top of each page: a read-only copy, with the command and a Binder link that run the lesson
        live (the page's own Binder link, the one the theme's rocket button opens), in the page's language.
    setup(app)
        Leaves out of each lesson the text that only makes sense in a running notebook (the Run-All note: the same
        metadata.baccarat.notebook_only_text the classroom template hides), puts each page's banner in and its
        language in place (the theme's translations, then ours, _ext/locale/<code>/LC_MESSAGES/book.po), drops a
        repeated inline script (sphinx-thebe's, see _drop_repeated_inline_scripts) from each page, registers
        the copy step (after a successful HTML build) and checks, before building, that npm installed them.
"""

from __future__ import annotations

import gettext
import html
import io
import json
import shutil
from functools import cache
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from sphinx import locale as sphinx_locale
from sphinx.errors import ExtensionError

BOOK_DIR = Path(__file__).resolve().parent.parent
NODE_MODULES = BOOK_DIR / "node_modules"
WIDGET_ASSETS = (
    # html-manager's AMD bundle: the widget models and views (ipywidgets 8 -> html-manager 1.x) and the fonts it
    # loads relative to itself.
    (NODE_MODULES / "@jupyter-widgets" / "html-manager" / "dist", "_static/_widgets/html-manager"),
    (NODE_MODULES / "requirejs" / "require.js", "_static/_widgets/require.js"),
    # Ours, not npm's: tells RequireJS where html-manager sits, so its fonts are found.
    (Path(__file__).resolve().parent / "require-config.js", "_static/_widgets/require-config.js"),
)
NPM_HINT = "run `npm ci --prefix serve/book` (from the course folder) first"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"     # <code>/LC_MESSAGES/book.po: the chrome's own words
BOOK_DOMAIN = "book"
# The command that installs the course and opens a lesson in JupyterLab (the README's); the Vietnamese pages open the
# Vietnamese edition.
LAB_COMMAND = "python3 -m venv .venv && .venv/bin/pip install . && .venv/bin/punto-banco lab"
# Words of the page that come from settings, not from a template's _(): the theme's (the page's table of contents,
# the search box) and _config.yml's (title, author). Each is shown through the page's language (book.po).
CONFIGURED_WORDS = ("theme_toc_title", "theme_search_bar_text", "docstitle", "author")


def heading_slug(text: str) -> str:
    """A heading's anchor as JupyterLab writes it: spaces become '-', case is kept.

    >>> heading_slug("Contents"), heading_slug("Try it")
    ('Contents', 'Try-it')
    """
    return text.strip().replace(" ", "-")


def _book_messages(code: str) -> gettext.NullTranslations:
    """Our catalog for language `code` (compiled in memory with Babel; a translator edits only the .po)."""
    po = LOCALE_DIR / code / "LC_MESSAGES" / f"{BOOK_DOMAIN}.po"
    with open(po, "rb") as source:
        catalog = read_po(source, locale=code)
    compiled = io.BytesIO()
    write_mo(compiled, catalog)      # fuzzy entries left out, as msgfmt does
    compiled.seek(0)
    return gettext.GNUTranslations(compiled)


@cache
def translated_languages() -> frozenset[str]:
    """The languages the book's chrome is translated into: a folder of _ext/locale with our catalog."""
    return frozenset(folder.name for folder in LOCALE_DIR.iterdir()
                     if (folder / "LC_MESSAGES" / f"{BOOK_DOMAIN}.po").is_file())


def page_language(pagename: str) -> str:
    """The language of a page: a lesson in lessons/<code>/ is in <code> when the book has that language's words.

    >>> [page_language(name) for name in ("lessons/vi/04_banker_tableau", "lessons/04_banker_tableau", "search")]
    ['vi', 'en', 'en']
    """
    parts = pagename.split("/")
    if len(parts) == 3 and parts[0] == "lessons" and parts[1] in translated_languages():
        return parts[1]
    return "en"


@cache
def _translations(code: str) -> gettext.NullTranslations:
    """Every catalog of the book's chrome in `code`: ours first, then the themes' and Sphinx's own."""
    import pydata_sphinx_theme
    import sphinx
    import sphinx_book_theme

    chain = _book_messages(code)
    theme_catalogs = (
        ("booktheme", Path(sphinx_book_theme.__file__).parent / "theme" / "sphinx_book_theme" / "static" / "locales"),
        ("sphinx", Path(pydata_sphinx_theme.__file__).parent / "locale"),
        ("sphinx", Path(sphinx.__file__).parent / "locale"),
    )
    for domain, folder in theme_catalogs:
        found = gettext.find(domain, str(folder), [code])
        if found:
            with open(found, "rb") as compiled:
                chain.add_fallback(gettext.GNUTranslations(compiled))
    return chain


class _PageLanguage:
    """The page being written: its language, read by every translation the templates and themes ask for."""

    code = "en"


class _PageTranslations(gettext.NullTranslations):
    """A catalog that answers in the language of the page being written: its English one for an English page."""

    def __init__(self, english: gettext.NullTranslations) -> None:
        super().__init__()
        self.english = english

    def _current(self) -> gettext.NullTranslations:
        return self.english if _PageLanguage.code == "en" else _translations(_PageLanguage.code)

    def gettext(self, message):
        translated = self._current().gettext(message)
        return self.english.gettext(message) if translated == message else translated

    def ngettext(self, singular, plural, n):
        return self._current().ngettext(singular, plural, n)

    def pgettext(self, context, message):
        return self._current().pgettext(context, message)

    def npgettext(self, context, singular, plural, n):
        return self._current().npgettext(context, singular, plural, n)


def _install_page_translations(app) -> None:
    """Put a page-language catalog in place of Sphinx's and the book theme's (the Python side, read when a page's
    context is built) and of the one the templates were given (the Jinja side)."""
    if app.builder.format != "html":
        return
    for key in [key for key in sphinx_locale.translators if key[0] == "general"]:
        english = sphinx_locale.translators[key]
        if not isinstance(english, _PageTranslations):
            sphinx_locale.translators[key] = _PageTranslations(english)
    templates = getattr(app.builder, "templates", None)
    environment = getattr(templates, "environment", None)
    if environment is not None and hasattr(environment, "install_gettext_translations"):
        environment.install_gettext_translations(sphinx_locale.translators["general", "sphinx"])


def _set_page_language(app, pagename, templatename, context, doctree) -> None:
    """First of the page's handlers: every word asked for from here on is in the page's language."""
    _PageLanguage.code = page_language(pagename)
    context["language"] = _PageLanguage.code        # <html lang="...">


def _binder_url(context) -> str | None:
    """The page's Binder link, as the theme's rocket button has it (none on a page that is not a lesson)."""
    for group in context.get("header_buttons", []):
        if group.get("label") == "launch-buttons":
            for button in group.get("buttons", []):
                if button.get("text") == "Binder":
                    return button.get("url")
    return None


def banner_html(language: str, binder_url: str | None) -> str:
    """The banner of a page in `language`: what the book is, and how to run the lesson live.

    >>> banner = banner_html("en", None)
    >>> banner.startswith("This is a <strong>read-only copy</strong> of the course")
    True
    >>> banner.endswith("<code>python3 -m venv .venv &amp;&amp; .venv/bin/pip install . &amp;&amp; "
    ...                 ".venv/bin/punto-banco lab</code>.")
    True
    """
    words = _translations(language).gettext if language != "en" else (lambda message: message)
    command = LAB_COMMAND + ("" if language == "en" else f" --lang {language}")
    code = f"<code>{html.escape(command)}</code>"
    if binder_url is None:
        text = words("This is a <strong>read-only copy</strong> of the course: the plots and widgets show their last "
                     "saved state and do not respond to clicks. To run the lessons live, open them in JupyterLab "
                     "from a clone of the course: {command}.")
        return text.format(command=code)
    badge = (f'<a class="bcl-binder-badge" href="{html.escape(binder_url)}">'
             f'<svg xmlns="http://www.w3.org/2000/svg" width="109" height="20" role="img" '
             f'aria-label="{html.escape(words("launch on Binder"))}" '
             'style="vertical-align:middle"><rect width="64" height="20" rx="3" fill="#555"/>'
             '<rect x="61" width="48" height="20" rx="3" fill="#579aca"/><rect x="61" width="4" height="20" '
             'fill="#579aca"/><g fill="#fff" font-family="Verdana,DejaVu Sans,sans-serif" font-size="11">'
             '<text x="8" y="14">launch</text><text x="67" y="14">binder</text></g></svg></a>')
    text = words("This is a <strong>read-only copy</strong> of the course: the plots and widgets show their last saved "
                 "state and do not respond to clicks. To run this lesson live, open it in JupyterLab from a clone of "
                 "the course: {command}, or on {binder}.")
    return text.format(command=code, binder=badge)


def _page_chrome(app, pagename, templatename, context, doctree) -> None:
    """The banner (after the theme has made the page's Binder link) and the theme's words the course sets."""
    context["theme_announcement"] = banner_html(_PageLanguage.code, _binder_url(context))
    if _PageLanguage.code != "en":
        for key in CONFIGURED_WORDS:
            if isinstance(context.get(key), str):
                context[key] = _translations(_PageLanguage.code).gettext(context[key])


def _drop_notebook_only_text(app, docname, source) -> None:
    """A lesson's notebook-only text (metadata.baccarat.notebook_only_text, written by tools/cell_tags.py: the
    Run-All note) says to run cells, and nothing runs in the book: leave it out, as the classroom template does."""
    if not docname.startswith("lessons/") or not source[0].lstrip().startswith("{"):
        return
    notebook = json.loads(source[0])
    changed = False
    for cell in notebook.get("cells", []):
        hidden = cell.get("metadata", {}).get("baccarat", {}).get("notebook_only_text", [])
        if cell.get("cell_type") != "markdown" or not hidden:
            continue
        text = "".join(cell["source"]) if isinstance(cell["source"], list) else cell["source"]
        for piece in hidden:
            text = text.replace(piece, "")
        cell["source"] = text
        changed = True
    if changed:
        source[0] = json.dumps(notebook, ensure_ascii=False)


def _note_book_files(app, docname, source) -> None:
    """Every page depends on this file and the book's catalogs (its banner and words): an incremental build (the
    tests', a contributor's) rewrites the pages when they change, as it does for a changed lesson."""
    for path in (Path(__file__), *LOCALE_DIR.glob(f"*/LC_MESSAGES/{BOOK_DOMAIN}.po")):
        app.env.note_dependency(str(path))


def _check_assets(app) -> None:
    missing = [str(source.relative_to(BOOK_DIR)) for source, _ in WIDGET_ASSETS if not source.exists()]
    # (only npm's files can be missing)
    if missing and app.builder.format == "html":
        raise ExtensionError(f"the book's widget scripts are missing ({', '.join(missing)}): {NPM_HINT}")


def _copy_assets(app, exception) -> None:
    if exception is not None or app.builder.format != "html":
        return
    out = Path(app.outdir)
    for source, target in WIDGET_ASSETS:
        destination = out / target
        if source.is_dir():
            shutil.copytree(source, destination, dirs_exist_ok=True,
                            ignore=shutil.ignore_patterns("*.map", "embed.js*", "libembed-amd.js"))
        else:
            destination.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, destination)


def _drop_repeated_inline_scripts(app, pagename, templatename, context, doctree) -> None:
    """sphinx-thebe 0.3.1 (pulled in by Jupyter Book 1) adds its `const THEBE_JS_URL = ...` script twice here, and the
    second copy throws "Identifier 'THEBE_JS_URL' has already been declared" on every page: keep only the first."""
    scripts, seen = context.get("script_files"), set()
    if not scripts:
        return
    kept = []
    for script in scripts:
        body = getattr(script, "attributes", {}).get("body") if not getattr(script, "filename", None) else None
        if body:
            if body in seen:
                continue
            seen.add(body)
        kept.append(script)
    scripts[:] = kept


def setup(app):
    app.connect("builder-inited", _check_assets)
    app.connect("builder-inited", _install_page_translations)
    app.connect("source-read", _drop_notebook_only_text)
    app.connect("source-read", _note_book_files)
    app.connect("html-page-context", _set_page_language, priority=1)
    app.connect("html-page-context", _page_chrome, priority=510)     # after the book theme's launch buttons (501)
    app.connect("html-page-context", _drop_repeated_inline_scripts, priority=900)
    app.connect("build-finished", _copy_assets)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
