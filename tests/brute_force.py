"""An independent, slow, exact enumerator of a coup's chances, for tests only.

It deals card by card from the counts left, branching on every value still in the shoe, and plays each
6-card sequence with the plain rules of ``reference_rules``. Weights are integer counts of ordered card
sequences, so the results are exact Fractions. Pairs are judged by rank over the first four cards.
"""

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


def brute_force_chances(rank_counts, events):
    """{event name: exact chance} for events given as predicates over the facts of a coup."""
    totals = {name: 0 for name in events}
    everything = 0
    for weight, values in _sequences(value_counts(rank_counts), 6):
        player, banker, winner = reference_coup(values)
        facts = dict(winner=winner, player_total=sum(player) % 10, banker_total=sum(banker) % 10,
                     player_cards=len(player), banker_cards=len(banker),
                     player_start=(values[0] + values[2]) % 10,
                     natural=(values[0] + values[2]) % 10 >= 8 or (values[1] + values[3]) % 10 >= 8)
        everything += weight
        for name, happened in events.items():
            if happened(facts):
                totals[name] += weight
    return {name: Fraction(total, everything) for name, total in totals.items()}


def brute_force_pair_chances(rank_counts):
    """(P(player pair), P(banker pair)) by dealing every ordered first four cards by rank."""
    player = banker = everything = 0
    for weight, ranks in _sequences(rank_counts, 4):
        everything += weight
        player += weight * (ranks[0] == ranks[2])
        banker += weight * (ranks[1] == ranks[3])
    return Fraction(player, everything), Fraction(banker, everything)
