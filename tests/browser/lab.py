"""Helpers for real-browser tests of the course notebooks in JupyterLab and Voila.

Every helper takes the Playwright `page` first. Notebook paths are relative to the repo root
("lessons/05_a_whole_coup.ipynb"). Timeouts are in seconds (`timeout_s`).

Layout
    layout_problems(page) -> list[str]; assert_layout_ok(page)
        Outputs overflowing sideways, widget controls outside their output area, clipped controls.

JupyterLab
    open_notebook(page, base_url, path, *, timeout_s=60, show_sidebar=False, in_place=False) -> Locator
        Open the notebook with ?reset; wait for its panel and an idle kernel. With in_place, a page that
        shows that JupyterLab already opens it in place of its documents, without booting JupyterLab again.
    run_all(page, *, timeout_s=300) -> bool
        Run all cells; wait until every cell finished (kernel idle, no [*] prompt) and every
        widget output rendered. False if a cell raised (JupyterLab stops run-all there).
    open_and_run_all(page, base_url, path, *, timeout_s=300, show_sidebar=False, in_place=False) -> Locator
        Both of the above; returns notebook(page).
    cell(page, index) -> Locator              the index-th cell (0-based, notebook order)
    cell_index(page, text) -> int             index of the first cell whose source contains text
    cell_by_text(page, text) -> Locator       cell(page, cell_index(page, text))

Voila
    open_voila(page, base_url, path, *, timeout_s=180) -> Locator
        Open /voila/render/<path>; wait until it executed and every widget rendered.
    start_voila_page(page, base_url, path, *, timeout_s=180), wait_for_voila_page(page, path, *, timeout_s=180)
        The two halves of open_voila, so that several pages' kernels can run at once.

Both (the page remembers whether it shows JupyterLab or Voila)
    notebook(page) -> Locator                 the notebook panel, or Voila's rendered cells
    wait_idle(page, *, timeout_s=60)          kernel idle and, in JupyterLab, no [*] prompt
    wait_for_widgets(page, *, timeout_s=60)   every widget output rendered (or failed visibly)
    kernel_roundtrip(page, *, timeout_s=30)   context manager around a click or key press:
                                              on exit, waits until the kernel handled it
    errors(page, *, allow_stderr=False) -> list[str]
        Problems seen since the page opened: cell errors, exceptions in widget callbacks
        (also those shown inside an Output widget), outputs that failed to render ("Error
        displaying widget", "Javascript Error:"), and stderr output unless allow_stderr.
    assert_no_errors(page, *, allow_stderr=False)   AssertionError listing errors(page)
    screenshot(page, name, *, full_page=False) -> Path
        Saves test-artifacts/screenshots/<name>.png.

Files and Playwright
    local_only_context(browser, origin, blocked, viewport) -> BrowserContext
        Pages reach only `origin`; other requests are aborted and listed in `blocked`; Voila's spinner is still.
    still_spinner(context)                    Voila's loading spinner kept still in the context's pages (CPU)
    record_requests(page_or_context) -> list[str]
        The URL of every request made from then on (Playwright's "request" event, which also fires for a request
        that a route then aborts); `off_machine(urls)` keeps those to a host other than 127.0.0.1 / localhost.
    write_notebook(path, cells) -> Path       cells: code strings, or ("markdown", text)
    expect(locator_or_page)                   playwright.sync_api.expect, imported on first
                                              use, so test modules import without Playwright
                                              (the tests then skip instead of erroring)
    REPO_ROOT, ARTIFACTS, SCREENSHOTS
"""

from __future__ import annotations

import os
import re
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Iterable, Iterator
from urllib.parse import quote, urlsplit

if TYPE_CHECKING:
    from playwright.sync_api import Locator, Page

REPO_ROOT = Path(__file__).resolve().parents[2]
# Run in several processes (pytest-xdist), each process writes its servers' logs and its screenshots in a folder of its
# own, test-artifacts/<worker>: two classroom servers writing one log file overwrote each other's lines.
ARTIFACTS = REPO_ROOT / "test-artifacts" / os.environ.get("PYTEST_XDIST_WORKER", "")
SCREENSHOTS = ARTIFACTS / "screenshots"

KERNEL_TIMEOUT_S = 60.0
RUN_TIMEOUT_S = 300.0
ACTION_TIMEOUT_S = 30.0

