"""What a learner gets after a first wrong answer: a hint that points back at the rule, never the answer.

The hint depends only on the skill's family (``HINTS``); the answer and why come after a second wrong answer or on
"Show answer" (``revealed``).

>>> from baccarat_lib.teaching import total_question
>>> hint(total_question("9 6"))
'Add the card values (10, J, Q and K count 0, an ace 1) and keep only the last digit of the sum.'
>>> revealed(total_question("9 6")).startswith("The right answer is 5.")
True
"""

from __future__ import annotations

from ..i18n import N_, _
from ..progress.store import skill_family
from .questions import Question, _check_question

__all__ = ["HINTS", "hint", "revealed"]

HINTS = {
    "total": N_("Add the card values (10, J, Q and K count 0, an ace 1) and keep only the last digit of the sum."),
    "natural": N_("A natural is a total of 8 or 9 on a hand's first two cards."),
    "player-draw": N_("Player draws on a two-card total of 0 to 5 and stands on 6 or 7."),
    "banker-draw": N_("Find Banker's total in the tableau's rows, then Player's third card (or \"Player stood\") "
                      "in its columns."),
    "winner": N_("Check for a natural first; then Player's rule, then Banker's; the total closer to 9 wins."),
    "settle": N_("Look up what this bet pays at this table, and what happens to the stake on a tie."),
    "coup-cards": N_("Four cards are always dealt; then check for a natural, Player's rule and Banker's: each "
                     "draw adds one card."),
    "pair": N_("A pair is a hand's first two cards of the same rank: a 10 and a king are not a pair."),
    "tableau-source": N_("Compare the printed table with the tableau one Banker total at a time."),
    "roads": N_("The Big Road starts a new column each time the winner changes; a tie starts no column."),
    "derived-roads": N_("A derived road compares columns of the Big Road, not single coups: read its rule again."),
    "streaks": N_("The cards do not remember the board: every coup is dealt by the same rules."),
    "odds": N_("Compare the exact chances and pay-outs computed above, not a feeling about the game."),
    "counting": N_("Which cards help that bet? Look again at the table of what removing each card does."),
}
DEFAULT_HINT = N_("Read the question again, and the rule just above it.")


def hint(question: Question) -> str:
    """The hint for a second try at ``question``, in the current language: the rule to look at, not the answer."""
    return _(HINTS.get(skill_family(_check_question(question).skill), DEFAULT_HINT))


def revealed(question: Question) -> str:
    """The answer and why, as the learner reads it on "Show answer"."""
    question = _check_question(question)
    return _("The right answer is {answer}. {explanation}").format(answer=question.answer,
                                                                  explanation=question.explanation)
