"""Every lesson of both editions, visited once in JupyterLab and once in Voila's classroom mode, with every check
of a learner's (JupyterLab) and a teacher's (classroom mode) view done on that one visit.

In JupyterLab (1024x768 with the file browser open, a small laptop), an English lesson after Run All; a Vietnamese
lesson opened trusted and NOT run, as saved: its executed, committed outputs and widget state (nbval runs every
Vietnamese lesson in the main job and proves it runs and gives those outputs; no check below on a Vietnamese lesson
needs a fresh run, since nothing is clicked there):
- no cell error, no exception in a widget callback, no widget that failed to display, no stderr (Vietnamese: none
  saved, every saved widget view drawn and none shown as its text fallback);
- every `plt.show()` is an image, every lesson shows a widget, and each lesson shows at least the widgets
  listed in LESSONS;
- no output overflows sideways, every widget button/input/select lies inside its output area, and no control is
  clipped (`lab.layout_problems`);
- English: "abc" typed into each typed exercise is neither marked nor reveals the answer, and asks for a number;
  then the lesson's widgets are used as LESSONS scripts them and their answers checked against baccarat_lib
  (a lesson missing from LESSONS has one exercise answered);
- Vietnamese: the widgets' visible text is Vietnamese (Vietnamese letters, none of ENGLISH_ONLY);
- lesson 01 is opened trusted first: before anything runs it shows its saved widgets, not their text fallback;
- accessibility: axe-core (WCAG 2.1 A/AA, tests/browser/a11y.py) over the notebook's output areas (JupyterLab's own
  interface is not audited): no serious or critical violation. Vietnamese: the rules whose result can depend on the
  words or the language (a11y.TEXT_RULES: names, labels, alt texts, lang...); colour contrast and structure are
  audited on the English twin, which has the same templates, widgets, styles and colours.

In Voila with the course's config, as the README's classroom command (1280x720, a projector; the page reaches
only the local server):
- no error, as above; every widget rendered;
- prose at least 20 px, printed explanations at least 18 px; no visible code, no Python repr, no "Run All" note;
- a header with the lesson's title and its previous / contents / next links and the other edition's twin;
- the layout checks above; Vietnamese: every menu shows its whole chosen option (Vietnamese names are longer);
- no request to any other host;
- accessibility: the page says its language (`<html lang="en">` / `"vi"`); axe-core (WCAG 2.1 A/AA; Vietnamese: its
  TEXT_RULES, as above) over the whole page finds no serious or critical violation; English: the keyboard alone (Tab, Shift+Tab, Enter, Space) answers the
  lesson's first unanswered exercise (lesson 09: the whole final test, to its score), with a visible focus ring on
  every control reached, the feedback in a live region and the focus left on the feedback or a control of the
  exercise, never lost to the page;
- lessons 04 and 05: the tableau explorer, the coup builder, the shoe dealer and an exercise answer clicks and
  typing; card faces (about 24 px) and exercise text (18 px) are projector-sized; lesson 00's "Contents" link
  lands on its contents;
- closing the page (as a tab closes) shuts its kernel down: the shutdown passes the xsrf check, nothing is culled.

Screenshots in test-artifacts/screenshots/, of lesson SCREENSHOT_LESSON (05) only, in each app and edition:
lab-05_a_whole_coup.png, lab-vi-05.png, voila-05_a_whole_coup.png, voila-vi-05.png, the full pages
layout-{lab,voila}-{05_a_whole_coup,vi-05}-full.png, keyboard-05.png and voila-05-exercise.png; and
FAILED-<test>.png for any failed visit.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Callable

import pytest

import sys
import time
from pathlib import Path
from urllib.parse import unquote, urlsplit

from . import servers
from .a11y import TEXT_RULES, audit, blocking, focus_ring_problem, live_region_problem, press_until
from .conftest import LAB_HOMES, _failed, _failure_screenshot
from .lab import (
    KERNEL_TIMEOUT_S, LAB_PANEL, REPO_ROOT, assert_no_errors, cell_by_text, expect, kernel_roundtrip, layout_problems,
    open_notebook, open_voila, run_all, screenshot, wait_for_widgets,
)

sys.path.insert(0, str(REPO_ROOT / "tools"))
import navigation  # noqa: E402

from baccarat_lib import course  # noqa: E402

EDITION_LESSONS = {language: navigation.lessons(edition.folder) for language, edition in course.EDITIONS.items()}
LESSON_PATHS = [path.relative_to(REPO_ROOT).as_posix() for lessons in EDITION_LESSONS.values() for path in lessons]
LAB_SIZE = {"width": 1024, "height": 768}
# The one lesson whose pages are saved as pictures for a person to look at, in each edition and each app (and on its
# keyboard walk); any failed visit saves its own (conftest's FAILED-<test>.png).
SCREENSHOT_LESSON = "05"

# Top-level outputs (not the ones nested in widgets) of the visible notebook.
# A plot is shown as html (views.plots.common.figure_html): an image named by its alt text. A bare PNG output
# (no alt) does not count.
PLOT_IMAGES = ".jp-OutputArea-output img.bcl-plot[alt]"
RIGHT = re.compile(r"^Right!")
WRONG = re.compile(r"^Not quite")


@pytest.fixture(autouse=True)
def _generous_expect():
    """expect() retries for up to 15 s (Playwright's default is 5 s): the machine may be loaded."""
    from playwright.sync_api import expect as playwright_expect

    playwright_expect.set_options(timeout=15_000)


@pytest.fixture(scope="module")
def _lab_pages(browser_context):
    """The JupyterLab page the visits of this module share: each visit opens its lesson in it (lab.open_notebook's
    in_place; JupyterLab boots in about 10 s a visit on a loaded 2-core machine). A list of at most one page: a failed
    visit's page is closed, and the next visit starts a new one."""
    pages = []
    try:
        yield pages
    finally:
        for page in pages:
            page.close()


@pytest.fixture
def lab_page(_lab_pages, browser_context, request):
    """The shared JupyterLab page; after the visit its notebook is disposed of (its kernel is then shut down by
    conftest's `_shutdown_lab_kernels`, torn down after this fixture), and a failed visit's page is closed."""
    if not _lab_pages:
        _lab_pages.append(browser_context.new_page())
        _lab_pages[0].set_default_timeout(30_000)
    page = _lab_pages[0]
    try:
        yield page
    finally:
        if _failed(request.node):
            _failure_screenshot(page, request.node.name)
            _lab_pages.clear()
            page.close()
        else:                     # no notebook, no kernel, no probe left for the next visit (a launcher shows)
            page.evaluate("() => { delete window.__bacc; if (window.jupyterapp) "
                          "[...window.jupyterapp.shell.widgets('main')].forEach(widget => widget.dispose()); }")


@pytest.fixture
def classroom_tab(classroom_context, outside_requests, request):
    """A new classroom page for one visit (outside_requests cleared first). The visit closes it itself, to see its
    kernel shut down as a tab closes; a failed visit's page is closed here, after its screenshot."""
    outside_requests.clear()
    page = classroom_context.new_page()
    page.set_default_timeout(30_000)
    try:
        yield page
    finally:
        if not page.is_closed():
            if _failed(request.node):
                _failure_screenshot(page, request.node.name)
            try:
                page.close(run_before_unload=True)
            except Exception:
                pass


# --- Actions shared by the lessons ------------------------------------------------------------

def click(page, locator) -> None:
    """Click something whose callback runs in the kernel, and wait until the kernel handled it."""
    with kernel_roundtrip(page):
        locator.click()


def press_start(page, cell) -> None:
    """Press the Start button of a drill, a test or dealer mode (their first question is hidden until then), unless
    an earlier step pressed it."""
    start = cell.get_by_role("button", name=re.compile(r"Start$"))     # its name starts with the icon's glyph
    if start.count():
        click(page, start)
        expect(start).to_have_count(0)


def type_into(page, box, text: str, *, enter: bool = False) -> None:
    """Replace the text of a text box (Enter commits a continuous_update=False box)."""
    with kernel_roundtrip(page):
        box.fill(text)
        if enter:
            box.press("Enter")


def text_box(cell, nth: int = 0):
    """The cell's nth text box (IntText boxes count too: they are .widget-text as well)."""
    return cell.locator(".widget-text input").nth(nth)


def answer_box(cell):
    """The answer box of an exercise ("your answer") or a drill ("a number, e.g. …")."""
    return cell.get_by_placeholder("your answer").or_(cell.get_by_placeholder("a number, e.g."))


def choose(page, cell, label: str, *, nth: int = 0) -> None:
    """Pick an option of the cell's nth dropdown by its label."""
    with kernel_roundtrip(page):
        cell.locator(".widget-dropdown select").nth(nth).select_option(label=label)


def selected_label(select) -> str:
    """The label of a dropdown's selected option."""
    return select.evaluate("el => el.options[el.selectedIndex].textContent")


def toggle(page, cell, label: str, *, group: int = 0) -> None:
    """Press the button labelled `label` of the cell's `group`-th ToggleButtons."""
    click(page, cell.locator(".widget-toggle-buttons").nth(group)
          .get_by_role("button", name=label, exact=True))


def below_the_fold(page, locator):
    """None if ``locator``'s element ends within the window's height, else how far below it ends (px)."""
    expect(locator).to_be_visible()
    box = locator.bounding_box()
    height = page.viewport_size["height"]
    return None if box["y"] + box["height"] <= height else box["y"] + box["height"] - height


def gap_below(control, message) -> float:
    """How far (px) below ``control``'s box ``message`` starts: a few px when it is right under it."""
    return message.bounding_box()["y"] - (control.bounding_box()["y"] + control.bounding_box()["height"])


def feedback(cell):
    """The feedback box of an exercise (a "right" or "wrong" message)."""
    return cell.locator(".bcl-right, .bcl-wrong")


def answer_exercise(page, source: str, question) -> None:
    """Answer the exercise displayed by the cell containing `source`: wrong first (a hint and a second try, the
    answer not given away), then right (the answer and why).

    `question` is the same Question, built here by the library, so we know its answer and its hint.
    """
    from baccarat_lib.teaching.hints import hint

    cell = cell_by_text(page, source)
    if question.choices:
        wrong = next(choice for choice in question.choices if choice != question.answer)
        click(page, cell.get_by_role("button", name=wrong, exact=True))
    else:
        type_into(page, answer_box(cell), "12345", enter=True)
    expect(feedback(cell)).to_have_text(WRONG)
    expect(feedback(cell)).to_contain_text(hint(question))
    expect(feedback(cell)).not_to_contain_text(question.explanation)
    if question.choices:
        click(page, cell.get_by_role("button", name=question.answer, exact=True))
    else:
        type_into(page, answer_box(cell), question.answer, enter=True)
    expect(feedback(cell)).to_have_text(RIGHT)
    expect(feedback(cell)).to_contain_text(question.explanation)


def settlement_cell(cell, row: str):
    """The value cell of a row of the settle widget's table ("Commission taken back", ...)."""
    return cell.locator(".bcl-settlement tr", has_text=re.compile("^" + re.escape(row))).locator("td").nth(1)


# --- What each lesson must show, and what we do with it ---------------------------------------

@dataclass
class Lesson:
    """rendered: selector -> at least how many of it the notebook shows after run-all.
    interact(page, nb): uses the widgets and checks what they show; returns the locator to
    bring into view for the screenshot."""

    rendered: dict[str, int] = field(default_factory=dict)
    interact: Callable | None = None


def lesson_00(page, nb):
    from baccarat_lib.teaching.rule_questions import winner_question

    answer_exercise(page, 'winner_question("7 2 A 5")', winner_question("7 2 A 5"))
    answer_exercise(page, 'winner_question("2 A 3 2 8")', winner_question("2 A 3 2 8"))
    return cell_by_text(page, 'winner_question("7 2 A 5")')


def lesson_01(page, nb):
    from baccarat_lib.teaching.rule_questions import total_question

    calculator = cell_by_text(page, "show_total_calculator(")
    output = calculator.locator(".widget-html-content").last
    type_into(page, text_box(calculator), "6 7 8")
    expect(output).to_contain_text("6 + 7 + 8 = 21 → keep the units digit: 1")
    expect(output).to_contain_text("= 1")
    expect(calculator.locator(".bcl-card")).to_have_count(3)

    type_into(page, text_box(calculator), "6")  # one card: not a hand yet, said inline
    expect(output).to_contain_text("A hand starts with two cards")

    click(page, calculator.get_by_role("button", name="Clear"))
    expect(calculator.locator(".widget-text input")).to_have_value("")
    click(page, calculator.get_by_role("button", name="K", exact=True))
    click(page, calculator.get_by_role("button", name="9", exact=True))
    expect(calculator.locator(".widget-text input")).to_have_value("K 9")
    expect(output).to_contain_text("K + 9 → 0 + 9 = 9")

    answer_exercise(page, 'total_question("9 6")', total_question("9 6"))
    return calculator


def lesson_02(page, nb):
    from baccarat_lib.teaching.rule_questions import natural_question
    from baccarat_lib.views.widgets.basics import natural_reading

    checker = cell_by_text(page, "show_natural_checker(")
    selects = checker.locator(".widget-dropdown select")
    # Player's first card -> 2 (lesson default K 5 9 3: Player 2+9 = 1, Banker 5+3 = 8, a natural).
    choose(page, checker, "2", nth=0)
    cards = [selected_label(select) for select in selects.all()]
    assert cards[0] == "2", cards
    for sentence in natural_reading(" ".join(cards)).sentences:
        expect(checker).to_contain_text(sentence)

    click(page, checker.get_by_role("button", name="Deal 4 new cards"))
    dealt = [selected_label(select) for select in selects.all()]
    expect(checker).to_contain_text(natural_reading(" ".join(dealt)).sentences[-1])

    answer_exercise(page, 'natural_question("6 2")', natural_question("6 2"))
    return checker


def lesson_03(page, nb):
    from baccarat_lib.teaching.rule_questions import player_draw_question
    from baccarat_lib.views.widgets.basics import player_rule_reading

    explorer = cell_by_text(page, "show_player_rule(")
    first = explorer.locator(".widget-dropdown select").nth(0).input_value()
    choose(page, explorer, "4", nth=1)  # e.g. 2 4 = 6: Player stands
    expect(explorer).to_contain_text(player_rule_reading(f"{first} 4").sentence)
    choose(page, explorer, "K", nth=0)
    choose(page, explorer, "3", nth=1)  # K 3 = 3: Player draws
    expect(explorer).to_contain_text(player_rule_reading("K 3").sentence)
    expect(explorer).to_contain_text("Player takes a third card.")

    answer_exercise(page, 'player_draw_question("A 4")', player_draw_question("A 4"))
    return explorer


def lesson_04(page, nb):
    from baccarat_lib.game import Card
    from baccarat_lib.teaching.rule_questions import banker_draw_question

    explorer = cell_by_text(page, "show_tableau_explorer(")
    toggle(page, explorer, "3", group=0)
    toggle(page, explorer, "8", group=1)
    expect(explorer).to_contain_text("Banker stands.")
    expect(explorer).to_contain_text("with 3, Banker draws on any card but 8, so Banker stands")
    toggle(page, explorer, "7", group=1)
    expect(explorer).to_contain_text("Banker draws a third card.")
    toggle(page, explorer, "Player stood", group=1)
    expect(explorer).to_contain_text("Banker has 3.")

    answer_exercise(page, 'banker_draw_question("3 2", Card("4"))', banker_draw_question("3 2", Card("4")))
    return explorer


def lesson_05(page, nb):
    from baccarat_lib.teaching.rule_questions import winner_question

    builder = cell_by_text(page, "show_coup_builder(")
    type_into(page, text_box(builder), "2♣ 3♥ 3♠ A♦ 8♦ 4♠")
    expect(builder.locator(".bcl-coup .bcl-right")).to_have_text("Banker wins 4–3.")
    expect(builder).to_contain_text("4♠ stays in the shoe")
    type_into(page, text_box(builder), "2 3 3")
    expect(builder.locator(".bcl-error")).to_contain_text("needs 1 more card")
    type_into(page, text_box(builder), "2♣ 3♥ 3♠ A♦ 8♦ 4♠")
    expect(builder.locator(".bcl-error")).to_have_count(0)

    dealer = cell_by_text(page, "show_shoe_dealer(")
    expect(dealer).to_contain_text("Cards face up so far: 0")
    next_card = dealer.get_by_role("button", name="Next card")
    click(page, next_card)
    expect(dealer).to_contain_text("Cards face up so far: 1")
    for _ in range(3):
        click(page, next_card)
    expect(dealer).to_contain_text("Cards face up so far: 4")
    click(page, dealer.get_by_role("button", name="New coup"))
    expect(dealer).to_contain_text("coup 2:")

    answer_exercise(page, 'winner_question("7 6 Q J 5 2")', winner_question("7 6 Q J 5 2"))
    builder.scroll_into_view_if_needed()
    return builder


def lesson_06(page, nb):
    from baccarat_lib.game.formatting import money
    from baccarat_lib.views.money import WORKED_COUP, settle_reading

    widget = cell_by_text(page, "show_settle_widget(")
    # The lesson's defaults: 100 on Banker at the standard table, the worked coup (Banker wins).
    # ipywidgets writes the spaces of an option's label as no-break spaces
    assert [selected_label(select).replace("\xa0", " ") for select in widget.locator(".widget-dropdown select").all()] \
        == ["Standard (5% commission)", "Banker"]
    expect(text_box(widget, 0)).to_have_value("100")
    expect(text_box(widget, 1)).to_have_value(WORKED_COUP)
    expect(settlement_cell(widget, "Commission taken back")).to_have_text("5")
    expect(settlement_cell(widget, "Net result")).to_have_text("95")

    def expect_settled(table, stake):
        settlement = settle_reading(table, "banker", stake, WORKED_COUP).settlement
        expect(settlement_cell(widget, "Commission taken back")).to_have_text(money(settlement.commission))
        expect(settlement_cell(widget, "Net result")).to_have_text(money(settlement.net))

    choose(page, widget, "4% commission", nth=0)
    expect(settlement_cell(widget, "Commission taken back")).to_have_text("4")
    expect_settled("commission-4", "100")
    type_into(page, text_box(widget, 0), "250")
    expect_settled("commission-4", "250")
    choose(page, widget, "No commission (Banker 6 pays 1:2)", nth=0)
    expect_settled("no-commission", "250")

    type_into(page, text_box(widget, 1), "2 3 3")  # not a coup yet: said inline
    expect(widget.locator(".bcl-error")).to_contain_text("needs 1 more card")
    # the verdict or error shows on the same 768 px screen as the widget's first control (it was below the fold)
    widget.locator(".widget-dropdown select").first.evaluate("el => el.scrollIntoView({block: 'start'})")
    assert below_the_fold(page, widget.locator(".bcl-error")) is None
    assert gap_below(text_box(widget, 1), widget.locator(".bcl-error")) < 24
    type_into(page, text_box(widget, 1), WORKED_COUP)
    expect(widget.locator(".bcl-error")).to_have_count(0)

    widget.locator(".widget-dropdown select").first.evaluate("el => el.scrollIntoView({block: 'start'})")
    verdict = widget.locator(".bcl-right, .bcl-wrong, .bcl-info").first
    assert below_the_fold(page, verdict) is None
    assert gap_below(text_box(widget, 1), verdict) < 24      # right under the Cards box, not after the coup

    choose(page, widget, "Standard (5% commission)", nth=0)
    choose(page, widget, "Player", nth=1)
    expect(settlement_cell(widget, "Result")).to_have_text("loses")
    expect(settlement_cell(widget, "Net result")).to_have_text("−250")      # money() writes a minus sign
    return widget


def lesson_07(page, nb):
    from baccarat_lib.analysis.odds import house_edge
    from baccarat_lib.game.formatting import percent

    explorer = cell_by_text(page, "show_edge_explorer(")
    edges = explorer.locator(".bcl-edge-reading")
    banker = edges.locator("tr", has_text="Banker").first
    expect(banker).to_contain_text(percent(house_edge("banker", "standard", 8)))

    choose(page, explorer, "No commission (Banker 6 pays 1:2)", nth=1)
    expect(banker).to_contain_text(percent(house_edge("banker", "no-commission", 8)))
    expect(edges).to_contain_text("Super Six")

    choose(page, explorer, "7", nth=0)  # the decks' menu: 8 decks -> 7
    expect(explorer.locator(".bcl-outcomes")).to_contain_text("7 decks")
    expect(banker).to_contain_text(percent(house_edge("banker", "no-commission", 7)))
    return explorer


def lesson_08(page, nb):
    from baccarat_lib.teaching.road_questions import bead_question

    dealer = cell_by_text(page, "show_road_dealer(")
    roads = dealer.locator("svg.bcl-roads")
    expect(roads).to_have_count(1)
    seed = dealer.locator(".widget-text input").first.input_value()
    before = roads.inner_html()
    click(page, dealer.get_by_role("button", name="Deal a new shoe"))
    expect(dealer).to_contain_text(f"Seed {int(seed) + 1}")
    assert roads.inner_html() != before
    expect(dealer.locator(".widget-text input").first).to_have_value(str(int(seed) + 1))
    expect(dealer).to_contain_text(f"Seed {int(seed) + 1}")

    after_new_shoe = roads.inner_html()
    choose(page, dealer, "6")  # six decks: another shoe, both boards redrawn
    expect(dealer).to_contain_text(f"Seed {int(seed) + 1}, 6 decks")
    assert roads.inner_html() != after_new_shoe

    long_seed = "123456789" * 6 + "012345"                     # 60 digits: ran the summary off the right edge
    type_into(page, dealer.locator(".widget-text input").first, long_seed, enter=True)
    expect(dealer).to_contain_text(f"Seed {long_seed},")
    wider = dealer.locator(".jp-OutputArea-output").first.evaluate(
        """area => [...area.querySelectorAll('.widget-html-content')]
             .filter(box => box.getBoundingClientRect().right > area.getBoundingClientRect().right + 1
                            || box.scrollWidth > box.clientWidth + 1)
             .map(box => box.textContent.slice(0, 40))""")
    assert not wider, f"text past the output's right edge: {wider}"

    answer_exercise(page, "show_question(bead_question(14))", bead_question(14))
    dealer.scroll_into_view_if_needed()
    return dealer


def lesson_09(page, nb):
    from baccarat_lib.teaching.practice import MIXED, next_drill, start_drill

    drill_cell = cell_by_text(page, 'show_drill(kind="mixed"')
    state = start_drill(MIXED, 1, 2024)
    question = state.exercise.question
    press_start(page, drill_cell)                    # (the garbage-answer walk may have pressed it already)
    expect(drill_cell).to_contain_text(question.prompt)
    if question.choices:
        wrong = next(choice for choice in question.choices if choice != question.answer)
        click(page, drill_cell.get_by_role("button", name=wrong, exact=True))
    else:
        type_into(page, answer_box(drill_cell), "12345", enter=True)
    expect(feedback(drill_cell)).to_have_text(WRONG)
    expect(feedback(drill_cell)).to_contain_text(question.explanation)
    expect(drill_cell).to_contain_text("Score: 0 of 1")

    click(page, drill_cell.get_by_role("button", name="Next question"))
    expect(drill_cell).to_contain_text(next_drill(state).exercise.question.prompt)
    expect(feedback(drill_cell)).to_have_count(0)

    settle_cell = cell_by_text(page, 'show_drill(kind="settle"')
    settle = start_drill("settle", 3, 9).exercise.question
    press_start(page, settle_cell)
    type_into(page, answer_box(settle_cell), settle.answer, enter=True)
    expect(feedback(settle_cell)).to_have_text(RIGHT)
    expect(settle_cell).to_contain_text("Score: 1 of 1")

    # the final test's first question is a total ("6♣ 5♠ 8♠"): its ten digit buttons fit one row at 1024 px
    final = cell_by_text(page, "show_final_test(")
    press_start(page, final)
    digits = [final.get_by_role("button", name=str(digit), exact=True) for digit in range(10)]
    tops = {round(button.bounding_box()["y"]) for button in digits}
    assert len(tops) == 1, f"the digit buttons take {len(tops)} rows: {sorted(tops)}"
    expect(final).to_contain_text("One try per question")

    # dealer mode is live in the lesson, its first call hidden until Start (its clock starts there)
    dealer = cell_by_text(page, "show_dealer_mode(seed=2024)")
    expect(dealer).not_to_contain_text("Natural?")
    press_start(page, dealer)
    expect(dealer).to_contain_text("Natural?")
    adaptive = cell_by_text(page, 'show_drill(kind="banker-draw", difficulty=3, adaptive=True)')
    press_start(page, adaptive)
    expect(adaptive).to_contain_text("Banker holds")
    return drill_cell


def lesson_10(page, nb):
    from baccarat_lib.analysis.counting import edges_after_removing

    explorer = cell_by_text(page, "show_removal_explorer(")
    banker = explorer.locator("tr", has_text="banker").first

    def after(removed, decks):
        return f"{float(edges_after_removing(removed, decks)['banker'][1]):+.3%}"

    expect(banker).to_contain_text(after("5 5 5 5", 1))
    type_into(page, text_box(explorer), "8 8 9 9", enter=True)
    expect(banker).to_contain_text(after("8 8 9 9", 1))
    choose(page, explorer, "8")
    expect(banker).to_contain_text(after("8 8 9 9", 8))
    return explorer


def lesson_11(page, nb):
    # the progress page reads the store and refreshes on request
    progress = cell_by_text(page, "show_progress(")
    expect(progress.locator(".bcl-progress-lessons")).to_have_count(1)
    click(page, progress.get_by_role("button", name="Refresh"))
    expect(progress.locator(".bcl-progress-lessons")).to_have_count(1)
    expect(progress).to_contain_text("Practise")
    return progress


LESSONS: dict[str, Lesson] = {
    "00": Lesson({".widget-button": 9, PLOT_IMAGES: 1, ".bcl-card": 6}, lesson_00),
    "01": Lesson({".widget-text": 4, ".widget-button": 15, ".bcl-card": 2}, lesson_01),
    "02": Lesson({".widget-dropdown": 4, ".widget-button": 9, ".bcl-card": 4}, lesson_02),
    "03": Lesson({".widget-dropdown": 2, ".widget-button": 8, ".bcl-player-rule": 1}, lesson_03),
    # lesson 04's two tableau grids as HTML, outside the explorer widget
    "04": Lesson({".widget-toggle-buttons": 2, ".widget-button": 11,
                  '.jp-OutputArea-output[data-mime-type="text/html"] > table.bcl-grid': 2}, lesson_04),
    "05": Lesson({".widget-text": 1, ".widget-button": 11, ".bcl-card": 10},
                 lesson_05),
    "06": Lesson({".widget-dropdown": 2, ".widget-text": 3, ".widget-button": 1,
                  ".bcl-pay-tables": 1}, lesson_06),
    "07": Lesson({".widget-dropdown": 2, ".widget-button": 2, PLOT_IMAGES: 1,
                  ".bcl-edges": 1}, lesson_07),
    # lesson 08: four boards, the five-board scoreboard and the road dealer are SVG; the streak plot an image
    "08": Lesson({".widget-button": 2, ".widget-dropdown": 1, PLOT_IMAGES: 1, "svg.bcl-roads": 6},
                 lesson_08),
    "09": Lesson({".widget-dropdown": 2, ".widget-toggle-buttons": 2, ".widget-button": 6,
                  ".widget-text": 1}, lesson_09),
    "10": Lesson({".widget-dropdown": 1, ".widget-text": 1, ".widget-button": 2, PLOT_IMAGES: 4},
                 lesson_10),
    "11": Lesson({".widget-button": 3, ".bcl-progress-lessons": 1}, lesson_11),
}


# --- Checks shared by the visits ----------------------------------------------------------------

def _code_sources(path: str) -> list[str]:
    cells = json.loads((REPO_ROOT / path).read_text(encoding="utf-8"))["cells"]
    return ["".join(c["source"]) for c in cells if c["cell_type"] == "code"]


def _lesson_id(path: str) -> str:
    name = path.rsplit("/", 1)[-1].removesuffix(".ipynb")
    return f"vi-{name[:2]}" if _language(path) == "vi" else name


def _language(path: str) -> str:
    return navigation.edition((REPO_ROOT / path).parent)


def _pictured(name: str) -> bool:
    """Whether the visit of the lesson with this test id saves its screenshots (SCREENSHOT_LESSON, either edition)."""
    return name.removeprefix("vi-")[:2] == SCREENSHOT_LESSON


def _audited_rules(language: str) -> list[str] | None:
    """The axe rules a page is audited with: every WCAG 2.1 A/AA rule on an English page; on a translated one the
    rules whose result can depend on its words or language (a11y.TEXT_RULES), as both editions share every template,
    widget, style and colour."""
    return None if language == "en" else list(TEXT_RULES)


def _report(path: str, problems: list[str]) -> None:
    assert not problems, f"{len(problems)} problem(s) in {path}:\n" + "\n".join(f"- {p}" for p in problems)


def _full_page_screenshot(page, name: str) -> None:
    """The first widget in view, then the whole page."""
    first = page.locator(".bcl-widget").first
    if first.count():
        first.scroll_into_view_if_needed()
    screenshot(page, f"{name}-full", full_page=True)


# Vietnamese: the widgets' visible text holds Vietnamese letters and none of these English words, which the
# Vietnamese edition never uses (the names the glossary keeps, Player, Banker, Natural, Big Road, shoe..., are not
# in the list).
ENGLISH_ONLY = re.compile(r"\b(the|and|of|is|draws|stands|wins|Check|Next|Deal|your|answer|Reset|question|"
                          r"total|cards?|right|wrong|Not quite|Show|Hide|chance|edge|bets?)\b")
VIETNAMESE_LETTERS = re.compile(r"[ăâđêôơưạảấầẩẫậắằẳẵặẹẻẽếềểễệỉịọỏốồổỗộớờởỡợụủứừửữựỳỵỷỹ]", re.I)

# The visible text of every widget view under `root`: its text, the labels of its options, its placeholders.
_JS_WIDGET_TEXT = """(root) => {
  const views = [...document.querySelectorAll(root)].flatMap(area =>
      [...area.querySelectorAll('.jupyter-widgets, .widget-output')]);
  const texts = [];
  for (const view of views) {
    if (view.closest('.jupyter-widgets') !== view && view.parentElement.closest('.jupyter-widgets')) continue;
    texts.push(view.innerText || '');
    view.querySelectorAll('option').forEach(option => texts.push(option.textContent));
    view.querySelectorAll('[placeholder]').forEach(box => texts.push(box.getAttribute('placeholder')));
  }
  return texts.filter(text => text && text.trim());
}"""


def vietnamese_problems(page, outputs: str) -> list[str]:
    """What in the widgets' text (of the outputs `outputs` selects) is not Vietnamese."""
    texts = page.evaluate(_JS_WIDGET_TEXT, outputs)
    if not texts:
        return ["no widget text at all"]
    joined = "\n".join(texts)
    if not VIETNAMESE_LETTERS.search(joined):
        return [f"widget text without Vietnamese: {joined[:200]!r}"]
    english = sorted({match.group(0) for text in texts for match in ENGLISH_ONLY.finditer(text)})
    if english:
        example = next(text for text in texts if ENGLISH_ONLY.search(text))[:200]
        return [f"English words in the widgets' text: {english}; e.g. {example!r}"]
    return []


# --- JupyterLab ---------------------------------------------------------------------------------

EXERCISE_CALLS = ("show_question(", "show_drill(", "show_final_test(")
MARKED = re.compile(r"Not quite|Right!|right answer|Score: [1-9]|of [1-9]", re.I)
TYPE_HINT = re.compile(r"type (a number|a whole number|an amount of money|a total)", re.I)


def garbage_answer_problems(page, path: str) -> list[str]:
    """Type "abc" + Enter into every typed exercise of the lesson; what was marked or revealed."""
    problems, typed = [], []
    for source in _code_sources(path):
        if not any(call in source for call in EXERCISE_CALLS):
            continue
        cell = cell_by_text(page, source.strip().splitlines()[0] if "\n" not in source.strip()
                            else source.strip())
        press_start(page, cell)                       # a drill or test shows its question after Start
        # an answer box ("your answer", "a number, e.g. 9.5 or -10"), not a seed box
        boxes = cell.locator('.widget-text input[placeholder*="answer" i], .widget-text input[placeholder*="number" i]')
        if not boxes.count():
            continue                                  # answered by buttons: nothing to mistype
        box = boxes.last
        typed.append(first_line := source.strip().splitlines()[0][:60])
        before = cell.inner_text()
        with kernel_roundtrip(page):
            box.fill("abc")
            box.press("Enter")
        try:                                          # the reply drawn: its hint (what a wrong reply lacks, below)
            expect(cell).to_contain_text(TYPE_HINT, timeout=5_000)
        except AssertionError:
            pass
        after = cell.inner_text()
        new_text = after.replace(before, "") if before in after else after
        if cell.locator(".bcl-wrong, .bcl-right").count() or MARKED.search(new_text):
            problems.append(f"{first_line!r}: 'abc' was marked or revealed the answer: {new_text.strip()[:160]!r}")
        elif not TYPE_HINT.search(after):             # what it takes
            problems.append(f"{first_line!r}: 'abc' got no 'Type a number' hint: {new_text.strip()[:160]!r}")
    print(f"{path}: typed 'abc' into {len(typed)} exercise(s): {typed}")
    return problems


def generic_interaction(page, nb, path: str):
    """For a lesson without a script: answer its first exercise and expect feedback."""
    sources = [s for s in _code_sources(path) if "show_question(" in s]
    if not sources:
        pytest.skip(f"{path}: no scripted interaction and no exercise to answer; add it to LESSONS")
    cell = cell_by_text(page, sources[0].strip().splitlines()[0])
    buttons = cell.locator(".widget-button")
    if answer_box(cell).count():
        type_into(page, answer_box(cell), "0", enter=True)
    else:
        click(page, buttons.first)
    expect(feedback(cell)).to_have_text(re.compile(r"^(Right!|Not quite)"))
    return cell


SAVED_WIDGETS_LESSON = "lessons/01_card_values.ipynb"
IN_PLACE_VIEWS_S = 20.0     # saved views opened in place: how long before JupyterLab is booted anew instead


def saved_widgets_problems(page, lab_server, path: str, *, min_buttons: int = 1,
                           in_place: bool = False) -> list[str]:
    """Open the lesson trusted (as `jupyter trust` does) WITHOUT running it: JupyterLab draws an output with the
    widget renderer only in a trusted notebook, restoring the views from the widget state saved in it. What is
    wrong with what it shows (an untrusted notebook would show each widget's text fallback): a view shown as text or
    failing to display, fewer than `min_buttons` widget buttons, a saved error or stderr output."""
    import nbformat
    from nbformat.sign import NotebookNotary

    saved = nbformat.read(str(REPO_ROOT / path), as_version=4)
    if "application/vnd.jupyter.widget-state+json" not in saved.metadata.get("widgets", {}):
        return [f"{path} carries no saved widget state (re-execute it with nbconvert)"]
    problems = [f"saved {output.output_type} output in cell {index}: {output.get('text', output.get('evalue', ''))[:200]!r}"
                for index, cell in enumerate(saved.cells) if cell.cell_type == "code"
                for output in cell.outputs
                if output.output_type == "error" or (output.output_type == "stream" and output.name == "stderr")]
    NotebookNotary(data_dir=str(servers.notary_dir(LAB_HOMES[lab_server]))).sign(saved)
    # No cell runs. In place when the page shows JupyterLab already (a boot costs Chromium seconds of CPU); opened in
    # a page that showed other notebooks before, a trusted notebook's saved views were at times never drawn, or one
    # failed ("Error displaying widget: model not found"): then the notebook is closed and opened in place again
    # (nothing runs), and if that does not draw them JupyterLab is booted anew, and must draw them all there.
    panel = page.locator(LAB_PANEL)
    fallbacks = panel.locator(".jp-OutputArea-output", has_text=re.compile(r"^VBox\(|^HBox\("))

    def draw_saved_views(in_place: bool, timeout_s: float) -> bool:
        """Open the notebook; whether every saved view is drawn, none as text and none failed."""
        open_notebook(page, lab_server, path, show_sidebar=True, in_place=in_place)
        # the views are restored once the widget manager has asked the new kernel for its widgets: slow when loaded
        expect(panel.locator(".bcl-widget").first).to_be_attached(timeout=timeout_s * 1000)
        wait_for_widgets(page)                                    # every saved view drawn (or failed visibly)
        return not fallbacks.count() and not panel.get_by_text("Error displaying widget").count()

    def reopen_in_place() -> bool:
        """Close the notebook and open it again in place: a new widget manager restores the saved views, its kernel
        already running (the widget manager restores them once, when it is made: a restore that failed, e.g. while
        the new kernel was still connecting, is never retried; a second of Chromium's CPU, a new JupyterLab several)."""
        page.evaluate("() => [...window.jupyterapp.shell.widgets('main')].forEach(widget => widget.dispose())")
        return draw_saved_views(True, IN_PLACE_VIEWS_S)

    if in_place:
        for step, attempt in (("opened in place", lambda: draw_saved_views(True, IN_PLACE_VIEWS_S)),
                              ("opened in place again", reopen_in_place)):
            try:
                drawn = attempt()
            except AssertionError as error:
                drawn, why = False, str(error).splitlines()[0][:120] + "; "
            else:
                why = ""
            why += (f"{panel.locator('.bcl-widget').count()} views drawn, {fallbacks.count()} shown as text, "
                    f"{panel.get_by_text('Error displaying widget').count()} failed to display")
            if drawn:
                break
            print(f"{path}: saved views not all drawn {step} ({why})")
        if not drawn:
            print(f"{path}: JupyterLab booted anew")
            draw_saved_views(False, KERNEL_TIMEOUT_S)
    else:
        draw_saved_views(False, KERNEL_TIMEOUT_S)
    if fallbacks.count():
        problems.append(f"saved widgets shown as text: {fallbacks.count()}")
    if panel.get_by_text("Error displaying widget").count():
        problems.append("a saved widget failed to display")
    if panel.locator(".bcl-widget .widget-button").count() < min_buttons:
        problems.append(f"fewer than {min_buttons} saved widget buttons drawn before Run All")
    return problems


@pytest.mark.parametrize("path", LESSON_PATHS, ids=_lesson_id)
def test_lesson_in_jupyterlab(lab_page, lab_server, path):
    page, name, language = lab_page, _lesson_id(path), _language(path)
    page.set_viewport_size(LAB_SIZE)
    problems = []
    if language == "vi":                               # its saved outputs, not run: nbval runs it (docstring)
        problems += [f"saved outputs: {p}" for p in saved_widgets_problems(page, lab_server, path, in_place=True)]
    elif path == SAVED_WIDGETS_LESSON:
        problems += [f"before Run All: {p}" for p in saved_widgets_problems(page, lab_server, path, min_buttons=10,
                                                                          in_place=True)]
        run_all(page)
    else:
        open_notebook(page, lab_server, path, show_sidebar=True, in_place=True)
        run_all(page)                                  # waits: cells finished, widgets drawn
    nb = page.locator(LAB_PANEL)
    assert_no_errors(page)

    # Every plot a cell shows with plt.show() is an image; every lesson shows some widget.
    lesson = LESSONS.get(name[:2], Lesson()) if language == "en" else Lesson()
    plots = sum("plt.show()" in source for source in _code_sources(path))
    for selector, count in {PLOT_IMAGES: plots, ".jupyter-widgets": 1, **lesson.rendered}.items():
        found = nb.locator(selector).count()
        if found < count:
            problems.append(f"expected at least {count} of {selector!r}, found {found}")
    if nb.get_by_text("Error displaying widget").count():
        problems.append("Error displaying widget")

    problems += [f"layout: {p}" for p in layout_problems(page)]
    problems += blocking(audit(page, f"lab {name}", include=f"{LAB_PANEL} .jp-OutputArea", rules=_audited_rules(language)))
    problems += [f"a menu cuts its chosen option: {option!r}"     # "Standard (5% commissi…" at 1024 px
                 for option in page.evaluate(_JS_CLIPPED_MENUS, f"{LAB_PANEL} .jp-OutputArea-output")]
    if _pictured(name):
        _full_page_screenshot(page, f"layout-lab-{name}")
    if language == "vi":
        problems += vietnamese_problems(page, f"{LAB_PANEL} .jp-OutputArea-output")
        if _pictured(name):
            screenshot(page, f"lab-{name}")
        _report(path, problems)
        return

    problems += [f"garbage answer: {p}" for p in garbage_answer_problems(page, path)]
    _report(path, problems)
    interact = lesson.interact or (lambda page, nb: generic_interaction(page, nb, path))
    shown = interact(page, nb)
    assert_no_errors(page)
    if _pictured(name):
        if shown is not None:
            shown.scroll_into_view_if_needed()
        screenshot(page, f"lab-{name}")


# --- Voila (classroom mode) ---------------------------------------------------------------------

PROSE_MIN_PX = 20.0
PRINTED_MIN_PX = 18.0
# Projector sizes. Card faces are 1.8em: about 24 px allows the widget case (ipywidgets' 13 px text).
CARD_MIN_PX = 23.0
TEXT_MIN_PX = 18.0
# Text a learner must never see in classroom mode: Python reprs, and the notebook-only Run-All note.
FORBIDDEN = re.compile(
    r"Decimal\(|Fraction\(|VBox\(|HBox\(|Decision\(|\((True|False)(, (True|False))+\)|Run\s*▸\s*Run All"
    r"|(?m:^'[^'\n]*'$)"  # a string result shown with its quotes (the template unquotes them)
)
XSRF_REFUSAL = "'_xsrf' argument missing"
SHUTDOWN_TIMEOUT_S = 60.0

# The computed font size (px) of every visible element with text of its own, under `selector`.
_JS_TEXT_SIZES = """(selector) => Array.from(document.querySelectorAll(selector))
  .filter(el => el.getClientRects().length && Array.from(el.childNodes)
    .some(n => n.nodeType === Node.TEXT_NODE && n.textContent.trim()))
  .map(el => [parseFloat(getComputedStyle(el).fontSize), el.textContent.trim().slice(0, 50)])"""
_JS_FONT_SIZES = """(elements) => elements.map(el => parseFloat(getComputedStyle(el).fontSize))"""
PROSE = ", ".join(f"#rendered_cells .jp-MarkdownCell .jp-RenderedHTMLCommon {tag}"
                  for tag in ("p", "li", "td", "th", "blockquote"))
# print() output and plain results: JupyterLab's renderer marks both text/plain (stdout is not told apart)
PRINTED = '#rendered_cells .jp-RenderedText[data-mime-type="text/plain"] pre'

# Code cells' inputs (and any editor or highlighted source) that take up room on the page.
_JS_VISIBLE_CODE = """() => Array.from(document.querySelectorAll(
    '#rendered_cells .jp-CodeCell .jp-InputArea, #rendered_cells .jp-InputArea-editor, '
    + '#rendered_cells .cm-editor, #rendered_cells .jp-CodeCell .highlight'))
  .filter(el => el.getClientRects().length && el.getBoundingClientRect().height > 0)
  .map(el => el.textContent.trim().slice(0, 80))"""

# Menus whose chosen option is wider than the menu shows (longer Vietnamese names cut off): the option's text is
# measured in the menu's own font, against the menu's width less its padding (the right padding holds the arrow).
_JS_CLIPPED_MENUS = """(root) => {
  const canvas = document.createElement('canvas').getContext('2d');
  const clipped = [];
  for (const area of document.querySelectorAll(root)) {
    for (const select of area.querySelectorAll('.widget-dropdown select')) {
      const option = select.options[select.selectedIndex];
      if (!option || !select.offsetParent) continue;
      const style = getComputedStyle(select);
      canvas.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      if (canvas.measureText(option.textContent).width > room) clipped.push(option.textContent);
    }
  }
  return clipped;
}"""
_JS_KERNEL_ID = "() => JSON.parse(document.getElementById('jupyter-config-data').textContent).kernelId"


def _lesson_url(base_url: str, path: Path) -> str:
    return f"{base_url.rstrip('/')}/voila/render/{path.relative_to(REPO_ROOT).as_posix()}"


def _title(lesson: Path, language: str) -> str:
    """A lesson's title in its edition's language, from the course list (tests/test_course.py checks it against the
    notebook's first heading)."""
    return course.lesson(lesson.stem).title(language)


def header_problems(page, base_url: str, path: str) -> list[str]:
    """The header shows the lesson's title and links to the previous lesson, the contents, the next one and the
    same lesson in the other edition."""
    lesson = REPO_ROOT / path
    language = _language(path)
    lessons = EDITION_LESSONS[language]
    index = lessons.index(lesson)
    header = page.locator("header.bcl-voila-header")
    if header.count() != 1 or not header.is_visible():
        return [f"{header.count()} visible header(s), expected 1"]
    problems = []
    title = header.locator(".bcl-voila-title").inner_text().strip()
    if title != _title(lesson, language):
        problems.append(f"header title {title!r}, expected {_title(lesson, language)!r}")
    if header.bounding_box()["y"] > 40:
        problems.append(f"header starts {header.bounding_box()['y']} px down the page, not at the top")
    links = {link.inner_text().strip(): link.evaluate("a => a.href") for link in header.locator("a").all()}
    contents = course.EDITIONS[language].contents
    wanted = {contents: _lesson_url(base_url, lessons[0]) + "#" + contents.replace(" ", "-")}
    if index > 0:
        wanted[f"← {_title(lessons[index - 1], language)}"] = _lesson_url(base_url, lessons[index - 1])
    if index < len(lessons) - 1:
        wanted[f"{_title(lessons[index + 1], language)} →"] = _lesson_url(base_url, lessons[index + 1])
    for other, edition in course.EDITIONS.items():
        if other != language and navigation.twin(lesson, other) is not None:
            wanted[edition.name] = _lesson_url(base_url, navigation.twin(lesson, other))
    if {k: unquote(v) for k, v in links.items()} != wanted:
        problems.append(f"header links {links}, expected {wanted}")
    return problems


def font_sizes(locator) -> list[float]:
    """The computed font size (px) of every element the locator matches."""
    return locator.evaluate_all(_JS_FONT_SIZES)


def exercise(page, nb, cards: str):
    """The widget of the winner exercise on `cards` (its prompt, buttons and feedback)."""
    from baccarat_lib.teaching.rule_questions import winner_question

    question = winner_question(cards)
    prompt = page.get_by_text(question.prompt, exact=True)  # `has=` locators are relative
    return question, nb.locator(".widget-vbox", has=prompt).last


def classroom_00(page, nb):
    """The header's "Contents" link, clicked, lands on the lesson's contents."""
    page.locator("header.bcl-voila-header").get_by_role("link", name="Contents").click()
    expect(page).to_have_url(re.compile("#Contents$"))
    assert urlsplit(page.url).fragment == "Contents"
    contents = page.locator("#Contents")
    expect(contents).to_be_visible()
    expect(contents).to_be_in_viewport()


def classroom_04(page, nb):
    toggles = nb.locator(".widget-toggle-buttons")
    expect(toggles).to_have_count(2)
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


def classroom_05(page, nb):
    static = font_sizes(nb.locator(".jp-RenderedHTMLCommon .bcl-card"))
    in_widgets = font_sizes(nb.locator(".widget-html-content .bcl-card"))
    assert static and in_widgets, (static, in_widgets)
    print(f"card faces: {min(static)} px in outputs, {min(in_widgets)} px in widgets")
    assert min(static + in_widgets) >= CARD_MIN_PX, (static, in_widgets)

    dealer = nb.locator(".widget-vbox", has=page.get_by_role("button", name="Next card")).last
    expect(dealer).to_contain_text("Cards face up so far: 0")
    with kernel_roundtrip(page):
        nb.get_by_role("button", name="Next card").click()
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

    question, widget = exercise(page, nb, "7 6 Q J 5 2")   # show_question(winner_question("7 6 Q J 5 2"))
    wrong = next(choice for choice in question.choices if choice != question.answer)
    with kernel_roundtrip(page):
        widget.get_by_role("button", name=wrong, exact=True).click()
    expect(widget.locator(".bcl-wrong")).to_contain_text("Not quite")
    with kernel_roundtrip(page):
        widget.get_by_role("button", name=question.answer, exact=True).click()
    expect(widget.locator(".bcl-right")).to_contain_text("Right!")
    prompt = font_sizes(widget.get_by_text(question.prompt, exact=True))
    answer = font_sizes(widget.locator(".bcl-right"))
    print(f"exercise prompt {prompt} px, feedback {answer} px")
    assert prompt and answer, (prompt, answer)
    assert min(prompt + answer) >= TEXT_MIN_PX, f"prompt {prompt} px, feedback {answer} px"
    assert_no_errors(page)
    widget.scroll_into_view_if_needed()
    screenshot(page, "voila-05-exercise")



# --- Keyboard only ------------------------------------------------------------------------------------------------

# The focused element is a control (a button or a text box) inside the marked exercise.
_JS_IN_TARGET = "(el, _) => !!el.closest('[data-keyboard-walk]') && ['BUTTON', 'INPUT'].includes(el.tagName)"
_JS_NAMED = """(el, name) => !!el.closest('[data-keyboard-walk]') && el.tagName === 'BUTTON'
                             && el.textContent.trim().endsWith(name) && !el.disabled"""
_JS_ANSWER_BOX = """(el, _) => !!el.closest('[data-keyboard-walk]') && el.tagName === 'INPUT'
                                && /answer|number/i.test(el.placeholder)"""
_JS_FOCUS_KEPT = """() => { const el = document.activeElement;
  return !!el && el !== document.body && !!el.closest('[data-keyboard-walk]'); }"""


def shown_code_cells(page, path: str):
    """The lesson's code cells that classroom mode shows (every one but the `notebook-only` ones), as (source, the
    cell on the page) in order."""
    cells = json.loads((REPO_ROOT / path).read_text(encoding="utf-8"))["cells"]
    sources = ["".join(c["source"]) for c in cells
               if c["cell_type"] == "code" and "notebook-only" not in c.get("metadata", {}).get("tags", [])]
    shown = page.locator("#rendered_cells .jp-CodeCell")
    assert shown.count() == len(sources), f"{shown.count()} code cells shown, {len(sources)} expected"
    return [(source, shown.nth(index)) for index, source in enumerate(sources)]


def keyboard_step(page, key: str, predicate: str, arg=None) -> list[str]:
    """Tab (or Shift+Tab) to the control `predicate` picks; what is wrong with its focus ring."""
    press_until(page, key, predicate, arg, limit=400)
    problem = focus_ring_problem(page)
    return [f"focus ring: {problem}"] if problem else []


def keyboard_answer(page, cell, text: str | None) -> list[str]:
    """Answer the marked exercise from the keyboard, then check its feedback box and where the focus went.

    A typed question: `text` (None: "0") typed into its answer box, then Enter. A choice question: Space on the button
    labelled `text` (None: the first control Tab reaches, after one Tab past it and Shift+Tab back)."""
    problems = []
    if cell.get_by_placeholder(re.compile("answer|number", re.I)).filter(visible=True).count():
        problems += keyboard_step(page, "Tab", _JS_ANSWER_BOX)
        with kernel_roundtrip(page):
            page.keyboard.type(text or "0")
            page.keyboard.press("Enter")
    elif text is None:
        problems += keyboard_step(page, "Tab", _JS_IN_TARGET)
        page.keyboard.press("Tab")                      # one past it, and back: the order runs both ways
        problems += keyboard_step(page, "Shift+Tab", _JS_IN_TARGET)
        with kernel_roundtrip(page):
            page.keyboard.press("Space")
    else:
        problems += keyboard_step(page, "Tab", _JS_NAMED, text)
        with kernel_roundtrip(page):
            page.keyboard.press("Space")
    feedback_box = cell.locator(".bcl-right, .bcl-wrong")
    expect(feedback_box).to_have_count(1)
    problems += [f"feedback: {problem}" for problem in [live_region_problem(feedback_box)] if problem]
    if not page.evaluate(_JS_FOCUS_KEPT):
        focused = page.evaluate("document.activeElement.outerHTML.slice(0, 100)")
        problems.append(f"after the answer the focus left the exercise: {focused}")
    elif page.evaluate("['BUTTON', 'INPUT'].includes(document.activeElement.tagName)") and focus_ring_problem(page):
        problems.append(f"after the answer: {focus_ring_problem(page)}")
    return problems


def keyboard_start(page, cell) -> list[str]:
    """A drill or test: press its Start button from the keyboard (Tab to it, Enter)."""
    if not cell.get_by_role("button", name=re.compile(r"Start$")).count():
        return []
    problems = keyboard_step(page, "Tab", _JS_NAMED, "Start")
    with kernel_roundtrip(page):
        page.keyboard.press("Enter")
    expect(cell.get_by_role("button", name=re.compile(r"Start$"))).to_have_count(0)
    return problems


def keyboard_final_test(page, cell) -> list[str]:
    """Lesson 09's final test, the whole of it, from the keyboard: each question answered right (the answers come
    from the library's own test with the lesson's seed), then Next question, to the score."""
    from baccarat_lib.teaching.practice import TEST, answer_drill, next_drill, start_drill

    problems = keyboard_start(page, cell)
    state = start_drill(TEST, seed=2024, length=10)          # the lesson's show_final_test(seed=2024, questions=10)
    for number in range(1, 11):
        question = state.exercise.question
        expect(cell).to_contain_text(question.prompt)
        problems += keyboard_answer(page, cell, question.answer)
        expect(cell.locator(".bcl-right")).to_have_count(1)
        expect(cell).to_contain_text(f"{number} of {number}")
        state = answer_drill(state, question.answer)
        if number < 10:
            problems += keyboard_step(page, "Tab", _JS_NAMED, "Next question")
            with kernel_roundtrip(page):
                page.keyboard.press("Enter")
            state = next_drill(state, ())
    expect(cell).to_contain_text("10 of 10")
    return problems


def keyboard_walk_problems(page, path: str) -> list[str]:
    """Answer the lesson's first exercise not yet answered on this page with the keyboard only (lesson 09: the whole
    final test), from wherever the focus is; what went wrong."""
    exercises = [(source, cell) for source, cell in shown_code_cells(page, path)
                 if any(call in source for call in EXERCISE_CALLS)]
    if not exercises:
        return []
    if "show_final_test(" in "".join(source for source, _ in exercises):
        source, cell = next((s, c) for s, c in exercises if "show_final_test(" in s)
    else:
        source, cell = next(((s, c) for s, c in exercises if not c.locator(".bcl-right, .bcl-wrong").count()),
                            exercises[0])
    started = time.monotonic()
    cell.evaluate("el => { el.dataset.keyboardWalk = '1'; }")     # a mark to find it by; the focus is not moved
    cell.scroll_into_view_if_needed()
    if "show_final_test(" in source:
        problems = keyboard_final_test(page, cell)
    else:
        problems = keyboard_start(page, cell) + keyboard_answer(page, cell, None)
    print(f"{path}: keyboard walk through {source.strip().splitlines()[0][:60]!r} in {time.monotonic() - started:.1f} s: "
          f"{'ok' if not problems else problems}")
    if _pictured(_lesson_id(path)):
        screenshot(page, f"keyboard-{Path(path).stem[:2]}")
    return [f"keyboard: {problem}" for problem in problems]

CLASSROOM_INTERACTIONS = {"00": classroom_00, "04": classroom_04, "05": classroom_05}


@pytest.mark.parametrize("path", LESSON_PATHS, ids=_lesson_id)
def test_lesson_in_classroom_mode(classroom_tab, classroom_server, classroom_context, outside_requests,
                                  path):
    page, name, language = classroom_tab, _lesson_id(path), _language(path)
    nb = open_voila(page, classroom_server.url, path)
    kernel_id = page.evaluate(_JS_KERNEL_ID)
    assert_no_errors(page)
    problems = []

    prose = page.evaluate(_JS_TEXT_SIZES, PROSE)
    printed = page.evaluate(_JS_TEXT_SIZES, PRINTED)
    assert prose, f"no prose found in {path}"
    problems += [f"prose at {size} px (< {PROSE_MIN_PX}): {text!r}" for size, text in prose if size < PROSE_MIN_PX]
    problems += [f"printed explanation at {size} px (< {PRINTED_MIN_PX}): {text!r}"
                 for size, text in printed if size < PRINTED_MIN_PX]
    problems += [f"visible code: {text!r}" for text in page.evaluate(_JS_VISIBLE_CODE)]
    text = nb.inner_text()
    problems += [f"visible text {match.group(0)!r} in …{text[max(0, match.start() - 60):match.end() + 40]!r}…"
                 for match in FORBIDDEN.finditer(text)]
    problems += header_problems(page, classroom_server.url, path)
    problems += [f"layout: {problem}" for problem in layout_problems(page)]  # the bigger text still fits
    # Accessibility, reported at the end so that the keyboard walk runs (and says what it finds) even when axe fails.
    accessibility = blocking(audit(page, f"classroom {name}", rules=_audited_rules(language)))
    if page.evaluate("document.documentElement.lang") != language:
        accessibility.append(f"<html lang={page.evaluate('document.documentElement.lang')!r}>, expected {language!r}")
    if language == "vi":
        problems += vietnamese_problems(page, ".jp-OutputArea-output")
    problems += [f"a menu cuts its chosen option: {option!r}"
                 for option in page.evaluate(_JS_CLIPPED_MENUS, ".jp-OutputArea-output")]
    if _pictured(name):
        screenshot(page, f"voila-{name}")
        _full_page_screenshot(page, f"layout-voila-{name}")
    print(f"{path}: prose {min(s for s, _ in prose)} px, printed "
          f"{min((s for s, _ in printed), default='none')} px")
    _report(path, problems)

    if language == "en" and name[:2] in CLASSROOM_INTERACTIONS:
        CLASSROOM_INTERACTIONS[name[:2]](page, nb)
    _report(path, accessibility + (keyboard_walk_problems(page, path) if language == "en" else []))
    assert not outside_requests, f"requests to other hosts: {outside_requests[:5]}"
    # MathJax comes from Voila's own scripts: a page config naming an address would fetch it from a CDN.
    assert page.evaluate("JSON.parse(document.getElementById('jupyter-config-data').textContent)"
                         ".fullMathjaxUrl") is None, "the page config names a MathJax address"

    # Closing the page runs its beforeunload handler, which asks the server to shut its kernel down: that request must
    # pass the xsrf check, so the kernel stops now rather than when culled an hour later. Every visit closes its tab
    # (Playwright runs the handler only if asked): leaving by a navigation the page starts instead (the tab kept for
    # the next visit) once left a kernel running 60 s later in a fresh-clone CI run, the request cut off by the
    # navigation.
    assert any(cookie["name"] == "_xsrf" for cookie in classroom_context.cookies()), "the page set no _xsrf cookie"
    assert servers.kernel_alive(classroom_server.url, kernel_id), "the page's kernel is gone while it is open"
    page.close(run_before_unload=True)
    deadline = time.monotonic() + SHUTDOWN_TIMEOUT_S
    while servers.kernel_alive(classroom_server.url, kernel_id):
        assert time.monotonic() < deadline, (
            f"the kernel of the closed page still runs {SHUTDOWN_TIMEOUT_S:.0f} s later; "
            f"log {classroom_server.log_path}:\n{servers._tail(classroom_server.log_path)}")
        time.sleep(0.2)
    log = classroom_server.log_path.read_text(errors="replace")
    assert XSRF_REFUSAL not in log, f"a shutdown request was refused; log {classroom_server.log_path}"
    assert f"Kernel shutdown: {kernel_id}" in log, "the kernel was not shut down by its closed page"
    assert not re.search(rf"Culling '[^']*' kernel '[^']*' \({kernel_id}\)", log), \
        "the kernel was culled, not shut down by its closed page"
