"""Classroom mode leaks no kernels (issue 13, item 3).

Voila is started as the README's classroom command starts it, with the course's config
(serve/voila/classroom/voila.py, passed with --Voila.config_file_paths). A closed page must shut its kernel
down: the page's shutdown request (POST /voila/api/shutdown/<id>, sent on `beforeunload`) has to pass the
XSRF check, which it failed before ("'_xsrf' argument missing from POST"). Culling of idle kernels is the
backstop, also for pages left open.

Stand-alone Voila serves no kernel list (GET /api/kernels answers 404; only /api/kernels/<id> exists), so the
kernel count is the number of kernel processes the Voila server has started and not yet stopped (its child
processes running ipykernel), and every page's own kernel is checked at /api/kernels/<id>.

Logs: test-artifacts/logs/voila-issue13-*.log.
"""

from __future__ import annotations

import json
import re
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from baccarat_lib import course

from . import servers
from .lab import ARTIFACTS, REPO_ROOT, open_voila

CONFIG_DIR = REPO_ROOT / "serve" / "voila" / "classroom"
LESSONS = [course.lesson_path(lesson).relative_to(REPO_ROOT).as_posix() for lesson in course.lessons("en")]
PAGES = 10                      # issue 13, item 3: "open and close ten lesson pages"
SHUTDOWN_TIMEOUT_S = 60.0       # closed pages -> no kernels left
CULL_IDLE_S = 6                 # test-only culling values, given on the command line over the config's
CULL_INTERVAL_S = 2
CULL_TIMEOUT_S = 60.0
XSRF_REFUSAL = "'_xsrf' argument missing"

_JS_KERNEL_ID = "() => JSON.parse(document.getElementById('jupyter-config-data').textContent).kernelId"


# --- Helpers -------------------------------------------------------------------------------------

def kernel_pids(server: servers.Server) -> list[int]:
    """The kernel processes the Voila server started and that still run (its ipykernel children)."""
    parent = server.process.pid
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
            cmdline = (stat.parent / "cmdline").read_bytes().replace(b"\0", b" ")
        except (OSError, IndexError):
            continue  # the process ended meanwhile
        state, ppid = fields[0], int(fields[1])
        if ppid == parent and state != "Z" and b"ipykernel" in cmdline:
            found.append(int(stat.parent.name))
    return found


def kernel_alive(server: servers.Server, kernel_id: str) -> bool:
    """Whether Voila still knows the kernel (GET /api/kernels/<id>: 200, or 404 once it is shut down)."""
    try:
        with urllib.request.urlopen(f"{server.url}/api/kernels/{kernel_id}", timeout=10) as response:
            return response.status == 200
    except urllib.error.HTTPError as error:
        if error.code == 404:
            return False
        raise


def wait_for_no_kernels(server: servers.Server, kernel_ids: list[str], timeout_s: float) -> float:
    """Poll until no kernel process is left and Voila knows none of `kernel_ids`; return the seconds it took."""
    start = time.monotonic()
    while True:
        pids = kernel_pids(server)
        alive = [kid for kid in kernel_ids if kernel_alive(server, kid)]
        if not pids and not alive:
            return time.monotonic() - start
        if time.monotonic() - start > timeout_s:
            raise AssertionError(
                f"{len(pids)} kernel process(es) {pids} and {len(alive)} kernel(s) {alive} still running "
                f"{timeout_s:.0f} s later; Voila log {server.log_path}:\n{servers._tail(server.log_path)}")
        time.sleep(0.5)


def local_only(route) -> None:
    """Requests may only go to the test server (as in conftest's shared context)."""
    if route.request.url.startswith(("http://127.0.0.1", "http://localhost")):
        route.continue_()
    else:
        route.abort()


@pytest.fixture
def context(browser):
    """A browser context of its own, so this server's cookies (_xsrf) reach no other test."""
    new_context = browser.new_context(viewport={"width": 1280, "height": 720})
    new_context.route("**/*", local_only)
    try:
        yield new_context
    finally:
        new_context.close()


@pytest.fixture
def start_course_voila(tmp_path):
    """Start Voila with the course's config (plus `extra_args`); every server started is stopped."""
    started: list[servers.Server] = []

    def start(name: str, extra_args: tuple[str, ...] = ()) -> servers.Server:
        server = servers.start_voila(REPO_ROOT, tmp_path / name, ARTIFACTS / "logs" / f"voila-issue13-{name}.log",
                                     config_dir=CONFIG_DIR, extra_args=extra_args)
        started.append(server)
        return server

    try:
        yield start
    finally:
        for server in started:
            server.stop()


