"""The projector style sheet enlarges controls, so it must let their boxes grow with the text
(dropdowns and text boxes were cut at the bottom: 18 px text in a fixed 2.1em box inside a fixed-height row).
The browser check is layout_problems in tests/browser/lab.py, on every lesson visit; this one catches the rule itself."""

import re

from baccarat_lib.views.widgets.common import PROJECTOR_CSS
import pytest
from baccarat_lib.teaching.rule_questions import total_question
from baccarat_lib.views.widgets import basics, coup, money, practice, question, roads
import ipywidgets as widgets
from baccarat_lib.views.widgets.common import LiveHTML, fallback_text, focus, projector_view, shown_html


def _rules():
    return re.findall(r"([^{}]+)\{([^}]*)\}", PROJECTOR_CSS.replace("<style>", "").replace("</style>", ""))


def test_no_control_or_row_gets_a_fixed_height():
    for selectors, body in _rules():
        for height in re.findall(r"(?<![-\w])height\s*:\s*([^;!]+)", body):
            assert height.strip() == "auto", f"{selectors.strip()} has a fixed height {height.strip()}"


def test_rows_holding_controls_grow_with_them():
    # The rows ipywidgets gives a fixed height (--jp-widgets-inline-height) may grow
    grown = " ".join(selectors for selectors, body in _rules() if re.search(r"(?<![-\w])height\s*:\s*auto", body))
    for row in (".widget-dropdown", ".widget-text", ".widget-inline-hbox", "select", "input"):
        assert row in grown, row


def test_printed_output_wraps_between_words():
    # JupyterLab's output style (word-break: break-all) split "card" into "ca / rd" at a line's end
    rules = {selectors.strip(): body for selectors, body in _rules()}
    body = rules[".jp-OutputArea-output pre"]
    assert re.search(r"word-break\s*:\s*normal", body) and re.search(r"overflow-wrap\s*:\s*break-word", body)


# -------------------- Text fallbacks
# Before its cell runs (or where no widget renderer exists: GitHub, a terminal), a course
# widget reads as one sentence naming it, never as a Python repr ("VBox(children=(HTML(value='<style>...").

WIDGETS = [
    (lambda: basics.show_total_calculator(), "the card-total calculator"),
    (lambda: basics.show_natural_checker(), "the natural checker"),
    (lambda: basics.show_player_rule(), "the Player rule explorer"),
    (lambda: coup.show_tableau_explorer(), "the Banker tableau explorer"),
    (lambda: coup.show_shoe_dealer(), "the card-by-card shoe dealer"),
    (lambda: coup.show_coup_builder(), "the coup builder"),
    (lambda: money.show_settle_widget(), "the bet settler"),
    (lambda: money.show_edge_explorer(), "the house edge explorer"),
    (lambda: money.show_removal_explorer(), "the card removal explorer"),
    (lambda: roads.show_road_dealer(), "the scoreboard dealer"),
    (lambda: practice.show_drill(), "the practice drill"),
    (lambda: question.show_question(total_question("9 6")), "this exercise"),
]


@pytest.mark.parametrize("make, name", WIDGETS, ids=[name for _, name in WIDGETS])
def test_every_course_widget_falls_back_to_one_sentence(make, name):
    view = make()
    sentence = f"Run the cells above and this one (Run ▸ Run All Cells) to use {name}."
    bundle = view._repr_mimebundle_()
    assert bundle["text/plain"] == sentence                 # what a notebook stores beside the widget view
    assert repr(view) == sentence
    assert "application/vnd.jupyter.widget-view+json" in bundle   # still a live widget where a renderer exists
    assert "VBox" not in bundle["text/plain"] and "<style>" not in bundle["text/plain"]


def test_a_view_can_name_itself():
    view = projector_view([], controller=object(), name="the road board")
    assert repr(view) == fallback_text("the road board")
    assert repr(projector_view([], controller=object())).endswith("to use this widget.")


# ---------------------------------------------------------------- what a screen reader is told

LIVE = re.compile(r'^<div class="bcl-live" role="status" aria-live="polite" aria-atomic="true">(.*)</div>$', re.S)


def test_a_live_box_holds_its_html_in_a_status_region_present_and_empty_before_anything_is_shown():
    box = LiveHTML()
    assert LIVE.match(box.value).group(1) == "" and "bcl-live-box" in box._dom_classes
    box.value = "<b>Right!</b>"
    assert LIVE.match(box.value).group(1) == "<b>Right!</b>" and shown_html(box) == "<b>Right!</b>"
    box.value = box.value                      # setting what it holds does not wrap it twice
    assert box.value.count('role="status"') == 1
    box.value = ""
    assert LIVE.match(box.value).group(1) == "" and shown_html(box) == ""


def test_focus_skips_a_control_that_cannot_take_it(focused):
    enabled, disabled = widgets.Button(description="Next"), widgets.Button(description="Next", disabled=True)
    focus(enabled), focus(disabled), focus(None)
    assert focused == [enabled]


def test_every_control_shows_a_thick_focus_ring_and_nothing_hides_it():
    ring = re.search(r"([^{}]+)\{\s*outline:\s*3px solid (#[0-9a-fA-F]{3,6})", PROJECTOR_CSS)
    assert ring and ".jupyter-button:focus-visible" in ring.group(1) and "input:focus-visible" in ring.group(1)
    assert "select:focus-visible" in ring.group(1)
    assert not re.search(r"outline\s*:\s*(none|0)", PROJECTOR_CSS)
