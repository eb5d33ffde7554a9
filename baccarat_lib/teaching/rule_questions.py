"""Questions about the rules, a coup and a bet (lessons 01–06), whose answers and explanations come from the rules.

A coup question shows every card given, as dealt, so the prompt does not tell whether anyone draws.

>>> from baccarat_lib.teaching import check_answer
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

import re
from itertools import islice

from ..errors import BaccaratError, shown
from ..i18n import N_, _, ngettext
from ..game.cards import _iter_cards, as_cards
from ..game.coup import Coup, Outcome, play_coup
from ..game.explanations import step_text, steps_text
from ..game.formatting import money
from ..game.payouts import _as_coup, bet_label, coup_facts, pay_table, settle, stake_amount
from ..game.rules import (BANKER_TABLEAU, banker_decision, hand_total, is_natural, player_decision,
                          third_card_value, total_working)
from ..game.tableau import published_table_contradictions, wrong_rows
from ..progress.store import banker_cell_skill
from .questions import Question, english_money, short_key, worded

# The answers' display words (translated where a question is shown; typed synonyms: questions.ANSWER_WORDS).
YES, NO, DRAW, STAND = N_("yes"), N_("no"), N_("draw"), N_("stand")


def _yes_or_no(yes: bool):
    """The answer "yes" or "no", worded when shown."""
    return lambda: _(YES) if yes else _(NO)


def _draw_or_stand(draws: bool):
    """The answer "draw" or "stand", worded when shown."""
    return lambda: _(DRAW) if draws else _(STAND)


def _yes_no_choices():
    """The choices yes, no, worded when shown."""
    return _(YES), _(NO)


def _draw_stand_choices():
    """The choices draw, stand, worded when shown."""
    return _(DRAW), _(STAND)

__all__ = ["card_value_question", "total_question", "natural_question", "player_draw_question", "banker_draw_question",
           "winner_question", "cards_used_question", "wrong_rows_question", "settle_question", "pair_question"]

# A card as the value question names it (the sentence's subject in Vietnamese, so capitalised there).
RANK_NAMES = {"A": N_("an ace"), "2": N_("a 2"), "3": N_("a 3"), "4": N_("a 4"), "5": N_("a 5"), "6": N_("a 6"),
              "7": N_("a 7"), "8": N_("an 8"), "9": N_("a 9"), "10": N_("a 10"), "J": N_("a jack"),
              "Q": N_("a queen"), "K": N_("a king")}


def card_value_question(card) -> Question:
    """How many points is this card worth? Choices: its value, 0, 1, 10 and the number its face would suggest.

    >>> question = card_value_question("Q")
    >>> question.prompt, question.answer, question.choices
    ('How many points is a queen worth?', '0', ('0', '1', '10', '12'))
    """
    cards = as_cards(card if isinstance(card, str) else [card])
    if len(cards) != 1:
        raise BaccaratError(_('card must be one card such as "Q", not {value}').format(value=shown(card)))
    card, = cards
    faces = {"A": 1, "J": 11, "Q": 12, "K": 13}
    face = faces.get(card.rank) or int(card.rank)

    def why():
        if card.value == 0:
            return _("10, J, Q and K all count 0.")
        if card.rank == "A":
            return _("An ace counts 1.")
        return _("A card from 2 to 9 counts its number: {rank} counts {value}.").format(rank=card.rank,
                                                                                        value=card.value)
    return Question(lambda: _("How many points is {card} worth?").format(card=_(RANK_NAMES[card.rank])),
                    str(card.value), why, tuple(str(value) for value in sorted({card.value, 0, 1, 10, face})),
                    skill="total", key=card.rank)


def _labels(cards) -> str:
    """The cards as a prompt shows them: "7♠ 8♥"."""
    return " ".join(card.label for card in cards)


def total_question(cards) -> Question:
    """What is the total of this hand?"""
    cards = as_cards(cards)
    return Question(lambda: _("What is the total of {cards}?").format(cards=_labels(cards)), str(hand_total(cards)),
                    lambda: f"{total_working(cards)}.", skill="total", key=short_key(_labels(cards)))


def natural_question(cards) -> Question:
    """Is this two-card hand a natural?"""
    cards = as_cards(cards)
    labels, natural = _labels(cards), is_natural(cards)
    return Question(lambda: _("Is {cards} a natural?").format(cards=labels), _yes_or_no(natural),
                    lambda: f"{total_working(cards)}. " + (
                        _("8 or 9 on the first two cards is a natural.") if natural else
                        _("A natural needs 8 or 9 on the first two cards.") if len(cards) == 2 else
                        _("A third card never makes a natural.")),
                    _yes_no_choices, skill="natural", key=short_key(labels))


def player_draw_question(cards) -> Question:
    """Does Player draw on these two cards (no natural on the table)?"""
    cards = as_cards(cards)
    if len(cards) != 2:
        raise BaccaratError(_("cards must be Player's first two cards, not {count} cards").format(count=len(cards)))
    total = hand_total(cards)
    decision = player_decision(total)
    return Question(lambda: _("Player holds {cards} and Banker has no natural. Does Player draw or stand?").format(
                        cards=_labels(cards)),
                    _draw_or_stand(decision.draws),
                    lambda: _("Player has {total} ({working}): {reason}").format(
                        total=total, working=total_working(cards), reason=decision.reason),
                    _draw_stand_choices, skill="player-draw", key=_labels(cards))


def banker_draw_question(banker_cards, player_third_card) -> Question:
    """Does Banker draw, given its two cards and Player's third card (None: stood)? Its skill is the tableau's cell."""
    cards = as_cards(banker_cards)
    if len(cards) != 2:
        raise BaccaratError(_("banker_cards must be Banker's first two cards, not {count} cards").format(
            count=len(cards)))
    total = hand_total(cards)
    decision = banker_decision(total, player_third_card)
    labels = _labels(cards)
    third_value = third_card_value(player_third_card)      # the value banker_decision judged by
    third_label = "-" if third_value is None else str(getattr(player_third_card, "label", player_third_card)).strip()

    def prompt():
        template = (_("Banker holds {cards} ({total}) and Player stood. Does Banker draw or stand?")
                    if third_value is None else
                    _("Banker holds {cards} ({total}) and Player drew {third}. Does Banker draw or stand?"))
        return template.format(cards=labels, total=total, third=third_label)
    return Question(prompt, _draw_or_stand(decision.draws),
                    lambda: _("Banker has {total} and {reason}").format(total=total, reason=decision.reason),
                    _draw_stand_choices, skill=banker_cell_skill(total, third_value), key=f"{labels} / {third_label}")


def _dealt(cards) -> tuple[Coup, tuple]:
    """The coup these cards play, and the cards given (the first six: a coup never uses more), as dealt."""
    given = tuple(islice(_iter_cards(cards), 6))
    return play_coup(given), given


def _left_in_shoe(coup: Coup, given) -> str:
    """A sentence on the cards given that the coup did not use (they stay in the shoe), or nothing."""
    left = given[len(coup.cards):]
    if not left:
        return ""
    return " " + ngettext("The coup used only the first {used} cards: {cards} stays in the shoe for the next coup.",
                          "The coup used only the first {used} cards: {cards} stay in the shoe for the next coup.",
                          len(left)).format(used=len(coup.cards), cards=_labels(left))


def winner_question(cards) -> Question:
    """Who wins the coup dealt from these cards? The prompt shows every card given (up to six), used or not.

    >>> winner_question("7 6 Q J 5 2").explanation.endswith("5 2 stay in the shoe for the next coup.")
    True
    """
    coup, given = _dealt(cards)
    labels = _labels(given)
    return Question(lambda: _("Cards dealt in order P, B, P, B, then third cards: {cards}. Who wins?").format(
                        cards=labels),
                    lambda: coup.outcome.display_name,
                    lambda: " ".join(steps_text(coup.steps)) + _left_in_shoe(coup, given),
                    lambda: tuple(Outcome(side).display_name for side in ("player", "banker", "tie")),
                    skill="winner", key=labels)


def cards_used_question(cards) -> Question:
    """How many of the cards given, in dealt order, does the coup use (4, 5 or 6)? The coup's steps explain it.

    >>> question = cards_used_question("6 2 A 3 K 5 8")
    >>> question.answer, question.choices, question.key
    ('5', ('4', '5', '6'), '6 2 A 3 K 5 8')
    """
    given = as_cards(cards)
    coup = play_coup(given)
    labels = _labels(given)
    return Question(lambda: _("Cards in dealt order: {cards}. How many does the coup use?").format(cards=labels),
                    str(len(coup.cards)), coup.explain, ("4", "5", "6"), skill="coup-cards", key=short_key(labels))


# The events of the pay tables as a prompt says them. A noun (in _NOUN_EVENTS) follows "on": "pushes on a natural
# tie", "pays 5:1 on a pair in either hand"; a clause follows "when": "pays 1:1 when Banker wins".
_EVENT_PHRASES = {
    "player wins": N_("Player wins"), "banker wins": N_("Banker wins"), "tie": N_("a tie"),
    "banker wins with 6": N_("Banker wins with 6"),
    "banker wins with a three-card 7": N_("Banker wins with a three-card 7"),
    "player wins with a three-card 8": N_("Player wins with a three-card 8"),
    "banker wins with a two-card 6": N_("Banker wins with a two-card 6"),
    "banker wins with a three-card 6": N_("Banker wins with a three-card 6"),
    "player pair": N_("a Player pair"), "banker pair": N_("a Banker pair"),
    "either pair": N_("a pair in either hand"),
    "player wins with a natural": N_("Player wins with a natural"),
    "banker wins with a natural": N_("Banker wins with a natural"), "natural tie": N_("a natural tie"),
}
_NOUN_EVENTS = ("tie", "player pair", "banker pair", "either pair", "natural tie")   # "on a tie", not "when a tie"
_MARGIN = re.compile(r"(player|banker) wins by (\d) without a natural")


def _event_words(event: str) -> str:
    """'banker wins with 6' -> 'Banker wins with 6', 'tie' -> 'a tie', 'player pair' -> 'a Player pair'."""
    if event in _EVENT_PHRASES:
        return _(_EVENT_PHRASES[event])
    margin = _MARGIN.fullmatch(event)
    if margin:
        template = (_("Player wins by {margin} without a natural") if margin[1] == "player" else
                    _("Banker wins by {margin} without a natural"))
        return template.format(margin=margin[2])
    return event.replace("banker", "Banker").replace("player", "Player")


def _pays_part(line) -> str:
    noun = line.event in _NOUN_EVENTS
    if line.odds == "push":
        template = _("pushes on {event}") if noun else _("pushes when {event}")
    elif line.odds == "loses":
        template = _("loses on {event}") if noun else _("loses when {event}")
    else:
        template = _("pays {terms} on {event}") if noun else _("pays {terms} when {event}")
    return template.format(event=_event_words(line.event), terms=line.terms())


def _margins_part(side: str, lines) -> str:
    """A side's lines by winning margin as one part: 'pays 30:1 by 9 points, 10:1 by 8, … or 1:1 by 4 when …'."""
    terms = [(line.terms(), _MARGIN.fullmatch(line.event)[2]) for line in lines]
    by = [_("{terms} by {margin} points").format(terms=terms[0][0], margin=terms[0][1])]
    by += [_("{terms} by {margin}").format(terms=each, margin=margin) for each, margin in terms[1:]]
    template = (_("pays {margins} or {last} when Player wins without a natural") if side == "player" else
                _("pays {margins} or {last} when Banker wins without a natural"))
    return template.format(margins=", ".join(by[:-1]), last=by[-1])