LAB_PANEL = ".jp-NotebookPanel:not(.lm-mod-hidden)"
VOILA_CELLS = "#rendered_cells"
# Shown instead of an output the front end failed to render (widget model missing, JS error).
RENDER_ERROR_TEXTS = ("Error displaying widget", "Javascript Error:")

# --- JavaScript run in the page ------------------------------------------------------------

# Installs window.__bacc: counts the requests the page sends the kernel and keeps those not yet
# answered (a request is answered when the kernel goes idle on its behalf), and records every error
# and stderr message on the kernel's iopub channel (cell errors, and exceptions in widget
# callbacks, which JupyterLab only shows in its log console and Voila shows nowhere).
_JS_INSTALL_PROBE = """async ([mode, path]) => {
  if (window.__bacc) return window.__bacc.hooked;
  const s = window.__bacc = {mode, path, hooked: false, sent: 0, unanswered: new Set(), errors: [],
                             stderr: [], panel: null, runAll: null, kernelStatus: () => 'unknown'};
  const onIopub = (_, msg) => {
    const type = msg.header.msg_type;
    const parent = (msg.parent_header && msg.parent_header.msg_type) || '';
    if (type === 'status' && msg.content.execution_state === 'idle') {
      s.unanswered.delete(msg.parent_header && msg.parent_header.msg_id);
    } else if (type === 'error') {
      s.errors.push({ename: msg.content.ename, evalue: msg.content.evalue, parent,
                     traceback: (msg.content.traceback || []).join('\\n')});
    } else if (type === 'stream' && msg.content.name === 'stderr') {
      s.stderr.push({text: msg.content.text, parent});
    }
  };
  const onSent = (_, {msg, direction}) => {
    if (direction === 'send' && msg.channel === 'shell') { s.sent += 1; s.unanswered.add(msg.header.msg_id); }
  };
  // A restarted or dead kernel never answers what it was sent.
  const onStatus = (_, status) => { if (/restarting|dead/.test(status)) s.unanswered.clear(); };
  if (mode === 'lab') {
    const panel = window.jupyterapp.shell.currentWidget;
    const ctx = panel.sessionContext;
    s.panel = panel;
    ctx.iopubMessage.connect(onIopub);
    ctx.statusChanged.connect(onStatus);
    ctx.session.kernel.anyMessage.connect(onSent);
    ctx.kernelChanged.connect((_, change) => { if (change.newValue) change.newValue.anyMessage.connect(onSent); });
    s.kernelStatus = () => (ctx.session && ctx.session.kernel) ? ctx.session.kernel.status : 'none';
    s.hooked = true;
  } else {
    // Voila has no public handle on its kernel; its widget manager holds one.
    const pending = window.jupyterapp && window.jupyterapp._widgetManagerPromise;
    const timeout = new Promise(resolve => setTimeout(() => resolve(null), 15000));
    const manager = pending ? await Promise.race([pending.promise || pending, timeout]) : null;
    const kernel = manager && manager.kernel;
    if (kernel) {
      kernel.iopubMessage.connect(onIopub);
      kernel.statusChanged.connect(onStatus);
      kernel.anyMessage.connect(onSent);
      s.kernelStatus = () => kernel.status;
      s.hooked = true;
    }
  }
  return s.hooked;
}"""

_JS_LAB_READY = """(path) => {
  const app = window.jupyterapp;
  const w = app && app.shell && app.shell.currentWidget;
  if (!w || !w.context || w.context.path !== path || !w.context.isReady) return false;
  if (!w.node.classList.contains('jp-NotebookPanel') || !w.isVisible) return false;
  const k = w.sessionContext && w.sessionContext.session && w.sessionContext.session.kernel;
  return !!k && k.status === 'idle' && k.connectionStatus === 'connected';
}"""

# In a page that shows this JupyterLab already: open the notebook in it, then dispose of every other main-area widget
# (the last visit's notebook, unsaved, asks nothing when disposed of; a launcher), and forget the last probe. The file
# browser goes to the notebook's folder and selects it, as when JupyterLab boots on the notebook's URL.
_JS_OPEN_IN_PLACE = """async (path) => {
  const app = window.jupyterapp;
  delete window.__bacc;
  const widget = await app.commands.execute('docmanager:open', {path, factory: 'Notebook'});
  for (const other of [...app.shell.widgets('main')]) if (other !== widget) other.dispose();
  app.shell.activateById(widget.id);
  await app.commands.execute('filebrowser:go-to-path', {path, dontShowBrowser: true});   // its folder, it selected
}"""

