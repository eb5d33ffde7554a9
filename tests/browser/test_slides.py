"""The lessons as slides (Voila's reveal template, the course's `baccarat-slides`), offline.

One Voila server, started as the README's slide command does (`--Voila.config_file_paths=serve/voila/slides`). The
slides' assets (reveal.js's stylesheets, jQuery) come from `npm ci` in the template's static folder (`.ci/run`
installs them); without them the test fails, naming the command.

One walk over every slide of every lesson, both editions, at 1280x720 (one browser, one page per lesson; Chromium here
shows scrollbars, as a projector's browser does), in a context that can reach only that server (every other request
is blocked and listed) and records every request (Playwright's "request" event, which also fires for a request that
the route then aborts): no request to a host other than 127.0.0.1 / localhost, from the first slide to the last
(lesson 04 of each edition is also waited on until its network is idle); each page says its edition's language
(`<html lang>`); the right arrow key steps through the slides one by one (a real key press from the first slide to the
second, then, within one call, that key's keydown event sent to the focused element slide after slide: only layout is
measured, so no frame is drawn between two slides); before any click nothing ends below the bottom edge of the
screen, except inside a box of its own that scrolls and shows its scrollbar; every widget text is at least 20 px. The
pages are checked at rest: every CSS animation and transition is off (reveal.js's own transition is off in the
course's settings), Chromium runs without its address bar's drop-down page, and a lesson's window stays minimized
while it loads, until its turn comes (tests/browser/quiet_browser.py).
Then, on lesson 00 the first slide shows the lesson's title, and stepping on, a slide with a widget's answer buttons
is reached, and a click on one is answered by the kernel; on lesson 04 the fourth exercise ("4 2 (6)
and Player stood") is reached with the arrow key and fully on the screen, and its explanation is on the screen after
an answer; on lesson 05 the coup builder's text box stops well short of the right edge, and the card-by-card dealer's
steps stay on the screen as cards are dealt; the Vietnamese lesson 04 shows the tableau explorer in its own box.
Accessibility: every slide of the Vietnamese lesson 05 is audited with axe-core's color-contrast rule (4.5:1, 3:1 for
large text; tests/browser/a11y.py), each while it is the present one, over that slide's elements only (the others are
audited on their own turn, each slide reached with a real key press); a serious or critical finding fails.
Screenshots: the fourth exercise of lesson 04 answered, lesson 05's dealer after a coup, the Vietnamese tableau
explorer, and FAILED-slides-<lesson>.png of each lesson whose check fails.
"""

from __future__ import annotations

import sys
import time

import pytest

from . import quiet_browser, servers
from .a11y import audit, blocking, report_table
from .lab import (ARTIFACTS, REPO_ROOT, expect, local_only_context, off_machine, record_requests, screenshot,
                  start_voila_page, wait_for_voila_page)

sys.path.insert(0, str(REPO_ROOT / "tools"))
import navigation  # noqa: E402  (the course list's lessons, by edition)

pytestmark = pytest.mark.browser

SLIDES = REPO_ROOT / "serve" / "voila" / "slides"
ASSETS = REPO_ROOT / "serve" / "voila" / "templates" / "baccarat-slides" / "static" / "node_modules"
# Audited slide by slide for contrast: cards, a coup, exercises; Vietnamese, so lang="vi" is seen to reach the slides.
CONTRAST_LESSON = "lessons/vi/05_a_whole_coup.ipynb"
# Waited on until the network is idle after their last slide (every lesson uses the same template).
OFFLINE_LESSONS = ("lessons/04_banker_tableau.ipynb", "lessons/vi/04_banker_tableau.ipynb")
PRESENT = ".reveal .slides section.present"
SCREEN = {"width": 1280, "height": 720}
LESSONS = [path.relative_to(REPO_ROOT).as_posix()
           for edition in navigation.course.EDITIONS.values() for path in navigation.lessons(edition.folder)]