def _pays_sentence(lines) -> str:
    """A bet's lines as a sentence: 'it pushes on a tie and pays 1:1 less 5% commission when Banker wins'."""
    parts, margins = [], {}
    for line in lines:
        margin = _MARGIN.fullmatch(line.event)
        if margin and line.odds not in ("push", "loses"):
            if margin[1] not in margins:
                margins[margin[1]] = []
                parts.append(margin[1])           # the side's place among the parts
            margins[margin[1]].append(line)
        else:
            parts.append(line)
    parts = [(_margins_part(part, margins[part]) if len(margins[part]) > 1 else _pays_part(margins[part][0]))
             if isinstance(part, str) else _pays_part(part) for part in parts]
    if len(parts) == 1:
        return _("it {first}").format(first=parts[0])
    return _("it {first} and {last}").format(first=", ".join(parts[:-1]), last=parts[-1])


def settle_question(bet: str, stake, coup, table="standard") -> Question:
    """What is the net result of ``stake`` on ``bet`` for this coup (a Coup, or cards in dealt order)?

    >>> settle_question("banker", 100, "2♣ 3♥ 3♠ A♦ 7♦ 4♠").answer
    '95'
    """
    table = pay_table(table)
    played = _as_coup(coup)                    # refuses what is neither a Coup nor cards
    coup, given = (played, played.cards) if isinstance(coup, Coup) else _dealt(coup)
    settlement = settle(bet, stake, coup, table)
    labels = _labels(given)
    stake = stake_amount(stake)
    return Question(lambda: _("At the “{table}” table you bet {stake} on {bet}: {pays}. The cards, dealt P, B, P, B, "
                              "then third cards: {cards}. What is your net result? (A loss is negative, a push is "
                              "0.)").format(table=_(table.title), stake=money(stake), bet=bet_label(bet),
                                            pays=_pays_sentence(table.lines(bet)), cards=labels),
                    lambda: money(settlement.net),
                    lambda: f"{step_text(coup.steps[-1])} {settlement.explanation}{_left_in_shoe(coup, given)}",
                    skill="settle", key=f"{bet} {english_money(stake)} at {table.name}: {labels}")