_JS_RUN_ALL = """() => {
  const s = window.__bacc;
  s.runAll = null;
  window.jupyterapp.shell.activateById(s.panel.id);
  window.jupyterapp.commands.execute('notebook:run-all-cells').then(
    ok => { s.runAll = {ok: ok !== false}; },
    err => { s.runAll = {ok: false, error: String(err)}; });
}"""

_JS_IDLE = """() => {
  const s = window.__bacc;
  if (!s) return false;
  if (s.hooked && s.kernelStatus() !== 'idle') return false;
  if (s.mode === 'lab') {
    for (const p of s.panel.node.querySelectorAll('.jp-InputPrompt')) {
      if (p.textContent.includes('*')) return false;
    }
  }
  return true;
}"""

# The interaction sent the kernel at least one request, and every request sent so far is answered: the kernel going
# idle is not enough, since that may answer an earlier request (Voila's widget manager closes its state-loading comm
# as the widgets render) while the interaction's own request is still on its way.
_JS_AFTER_ROUNDTRIP = """(before) => window.__bacc.sent > before && window.__bacc.unanswered.size === 0
  && window.__bacc.kernelStatus() === 'idle'"""

# Top-level outputs of every cell (not the outputs nested inside Output widgets).
_TOP_OUTPUTS = ".jp-Cell-outputArea > .jp-OutputArea-child > .jp-OutputArea-output"

_JS_LAB_WIDGETS = """([topOutputs, errorTexts]) => {
  const panel = window.__bacc.panel;
  const cells = panel.content.model.cells;
  let expected = 0;
  for (let i = 0; i < cells.length; i++) {
    const c = cells.get(i);
    if (c.type !== 'code') continue;
    for (let j = 0; j < c.outputs.length; j++) {
      const data = c.outputs.get(j).data;
      if (data && data['application/vnd.jupyter.widget-view+json']) expected += 1;
    }
  }
  let rendered = 0;
  for (const el of panel.node.querySelectorAll(topOutputs)) {
    if (el.querySelector('.jupyter-widgets')
        || errorTexts.some(t => el.textContent.includes(t))) rendered += 1;
  }
  return {expected, rendered};
}"""

_JS_VOILA_READY = """() => {
  if (document.readyState !== 'complete') return false;
  if (document.getElementById('loading')) return false;
  if (!document.getElementById('rendered_cells')) return false;
  return !document.querySelector('script[type="application/vnd.voila.cell-output+json"]');
}"""

# Voila: static outputs carry data-mime-type; a widget output is rendered once it holds a
# widget (or an error). "Loading widget..." (e.g. a widget whose model is gone) never is.
_JS_VOILA_WIDGETS = """([topOutputs, errorTexts]) => {
  const outputs = Array.from(document.querySelectorAll('#rendered_cells ' + topOutputs));
  const pending = outputs.filter(el => !el.hasAttribute('data-mime-type')
    && !el.querySelector('.jupyter-widgets') && !errorTexts.some(t => el.textContent.includes(t)));
  return pending.map(el => el.textContent.trim().slice(0, 80));
}"""

_JS_LAB_CELL_ERRORS = """() => {
  const cells = window.__bacc.panel.content.model.cells;
  const found = [];
  for (let i = 0; i < cells.length; i++) {
    const c = cells.get(i);
    if (c.type !== 'code') continue;
    for (let j = 0; j < c.outputs.length; j++) {
      const o = c.outputs.get(j).toJSON();
      if (o.output_type === 'error') {
        found.push({cell: i, source: c.sharedModel.getSource().split('\\n')[0].slice(0, 80),
                    ename: o.ename, evalue: o.evalue});
      }
    }
  }
  return found;
}"""

_JS_PAGE_PROBLEMS = """([root, topOutputs, errorTexts]) => {
  const s = window.__bacc || {errors: [], stderr: []};
  const container = s.mode === 'lab' ? s.panel.node : document.querySelector(root);
  const widgetErrors = [];
  const stderrBlocks = [];  // Voila renders cell errors and stderr alike, on the server
  for (const el of (container ? container.querySelectorAll(topOutputs) : [])) {
    const text = el.textContent;
    if (errorTexts.some(t => text.includes(t))) widgetErrors.push(text.trim().slice(0, 200));
    if (s.mode === 'voila' && el.matches('[data-mime-type="application/vnd.jupyter.stderr"]')) {
      const cell = el.closest('[cell-index]');  // 1-based in Voila's template
      stderrBlocks.push({cell: cell ? Number(cell.getAttribute('cell-index')) - 1 : '?', text});
    }
  }
  return {errors: s.errors, stderr: s.stderr, widgetErrors, stderrBlocks};
}"""

