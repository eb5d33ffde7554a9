"""Questions about the rules, a coup and a bet, whose answers and explanations come from the rules themselves.

Public names:

- ``total_question(cards)``, ``natural_question(cards)``, ``player_draw_question(cards)``,
  ``banker_draw_question(banker_cards, player_third_card)``, ``winner_question(cards)``: lessons 01–05.
- ``wrong_rows_question(published, name)``: which rows of a Banker table printed elsewhere are wrong (lesson 04).
- ``settle_question(bet, stake, coup, table="standard")``: the net result of a bet, answered by ``payouts.settle``.
- ``pair_question(cards, side="player")``: does a pair bet win on this coup (judged by rank, not value)?

The coup builders (``winner_question``, ``settle_question``, ``pair_question``) show every card given, as dealt (up to
six, the most a coup uses), so the prompt does not tell whether anyone draws; the explanation then says which cards
stayed in the shoe.

Each question carries the ``skill`` a progress store files its answers under, and a short ``key`` (the cards as
given): "total", "natural", "player-draw", the Banker tableau's cell (``progress.banker_cell_skill``: Banker's
total and Player's third card, "banker-draw:5/4", "banker-draw:5/-" when Player stood), "winner", "settle",
"tableau-source" and "pair".

>>> question = total_question("7 8")
>>> check_answer(question, "5").correct, check_answer(question, "15").message
(True, 'Not quite: the right answer is 5. 7 + 8 = 15 → keep the units digit: 5.')
>>> winner_question("7 6 Q J 5 2").prompt
'Cards dealt in order P, B, P, B, then third cards: 7 6 Q J 5 2. Who wins?'
>>> question = banker_draw_question("3 2", 4)
>>> question.skill, question.key
('banker-draw:5/4', '3 2 / 4')
"""

from __future__ import annotations

from itertools import islice

from ..errors import BaccaratError, shown
from ..game.cards import _iter_cards, as_cards
from ..game.coup import Coup, play_coup
from ..game.formatting import money
from ..game.payouts import _as_coup, bet_label, coup_facts, pay_table, settle, stake_amount
from ..game.rules import (BANKER_TABLEAU, banker_decision, hand_total, is_natural, player_decision,
                          third_card_value, total_working)
from ..game.tableau import published_table_contradictions, wrong_rows
from .progress import banker_cell_skill
from .questions import Question, check_answer  # noqa: F401  (check_answer: used by the doctests)

_KEY_LENGTH = 80            # a question's key names the situation in a few words

__all__ = ["total_question", "natural_question", "player_draw_question", "banker_draw_question",
           "winner_question", "wrong_rows_question", "settle_question", "pair_question"]


def total_question(cards) -> Question:
    """What is the total of this hand?"""
    cards = as_cards(cards)
    labels = " ".join(card.label for card in cards)
    return Question(f"What is the total of {labels}?", str(hand_total(cards)), f"{total_working(cards)}.",
                    skill="total", key=labels)


def natural_question(cards) -> Question:
    """Is this two-card hand a natural?"""
    cards = as_cards(cards)
    labels = " ".join(card.label for card in cards)
    natural = is_natural(cards)
    why = (f"{total_working(cards)}. " +
           ("8 or 9 on the first two cards is a natural." if natural else
            "A natural needs 8 or 9 on the first two cards." if len(cards) == 2 else
            "A third card never makes a natural."))
    return Question(f"Is {labels} a natural?", "yes" if natural else "no", why, ("yes", "no"),
                    skill="natural", key=labels)


def _two_cards(cards, whose: str):
    cards = as_cards(cards)
    if len(cards) != 2:
        raise BaccaratError(f"cards must be {whose} first two cards, not {len(cards)} cards")
    return cards


def player_draw_question(cards) -> Question:
    """Does Player draw on these two cards (no natural on the table)?"""
    cards = _two_cards(cards, "Player's")
    total = hand_total(cards)
    decision = player_decision(total)
    labels = " ".join(card.label for card in cards)
    return Question(f"Player holds {labels} and Banker has no natural. Does Player draw or stand?",
                    "draw" if decision.draws else "stand",
                    f"Player has {total} ({total_working(cards)}): {decision.reason}",
                    ("draw", "stand"), skill="player-draw", key=labels)


def banker_draw_question(banker_cards, player_third_card) -> Question:
    """Does Banker draw, given its two cards and Player's third card (None if Player stood)?

    Its skill is the tableau's cell: Banker's total and the value of Player's third card ("banker-draw:5/4"), or
    "-" when Player stood; the key is the cards as given ("3 2 / 4", "3 2 / -")."""
    cards = as_cards(banker_cards)
    if len(cards) != 2:
        raise BaccaratError(f"banker_cards must be Banker's first two cards, not {len(cards)} cards")
    total = hand_total(cards)
    decision = banker_decision(total, player_third_card)
    labels = " ".join(card.label for card in cards)
    third_value = third_card_value(player_third_card)      # the value banker_decision judged by
    if third_value is None:
        situation, third_label = "Player stood", "-"
    else:
        third_label = str(getattr(player_third_card, "label", player_third_card)).strip()
        situation = f"Player drew {third_label}"
    return Question(f"Banker holds {labels} ({total}) and {situation}. Does Banker draw or stand?",
                    "draw" if decision.draws else "stand",
                    f"Banker has {total} and {decision.reason}",
                    ("draw", "stand"), skill=banker_cell_skill(total, third_value), key=f"{labels} / {third_label}")


def _dealt(cards) -> tuple[Coup, tuple]:
    """The coup these cards play, and the cards given (the first six: a coup never uses more), as dealt."""
    given = tuple(islice(_iter_cards(cards), 6))
    return play_coup(given), given


