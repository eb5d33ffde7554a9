"""Every lesson, opened in JupyterLab the way a learner does: run all cells, check that nothing
failed and that the lesson's widgets and plots rendered, then use its widgets and check the
answers they show.

One test per notebook in lessons/, so a new lesson is tested as soon as it exists. A lesson
listed in LESSONS gets its own checks (what must have rendered, and a scripted interaction);
any other lesson gets the generic checks: no errors, every widget and plot rendered, and one
exercise answered (if it has one). Expected values come from baccarat_lib itself, so they
follow the rules, not a copy of them.

Screenshots (after the interactions): test-artifacts/screenshots/lab-<lesson>.png.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Callable

import pytest

from baccarat_lib import course

from .lab import (
    REPO_ROOT, assert_no_errors, cell_by_text, expect, kernel_roundtrip, open_and_run_all,
    screenshot,
)

LESSON_PATHS = [course.lesson_path(lesson).relative_to(REPO_ROOT).as_posix() for lesson in course.lessons("en")]

# Top-level outputs (not the ones nested in widgets) of the visible notebook.
PLOT_IMAGES = ".jp-OutputArea-output.jp-RenderedImage img"
RIGHT = re.compile(r"^Right!")
WRONG = re.compile(r"^Not quite")


@pytest.fixture(autouse=True)
def _generous_expect(page):
    """expect() retries for up to 15 s (Playwright's default is 5 s): the machine may be loaded."""
    from playwright.sync_api import expect as playwright_expect

    playwright_expect.set_options(timeout=15_000)


# --- Actions shared by the lessons ------------------------------------------------------------

def click(page, locator) -> None:
    """Click something whose callback runs in the kernel, and wait until the kernel handled it."""
    with kernel_roundtrip(page):
        locator.click()


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


def feedback(cell):
    """The feedback box of an exercise (a "right" or "wrong" message)."""
    return cell.locator(".bcl-right, .bcl-wrong")


def answer_exercise(page, source: str, question) -> None:
    """Answer the exercise displayed by the cell containing `source`: wrong first, then right.

    `question` is the same Question, built here by the library, so we know its answer.
    """
    cell = cell_by_text(page, source)
    if question.choices:
        wrong = next(choice for choice in question.choices if choice != question.answer)
        click(page, cell.get_by_role("button", name=wrong, exact=True))
        expect(feedback(cell)).to_have_text(WRONG)
        expect(feedback(cell)).to_contain_text(question.explanation)
        click(page, cell.get_by_role("button", name=question.answer, exact=True))
    else:
        type_into(page, answer_box(cell), "12345", enter=True)
        expect(feedback(cell)).to_have_text(WRONG)
        expect(feedback(cell)).to_contain_text(question.explanation)
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
    type_into(page, text_box(widget, 1), WORKED_COUP)
    expect(widget.locator(".bcl-error")).to_have_count(0)

    choose(page, widget, "Standard (5% commission)", nth=0)
    choose(page, widget, "Player", nth=1)
    expect(settlement_cell(widget, "Result")).to_have_text("loses")
    expect(settlement_cell(widget, "Net result")).to_have_text("-250")
    return widget


def lesson_07(page, nb):
    from baccarat_lib.analysis.odds import house_edge
    from baccarat_lib.game.formatting import percent

    explorer = cell_by_text(page, "show_edge_explorer(")
    edges = explorer.locator(".bcl-edge-reading")
    banker = edges.locator("tr", has_text="Banker").first
    expect(banker).to_contain_text(percent(house_edge("banker", "standard", 8)))

    choose(page, explorer, "No commission (Banker 6 pays 1:2)")
    expect(banker).to_contain_text(percent(house_edge("banker", "no-commission", 8)))
    expect(edges).to_contain_text("Super Six")

    with kernel_roundtrip(page):  # 8 decks -> 7
        explorer.locator(".noUi-handle").focus()
        page.keyboard.press("ArrowLeft")
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

    answer_exercise(page, "show_question(bead_question(14))", bead_question(14))
    dealer.scroll_into_view_if_needed()
    return dealer


def lesson_09(page, nb):
    from baccarat_lib.teaching.practice import MIXED, next_drill, start_drill

    drill_cell = cell_by_text(page, 'show_drill(kind="mixed"')
    state = start_drill(MIXED, 1, 2024)
    question = state.exercise.question
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
    type_into(page, answer_box(settle_cell), settle.answer, enter=True)
    expect(feedback(settle_cell)).to_have_text(RIGHT)
    expect(settle_cell).to_contain_text("Score: 1 of 1")

    # issue 17: the adaptive drill and dealer mode are live in the lesson
    expect(cell_by_text(page, "show_dealer_mode(seed=2024)")).to_contain_text("Natural?")
    expect(cell_by_text(page, 'show_drill(kind="banker-draw", difficulty=3, adaptive=True)')).to_contain_text(
        "Banker holds")
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
    # issue 17, item 2: the progress page reads the store (empty for this server) and refreshes on request
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
    "04": Lesson({".widget-toggle-buttons": 2, ".widget-button": 11, PLOT_IMAGES: 2}, lesson_04),
    "05": Lesson({".widget-text": 1, ".widget-button": 11, PLOT_IMAGES: 1, ".bcl-card": 10},
                 lesson_05),
    "06": Lesson({".widget-dropdown": 2, ".widget-text": 3, ".widget-button": 1,
                  ".bcl-pay-tables": 1}, lesson_06),
    "07": Lesson({".widget-slider": 1, ".widget-dropdown": 1, ".widget-button": 2, PLOT_IMAGES: 1,
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


# --- Generic checks, for every lesson -----------------------------------------------------------

def _code_sources(path: str) -> list[str]:
    cells = json.loads((REPO_ROOT / path).read_text(encoding="utf-8"))["cells"]
    return ["".join(c["source"]) for c in cells if c["cell_type"] == "code"]


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


def _lesson_id(path: str) -> str:
    return path.rsplit("/", 1)[-1].removesuffix(".ipynb")


@pytest.mark.parametrize("path", LESSON_PATHS, ids=_lesson_id)
def test_lesson_in_lab(page, lab_server, path):
    name = _lesson_id(path)
    lesson = LESSONS.get(name[:2], Lesson())
    nb = open_and_run_all(page, lab_server, path)  # waits: cells finished, widgets drawn
    assert_no_errors(page)

    # Every plot a cell shows with plt.show() is an image; every lesson shows some widget.
    plots = sum("plt.show()" in source for source in _code_sources(path))
    expect_at_least = {PLOT_IMAGES: plots, ".jupyter-widgets": 1, **lesson.rendered}
    for selector, count in expect_at_least.items():
        found = nb.locator(selector).count()
        assert found >= count, f"{name}: expected at least {count} of {selector!r}, found {found}"
    expect(nb.get_by_text("Error displaying widget")).to_have_count(0)

    interact = lesson.interact or (lambda page, nb: generic_interaction(page, nb, path))
    shown = interact(page, nb)
    assert_no_errors(page)
    if shown is not None:
        shown.scroll_into_view_if_needed()
    screenshot(page, f"lab-{name}")
