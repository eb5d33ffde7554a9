"""Questions about the scoreboards (lesson 08), answered by the road layouts of ``analysis.roads``. Their skills:
"roads" (columns, dragon tail, Bead Plate), "streaks" and "derived-roads"; each key names the situation ("B B T P B").

>>> columns_question("B B T P B").answer, dragon_tail_question(8).answer, bead_question(14).answer
('3', '3', '3')
"""

from __future__ import annotations

from itertools import groupby

from ..analysis.roads import (DERIVED_ROADS, LETTERS, ROWS, StreakRow, _verdict, as_outcomes, bead_plate, big_road,
                              big_road_columns, column_lengths, outcome_of, road_number, standard_error_gaps)
from ..errors import BaccaratError, refusal, shown, whole_number
from ..game.coup import Outcome
from ..game.formatting import localized
from ..i18n import N_, _, ngettext
from .questions import Question, short_key

MAX_COUPS = 1000        # the longest streak or coup number asked about (an 8-deck shoe deals about 80 coups)
MAX_ROWS = 20           # the deepest scoreboard asked about (casinos use 6 rows)

__all__ = ["columns_question", "dragon_tail_question", "bead_question", "streak_question", "derived_road_question",
           "NO_ENTRY"]

NO_ENTRY = N_("no entry yet")   # the third choice of derived_road_question (shown translated: _(NO_ENTRY))
COLOURS = {"red": N_("red"), "blue": N_("blue")}
LIKELIHOODS = (N_("more likely"), N_("less likely"), N_("just as likely"))


def _sequence(sequence) -> list[Outcome]:
    """Results as Outcomes: one string ("B B T P") or a list of Outcomes, words or letters; at least one."""
    if not isinstance(sequence, (str, list, tuple)):
        raise refusal(_('sequence must be results such as "B B T P" or a list of them, not {value}'), value=sequence)
    outcomes = as_outcomes(sequence)
    if not outcomes:
        raise refusal(_('sequence must hold at least one result such as "B", not {value}'), value=sequence)
    return outcomes


def _side(side) -> Outcome:
    """Player or Banker as an Outcome (a streak is never of ties)."""
    if not isinstance(side, str):
        raise BaccaratError(_("side must be Banker or Player, not {value}").format(value=shown(side)))
    outcome = outcome_of(side)
    if outcome is Outcome.TIE:
        raise BaccaratError(_("side must be Banker or Player, not a tie: ties start no column and "
                              "make no streak"))
    return outcome


def _letters(outcomes) -> str:
    return " ".join(LETTERS[outcome] for outcome in as_outcomes(outcomes))


def columns_question(sequence) -> Question:
    """How many columns does this sequence start on the Big Road?

    >>> columns_question("B B T P B").answer
    '3'
    """
    sequence = _sequence(sequence)
    cells = big_road(sequence)
    winners = [outcome for outcome in as_outcomes(sequence) if outcome is not Outcome.TIE]
    streaks = ", ".join("".join(LETTERS[outcome] for outcome in run) for _side, run in groupby(winners))
    tie_count = sum(cell.ties for cell in cells)

    def why():
        ties = (" " + ngettext("The {count} tie start no column: each is marked on the ring before it.",
                               "The {count} ties start no column: each is marked on the ring before it.",
                               tie_count).format(count=tie_count) if tie_count else "")
        return _("The streaks are {streaks} (ties left out): one column each.").format(streaks=streaks) + ties
    return Question(lambda: _("How many columns does this sequence start on the Big Road? {sequence}").format(
                        sequence=_letters(sequence)),
                    str(big_road_columns(sequence)), why,
                    skill="roads", key=short_key(f"columns: {_letters(sequence)}"))


def dragon_tail_question(streak: int, side=Outcome.BANKER, rows: int = ROWS) -> Question:
    """A shoe opens with ``streak`` (1..1000) wins of one side: in which column is the last one (``rows`` 1..20)?

    >>> dragon_tail_question(8).answer
    '3'
    """
    streak = whole_number("streak", streak, 1, MAX_COUPS)
    outcome, rows = _side(side), whole_number("rows", rows, 1, MAX_ROWS)
    last = big_road([outcome] * streak, rows)[-1]

    def why():
        if last.column == 0:
            return _("All {streak} fit in the first column, which is {rows} rows deep.").format(streak=streak,
                                                                                                rows=rows)
        return _("The first {rows} fill column 1 down to the bottom row; the streak then turns right along the "
                 "bottom row (the dragon tail), so win number {streak} is in column {column}, row {row}.").format(
            rows=rows, streak=streak, column=last.column + 1, row=last.row + 1)
    return Question(lambda: _("A shoe opens with {streak} {side} wins in a row. In which column of the Big Road "
                      "(counting from 1) is the last of them?").format(streak=streak, side=outcome.display_name),
                    str(last.column + 1), why,
                    skill="roads", key=f"dragon tail: {streak} {LETTERS[outcome]}, {rows} rows")