_JS_DIAGNOSTICS = """() => {
  const s = window.__bacc;
  const dialogs = Array.from(document.querySelectorAll('.jp-Dialog')).map(d => d.innerText.trim());
  return {url: location.href, kernel: s ? s.kernelStatus() : 'no probe', dialogs};
}"""

_ANSI = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")
# Kernel log lines on stderr that belong to no request and mean nothing for the lesson:
# Voila's widget manager sometimes messages a comm the kernel already closed.
_BENIGN_STDERR = re.compile(
    r"^No such comm: \S+$|^No such comm target registered: jupyter\.widget\.control$")
# ...and JupyterLab's widget manager, on connecting to a fresh kernel, opens a
# "jupyter.widget.control" comm to fetch widget state; before the lesson imported ipywidgets the
# kernel refuses it (and logs the manager's request on it), sometimes after the probe is hooked.
_BENIGN_STDERR_PARENTS = ("", "comm_open", "comm_msg", "comm_close")


# --- JupyterLab ----------------------------------------------------------------------------

def open_notebook(page: Page, base_url: str, path: str, *, timeout_s: float = KERNEL_TIMEOUT_S,
                  show_sidebar: bool = False, in_place: bool = False) -> Locator:
    """Open `path` in JupyterLab (?reset: no stale workspace) and wait for an idle kernel.

    With in_place, a page that shows that JupyterLab already (JupyterLab boots in about 10 s on a loaded 2-core
    machine) opens `path` in it, in place of every other document there (disposed of: not saved, no dialog; their
    kernels keep running until shut down). The left sidebar (file browser) is collapsed unless show_sidebar, so
    screenshots show the lesson at full width.
    """
    base_url = base_url.rstrip("/")
    found = page.request.get(f"{base_url}/api/contents/{quote(path)}?content=0")
    if not found.ok:
        raise AssertionError(f"JupyterLab cannot open {path}: HTTP {found.status} "
                             "(paths are relative to the repo root)")
    in_place = in_place and page.url.startswith(f"{base_url}/lab") and page.evaluate(
        "() => !!(window.jupyterapp && window.jupyterapp.shell)")
    if in_place:
        page.evaluate(_JS_OPEN_IN_PLACE, path)
    else:
        page.goto(f"{base_url}/lab/tree/{quote(path)}?reset", timeout=timeout_s * 1000)
    _wait_for(page, _JS_LAB_READY, f"JupyterLab to open {path} with an idle kernel",
              timeout_s, arg=path)
    page.evaluate(_JS_INSTALL_PROBE, ["lab", path])
    if not show_sidebar:
        page.evaluate("() => window.jupyterapp.shell.collapseLeft()")
    elif in_place:
        page.evaluate("() => window.jupyterapp.shell.expandLeft()")
    return page.locator(LAB_PANEL)


def run_all(page: Page, *, timeout_s: float = RUN_TIMEOUT_S) -> bool:
    """Run all cells and wait until they finished and their widgets rendered.

    Returns False if a cell raised; assert_no_errors(page) then says which.
    """
    page.evaluate(_JS_RUN_ALL)
    _wait_for(page, "() => window.__bacc.runAll !== null", "run-all-cells to finish", timeout_s)
    result = page.evaluate("() => window.__bacc.runAll")
    if "error" in result:
        raise AssertionError(f"notebook:run-all-cells failed: {result['error']}")
    # Widgets render within seconds of the last cell; do not wait long if they never will.
    wait_idle(page, timeout_s=min(timeout_s, KERNEL_TIMEOUT_S))
    wait_for_widgets(page, timeout_s=min(timeout_s, KERNEL_TIMEOUT_S))
    return result["ok"]