def _left_in_shoe(coup: Coup, given) -> str:
    """A sentence on the cards given that the coup did not use (they stay in the shoe), or nothing."""
    left = given[len(coup.cards):]
    if not left:
        return ""
    labels = " ".join(card.label for card in left)
    return (f" The coup used only the first {len(coup.cards)} cards: {labels} "
            f"{'stays' if len(left) == 1 else 'stay'} in the shoe for the next coup.")


def winner_question(cards) -> Question:
    """Who wins the coup dealt from these cards? The prompt shows every card given (up to six), used or not.

    >>> winner_question("7 6 Q J 5 2").explanation.endswith("5 2 stay in the shoe for the next coup.")
    True
    """
    coup, given = _dealt(cards)
    labels = " ".join(card.label for card in given)
    return Question(f"Cards dealt in order P, B, P, B, then third cards: {labels}. Who wins?",
                    coup.outcome.label, " ".join(coup.steps) + _left_in_shoe(coup, given), ("Player", "Banker", "Tie"),
                    skill="winner", key=labels)


def _event_words(event: str) -> str:
    """'banker wins with 6' -> 'Banker wins with 6', 'tie' -> 'a tie', 'player pair' -> 'a Player pair'."""
    words = event.replace("banker", "Banker").replace("player", "Player")
    return f"a {words}" if event in ("tie", "player pair", "banker pair") else words


def _pays_sentence(lines) -> str:
    """A bet's lines as a sentence: 'it pushes on a tie and pays 1:1 less 5% commission when Banker wins'."""
    verbs = {"push": "pushes", "loses": "loses"}
    parts = [f"{verbs.get(line.odds, 'pays ' + line.terms())} when {_event_words(line.event)}".replace("when a ", "on a ")
             for line in lines]
    return "it " + (", ".join(parts[:-1]) + " and " + parts[-1] if len(parts) > 1 else parts[0])


def settle_question(bet: str, stake, coup, table="standard") -> Question:
    """What is the net result of ``stake`` on ``bet`` for this coup (a Coup, or cards in dealt order)?

    Cards given are all shown, as dealt (up to six), used or not.

    >>> settle_question("banker", 100, "2♣ 3♥ 3♠ A♦ 7♦ 4♠").answer
    '95'
    """
    table = pay_table(table)
    played = _as_coup(coup)                    # refuses what is neither a Coup nor cards
    coup, given = (played, played.cards) if isinstance(coup, Coup) else _dealt(coup)
    settlement = settle(bet, stake, coup, table)
    labels = " ".join(card.label for card in given)
    prompt = (f"At the “{table.title}” table you bet {money(stake_amount(stake))} on {bet_label(bet)}: "
              f"{_pays_sentence(table.lines(bet))}. The cards, dealt P, B, P, B, then third cards: {labels}. "
              "What is your net result? (A loss is negative, a push is 0.)")
    return Question(prompt, money(settlement.net),
                    f"{coup.steps[-1]} {settlement.explanation}{_left_in_shoe(coup, given)}",
                    skill="settle", key=f"{bet} {money(stake_amount(stake))} at {table.name}: {labels}")


def _rows_phrase(totals) -> str:
    totals = sorted(totals)
    if not totals:
        return "none: the table is right"
    if len(totals) == 1:
        return f"row {totals[0]} only"
    return "rows " + ", ".join(map(str, totals[:-1])) + f" and {totals[-1]}"


def wrong_rows_question(published, name: str = "this table") -> Question:
    """Which Banker rows of a published table are wrong? Choices and answer come from the checker."""
    if not isinstance(name, str):
        raise BaccaratError(f"name must be text such as \"this table\", not {shown(name)}")
    wrong = tuple(wrong_rows(published))
    rows = set(dict(published)) | set(BANKER_TABLEAU)
    shifted = {tuple(total + shift for total in wrong) for shift in (-1, 1)}
    candidates = {wrong, (), wrong[:1]} | {totals for totals in shifted if set(totals) <= rows}
    for total in sorted(rows):
        if len(candidates) >= 5:
            break
        candidates.add((total,))
    choices = sorted(candidates, key=lambda totals: (len(totals) == 0, totals))
    contradictions = published_table_contradictions(published)
    explanation = " ".join(contradictions) if contradictions else "Every row agrees with the tableau."
    return Question(f"Which Banker rows of {name} are wrong?", _rows_phrase(wrong), explanation,
                    tuple(_rows_phrase(totals) for totals in choices), skill="tableau-source",
                    key=" ".join(name.split())[:_KEY_LENGTH] or "this table")


def pair_question(cards, side: str = "player") -> Question:
    """Does a Player (or Banker) Pair bet win on this coup? Judged by rank, not value.

    The prompt shows every card given (up to six), used or not."""
    if not isinstance(side, str) or side not in ("player", "banker"):
        raise BaccaratError(f"side must be \"player\" or \"banker\", not {shown(side)}")
    coup, given = _dealt(cards)
    hand = coup.player if side == "player" else coup.banker
    first, second = hand.cards[:2]
    wins = getattr(coup_facts(coup), f"{side}_pair")
    why = (f"{side.capitalize()}'s first two cards are {first.label} and {second.label}: "
           f"{'the same rank' if wins else 'different ranks'}"
           f"{' (both worth 0, but value does not count)' if not wins and first.value == second.value else ''}. "
           + settle(f"{side}-pair", 1, coup).explanation + _left_in_shoe(coup, given))
    order = "P, B, P, B" + (", then third cards" if len(given) > 4 else "")
    return Question(f"Cards dealt {order}: {' '.join(card.label for card in given)}. "
                    f"Does a {side.capitalize()} Pair bet win?", "yes" if wins else "no", why, ("yes", "no"),
                    skill="pair", key=f"{side}: {' '.join(card.label for card in given)}")
