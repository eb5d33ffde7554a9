"""A Chromium that does only what the page asks: for the tests that open many pages (the slide walk, the book).

    launch(playwright_api, **options) -> Browser
        conftest.py's Chromium (its path and arguments) without its address bar's drop-down (below); `options` go to
        Playwright's launch (e.g. ignore_default_args).
    at_rest(context)
        Every CSS animation and transition off in the context's pages, for checks of a page at rest.
    show(page, shown)
        Minimize the page's window (shown=False), or bring it back: a minimized page draws no frames while it loads.

Measured on a 2-core machine (CPU of every Chromium process, from /proc): Chromium 156 preloads its address bar's
drop-down, a page of its own (chrome://omnibox-popup.top-chrome), for each window, and every Playwright page is a
window; opening a page took 1.1 CPU-s with it and 0.4 without, and each navigation 0.26 and 0.14. No test types into
an address bar, so nothing a test checks changes. A page that waits with something moving on it (a lesson running
while the walk checks another) draws every frame: 0.07 CPU-s a second per slide page, 0.01 when still. A slide page
drew about a third of its loading CPU as frames while Voila streamed its cells (3.3 CPU-s a lesson shown, 2.3
minimized); its viewport stays the emulated one, so once shown again it lays out as before.
"""

from __future__ import annotations

from .conftest import CHROMIUM, CHROMIUM_ARGS

NO_ADDRESS_BAR_POPUP = "--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup"

_JS_AT_REST = """(() => { const sheet = new CSSStyleSheet();
  sheet.replaceSync('*, *::before, *::after { animation: none !important; transition: none !important; }');
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet]; })()"""


def launch(playwright_api, **options):
    """A headless Chromium as conftest.py's `browser`, without the address bar's drop-down page."""
    return playwright_api.chromium.launch(executable_path=CHROMIUM, args=[*CHROMIUM_ARGS, NO_ADDRESS_BAR_POPUP],
                                          **options)


def at_rest(context) -> None:
    """Turn every CSS animation and transition off in the pages of `context` (an adopted style sheet, put in by an init
    script before the page's own: it wins with !important)."""
    context.add_init_script(_JS_AT_REST)


def show(page, shown: bool = True) -> None:
    """Minimize the window of `page` (shown=False), e.g. while it loads a lesson no one looks at yet, or show it again
    (Chromium's Browser.setWindowBounds; the page's emulated viewport does not change)."""
    session = page.context.new_cdp_session(page)
    try:
        window = session.send("Browser.getWindowForTarget")["windowId"]
        session.send("Browser.setWindowBounds",
                     {"windowId": window, "bounds": {"windowState": "normal" if shown else "minimized"}})
    finally:
        session.detach()