def open_and_run_all(page: Page, base_url: str, path: str, *, timeout_s: float = RUN_TIMEOUT_S,
                     show_sidebar: bool = False, in_place: bool = False) -> Locator:
    """open_notebook then run_all; returns the notebook panel locator."""
    panel = open_notebook(page, base_url, path, timeout_s=min(timeout_s, KERNEL_TIMEOUT_S),
                          show_sidebar=show_sidebar, in_place=in_place)
    run_all(page, timeout_s=timeout_s)
    return panel


def cell(page: Page, index: int) -> Locator:
    """The index-th cell (0-based) of the open notebook."""
    return page.locator(f"{LAB_PANEL} .jp-Cell").nth(index)


def cell_index(page: Page, text: str) -> int:
    """Index of the first cell whose source contains `text`; LookupError if none."""
    index = page.evaluate(
        """(text) => {
          const cells = window.__bacc.panel.content.model.cells;
          for (let i = 0; i < cells.length; i++) {
            if (cells.get(i).sharedModel.getSource().includes(text)) return i;
          }
          return -1;
        }""",
        text,
    )
    if index < 0:
        raise LookupError(f"no cell contains {text!r}")
    return index


def cell_by_text(page: Page, text: str) -> Locator:
    """The first cell whose source contains `text`."""
    return cell(page, cell_index(page, text))


# --- Voila ---------------------------------------------------------------------------------

def open_voila(page: Page, base_url: str, path: str, *,
               timeout_s: float = 180.0) -> Locator:
    """Open `path` in Voila; wait until it executed and every output and widget rendered.

    Voila runs the whole notebook before the page shows (and stops at the first error),
    so timeout_s covers the execution of every cell.
    """
    start_voila_page(page, base_url, path, timeout_s=timeout_s)
    return wait_for_voila_page(page, path, timeout_s=timeout_s)


def start_voila_page(page: Page, base_url: str, path: str, *, timeout_s: float = 180.0) -> None:
    """Ask Voila for `path` and return as soon as it answers (its kernel runs the notebook meanwhile), so that
    several pages can be executing at once; wait_for_voila_page then waits for one."""
    response = page.goto(f"{base_url.rstrip('/')}/voila/render/{quote(path)}",
                         wait_until="commit", timeout=timeout_s * 1000)
    if response is not None and not response.ok:
        raise AssertionError(f"Voila cannot open {path}: HTTP {response.status} "
                             "(paths are relative to the repo root)")


def wait_for_voila_page(page: Page, path: str, *, timeout_s: float = 180.0) -> Locator:
    """Wait until the Voila page of `path` (start_voila_page) executed and every output and widget rendered."""
    _wait_for(page, _JS_VOILA_READY, f"Voila to execute and show {path}", timeout_s)
    page.evaluate(_JS_INSTALL_PROBE, ["voila", path])
    wait_for_widgets(page)
    return page.locator(VOILA_CELLS)


# --- Both ----------------------------------------------------------------------------------

def notebook(page: Page) -> Locator:
    """The open notebook: JupyterLab's visible notebook panel, or Voila's rendered cells."""
    return page.locator(VOILA_CELLS if _mode(page) == "voila" else LAB_PANEL)


def wait_idle(page: Page, *, timeout_s: float = KERNEL_TIMEOUT_S) -> None:
    """Wait until the kernel is idle and (JupyterLab) no cell shows a [*] prompt."""
    _wait_for(page, _JS_IDLE, "an idle kernel and no [*] prompt", timeout_s)


def wait_for_widgets(page: Page, *, timeout_s: float = KERNEL_TIMEOUT_S) -> None:
    """Wait until every widget output is rendered (or shows "Error displaying widget")."""
    args = [_TOP_OUTPUTS, list(RENDER_ERROR_TEXTS)]
    if _mode(page) == "voila":
        check = f"(args) => ({_JS_VOILA_WIDGETS})(args).length === 0"
        try:
            _wait_for(page, check, "Voila widgets to render", timeout_s, arg=args)
        except AssertionError as error:
            pending = page.evaluate(_JS_VOILA_WIDGETS, args)
            raise AssertionError(
                f"{error}\n{len(pending)} widget output(s) never rendered: {pending}. "
                '"Loading widget..." that stays means the widget\'s model is missing '
                "(JupyterLab would say Error displaying widget)."
            ) from None
        return
    check = f"(args) => {{ const c = ({_JS_LAB_WIDGETS})(args); return c.rendered >= c.expected; }}"
    try:
        _wait_for(page, check, "widget outputs to render", timeout_s, arg=args)
    except AssertionError as error:
        counts = page.evaluate(_JS_LAB_WIDGETS, args)
        raise AssertionError(
            f"{error}\n{counts['rendered']} of {counts['expected']} widget outputs rendered. "
            "Text like IntSlider(value=...) instead of a widget means jupyterlab_widgets is "
            "missing from the JupyterLab environment."
        ) from None


