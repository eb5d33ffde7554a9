"""The lessons' notebook-only cell tags (tools/cell_tags.py) are up to date, and the rules
that set them hide what means nothing with the code hidden while keeping the lesson's results."""

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
import cell_tags  # noqa: E402

NOTE = "*Run ▸ Run All Cells (or Kernel ▸ Restart Kernel and Run All Cells) so the widgets come alive.*"


def _code(source, *outputs):
    return {"cell_type": "code", "metadata": {}, "source": source, "outputs": list(outputs)}


def _result(text):
    return {"output_type": "execute_result", "data": {"text/plain": text}, "metadata": {}}


def _printed(text):
    return {"output_type": "stream", "name": "stdout", "text": text}


def test_cell_tags_are_up_to_date():
    assert cell_tags.update(check=True) == [], "run: python tools/cell_tags.py"


@pytest.mark.parametrize("cell, hidden", [
    (_code("import matplotlib.pyplot as plt\nfrom baccarat_lib import (\n    play_coup,\n)\n"), True),
    (_code("coup = play_coup('2 3 3')\nimport math\n"), False),           # does more than import
    (_code("hand_total('7 8'), hand_total('K 9')", _result("(5, 9)")), True),
    (_code("is_natural('K 9')", _result("True")), True),
    (_code("player_decision(5)", _result("Decision(draws=True, reason='0–5 draws.')")), True),
    (_code("{c.rank: c.value for c in cards}", _result("{'A': 1,\n '2': 2}")), True),
    (_code("len(shoe)", _result("416")), False),      # kept (tests/test_lessons.py wants it said in words)
    (_code("percent(edge)", _result("'1.0579%'")), False),               # shown unquoted by the template
    (_code("print(score)", _printed("Score(asked=3, right=2)\n")), True),
    (_code("print(money)", _printed("Decimal('95')\n")), True),
    (_code("print(coup.explain())", _printed("Natural: Player has 9 (K+9), Banker has 8 (5+3).\n")), False),
    (_code("print(pair)", _printed("(True, False)\n")), True),
])
def test_which_code_cells_are_notebook_only(cell, hidden):
    # Reprs and import cells are hidden in Voila; numbers, strings and explanations stay
    assert cell_tags.wanted(cell) == (hidden, [])


def test_run_all_note_is_hidden_but_not_its_cell():
    # The note is cut out of the title cell; a cell holding only the note is hidden whole
    title = {"cell_type": "markdown", "metadata": {}, "source": f"# Title\n\nWhat you will learn.\n\n{NOTE}"}
    assert cell_tags.wanted(title) == (False, [NOTE])
    bullets = ("- **Run every cell.** Use *Run ▸ Run All Cells* when you open a lesson. The results\n"
               "  are computed by the library.\n"
               "- **Read the prose first.**\n")
    listed = {"cell_type": "markdown", "metadata": {}, "source": "## How\n\n" + bullets}
    assert cell_tags.wanted(listed) == (False, [bullets[: bullets.index("- **Read")]])
    alone = {"cell_type": "markdown", "metadata": {}, "source": NOTE}
    assert cell_tags.wanted(alone) == (True, [])


def test_update_keeps_other_metadata(tmp_path):
    # Only the notebook-only tag and metadata.baccarat.notebook_only_text are written
    import json

    lesson = tmp_path / "01_x.ipynb"
    cells = [_code("import math"), _code("1 == 1", _result("True")), _code("x = 1")]
    cells[0]["metadata"] = {"tags": ["nbval-ignore-output"], "slideshow": {"slide_type": "skip"}}
    cells[2]["metadata"] = {"tags": [cell_tags.TAG, "navigation"]}       # stale: no longer notebook-only
    lesson.write_text(json.dumps({"cells": cells, "metadata": {}, "nbformat": 4, "nbformat_minor": 5}))
    assert cell_tags.update(paths=[lesson]) == [lesson]
    written = json.loads(lesson.read_text())["cells"]
    assert written[0]["metadata"] == {"tags": ["nbval-ignore-output", cell_tags.TAG],
                                      "slideshow": {"slide_type": "skip"}}
    assert written[1]["metadata"] == {"tags": [cell_tags.TAG], "slideshow": {"slide_type": "skip"}}
    assert written[2]["metadata"] == {"tags": ["navigation"], "slideshow": {"slide_type": "skip"}}
    assert [c["source"] for c in written] == [c["source"] for c in cells]
    assert cell_tags.update(check=True, paths=[lesson]) == []


def _md(source, *tags):
    return {"cell_type": "markdown", "metadata": {"tags": list(tags)} if tags else {}, "source": source}


def test_slide_types_follow_the_sections():
    # A slide per "# "/"## " section; navigation and notebook-only cells skipped; a section
    # too tall for one slide continues on a new slide that starts at a markdown cell (its lead-in stays with it)
    widget = {"output_type": "execute_result", "metadata": {},
              "data": {"application/vnd.jupyter.widget-view+json": {}, "text/plain": "VBox()"}}
    cells = [
        _md("[Contents](00_welcome.ipynb)", "navigation"),
        _md("# Title\n\nWhat you will learn."),
        _code("import math"),
        _md("## Rules\n\n1. One."),
        _code("len(shoe)", _result("416")),
        _md("## Try it\n\nDeal a coup."),
        # a widget whose height is not known needs 300 px (a taller one scrolls in a box that size) and its cell
        # 20: 138 for the heading's cell + 320 + 74 for the lead-in + 320 > 640, so the second one starts a slide
        _code("show_shoe_dealer()", widget),
        _md("Another one:"),
        _code("show_coup_builder()", widget),
        _md("### Bonus"),                     # "### " does not start a section
        _md("[Contents](00_welcome.ipynb)", "navigation"),
    ]
    assert cell_tags.slide_types(cells) == [
        "skip", "slide", "skip", "slide", "-", "slide", "-", "slide", "-", "-", "skip"]


def test_a_run_of_exercises_continues_on_the_next_slide():
    # Four questions after one lead-in: the cell 14 + heading 64 + paragraph 60 = 138, then 220 a question (200 and
    # the cell's 20): two fit in 640 (578), the third does not (798), so it starts the next slide, which the
    # right arrow reaches, and the fourth joins it
    widget = {"output_type": "execute_result", "metadata": {},
              "data": {"application/vnd.jupyter.widget-view+json": {}, "text/plain": "VBox()"}}
    cells = [_md("## Exercises\n\nBanker holds the first cards shown:")]
    cells += [_code(f"show_question(banker_draw_question({hand!r}))", widget) for hand in ("3 2", "Q 6", "A 2", "4 2")]
    assert cell_tags.slide_types(cells) == ["slide", "-", "-", "slide", "-"]


def test_a_prose_paragraph_is_measured_by_its_words_not_its_source_lines():
    # 3 source lines of 80 characters: 240 characters, 3 lines of 86 at 34 px, plus 20 px of margin
    paragraph = "\n".join(["x" * 79] * 3)
    assert cell_tags._markdown_height(paragraph) == 20 + 3 * 34 + 6