def bead_question(coup_number: int, rows: int = ROWS) -> Question:
    """On a Bead Plate, which column holds coup number ``coup_number`` (1..1000; ``rows`` 1..20)?

    >>> bead_question(14).answer
    '3'
    """
    coup_number, rows = whole_number("coup_number", coup_number, 1, MAX_COUPS), whole_number("rows", rows, 1, MAX_ROWS)
    cell = bead_plate([Outcome.TIE] * coup_number, rows)[-1]
    return Question(lambda: _("On a Bead Plate {rows} rows deep, which column (counting from 1) holds coup number "
                              "{coup}?").format(rows=rows, coup=coup_number), str(cell.column + 1),
                    lambda: _("Each column holds {rows} coups, filled top to bottom: coup {coup} is in row {row} of "
                              "column {column}.").format(rows=rows, coup=coup_number, row=cell.row + 1,
                                                         column=cell.column + 1),
                    skill="roads", key=f"bead plate: coup {coup_number}, {rows} rows")


def streak_question(row: StreakRow, exact, side=Outcome.BANKER) -> Question:
    """After k wins of one side in a row, is that side more, less or just as likely to win the next coup?

    ``row``: a ``StreakRow`` of ``streak_statistics`` with at least one coup; ``exact``: the exact chance, 0..1.
    """
    outcome = _side(side)
    distance, = standard_error_gaps([row], exact)        # refuses what is not a StreakRow, or not a chance 0..1
    if row.coups < 1:
        raise refusal(_("row must be a StreakRow of streak_statistics with at least one coup, not {value}"), value=row)
    exact = float(exact)
    return Question(lambda: _("The Big Road shows {k} {side} wins in a row. On the next coup, is {side} more likely, "
                              "less likely or just as likely to win as on any coup?").format(
                        k=row.k, side=outcome.display_name),
                    lambda: _(LIKELIHOODS[2]),
                    lambda: _("The cards are dealt by the same rules whatever the board shows. In the simulation, "
                              "after {k} {side} wins {side} won {share} of {coups} coups; on any coup the exact chance "
                              "is {exact}: {distance} standard errors apart, ").format(
                        k=row.k, side=outcome.display_name, share=localized(f"{row.probability:.2%}"),
                        coups=localized(f"{row.coups:,}"), exact=localized(f"{exact:.2%}"),
                        distance=localized(f"{abs(distance):.1f}"))
                    + (_("well within chance variation.") if abs(distance) <= 2 else
                       _("a gap chance gives now and then: more coups would shrink it.")),
                    lambda: tuple(_(choice) for choice in LIKELIHOODS),
                    skill="streaks", key=f"{row.k} {LETTERS[outcome]} in a row")


def derived_road_question(sequence, road="Big Eye Boy", next_result=Outcome.BANKER) -> Question:
    """If ``next_result`` wins after ``sequence``, what colour does ``road`` add: red, blue, or no entry yet?

    >>> question = derived_road_question("B B P P", "Big Eye Boy", "Banker")
    >>> question.answer, question.explanation.split(": ", 1)[1]
    ('red', 'columns 2 and 1 have the same length (2): red. Banker next starts column 3 of the Big Road.')
    """
    sequence = _sequence(sequence)
    try:
        outcome = _side(next_result)
    except BaccaratError:
        raise BaccaratError(_("next_result must be Banker or Player (a tie adds nothing to any "
                              "road), not {value}").format(value=shown(next_result))) from None
    k = road_number(road)
    after = column_lengths(sequence + [outcome])
    column, row = len(after) - 1, after[-1] - 1
    verdict = _verdict(after, column, row, k)

    def why():
        where = (_("{side} next starts column {column} of the Big Road.") if row == 0 else
                 _("{side} next goes to column {column}, row {row} of the Big Road.")).format(
            side=outcome.display_name, column=column + 1, row=row + 1)
        reason = verdict.reason
        return f"{reason[0].upper()}{reason[1:]}. {where}"
    return Question(lambda: _("The Big Road shows {sequence}. If {side} wins the next coup, what does the {road} "
                              "add?").format(sequence=_letters(sequence), side=outcome.display_name,
                                             road=DERIVED_ROADS[k]),
                    lambda: _(COLOURS[verdict.colour.value]) if verdict.colour else _(NO_ENTRY),
                    why,
                    lambda: tuple(_(name) for name in (COLOURS["red"], COLOURS["blue"], NO_ENTRY)),
                    skill="derived-roads",
                    key=short_key(f"{DERIVED_ROADS[k]}: {_letters(sequence)} + {LETTERS[outcome]}", from_end=True))