@contextmanager
def kernel_roundtrip(page: Page, *, timeout_s: float = ACTION_TIMEOUT_S) -> Iterator[None]:
    """Wrap an interaction that talks to the kernel; on exit wait until it was handled.

        with kernel_roundtrip(page):
            page.get_by_role("button", name="Deal").click()
    """
    before = page.evaluate("() => { const s = window.__bacc; return s && s.hooked ? s.sent : -1; }")
    if before < 0:
        raise RuntimeError("no kernel probe on this page: open it with open_notebook, "
                           "open_and_run_all or open_voila first")
    yield
    _wait_for(page, _JS_AFTER_ROUNDTRIP,
              "the kernel to handle the interaction (did it reach the kernel at all?)",
              timeout_s, arg=before)
    wait_idle(page, timeout_s=timeout_s)


def errors(page: Page, *, allow_stderr: bool = False) -> list[str]:
    """Every problem seen on the page since it was opened, one readable string each."""
    found = page.evaluate(_JS_PAGE_PROBLEMS,
                          [VOILA_CELLS, _TOP_OUTPUTS, list(RENDER_ERROR_TEXTS)])
    cell_errors = _lab_cell_errors(page) if _mode(page) == "lab" else []
    problems = [f"cell index {e['cell']} ({e['source']!r}): {e['ename']}: {e['evalue']}"
                for e in cell_errors]
    voila_errors, voila_stderr = _split_voila_stderr(found["stderrBlocks"])
    problems += [f"cell index {cell}:\n{_last_lines(text)}" for cell, text in voila_errors]
    shown_in_cells = {(e["ename"], e["evalue"]) for e in cell_errors}
    for e in found["errors"]:
        if e["parent"] == "execute_request" and (e["ename"], e["evalue"]) in shown_in_cells:
            continue
        where = "widget callback" if e["parent"] == "comm_msg" else f"kernel ({e['parent']})"
        problems.append(f"{where}: {e['ename']}: {e['evalue']}\n{_last_lines(e['traceback'])}")
    problems += [f"render error: {text}" for text in found["widgetErrors"]]
    if not allow_stderr:
        problems += [f"stderr: {_clean(s['text'])[:300]}" for s in found["stderr"]
                     if not (s["parent"] in _BENIGN_STDERR_PARENTS
                             and _BENIGN_STDERR.match(_clean(s["text"])))]
        problems += [f"stderr in cell index {cell}: {_clean(text)[:300]}"
                     for cell, text in voila_stderr]
    return problems


def assert_no_errors(page: Page, *, allow_stderr: bool = False) -> None:
    """Fail listing every cell error, widget-callback exception, widget that failed to
    display, and (unless allow_stderr) stderr output. Waits for an idle kernel first."""
    wait_idle(page)
    problems = errors(page, allow_stderr=allow_stderr)
    if problems:
        listing = "\n".join(f"- {p}" for p in problems)
        raise AssertionError(f"{len(problems)} problem(s) on {page.url}:\n{listing}")


# Voila's loading spinner (and skeleton) turns while the kernel runs the notebook: a headless Chromium draws every
# frame of it, about 0.1 s of CPU per second of waiting (measured here), for a picture nobody looks at. Kept still;
# the loading element goes once the page is shown, so nothing a test checks changes. An adopted style sheet, as the
# init script runs before the document has a <head>.
_JS_STILL_SPINNER = """(() => { const sheet = new CSSStyleSheet();
  sheet.replaceSync('#loading .spinner, .voila-skeleton-post * { animation: none !important; }');
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet]; })()"""


def still_spinner(context) -> None:
    """Keep Voila's loading spinner still in every page of the browser context (it costs CPU, and tells nothing)."""
    context.add_init_script(_JS_STILL_SPINNER)


