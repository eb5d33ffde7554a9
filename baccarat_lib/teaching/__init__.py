"""The teaching layer: questions whose answers and explanations come from the library, and seeded drills.
Imports only ``game``, ``analysis`` and ``progress``.

Every public name of the modules below is importable from here; each loads its module on first use.
"""

from .._lazy import lazy_exports

__getattr__, __dir__, __all__ = lazy_exports(__name__, {
    ".questions": ("Question", "Feedback", "check_answer"),
    ".rule_questions": ("total_question", "natural_question", "player_draw_question", "banker_draw_question",
                        "winner_question", "wrong_rows_question", "settle_question", "pair_question"),
    ".odds_questions": ("wins_more_question", "lowest_edge_question", "no_commission_question",
                        "best_removal_question", "positive_question", "five_question"),
    ".road_questions": ("columns_question", "dragon_tail_question", "bead_question", "streak_question",
                        "derived_road_question", "NO_ENTRY"),
    ".practice": ("KINDS", "KIND_NAMES", "LEVELS", "DIFFICULTIES", "Exercise", "make_exercise", "exercise_at",
                  "drill_exercises", "final_test", "Score", "record", "score_summary", "Drill", "start_drill",
                  "answer_drill", "next_drill", "MIXED", "TEST", "FINAL_TEST_QUESTIONS",
                  "adaptive_items", "next_practice_item", "exercise_for", "adaptive_exercise"),
    ".dealer": ("DEALER_KINDS", "DEALER_KIND_NAMES", "DEALER_STAKES", "Call", "DealerFeedback", "AnswerRecord",
                "KindSummary", "WrongCoup", "DealerReport", "DealerSession"),
    ".progress_report": ("COURSE_SKILLS", "build_progress_report", "lesson_exercises", "ENOUGH_ANSWERS", "MASTERED",
                         "example_answers"),
})
