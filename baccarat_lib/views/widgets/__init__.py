"""The lessons' widgets, each shown with one call (``show_…()``). See ``common`` for the one widget pattern.

Every public name of the modules below is importable from here; each loads its module on first use.
"""

from ..._lazy import lazy_exports

__getattr__, __dir__, __all__ = lazy_exports(__name__, {
    ".common": ("safe_html", "projector_view", "BIG"),
    ".question": ("AnswerControls", "QuestionWidget", "show_question"),
    ".basics": ("read_hand", "NaturalReading", "natural_reading", "PlayerRuleReading", "player_rule_reading",
                "TotalCalculator", "show_total_calculator", "NaturalChecker", "show_natural_checker",
                "PlayerRuleExplorer", "show_player_rule"),
    ".coup": ("TableauReading", "tableau_reading", "steps_known", "dealt_so_far_html", "built_coup_html",
              "TableauExplorer", "show_tableau_explorer", "ShoeDealer", "show_shoe_dealer", "CoupBuilder",
              "show_coup_builder", "STOOD"),
    ".money": ("SettleWidget", "show_settle_widget", "EdgeExplorer", "show_edge_explorer", "RemovalExplorer",
               "show_removal_explorer"),
    ".roads": ("ShoeRoads", "shoe_roads", "shoe_roads_html", "RoadDealer", "show_road_dealer"),
    ".practice": ("drill_html", "score_html", "PracticeDrill", "show_drill", "show_final_test",
                  "show_weak_spots_drill"),
    ".progress": ("skills_html", "cells_html", "lessons_html", "next_html", "accuracy_plot_html", "shown_path",
                  "ProgressPage", "show_progress"),
    ".dealer": ("dealer_call_html", "dealer_timer_html", "dealer_report_html", "DealerWidget", "show_dealer_mode"),
})
