"""The analysis layer: one vectorised play kernel (numpy) under exact odds, the simulator and card counting;
simulation checked against exact values; the scoreboards as data. Imports only ``game``.

Every public name of the modules below is importable from here; each loads its module on first use.
"""

from .._lazy import lazy_exports

__getattr__, __dir__, __all__ = lazy_exports(__name__, {
    ".kernel": ("OUTCOME_CODES", "CODE_OUTCOMES", "PLAYER_DRAWS", "BANKER_DRAWS", "Played", "play_values",
                "MAX_COUP_CARDS", "check_shoe_size", "check_player_draws_on"),
    ".odds": ("outcome_probabilities", "event_probability", "house_edge", "bet_expectation",
              "total_probabilities", "cards_used_probabilities", "natural_probability",
              "outcome_given_player_total", "probability_where", "coup_table", "edge_rows",
              "breakeven_commission", "check_shoe", "MAX_SHOE_CARDS", "bet_lines", "check_table"),
    ".simulate": ("outcome_counts", "simulate_coups", "deal_shoe", "play_shoe", "CoupRecords",
                  "DEFAULT_CUT_CARD", "MAX_RECORDED_COUPS", "MAX_COUNTED_COUPS"),
    ".convergence": ("enumerate_coups", "outcome_chances", "plain_outcome_probabilities", "net_results",
                     "running_mean", "Convergence", "outcome_convergence", "bet_convergence"),
    ".counting": ("MAIN_BETS", "SIDE_BETS", "VALUE_RANKS", "VALUE_LABELS", "edges", "effect_of_removal",
                  "removal_effects", "weighted_effect_sum", "removal_text", "ShoePoint", "edges_through_shoe",
                  "positive_coups", "edge_ranges", "edges_after_removing", "five_choice"),
    ".roads": ("as_outcomes", "BeadCell", "bead_plate", "BigRoadCell", "big_road", "big_road_columns",
               "longest_streaks", "road_text", "StreakRow", "streak_lengths", "streak_statistics",
               "standard_error_gaps", "streak_table", "ROWS", "LETTERS", "outcome_of", "MAX_ROWS", "MAX_STREAK",
               "RoadColour", "DERIVED_ROADS", "RoadVerdict", "DerivedCell", "column_lengths", "derived_verdict",
               "derived_road", "big_eye_boy", "small_road", "cockroach_pig", "NextColours", "next_entry_colours",
               "RoadColourRow", "derived_road_statistics", "derived_road_table", "road_number"),
})
