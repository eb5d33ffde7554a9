"""A lesson as slides (Voila's reveal template, the course's `baccarat-slides`), offline.

One Voila server, started as the README's slide command does (`--Voila.config_file_paths=serve/voila/slides`),
on one lesson. In a 1280x720 page that can reach only that server (every other request is blocked and listed):
the first slide shows the lesson's title; the right arrow key moves to the next slide; stepping on, a slide
with a widget's answer buttons is reached, and a click on one is answered by the kernel. The slides' assets
(reveal.js's stylesheets, jQuery) come from `npm ci` in the template's static folder (`.ci/run` installs them);
without them the test fails, naming the command.
"""

from __future__ import annotations

import pytest

from . import servers
from .conftest import CHROMIUM  # noqa: F401  (the prerequisites fixture of conftest skips without it)
from .lab import ARTIFACTS, REPO_ROOT, expect, local_only_context, screenshot

pytestmark = pytest.mark.browser

SLIDES = REPO_ROOT / "serve" / "voila" / "slides"
ASSETS = REPO_ROOT / "serve" / "voila" / "templates" / "baccarat-slides" / "static" / "node_modules"
LESSON = "lessons/00_welcome.ipynb"
PRESENT = ".reveal .slides section.present"


@pytest.fixture(scope="module")
def slides_url(tmp_path_factory) -> str:
    if not (ASSETS / "reveal.js" / "dist" / "reveal.css").is_file():
        pytest.fail("the slides' assets are missing: run "
                    "npm ci --prefix serve/voila/templates/baccarat-slides/static")
    home = tmp_path_factory.mktemp("voila-slides-home")
    server = servers.start_voila(REPO_ROOT, home, ARTIFACTS / "logs" / "voila-slides-server.log",
                                 config_dir=SLIDES)
    try:
        yield server.url
    finally:
        server.stop()


def test_a_lesson_as_slides_steps_by_keyboard_and_its_widgets_answer(browser, slides_url):
    origin, outside = slides_url.rstrip("/"), []
    context = local_only_context(browser, origin, outside, {"width": 1280, "height": 720})
    page = context.new_page()
    try:
        page.goto(f"{origin}/voila/render/{LESSON}", wait_until="commit", timeout=180_000)
        expect(page.locator(PRESENT).first).to_be_visible(timeout=180_000)
        expect(page.locator(".widget-button").first).to_be_attached(timeout=180_000)   # the kernel has run
        first = page.locator(PRESENT).first.inner_text()
        assert "Welcome" in first or "Punto Banco" in first, first[:200]
        screenshot(page, "slides-first")

        page.keyboard.press("ArrowRight")
        expect(page.locator(PRESENT).first).not_to_have_text(first, timeout=10_000)

        answered = False
        for _ in range(40):                         # step on until a slide shows an answer button
            buttons = page.locator(f"{PRESENT} .widget-button:visible")
            choice = buttons.filter(has_text="Banker")
            if choice.count():
                choice.first.click()
                expect(page.locator(f"{PRESENT} .bcl-message").first).to_be_visible(timeout=30_000)
                answered = True
                break
            page.keyboard.press("ArrowRight")
            page.wait_for_timeout(150)
        screenshot(page, "slides-widget")
        assert answered, "no slide of the lesson offered an answer button to click"
        assert outside == [], f"requests left the machine: {outside[:5]}"
    finally:
        context.close()