AHEAD = 2                    # lessons whose kernels run while the slides of an earlier one are checked
MIN_TEXT_PX = 20


@pytest.fixture(scope="module")
def projector(playwright_api):
    """Chromium as a projector's browser: headless, but with its scrollbars drawn (Playwright hides them), so a
    box that scrolls can be seen to show its scrollbar."""
    chromium = quiet_browser.launch(playwright_api, ignore_default_args=["--hide-scrollbars"])
    try:
        yield chromium
    finally:
        chromium.close()


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


def _failure_screenshot(page, lesson: str) -> None:
    """The page as the class sees it when a lesson's check fails (the walk's only screenshots besides three of its
    interactions)."""
    try:
        screenshot(page, f"FAILED-slides-{lesson.removeprefix('lessons/').removesuffix('.ipynb')}")
    except Exception:          # never hide the failure itself
        pass


def _to_first_slide(page) -> None:
    """Press Home, and wait until the first slide is the present one (a busy machine may take a moment: stepping on
    from the slide before would start from the last one)."""
    page.keyboard.press("Home")
    page.wait_for_function(f"() => ({_JS_PRESENT_INDEX})() === 0", timeout=5_000)


def _answer_a_widget(page, problems: list) -> None:
    """From the first slide, step on with the right arrow key until a slide shows an answer button ("Banker"), click
    it, and see the kernel's answer."""
    lesson = "lessons/00_welcome.ipynb"
    first = page.locator(PRESENT).first.inner_text()
    if "Welcome" not in first and "Punto Banco" not in first:
        problems.append(f"{lesson}: the first slide does not show the lesson's title: {first[:200]!r}")
    if _to_slide_with(page, "Banker", problems, lesson, selector='.widget-button:visible:has-text("Banker")'):
        page.locator(f"{PRESENT} .widget-button:visible").filter(has_text="Banker").first.click()
        expect(page.locator(f"{PRESENT} .bcl-message").first).to_be_visible(timeout=30_000)


# What on the present slide a class cannot see before any click: each text, picture or control that ends below the
# bottom edge (`limit`), unless a box of its own inside the slide scrolls it (the slide's own scrolling does not
# count); such a box must itself end above the edge and draw a scrollbar. And each widget text smaller than
# `minPx` (an SVG text by its size on the screen).
_JS_SLIDE = """async ([limit, minPx, index]) => {
  const slides = [...document.querySelectorAll('.reveal .slides > section')];
  const present = () => slides.indexOf(document.querySelector('.reveal .slides > section.present'));
  // the arrow key was pressed just before: wait (up to 5 s, frame by frame) until that slide is the present one
  for (const start = performance.now(); present() !== index && performance.now() - start < 5000;)
    await new Promise(requestAnimationFrame);
  const outer = document.querySelector('.reveal .slides > section.present');
  const slide = outer.querySelector(':scope > section.present') || outer;
  const name = el => `${el.tagName.toLowerCase()}.${[...el.classList].slice(0, 2).join('.')} `
    + `"${(el.textContent || el.value || '').trim().replace(/\\s+/g, ' ').slice(0, 40)}"`;
  const ownText = el => [...el.childNodes].some(n => n.nodeType === 3 && n.textContent.trim());
  const scrolls = new Map();       // each ancestor is asked once per slide (a slide has hundreds of elements)
  const scrollBox = el => {
    const a = el.parentElement;
    if (!a || a === slide) return null;
    if (!scrolls.has(a)) {
      scrolls.set(a, /(auto|scroll)/.test(getComputedStyle(a).overflowY) && a.scrollHeight > a.clientHeight + 1
                      ? a : scrollBox(a));
    }
    return scrolls.get(a);
  };
  const below = [], small = [], boxes = new Set();
  for (const el of slide.querySelectorAll('*')) {
    const rect = el.getBoundingClientRect();
    if (rect.width === 0 || rect.height === 0 || getComputedStyle(el).visibility === 'hidden') continue;
    const control = ['INPUT', 'BUTTON', 'SELECT', 'TEXTAREA'].includes(el.tagName);
    if (!control && !ownText(el) && !['IMG', 'svg', 'CANVAS'].includes(el.tagName)) continue;
    const box = scrollBox(el);
    if (box) boxes.add(box);
    else if (rect.bottom > limit + 1) below.push(`${name(el)} ends at y ${Math.round(rect.bottom)}`);
    if (el.closest('.jupyter-widgets') && (ownText(el) || control)) {
      let size = parseFloat(getComputedStyle(el).fontSize);
      if (el instanceof SVGElement && el.getScreenCTM()) size *= el.getScreenCTM().a;
      if (size < minPx - 0.05) small.push(`${name(el)} ${size.toFixed(1)} px`);
    }
  }
  for (const box of boxes) {
    const rect = box.getBoundingClientRect(), style = getComputedStyle(box);
    if (rect.bottom > limit + 1) below.push(`the scrolling box ${name(box)} ends at y ${Math.round(rect.bottom)}`);
    const bar = box.offsetWidth - box.clientWidth - parseFloat(style.borderLeftWidth) - parseFloat(style.borderRightWidth);
    if (bar < 4) below.push(`the scrolling box ${name(box)} draws no scrollbar`);
  }
  return {index: slides.indexOf(outer), count: slides.length, below, small};
}"""
_JS_PRESENT_INDEX = """() => [...document.querySelectorAll('.reveal .slides > section')]
  .indexOf(document.querySelector('.reveal .slides > section.present'))"""
