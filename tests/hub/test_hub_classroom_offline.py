"""The classroom view under the class's hub asks no other host for anything, MathJax included.

A real hub (the folder's shared one, conftest.py: `serve/hub/jupyterhub_config.py` as a teacher runs it) has a
student whose server runs with the course pulled into her home as a student link does (conftest.py's
`student_with_course`, shared with test_hub_security.py), and headless Chromium signs
in through the hub's login form and opens the classroom view (`/user/<name>/voila/render/...`, the links' second
column) of lesson 04 in each edition and its file browser. Every request the pages make is recorded (Playwright's
"request" event, which fires before any route) and any to a host other than 127.0.0.1 / localhost fails the test
(such requests are also aborted, so a machine without internet does not wait on them). Stand-alone Voila loads
MathJax from its own scripts; as an extension of the student's Jupyter server it used to fetch MathJax 2 from cdnjs
(see serve/voila/classroom/voila.py).

Needs root (a Unix user per student) and Chromium with Playwright, as the hub tests and the browser tests do.
"""

import os
import sys
import time
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))                # the hub helper and load test beside these tests
sys.path.insert(0, str(HERE.parent))         # the browser tests' helpers (tests/browser, the package `browser`)
from browser.conftest import CHROMIUM, CHROMIUM_ARGS, missing_prerequisites  # noqa: E402
from browser.lab import expect, off_machine, open_voila, record_requests, screenshot  # noqa: E402

COURSE = "course"                            # the student's copy, as pull_course names it
PAGES = ["lessons/04_banker_tableau.ipynb", "lessons/vi/04_banker_tableau.ipynb"]

pytestmark = [
    pytest.mark.skipif(os.geteuid() != 0, reason="the hub creates a Unix user per student: needs root"),
    pytest.mark.skipif(bool(missing_prerequisites()), reason="needs Chromium and Playwright: "
                       + "; ".join(missing_prerequisites())),
]


@pytest.fixture
def signed_in_page(hub, student_with_course, playwright_api):
    """A page signed in as the student through the hub's login form; yields (page, every URL requested after).

    Its Chromium is started from the process's one Playwright (`playwright_api`, tests/conftest.py), which the browser
    tests may have started already in this process."""
    browser = playwright_api.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
    try:
        context = browser.new_context(viewport={"width": 1280, "height": 720})
        context.route("**/*", lambda route: route.abort() if off_machine([route.request.url]) else route.continue_())
        page = context.new_page()
        page.set_default_timeout(60_000)
        page.goto(f"{hub.url}/hub/login", wait_until="load")
        page.fill("#username_input", student_with_course.name)
        page.fill("#password_input", hub.class_password)
        page.click("#login_submit")
        page.wait_for_url(lambda url: "/hub/login" not in url)
        yield page, record_requests(context)
    finally:
        browser.close()


def test_the_classroom_view_under_the_hub_asks_no_other_host(hub, student_with_course, signed_in_page):
    # the student's course is the branch as committed, in COURSE/ of her home (conftest.py's `student_with_course`)
    page, requested = signed_in_page
    server = f"{hub.url}/user/{student_with_course.name}"
    for path in PAGES:
        start = time.monotonic()
        requested.clear()
        open_voila(page, server, f"{COURSE}/{path}", timeout_s=240)
        page.wait_for_load_state("networkidle")
        assert page.locator("link[href*='baccarat.css']").count() == 1, "not the course's classroom template"
        assert any(url.startswith(server) for url in requested), f"{path}: no request to the student's server"
        print(f"{path} under the hub: {len(requested)} requests, shown in {time.monotonic() - start:.1f} s")
        screenshot(page, f"hub-classroom-{path.replace('/', '-')}")
        assert off_machine(requested) == [], f"{path} under the hub asked other hosts: {off_machine(requested)[:5]}"
    requested.clear()
    page.goto(f"{server}/voila/tree", wait_until="networkidle")        # Voila's file browser, at the home folder
    expect(page.get_by_text(COURSE, exact=True).first).to_be_visible()
    assert off_machine(requested) == [], f"the list of lessons asked other hosts: {off_machine(requested)[:5]}"
