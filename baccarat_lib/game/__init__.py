"""The game layer, pure Python: cards, the drawing rules as data, a coup that explains itself (its steps are data;
``explanations`` words them when they are shown), shoes, pay tables and settling, the tableau as a printed table,
number formatting. No numpy, no HTML, no widgets.

Every public name of the modules below is importable from here; each loads its module on first use.
"""

from .._lazy import lazy_exports

__getattr__, __dir__, __all__ = lazy_exports(__name__, {
    ".cards": ("Card", "parse_cards", "as_cards", "RANKS", "SUITS", "RED_SUITS", "RANK_VALUES"),
    ".rules": ("BANKER_TABLEAU", "PLAYER_DRAWS_ON", "NATURALS", "ANY", "TOTALS", "THIRD_CARD_VALUES",
               "Decision", "hand_total", "total_working", "is_natural", "player_draws", "banker_draws",
               "player_decision", "banker_decision", "third_card_value"),
    ".explanations": ("decision_text", "step_text", "steps_text", "describe_values"),
    ".coup": ("Outcome", "Hand", "Step", "Coup", "FIRST_FOUR", "play_coup", "cards_needed"),
    ".shoe": ("Shoe", "ShoeRun", "full_shoe", "shoe_counts", "remove_cards", "value_counts", "rank_counts",
              "check_decks", "DECK_RANGE"),
    ".payouts": ("EVENTS", "PAIR_EVENTS", "Pays", "PayTable", "PAY_TABLES", "BETS", "bet_label", "event_words", "pay_table",
                 "derive_table", "pay_table_rows", "settle", "Settlement", "stake_amount", "collect_back",
                 "CoupFacts", "coup_facts", "parse_odds", "MAX_STAKE", "DRAGON_BONUS"),
    ".tableau": ("tableau_rows", "draw_grid", "published_values", "read_published_table",
                 "published_table_contradictions", "Contradiction", "wrong_rows", "SOURCE_002_HEADINGS",
                 "SOURCE_002_ROWS"),
    ".formatting": ("rounded", "percent", "money", "number", "localized"),
})