_JS_ON_SCREEN = """([selector, limit]) => { const el = document.querySelector(selector); if (!el) return null;
  const r = el.getBoundingClientRect(); return r.top >= 0 && r.bottom <= limit + 1 && r.height > 0; }"""


# _JS_SLIDE on every slide from `first` to the last, in one call: after each, the right arrow key's keydown event is
# sent to the focused element, as the key itself sends it (reveal.js reads its keyCode), and the next slide is measured
# at once: its layout is all that is measured, so no frame is drawn in between. Stops where the key went astray.
_JS_WALK = f"""async ([limit, minPx, first]) => {{
  const measure = {_JS_SLIDE};
  const found = [];
  for (let step = first; step < 200; step++) {{
    const slide = await measure([limit, minPx, step]);
    found.push(slide);
    if (slide.index !== step || step === slide.count - 1) break;
    (document.activeElement || document.body).dispatchEvent(new KeyboardEvent('keydown',
      {{key: 'ArrowRight', code: 'ArrowRight', keyCode: 39, which: 39, bubbles: true, cancelable: true}}));
  }}
  return found;
}}"""


def _measured_slides(page, *, one_by_one: bool = False):
    """(step, what _JS_SLIDE found) for each slide of the page, from the first, stepping on with the right arrow key: a
    real key press from the first slide to the second, then its keydown event in the page for every other step, all in
    one call (_JS_WALK). With `one_by_one`, a real key press for every step, and each slide yielded while it is the
    present one (to audit it)."""
    step = 0
    while True:
        found = page.evaluate(_JS_SLIDE, [SCREEN["height"], MIN_TEXT_PX, step])
        yield step, found
        if found["index"] != step or step == found["count"] - 1:
            return
        page.keyboard.press("ArrowRight")       # the next measurement waits for slide step + 1
        step += 1
        if not one_by_one:
            break
    for step, found in enumerate(page.evaluate(_JS_WALK, [SCREEN["height"], MIN_TEXT_PX, step]), start=step):
        yield step, found


