"""Classroom mode: lessons shown with Voila (no code, live widgets), as on a projector.

Lessons 04 and 05 must render without errors, their widgets must answer clicks and typing, and
the text must be big enough to read from the back of a classroom: card faces (.bcl-card, from
baccarat_lib/views/html.py) at least about 24 px, exercise prompts and feedback at least 18 px.

Screenshots: test-artifacts/screenshots/voila-04.png, voila-05.png, voila-05-exercise.png.
"""

from __future__ import annotations

import pytest

from .lab import assert_no_errors, expect, kernel_roundtrip, open_voila, screenshot

LESSON_04 = "lessons/04_banker_tableau.ipynb"
LESSON_05 = "lessons/05_a_whole_coup.ipynb"
WORKED_EXERCISE = "7 6 Q J 5 2"  # lesson 05: show_question(winner_question("7 6 Q J 5 2"))

# Projector sizes. Card faces are 1.8em: 25.2 px in a plain output (14 px text) and 23.4 px
# inside a widget (ipywidgets' 13 px): "about 24 px" allows the widget case.
CARD_MIN_PX = 23.0
TEXT_MIN_PX = 18.0

_JS_FONT_SIZES = """(elements) => elements.map(el => parseFloat(getComputedStyle(el).fontSize))"""


@pytest.fixture(autouse=True)
def _generous_expect(page):
    """expect() retries for up to 15 s (Playwright's default is 5 s): the machine may be loaded."""
    from playwright.sync_api import expect as playwright_expect

    playwright_expect.set_options(timeout=15_000)


def font_sizes(locator) -> list[float]:
    """The computed font size (px) of every element the locator matches."""
    return locator.evaluate_all(_JS_FONT_SIZES)


def exercise(page, nb, cards: str):
    """The widget of the winner exercise on `cards` (its prompt, buttons and feedback)."""
    from baccarat_lib.teaching.rule_questions import winner_question

    question = winner_question(cards)
    prompt = page.get_by_text(question.prompt, exact=True)  # `has=` locators are relative
    return question, nb.locator(".widget-vbox", has=prompt).last


def test_voila_lesson_04_tableau_explorer(page, voila_server):
    nb = open_voila(page, voila_server, LESSON_04)
    assert_no_errors(page)
    toggles = nb.locator(".widget-toggle-buttons")
    expect(toggles).to_have_count(2)
    assert nb.locator(".widget-button").count() > 0
    assert nb.locator(".jp-RenderedImage img").count() >= 2  # the tableau grids

    with kernel_roundtrip(page):
        toggles.nth(0).get_by_role("button", name="3", exact=True).click()
    with kernel_roundtrip(page):
        toggles.nth(1).get_by_role("button", name="8", exact=True).click()
    explorer = nb.locator(".widget-vbox", has=page.locator(".widget-toggle-buttons")).last
    expect(explorer).to_contain_text("Banker stands.")
    expect(explorer).to_contain_text("with 3, Banker draws on any card but 8, so Banker stands")
    with kernel_roundtrip(page):
        toggles.nth(1).get_by_role("button", name="2", exact=True).click()
    expect(explorer).to_contain_text("Banker draws a third card.")
    assert_no_errors(page)
    explorer.scroll_into_view_if_needed()
    screenshot(page, "voila-04")


def test_voila_lesson_05_coup_builder_and_dealer(page, voila_server):
    nb = open_voila(page, voila_server, LESSON_05)
    assert_no_errors(page)
    assert nb.locator(".widget-text").count() >= 1
    assert nb.locator(".widget-button").count() >= 2
    assert nb.locator(".jp-RenderedImage img").count() >= 1  # plot_coup

    dealer_button = nb.get_by_role("button", name="Next card")
    dealer = nb.locator(".widget-vbox", has=page.get_by_role("button", name="Next card")).last
    expect(dealer).to_contain_text("Cards face up so far: 0")
    with kernel_roundtrip(page):
        dealer_button.click()
    expect(dealer).to_contain_text("Cards face up so far: 1")
    expect(dealer.locator(".bcl-card")).not_to_have_count(0)

    box = nb.get_by_placeholder("e.g. 2♣ 3♥ 3♠ A♦ 7♦ 4♠")
    builder = nb.locator(".widget-vbox", has=page.get_by_placeholder("e.g. 2♣ 3♥ 3♠ A♦ 7♦ 4♠")).last
    with kernel_roundtrip(page):
        box.fill("2 3 3")
    expect(builder.locator(".bcl-error")).to_contain_text("needs 1 more card")
    with kernel_roundtrip(page):
        box.fill("2♣ 3♥ 3♠ A♦ 8♦ 4♠")
    expect(builder.locator(".bcl-coup .bcl-right")).to_have_text("Banker wins 4–3.")
    expect(builder.locator(".bcl-error")).to_have_count(0)
    assert_no_errors(page)
    builder.scroll_into_view_if_needed()
    screenshot(page, "voila-05")

    question, widget = exercise(page, nb, WORKED_EXERCISE)
    wrong = next(choice for choice in question.choices if choice != question.answer)
    with kernel_roundtrip(page):
        widget.get_by_role("button", name=wrong, exact=True).click()
    expect(widget.locator(".bcl-wrong")).to_contain_text("Not quite")
    with kernel_roundtrip(page):
        widget.get_by_role("button", name=question.answer, exact=True).click()
    expect(widget.locator(".bcl-right")).to_contain_text("Right!")
    assert_no_errors(page)
    widget.scroll_into_view_if_needed()
    screenshot(page, "voila-05-exercise")


def test_voila_card_faces_are_projector_sized(page, voila_server):
    nb = open_voila(page, voila_server, LESSON_05)
    static = font_sizes(nb.locator(".jp-RenderedHTMLCommon .bcl-card"))
    in_widgets = font_sizes(nb.locator(".widget-html-content .bcl-card"))
    assert static and in_widgets, (static, in_widgets)
    print(f"card faces: {min(static)} px in outputs, {min(in_widgets)} px in widgets")
    assert min(static + in_widgets) >= CARD_MIN_PX, (static, in_widgets)


def test_voila_exercise_text_is_projector_sized(page, voila_server):
    nb = open_voila(page, voila_server, LESSON_05)
    question, widget = exercise(page, nb, WORKED_EXERCISE)
    with kernel_roundtrip(page):
        widget.get_by_role("button", name=question.answer, exact=True).click()
    prompt = font_sizes(widget.get_by_text(question.prompt, exact=True))
    answer = font_sizes(widget.locator(".bcl-right"))
    print(f"exercise prompt {prompt} px, feedback {answer} px")
    assert prompt and answer, (prompt, answer)
    assert min(prompt + answer) >= TEXT_MIN_PX, f"prompt {prompt} px, feedback {answer} px"