def _rows_phrase(totals) -> str:
    totals = sorted(totals)
    if not totals:
        return _("none: the table is right")
    if len(totals) == 1:
        return _("row {total} only").format(total=totals[0])
    return _("rows {totals} and {last}").format(totals=", ".join(map(str, totals[:-1])), last=totals[-1])


def wrong_rows_question(published, name: str | None = None, key: str | None = None) -> Question:
    """Which Banker rows of a published table are wrong? ``key`` (None: the name) is the same in every language.

    ``name`` is text, or a function of no arguments that words it when the question is shown (then give a ``key``).
    """
    if name is not None and not isinstance(name, str) and not (callable(name) and key is not None):
        raise BaccaratError(_("name must be text such as \"this table\", not {value}").format(value=shown(name)))
    key = ("this table" if name is None else name) if key is None else key
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
    return Question(lambda: _("Which Banker rows of {name} are wrong?").format(
                        name=_("this table") if name is None else worded(name)),
                    lambda: _rows_phrase(wrong),
                    lambda: (" ".join(map(str, contradictions)) if contradictions
                             else _("Every row agrees with the tableau.")),
                    lambda: tuple(_rows_phrase(totals) for totals in choices),
                    skill="tableau-source",      # a key that is not text: Question says what a key must be
                    key=short_key(" ".join(key.split()) or "this table") if isinstance(key, str) else key)