def log_text(server: servers.Server) -> str:
    return server.log_path.read_text(errors="replace")


# --- Tests ---------------------------------------------------------------------------------------

def test_config_sets_culling_and_the_xsrf_cookie_hook():
    # issue 13, item 3: the shipped config turns culling on (also for open pages) and installs the hook.
    from traitlets.config.loader import PyFileConfigLoader

    config = PyFileConfigLoader("voila.py", path=str(CONFIG_DIR)).load_config()
    manager = config.MappingKernelManager
    assert manager.cull_idle_timeout > 0 and manager.cull_interval > 0, manager
    assert manager.cull_interval < manager.cull_idle_timeout, manager
    assert manager.cull_connected is True, manager
    assert callable(config.VoilaConfiguration.prelaunch_hook)


def test_closed_pages_shut_their_kernels_down(context, start_course_voila):
    # issue 13, item 3: open ten lesson pages, close them as a browser closes tabs; no kernel is left.
    assert len(LESSONS) >= PAGES, LESSONS
    server = start_course_voila("pages")
    pages, kernel_ids = [], []
    for path in LESSONS[:PAGES]:
        page = context.new_page()
        page.set_default_timeout(30_000)
        open_voila(page, server.url, path)
        pages.append(page)
        kernel_ids.append(page.evaluate(_JS_KERNEL_ID))
    assert len(set(kernel_ids)) == PAGES, kernel_ids
    assert len(kernel_pids(server)) == PAGES, "one kernel per open page"
    assert all(kernel_alive(server, kid) for kid in kernel_ids)
    assert any(cookie["name"] == "_xsrf" for cookie in context.cookies()), "the page set no _xsrf cookie"

    for page in pages:
        # A tab closing runs the page's beforeunload handler (Playwright skips it unless asked).
        page.close(run_before_unload=True)
    took = wait_for_no_kernels(server, kernel_ids, SHUTDOWN_TIMEOUT_S)
    print(f"{PAGES} kernels shut down {took:.1f} s after their pages closed")

    log = log_text(server)
    assert XSRF_REFUSAL not in log, f"a shutdown request was refused; log {server.log_path}"
    assert "Culling" not in re.sub(r"Culling kernels with idle durations.*|Culling kernels even with.*", "", log), \
        "the kernels were culled, not shut down by their closed pages"
    shut = set(re.findall(r"Kernel shutdown: ([0-9a-f-]{36})", log))
    assert shut == set(kernel_ids), (shut, kernel_ids)


def test_idle_kernel_of_an_open_page_is_culled(context, start_course_voila):
    # issue 13, item 3: culling is the backstop. The config's culling (cull_connected) with a short idle
    # timeout given on the command line: a kernel whose page stays open is culled once idle that long.
    server = start_course_voila("cull", (
        f"--MappingKernelManager.cull_idle_timeout={CULL_IDLE_S}",
        f"--MappingKernelManager.cull_interval={CULL_INTERVAL_S}",
    ))
    page = context.new_page()
    page.set_default_timeout(30_000)
    open_voila(page, server.url, LESSONS[0])
    kernel_id = page.evaluate(_JS_KERNEL_ID)
    assert kernel_alive(server, kernel_id) and len(kernel_pids(server)) == 1

    took = wait_for_no_kernels(server, [kernel_id], CULL_TIMEOUT_S)
    print(f"the idle kernel of the open page was culled {took:.1f} s after the page was shown")
    log = log_text(server)
    culled = re.search(rf"Culling 'idle' kernel '[^']*' \({kernel_id}\) with (\d+) connections", log)
    assert culled, f"no culling of {kernel_id} in {server.log_path}:\n{servers._tail(server.log_path)}"
    assert int(culled.group(1)) >= 1, "the page was still connected when its kernel was culled"
    page.close(run_before_unload=True)
    assert XSRF_REFUSAL not in log_text(server)


def test_voila_tree_lists_the_lessons_with_the_config(start_course_voila):
    # issue 13, item 3: the config changes nothing else: the classroom start page still lists the lessons.
    server = start_course_voila("tree")
    with urllib.request.urlopen(f"{server.url}/voila/api/contents/lessons", timeout=10) as response:
        listing = json.loads(response.read())
    names = {item["name"] for item in listing["content"]}
    assert {Path(p).name for p in LESSONS} <= names, names
