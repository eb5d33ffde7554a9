"""Classroom mode's server (Voila with the course's config, as the README's classroom command), beyond one lesson
page: the config turns culling on and installs the xsrf-cookie hook; a kernel idle under an open page is culled;
the start page lists the lessons and loads nothing from other hosts. Every lesson page of both editions is checked
for requests to other hosts (MathJax included: Voila's own scripts bring it, no CDN) on its own visit
(test_lessons.py).

A closed lesson page shutting its kernel down is checked on every lesson's own visit (test_lessons.py).
Stand-alone Voila serves no kernel list (GET /api/kernels answers 404; only /api/kernels/<id> exists), so the
kernel count is the number of kernel processes the Voila server has started and not yet stopped (its child
processes running ipykernel), and a page's own kernel is checked at /api/kernels/<id>.

Logs: test-artifacts/logs/voila-classroom-*.log.
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
from .lab import ARTIFACTS, REPO_ROOT, expect, open_voila, still_spinner

CONFIG_DIR = REPO_ROOT / "serve" / "voila" / "classroom"
LESSONS = [course.lesson_path(lesson).relative_to(REPO_ROOT).as_posix() for lesson in course.lessons("en")]
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
    return servers.kernel_alive(server.url, kernel_id)


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
    still_spinner(new_context)
    try:
        yield new_context
    finally:
        new_context.close()


@pytest.fixture
def start_course_voila(tmp_path):
    """Start Voila with the course's config (plus `extra_args`); every server started is stopped."""
    started: list[servers.Server] = []

    def start(name: str, extra_args: tuple[str, ...] = ()) -> servers.Server:
        server = servers.start_voila(REPO_ROOT, tmp_path / name, ARTIFACTS / "logs" / f"voila-classroom-{name}.log",
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
    # The shipped config turns culling on (also for open pages) and installs the hook.
    from traitlets.config.loader import PyFileConfigLoader

    config = PyFileConfigLoader("voila.py", path=str(CONFIG_DIR)).load_config()
    manager = config.MappingKernelManager
    assert manager.cull_idle_timeout > 0 and manager.cull_interval > 0, manager
    assert manager.cull_interval < manager.cull_idle_timeout, manager
    assert manager.cull_connected is True, manager
    assert callable(config.VoilaConfiguration.prelaunch_hook)


def test_idle_kernel_of_an_open_page_is_culled(context, start_course_voila):
    # Culling is the backstop for pages left open. The config's culling (cull_connected) with a short idle
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


def test_the_start_page_lists_the_lessons(classroom_server):
    # The config changes nothing else: the classroom start page still lists the lessons.
    with urllib.request.urlopen(f"{classroom_server.url}/voila/api/contents/lessons", timeout=10) as response:
        listing = json.loads(response.read())
    names = {item["name"] for item in listing["content"]}
    assert {Path(p).name for p in LESSONS} <= names, names


def test_the_list_of_lessons_is_served_locally(classroom_page, classroom_server, outside_requests):
    # Voila's list page loads Font Awesome from a CDN in its base page; the course template's page.html leaves it
    # out. The list still shows and opens the lessons.
    page = classroom_page
    page.goto(f"{classroom_server.url.rstrip('/')}/", wait_until="networkidle")   # its root is the repository
    expect(page.get_by_text("lessons", exact=True).first).to_be_visible()
    assert outside_requests == [], f"the list page asked other hosts: {outside_requests[:5]}"



def test_the_prelaunch_hook_gives_a_vietnamese_lesson_its_language():
    # <html lang> comes from the notebook's metadata, which the hook writes from the lesson's folder: lessons/vi is
    # Vietnamese, lessons/ English (the rendered pages are checked on every lesson's visit, test_lessons.py).
    import nbformat
    from traitlets.config.loader import PyFileConfigLoader

    hook = PyFileConfigLoader("voila.py", path=str(CONFIG_DIR)).load_config().VoilaConfiguration.prelaunch_hook

    class Handler:
        xsrf_token = b"token"

    for folder, language in (("lessons/vi", "vi"), ("lessons", "en"), (str(REPO_ROOT / "lessons" / "vi"), "vi")):
        notebook = hook(Handler(), notebook=nbformat.v4.new_notebook(), cwd=folder)
        assert notebook.metadata["baccarat"]["language"] == language, folder
