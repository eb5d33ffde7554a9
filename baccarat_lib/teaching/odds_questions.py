"""Questions about odds, edges (lesson 07, skill "odds") and counting (lesson 10, skill "counting"), answered by
exact computation (``analysis.odds``, ``analysis.counting``); each key names the situation ("wins more, 8 decks").

>>> wins_more_question(8).answer, five_question(1).answer
('Banker', 'draw')
"""

from __future__ import annotations


from ..analysis.counting import (VALUE_LABELS, VALUE_RANKS, _check_points, _edge_ranges, _effect_of_removal,
                                 _five_choice, _positive_coups, _removable_shoe)
from ..analysis.odds import _edge, bet_lines, house_edge, outcome_probabilities
from ..errors import BaccaratError, shown
from ..game.coup import Outcome
from ..game.formatting import localized, percent
from ..i18n import N_, _, ngettext, using_language
from ..game.payouts import bet_label, derive_table, table_label
from ..game.shoe import _shoe_counts, check_decks
from .questions import Question

__all__ = ["wins_more_question", "lowest_edge_question", "no_commission_question", "best_removal_question",
           "positive_question", "five_question"]

_OUTCOMES = (Outcome.BANKER, Outcome.PLAYER, Outcome.TIE)


def _shoe_words(decks: int) -> str:
    return (_("an {decks}-deck shoe") if decks == 8 else _("a {decks}-deck shoe")).format(decks=decks)


HOUSE, BETTOR, DRAW, STAND = N_("the house"), N_("the bettor"), N_("draw"), N_("stand")


# ---------------------------------------------------------------- lesson 07: odds and edges

def wins_more_question(decks: int = 8) -> Question:
    """Which wins more coups from a shoe of ``decks`` decks: Player or Banker?"""
    decks = check_decks(decks)
    chances = outcome_probabilities(decks)
    more = max((Outcome.PLAYER, Outcome.BANKER), key=chances.get)
    return Question(lambda: ngettext("From a shoe of {decks} deck, which side wins more coups?",
                                     "From a shoe of {decks} decks, which side wins more coups?", decks).format(
                        decks=decks),
                    lambda: more.display_name,
                    lambda: _("{chances}. Banker acts last: its rule can use Player's third card.").format(
                        chances=", ".join(f"P({outcome.display_name}) = {percent(chances[outcome])}"
                                          for outcome in _OUTCOMES)),
                    lambda: (Outcome.PLAYER.display_name, Outcome.BANKER.display_name),
                    skill="odds", key=f"wins more, {decks}-deck shoe")


def lowest_edge_question(choices=(("banker", "standard"), ("player", "standard"), ("tie", "tie-9"),
                                  ("banker", "no-commission")), decks: int = 8) -> Question:
    """Which of these bets (bet, table) has the lowest house edge at ``decks`` decks? At least two choices."""
    decks = check_decks(decks)
    if isinstance(choices, (str, bytes, dict)) or not isinstance(choices, (tuple, list)) or len(choices) < 2:
        raise BaccaratError(_("choices must be a list of two or more (bet, table) pairs such as (\"banker\", "
                              "\"standard\"), not {value}").format(value=shown(choices)))
    for choice in choices:
        if not isinstance(choice, (tuple, list)) or len(choice) != 2:
            raise BaccaratError(_("choices must be a list of two or more (bet, table) pairs such as (\"banker\", "
                                  "\"standard\"); {value} is not a pair").format(value=shown(choice)))
    bets = [(bet, *bet_lines(bet, table)) for bet, table in choices]
    counts = _shoe_counts(decks)
    edges = [_edge(bet, lines, counts) for bet, _table, lines in bets]
    with using_language("en"):                 # the key (saved progress) is the same in every language
        english = [f"{bet_label(bet)} ({table.name})" for bet, table, _lines in bets]
    best = min(range(len(bets)), key=edges.__getitem__)

    def labels():
        return [_("{bet} at “{table}”").format(bet=bet_label(bet), table=table_label(table))
                for bet, table, _lines in bets]
    return Question(lambda: _("With {decks} decks, which bet has the lowest house edge?").format(decks=decks),
                    lambda: labels()[best],
                    lambda: _("House edges: {edges}.").format(edges="; ".join(
                        f"{label}: {percent(edge)}" for label, edge in dict(zip(labels(), edges)).items())),
                    lambda: tuple(dict.fromkeys(labels())), skill="odds",
                    key=f"lowest edge, {decks}-deck shoe: {', '.join(english)}"[:200])


