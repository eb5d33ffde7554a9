"""issue 11, item 4: before its cell runs (or where no widget renderer exists: GitHub, a terminal), a course
widget reads as one sentence naming it, never as a Python repr ("VBox(children=(HTML(value='<style>...")."""

from __future__ import annotations

import pytest

from baccarat_lib.teaching.rule_questions import total_question
from baccarat_lib.views.widgets import basics, coup, money, practice, question, roads
from baccarat_lib.views.widgets.common import fallback_text, projector_view

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
    # issue 11, item 4
    view = make()
    sentence = f"Run the cells above and this one (Run ▸ Run All Cells) to use {name}."
    bundle = view._repr_mimebundle_()
    assert bundle["text/plain"] == sentence                 # what a notebook stores beside the widget view
    assert repr(view) == sentence
    assert "application/vnd.jupyter.widget-view+json" in bundle   # still a live widget where a renderer exists
    assert "VBox" not in bundle["text/plain"] and "<style>" not in bundle["text/plain"]


def test_a_view_can_name_itself():
    # issue 11, item 4
    view = projector_view([], controller=object(), name="the road board")
    assert repr(view) == fallback_text("the road board")
    assert repr(projector_view([], controller=object())).endswith("to use this widget.")
