"""The one independent, slow, exact enumerator of a coup's chances, for tests only (test_odds, test_simulate).

It deals card by card from the counts left, branching on every value still in the shoe, and plays each
sequence with the plain rules of ``reference_rules``. A sequence stops as soon as the coup needs no more cards
(4, 5 or 6); its weight then counts every ordered 6-card deal that starts with it, so the weights are integer
counts of ordered 6-card sequences and the results exact Fractions. Pairs are judged by rank over the first
four cards.
"""

import math
from fractions import Fraction

from reference_rules import reference_coup

RANK_VALUES = [1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 0, 0, 0]  # A..K


def _sequences(counts, length):
    """Yield (weight, sequence) for every ordered sequence of ``length`` symbols dealt from ``counts``."""
    counts = list(counts)

    def deal(sequence, weight):
        if len(sequence) == length:
            yield weight, sequence
            return
        for symbol, available in enumerate(counts):
            if available:
                counts[symbol] -= 1
                yield from deal(sequence + [symbol], weight * available)
                counts[symbol] += 1

    yield from deal([], 1)


def value_counts(rank_counts):
    values = [0] * 10
    for rank, count in enumerate(rank_counts):
        values[RANK_VALUES[rank]] += count
    return values


def _coups(value_counts):
    """Yield (weight, values) for every coup dealt from ``value_counts`` (10 counts, by point value 0..9).

    ``values`` are only the cards the coup uses; ``weight`` counts the ordered 6-card deals that begin with them.
    """
    counts = list(value_counts)
    size = sum(counts)

    def deal(sequence, weight):
        if len(sequence) >= 4:
            player, banker, _ = reference_coup(sequence + [0] * (6 - len(sequence)))  # padding never read
            if len(player) + len(banker) <= len(sequence):
                left = size - len(sequence)
                yield weight * math.prod(range(left - (6 - len(sequence)) + 1, left + 1)), sequence
                return
        for value, available in enumerate(counts):
            if available:
                counts[value] -= 1
                yield from deal(sequence + [value], weight * available)
                counts[value] += 1

    if size >= 6:
        yield from deal([], 1)


def brute_force_distributions(rank_counts, variables):
    """{variable name: {value: exact chance}} for variables given as functions of the facts of a coup, each called
    once per coup (the values with a chance above 0).

    ``rank_counts``: 13 counts A..K. Facts: winner ("player"/"banker"/"tie"), player_total, banker_total,
    player_cards, banker_cards, player_start (two-card total) and natural.
    """
    totals = {name: {} for name in variables}
    everything = 0
    for weight, values in _coups(value_counts(rank_counts)):
        player, banker, winner = reference_coup(values + [0] * (6 - len(values)))
        facts = dict(winner=winner, player_total=sum(player) % 10, banker_total=sum(banker) % 10,
                     player_cards=len(player), banker_cards=len(banker),
                     player_start=(values[0] + values[2]) % 10,
                     natural=(values[0] + values[2]) % 10 >= 8 or (values[1] + values[3]) % 10 >= 8)
        everything += weight
        for name, variable in variables.items():
            value = variable(facts)
            totals[name][value] = totals[name].get(value, 0) + weight
    return {name: {value: Fraction(total, everything) for value, total in counts.items()}
            for name, counts in totals.items()}


def brute_force_chances(rank_counts, events):
    """{event name: exact chance} for events given as predicates over the facts of a coup (brute_force_distributions'
    facts)."""
    distributions = brute_force_distributions(rank_counts, {name: (lambda facts, happened=happened:
                                                                   bool(happened(facts)))
                                                            for name, happened in events.items()})
    return {name: distribution.get(True, Fraction(0)) for name, distribution in distributions.items()}


def brute_force_pair_chances(rank_counts):
    """(P(player pair), P(banker pair)) by dealing every ordered first four cards by rank."""
    player = banker = everything = 0
    for weight, ranks in _sequences(rank_counts, 4):
        everything += weight
        player += weight * (ranks[0] == ranks[2])
        banker += weight * (ranks[1] == ranks[3])
    return Fraction(player, everything), Fraction(banker, everything)