def local_only_context(browser, origin: str, blocked: list, viewport: dict):
    """A browser context whose pages reach only `origin` (a local server); every other request is aborted and
    its URL appended to `blocked` (to assert that nothing left the machine)."""
    origin = origin.rstrip("/")

    def local_only(route) -> None:
        url = route.request.url
        if url == origin or url.startswith(origin + "/"):
            route.continue_()
        else:
            blocked.append(url)
            route.abort()

    context = browser.new_context(viewport=viewport)
    context.route("**/*", local_only)
    still_spinner(context)
    return context


LOCAL_HOSTS = frozenset({"127.0.0.1", "localhost", "::1"})


def record_requests(target) -> list[str]:
    """Append the URL of every request `target` (a page or a browser context) makes to the list returned."""
    urls: list[str] = []
    target.on("request", lambda request: urls.append(request.url))
    return urls


def off_machine(urls: Iterable[str]) -> list[str]:
    """The URLs that leave the machine: a host other than 127.0.0.1 / localhost (file:, data: and blob: URLs have
    none and stay).

    >>> off_machine(["http://127.0.0.1:8000/a", "file:///site/index.html", "data:image/png;base64,AA",
    ...              "https://cdnjs.cloudflare.com/ajax/libs/mathjax/x.js", "http://localhost/b"])
    ['https://cdnjs.cloudflare.com/ajax/libs/mathjax/x.js']
    """
    return [url for url in urls if urlsplit(url).hostname is not None and urlsplit(url).hostname not in LOCAL_HOSTS]


def screenshot(page: Page, name: str, *, full_page: bool = False) -> Path:
    """Save a PNG of the page as test-artifacts/screenshots/<name>.png; returns its path."""
    safe = re.sub(r"[^\w.-]+", "_", name).strip("_") or "screenshot"
    path = SCREENSHOTS / (safe if safe.endswith(".png") else f"{safe}.png")
    path.parent.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(path), full_page=full_page)
    return path


# --- Layout --------------------------------------------------------------------------------

_JS_LAYOUT = """([root, topOutputs]) => {
  const container = document.querySelector(root);
  const problems = [];
  const r = el => el.getBoundingClientRect();
  const inside = (a, b) => a.left >= b.left - 1 && a.right <= b.right + 1
                           && a.top >= b.top - 1 && a.bottom <= b.bottom + 1;
  const name = el => {
    const text = (el.tagName === 'SELECT' ? el.value : el.innerText || el.value || el.getAttribute('placeholder') || '').trim().slice(0, 30);
    return `${el.tagName.toLowerCase()}.${[...el.classList].slice(0, 2).join('.')} "${text}"`;
  };
  const cellOf = el => {
    const cells = Array.from(container.querySelectorAll('.jp-Cell, [cell-index]'));
    const c = el.closest('.jp-Cell, [cell-index]');
    return c ? cells.indexOf(c) : -1;
  };
  const visible = el => { const b = r(el); return b.width > 0 && b.height > 0
                          && getComputedStyle(el).visibility !== 'hidden'; };
  for (const out of container ? container.querySelectorAll(topOutputs) : []) {
    if (!visible(out)) continue;
    const where = `cell ${cellOf(out)}`;
    if (out.scrollWidth > out.clientWidth + 1) {
      problems.push(`${where}: output overflows sideways (scrollWidth ${out.scrollWidth} > clientWidth ${out.clientWidth})`);
    }
    const box = r(out);
    const controls = out.querySelectorAll('.jupyter-widgets button, .jupyter-widgets input, .jupyter-widgets select, .jupyter-widgets textarea');
    for (const el of controls) {
      if (!visible(el)) continue;
      if (!inside(r(el), box)) {
        const b = r(el);
        problems.push(`${where}: ${name(el)} lies outside its output area (control x ${Math.round(b.left)}..${Math.round(b.right)}, y ${Math.round(b.top)}..${Math.round(b.bottom)}; output x ${Math.round(box.left)}..${Math.round(box.right)}, y ${Math.round(box.top)}..${Math.round(box.bottom)})`);
      }
      if (el.scrollHeight > el.clientHeight + 1 && el.tagName !== 'TEXTAREA') {
        problems.push(`${where}: ${name(el)} is clipped (scrollHeight ${el.scrollHeight} > clientHeight ${el.clientHeight})`);
      }
      const parent = el.parentElement;
      if (parent && visible(parent) && !inside(r(el), r(parent))) {
        const a = r(el), b = r(parent);
        problems.push(`${where}: ${name(el)} sticks out of its parent ${name(parent)} (control h ${Math.round(a.height)} at y ${Math.round(a.top)}, parent h ${Math.round(b.height)} at y ${Math.round(b.top)}; x ${Math.round(a.left)}..${Math.round(a.right)} vs ${Math.round(b.left)}..${Math.round(b.right)})`);
      }
    }
  }
  return problems;
}"""


