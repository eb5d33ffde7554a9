"""The views layer: HTML, Markdown, plots, diagrams and widgets. Nothing in the library imports it; lessons and
tests do. Names load lazily, so a lesson that draws nothing never imports matplotlib.

Every public name of the modules below is importable from here; each loads its module on first use.
"""

from .._lazy import lazy_exports

__getattr__, __dir__, __all__ = lazy_exports(__name__, {
    ".html": ("card_html", "hand_html", "coup_html", "steps_html", "message_html", "caption_html", "table_html",
              "CARD_STYLE"),
    ".tableau": ("tableau_markdown", "tableau_html", "tableau_grid_html", "published_markdown",
                 "TABLEAU_HEADINGS", "DRAW_COLOUR", "STAND_COLOUR"),
    ".money": ("pay_tables_html", "SettleReading", "settle_reading", "same_coup_everywhere_html",
               "outcome_table_html", "edge_table_html", "given_player_total_html", "edge_reading",
               "removal_html", "WORKED_COUP"),
    ".diagrams": ("READING_ORDER", "reading_order_box", "reading_order_figure"),
    ".svg": ("bead_plate_svg", "big_road_svg", "boards_svg", "roads_svg", "BEAD_PLATE_TITLE", "BIG_ROAD_TITLE",
             "ROAD_COLOURS", "derived_road_svg", "scoreboard_svg", "DERIVED_TITLES", "DERIVED_COLOURS"),
    ".plots": ("new_axes", "OUTCOME_COLOURS", "BET_COLOURS", "CARD_RED", "CARD_BLACK", "plot_tableau_grid",
               "plot_coup", "plot_bead_plate", "plot_big_road", "plot_roads", "plot_streak_statistics",
               "plot_effect_of_removal", "plot_edges_through_shoe", "plot_convergence", "plot_accuracy_over_time"),
    ".widgets": ("safe_html", "projector_view", "BIG", "AnswerControls", "QuestionWidget", "show_question",
                 "read_hand", "NaturalReading", "natural_reading", "PlayerRuleReading", "player_rule_reading",
                 "TotalCalculator", "show_total_calculator", "NaturalChecker", "show_natural_checker",
                 "PlayerRuleExplorer", "show_player_rule", "TableauReading", "tableau_reading", "steps_known",
                 "dealt_so_far_html", "built_coup_html", "TableauExplorer", "show_tableau_explorer",
                 "ShoeDealer", "show_shoe_dealer", "CoupBuilder", "show_coup_builder", "STOOD", "SettleWidget",
                 "show_settle_widget", "EdgeExplorer", "show_edge_explorer", "RemovalExplorer",
                 "show_removal_explorer", "ShoeRoads", "shoe_roads", "shoe_roads_html", "RoadDealer",
                 "show_road_dealer", "drill_html", "score_html", "PracticeDrill", "show_drill",
                 "show_final_test", "show_weak_spots_drill", "dealer_call_html", "dealer_timer_html", "dealer_report_html", "DealerWidget",
                 "show_dealer_mode", "skills_html", "cells_html", "lessons_html", "next_html", "accuracy_plot_html",
                 "shown_path", "ProgressPage", "show_progress"),
})