def no_commission_question(decks: int = 8) -> Question:
    """If a Banker win paid 1:1 with no commission and no other change, who would have the edge?"""
    decks = check_decks(decks)
    free = derive_table("standard", "banker-free", "Banker pays 1:1, no commission.", commission=0)
    edge = house_edge("banker", free, decks)
    return Question(lambda: _("Suppose a Banker win paid a full 1:1, no commission, with the same drawing rules. "
                              "Who would have the edge on a Banker bet?"),
                    lambda: _(HOUSE) if edge > 0 else _(BETTOR),
                    lambda: _("The house edge would be {edge}: negative means the bettor wins on average. "
                              "That is why Banker wins pay less than 1:1.").format(edge=percent(edge)),
                    lambda: (_(HOUSE), _(BETTOR)),
                    skill="odds", key=f"no commission, {decks}-deck shoe")


# ---------------------------------------------------------------- lesson 10: counting

def best_removal_question(bet: str, table="standard", decks: int = 8) -> Question:
    """Which card value, taken out, helps ``bet``'s bettor most (lowers the edge most)?"""
    decks = check_decks(decks)
    table, lines = bet_lines(bet, table)
    effects = _effect_of_removal(bet, lines, _removable_shoe(decks))
    best = min(effects, key=effects.get)
    return Question(lambda: _("In {shoe}, taking out one card of which value helps the {bet} bet most?").format(
                        shoe=_shoe_words(decks), bet=bet_label(bet)),
                    str(best),
                    lambda: _("Removing one card of value {value} changes the {bet} edge by {change} percentage "
                              "points, the most helpful of all ten values; the most harmful is {worst}.").format(
                        value=VALUE_LABELS[best], bet=bet_label(bet),
                        change=localized(f"{float(effects[best]) * 100:+.5f}"),
                        worst=VALUE_LABELS[max(effects, key=effects.get)]),
                    tuple(str(value) for value in VALUE_RANKS), skill="counting",
                    key=f"best removal, {bet} at {table.name}, {decks}-deck shoe")


def positive_question(points, bet: str) -> Question:
    """On how many coups of this shoe did ``bet`` have positive expectation? ``points``: from ``edges_through_shoe``."""
    _check_points(points)
    known = points[0].edges
    if not isinstance(bet, str) or bet not in known or any(bet not in point.edges for point in points):
        raise BaccaratError(_("bet must be one of the bets of points ({bets}), not {value}").format(
            bets=", ".join(map(str, known)), value=shown(bet)))
    count = _positive_coups(points)[bet]
    low, high = _edge_ranges(points)[bet]
    return Question(lambda: _("On how many of the {coups} coups of the shoe did the {bet} bet have positive "
                              "expectation (a house edge below 0)?").format(coups=len(points), bet=bet_label(bet)),
                    str(count),
                    lambda: _("{count} of {coups}: its exact edge went from {low} to {high} through the shoe, and "
                              "only a negative edge favours the bettor.").format(
                        count=count, coups=len(points), low=localized(f"{float(low):.3%}"),
                        high=localized(f"{float(high):.3%}")),
                    skill="counting", key=f"positive coups, {bet}, {len(points)} coups")


def five_question(decks: int = 8) -> Question:
    """Against Banker's Punto Banco rules, should Player draw or stand on a two-card 5? Answered by ``five_choice``."""
    choice = _five_choice(check_decks(decks))
    best = max(choice, key=choice.get)
    names = {"draw": DRAW, "stand": STAND}
    return Question(lambda: _("In {shoe}, Player holds a two-card 5 and Banker plays the Punto Banco rules. "
                              "For the Player bet, is it better that Player draws or stands?").format(
                        shoe=_shoe_words(decks)),
                    lambda: _(names[best]),
                    lambda: _("The Player bet's exact expectation is {draw} if Player draws and {stand} if Player "
                              "stands on 5: {best} is better. (Punto Banco's fixed rule: Player draws on 5.)").format(
                        draw=localized(f"{float(choice['draw']):+.3%}"),
                        stand=localized(f"{float(choice['stand']):+.3%}"), best=_(names[best])),
                    lambda: (_(DRAW), _(STAND)),
                    skill="counting", key=f"Player's 5, {decks}-deck shoe")
