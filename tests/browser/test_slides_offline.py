"""Slides ask no other host for anything: one lesson of each edition (every lesson uses the same template,
`baccarat-slides`), served as the README's slide command does, stepped through from the first slide to the last.

Every request is recorded (Playwright's "request" event, which fires before any route; requests to other hosts are
also aborted, so a machine without internet does not wait on them) and any to a host other than 127.0.0.1 / localhost
fails the test.
"""

from __future__ import annotations

import pytest

from .lab import expect, off_machine, record_requests, screenshot
from .test_slides import PRESENT, slides_url  # noqa: F401  (the slide server fixture, shared)

pytestmark = pytest.mark.browser

LESSONS = ["lessons/04_banker_tableau.ipynb", "lessons/vi/04_banker_tableau.ipynb"]
MAX_SLIDES = 80
# Where the slide show stands: the present slide's place among all slides (reveal.js marks it `present`).
_JS_POSITION = """() => [...document.querySelectorAll('.reveal .slides section')]
                           .findIndex(s => s.matches('.present') && !s.querySelector('section.present'))"""


@pytest.mark.parametrize("lesson", LESSONS)
def test_a_lesson_as_slides_asks_no_other_host(browser, slides_url, lesson):  # noqa: F811
    context = browser.new_context(viewport={"width": 1280, "height": 720})
    context.route("**/*", lambda route: route.abort() if off_machine([route.request.url]) else route.continue_())
    requested = record_requests(context)
    page = context.new_page()
    try:
        page.goto(f"{slides_url.rstrip('/')}/voila/render/{lesson}", wait_until="commit", timeout=180_000)
        expect(page.locator(PRESENT).first).to_be_visible(timeout=180_000)
        expect(page.locator(".widget-button").first).to_be_attached(timeout=180_000)   # the kernel has run
        page.wait_for_load_state("networkidle")
        shown, position = 1, page.evaluate(_JS_POSITION)
        while shown < MAX_SLIDES:                  # step on until the arrow key moves no more: the last slide
            page.keyboard.press("ArrowRight")
            page.wait_for_timeout(150)
            if page.evaluate(_JS_POSITION) == position:
                break
            shown, position = shown + 1, page.evaluate(_JS_POSITION)
        page.wait_for_load_state("networkidle")
        screenshot(page, f"slides-offline-{lesson.replace('/', '-')}")
        print(f"{lesson}: {shown} slides, {len(requested)} requests")
        assert shown > 1 and any(url.startswith(slides_url) for url in requested)
        assert off_machine(requested) == [], f"{lesson} as slides asked other hosts: {off_machine(requested)[:5]}"
    finally:
        context.close()