def pair_question(cards, side: str = "player") -> Question:
    """Does a Player (or Banker) Pair bet win on this coup? Judged by rank, not value.

    The prompt shows every card given (up to six), used or not."""
    if not isinstance(side, str) or side not in ("player", "banker"):
        raise BaccaratError(_("side must be \"player\" or \"banker\", not {value}").format(value=shown(side)))
    coup, given = _dealt(cards)
    hand = coup.player if side == "player" else coup.banker
    first, second = hand.cards[:2]
    wins = getattr(coup_facts(coup), f"{side}_pair")
    settlement = settle(f"{side}-pair", 1, coup)

    def why():
        if wins:
            ranks = _("{side}'s first two cards are {first} and {second}: the same rank.")
        elif first.value == second.value:
            ranks = _("{side}'s first two cards are {first} and {second}: different ranks (both worth 0, but value "
                      "does not count).")
        else:
            ranks = _("{side}'s first two cards are {first} and {second}: different ranks.")
        return (ranks.format(side=Outcome(side).display_name, first=first.label, second=second.label) + " "
                + settlement.explanation + _left_in_shoe(coup, given))
    labels = _labels(given)

    def prompt():
        template = (_("Cards dealt P, B, P, B, then third cards: {cards}. Does a {bet} bet win?") if len(given) > 4
                    else _("Cards dealt P, B, P, B: {cards}. Does a {bet} bet win?"))
        return template.format(cards=labels, bet=bet_label(f"{side}-pair"))
    return Question(prompt, _yes_or_no(wins), why, _yes_no_choices, skill="pair", key=f"{side}: {labels}")