def _on_screen_soon(page, locator, timeout_s: float = 10.0):
    """Wait until `locator` is wholly on the screen (the slide scrolls a new explanation into view once the
    kernel's answer has drawn it); returns its box, or None if it never gets there."""
    deadline = time.monotonic() + timeout_s
    while True:
        box = locator.bounding_box()
        if box and box["y"] >= 0 and box["y"] + box["height"] <= SCREEN["height"] + 1:
            return box
        if time.monotonic() > deadline:
            return None
        page.wait_for_timeout(200)


def _to_slide_with(page, text: str, problems: list, lesson: str, selector: str | None = None) -> bool:
    """Step on with the right arrow key until the present slide holds `text` (or, with `selector`, an element
    it selects)."""
    for _ in range(60):
        if selector and page.locator(f"{PRESENT} {selector}").count():
            return True
        if not selector and text in (page.locator(PRESENT).first.text_content() or ""):   # not its CAPITALS
            return True
        before = page.evaluate(_JS_PRESENT_INDEX)
        if before == page.locator(".reveal .slides > section").count() - 1:
            break
        page.keyboard.press("ArrowRight")
        page.wait_for_function(f"() => ({_JS_PRESENT_INDEX})() !== {before}", timeout=5_000)
    problems.append(f"{lesson}: no slide shows {text!r}")
    return False


def _answer_the_fourth_exercise(page, problems: list) -> None:
    lesson = "lessons/04_banker_tableau.ipynb"
    if not _to_slide_with(page, "4 2 (6) and Player stood", problems, lesson):
        return
    question = page.locator(f"{PRESENT} .bcl-widget", has_text="4 2 (6) and Player stood").last
    if not page.evaluate(_JS_ON_SCREEN, [f"{PRESENT} .bcl-widget:last-of-type button", SCREEN["height"]]):
        box = question.bounding_box()
        problems.append(f"{lesson}: the fourth exercise is not fully on the screen ({box})")
    question.get_by_role("button", name="stand").click()
    message = question.locator(".bcl-message")
    expect(message).to_be_visible(timeout=30_000)
    if not _on_screen_soon(page, message):
        problems.append(f"{lesson}: the explanation of the fourth exercise is off the screen "
                        f"({message.bounding_box()})")
    screenshot(page, "slides-04-fourth-exercise-answered")


def _use_the_coup_slides(page, problems: list) -> None:
    lesson = "lessons/05_a_whole_coup.ipynb"
    if _to_slide_with(page, "deal card by card", problems, lesson):
        dealer = page.locator(f"{PRESENT} .bcl-widget").first
        next_card = dealer.get_by_role("button", name="Next card")
        for _ in range(6):                       # deal until the coup is over (the button is then disabled)
            if next_card.is_disabled():
                break
            before = dealer.inner_text()
            next_card.click()
            expect(dealer).not_to_have_text(before, use_inner_text=True, timeout=30_000)   # the card is drawn
        last_step = dealer.locator(".bcl-steps li").last
        expect(last_step).to_be_visible(timeout=30_000)
        if not _on_screen_soon(page, last_step):
            problems.append(f"{lesson}: at the end of a coup the dealer's last step is off the screen "
                            f"({last_step.bounding_box()})")
        screenshot(page, "slides-05-dealer-coup-dealt")
    if _to_slide_with(page, "build your own coup", problems, lesson):
        text_box = page.locator(f"{PRESENT} .widget-text input").first
        box = text_box.bounding_box()
        if not box or box["x"] + box["width"] > 0.8 * SCREEN["width"]:
            problems.append(f"{lesson}: the coup builder's text box runs to x {box and box['x'] + box['width']}")