def layout_problems(page: Page) -> list[str]:
    """What is wrong with the layout of the open notebook's outputs, one readable string each:

    - an output area that overflows sideways (scrollWidth > clientWidth + 1);
    - a widget's button, input or select outside its output area's box;
    - a control whose content is clipped (scrollHeight > clientHeight + 1), or whose box sticks out of its
      parent's box (the parent's fixed height cuts it).
    """
    root = VOILA_CELLS if _mode(page) == "voila" else LAB_PANEL
    return page.evaluate(_JS_LAYOUT, [root, _TOP_OUTPUTS])


def assert_layout_ok(page: Page) -> None:
    """Fail listing every layout problem (see layout_problems)."""
    problems = layout_problems(page)
    if problems:
        listing = "\n".join(f"- {p}" for p in problems[:40])
        more = f"\n(and {len(problems) - 40} more)" if len(problems) > 40 else ""
        raise AssertionError(f"{len(problems)} layout problem(s) on {page.url}:\n{listing}{more}")


# --- Files ---------------------------------------------------------------------------------

def write_notebook(path: Path | str, cells: Iterable[str | tuple[str, str]]) -> Path:
    """Write a Python 3 notebook; each cell is code, or ("markdown", text)."""
    import nbformat
    from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

    made = []
    for item in cells:
        kind, source = item if isinstance(item, tuple) else ("code", item)
        made.append(new_markdown_cell(source) if kind == "markdown" else new_code_cell(source))
    nb = new_notebook(cells=made)
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                 "language": "python"}
    nb.metadata["language_info"] = {"name": "python"}
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    nbformat.write(nb, str(path))
    return path


def expect(actual, message: str | None = None):
    """playwright.sync_api.expect; import it from here so collection works without Playwright."""
    from playwright.sync_api import expect as playwright_expect

    return playwright_expect(actual, message)


# --- Internals -----------------------------------------------------------------------------

def _mode(page: Page) -> str | None:
    return page.evaluate("() => window.__bacc ? window.__bacc.mode : null")


def _wait_for(page: Page, js: str, what: str, timeout_s: float, *, arg=None) -> None:
    """page.wait_for_function with a readable AssertionError (and page state) on timeout."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    try:
        page.wait_for_function(js, arg=arg, timeout=timeout_s * 1000, polling=100)
    except PlaywrightTimeout:
        raise AssertionError(
            f"timed out after {timeout_s:g} s waiting for {what}; {_diagnostics(page)}"
        ) from None


def _diagnostics(page: Page) -> str:
    try:
        state = page.evaluate(_JS_DIAGNOSTICS)
    except Exception as error:  # the page itself may be broken
        return f"page state unavailable ({error})"
    text = f"url {state['url']}, kernel {state['kernel']}"
    if state["dialogs"]:
        text += "; open dialog(s): " + " | ".join(state["dialogs"])
    return text


def _lab_cell_errors(page: Page) -> list[dict]:
    return page.evaluate(_JS_LAB_CELL_ERRORS)


_ERROR_LAST_LINE = re.compile(r"^[A-Za-z_][\w.]*(Error|Exception|Exit|Interrupt)\b(:|$)")


def _split_voila_stderr(blocks: list[dict]) -> tuple[list[tuple], list[tuple]]:
    """Voila shows tracebacks and stderr the same way: tell them apart by their text."""
    errors_, stderr = [], []
    for block in blocks:
        lines = [line.strip() for line in _clean(block["text"]).splitlines() if line.strip()]
        is_error = bool(lines) and (
            "Traceback (most recent call last)" in block["text"]
            or "There was an error when executing cell" in block["text"]
            or _ERROR_LAST_LINE.match(lines[-1]) is not None
        )
        (errors_ if is_error else stderr).append((block["cell"], block["text"]))
    return errors_, stderr


def _clean(text: str) -> str:
    return _ANSI.sub("", text).strip()


def _last_lines(text: str, count: int = 6) -> str:
    lines = [line for line in _ANSI.sub("", text).splitlines() if line.strip()]
    return "\n".join("    " + line for line in lines[-count:])
