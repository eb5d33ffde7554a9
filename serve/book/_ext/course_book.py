"""Sphinx extension of the course's book (issue 14): widget scripts served with the site, and lesson-style anchors.

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
    setup(app)
        Drops a repeated inline script (sphinx-thebe's, see _drop_repeated_inline_scripts) from each page, registers
        the copy step (after a successful HTML build) and checks, before building, that npm installed them.
"""

from __future__ import annotations

import shutil
from pathlib import Path

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


def heading_slug(text: str) -> str:
    """A heading's anchor as JupyterLab writes it: spaces become '-', case is kept.

    >>> heading_slug("Contents"), heading_slug("Try it")
    ('Contents', 'Try-it')
    """
    return text.strip().replace(" ", "-")


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
    app.connect("html-page-context", _drop_repeated_inline_scripts, priority=900)
    app.connect("build-finished", _copy_assets)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
