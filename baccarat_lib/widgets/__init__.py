"""Widgets for the lessons: each lesson shows one with a single call.

Every widget is a thin view: it reads its controls, calls one pure function of baccarat_lib,
and renders the result; bad input is shown inline, never as a traceback.
"""
from .basics import show_natural_checker, show_player_rule, show_total_calculator  # lessons 01-03
from .coup_widgets import show_coup_builder, show_shoe_dealer, show_tableau_explorer  # lessons 04-05
from .road_widgets import show_road_dealer  # lesson 08
from .practice_widgets import show_drill, show_final_test, show_removal_explorer  # lessons 09-10
from .money_widgets import show_settle_widget, show_edge_explorer  # lessons 06-07

__all__ = ["show_natural_checker", "show_player_rule", "show_total_calculator",
           "show_coup_builder", "show_shoe_dealer", "show_tableau_explorer",
           "show_road_dealer", "show_drill", "show_final_test", "show_removal_explorer",
           "show_settle_widget", "show_edge_explorer"]