def test_every_slide_of_both_editions_fits_a_1280x720_screen(projector, slides_url):
    origin, outside, problems, audits = slides_url.rstrip("/"), [], [], []
    context = local_only_context(projector, origin, outside, SCREEN)
    quiet_browser.at_rest(context)              # checked at rest: nothing moves (reveal.js's transition is off already)
    requested = record_requests(context)      # every request, also one the route then aborts
    started, slides_seen, waiting = time.monotonic(), 0, 0.0
    pages = {}
    try:
        for number, lesson in enumerate(LESSONS):
            for ahead in LESSONS[number:number + 1 + AHEAD]:     # the next lessons' kernels run meanwhile
                if ahead not in pages:
                    pages[ahead] = context.new_page()
                    quiet_browser.show(pages[ahead], False)      # drawn only when its turn comes
                    start_voila_page(pages[ahead], origin, ahead)
            page = pages.pop(lesson)
            quiet_browser.show(page)
            shown = len(problems)
            try:
                waited = time.monotonic()
                wait_for_voila_page(page, lesson)
                waiting += time.monotonic() - waited
                language = navigation.edition((REPO_ROOT / lesson).parent)
                if page.evaluate("document.documentElement.lang") != language:
                    problems.append(f"{lesson}: <html lang={page.evaluate('document.documentElement.lang')!r}>, "
                                    f"expected {language!r}")
                count = None
                for step, found in _measured_slides(page, one_by_one=lesson == CONTRAST_LESSON):
                    count = found["count"]
                    if found["index"] != step:
                        problems.append(f"{lesson}: the right arrow key went from slide {step - 1} to {found['index']}")
                        break
                    problems += [f"{lesson} slide {step}: {text}" for text in found["below"][:3]]
                    problems += [f"{lesson} slide {step}: text smaller than {MIN_TEXT_PX} px: {text}"
                                 for text in found["small"][:3]]
                    slides_seen += 1
                    if lesson == CONTRAST_LESSON:            # the slide is the present one: _JS_SLIDE waited for it
                        violations = audit(page, f"slides vi-05 #{step}", include=PRESENT,   # that slide's text only
                                           rules=["color-contrast"])
                        audits.append((f"slides vi-05 #{step}", violations))
                        problems += [f"{lesson} slide {step}: {line}" for line in blocking(violations)]
                if lesson == CONTRAST_LESSON:
                    if count <= 5:
                        problems.append(f"{lesson}: only {count} slides")
                if lesson in OFFLINE_LESSONS:                # anything the last slide still loads is recorded too
                    page.wait_for_load_state("networkidle")
                if lesson == "lessons/00_welcome.ipynb":
                    _to_first_slide(page)
                    _answer_a_widget(page, problems)
                elif lesson == "lessons/04_banker_tableau.ipynb":
                    _to_first_slide(page)
                    _answer_the_fourth_exercise(page, problems)
                elif lesson == "lessons/05_a_whole_coup.ipynb":
                    _to_first_slide(page)
                    _use_the_coup_slides(page, problems)
                elif lesson == "lessons/vi/04_banker_tableau.ipynb":      # the tableau explorer, in its own box
                    _to_first_slide(page)
                    _to_slide_with(page, "the tableau explorer", problems, lesson, selector=".bcl-slide-box .bcl-grid")
                    screenshot(page, "slides-vi-04-tableau-explorer")
            finally:                                     # what went wrong, as the class would see it
                if len(problems) > shown or sys.exc_info()[0] is not None:
                    _failure_screenshot(page, lesson)
            page.close(run_before_unload=True)           # as a closed tab: its kernel shuts down now, not at the end
        elapsed = time.monotonic() - started
        print(f"{slides_seen} slides of {len(LESSONS)} lessons checked in {elapsed:.0f} s "
              f"({waiting:.0f} s of it waiting for lessons to run), {len(requested)} requests")
        print(report_table(audits))
        assert problems == [], f"{len(problems)} problem(s) on the slides at 1280x720:\n" + "\n".join(problems)
        assert any(url.startswith(origin) for url in requested), "no request was recorded"
        assert off_machine(requested) == [], f"the slides asked other hosts: {off_machine(requested)[:5]}"
        assert outside == [], f"requests left the machine: {outside[:5]}"
    finally:
        for page in pages.values():
            page.close(run_before_unload=True)
        context.close()
