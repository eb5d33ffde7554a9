"""Benchmark: exact odds (compiled enumeration, baccarat_lib.analysis.odds) against a plain nested-loop enumerator.

Both run in this one process on the same shoes, and both give exact Fractions; the script checks they agree
and prints the time per shoe composition and the ratio. Run: ``python benchmarks/bench_odds.py``.
"""

import argparse
import sys
import time
from fractions import Fraction

from baccarat_lib.analysis.odds import outcome_probabilities
from baccarat_lib.game.shoe import shoe_counts
from baccarat_lib.game.rules import BANKER_TABLEAU, PLAYER_DRAWS_ON
from scratch import scratch_folder  # noqa: E402  (benchmarks/scratch.py: a throw-away folder)

RANK_VALUES = [1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 0, 0, 0]


def plain_enumerator(rank_counts):
    """P(player, banker, tie) by nested loops over the values of up to six cards, exact integer weights."""
    n = [0] * 10
    for rank, count in enumerate(rank_counts):
        n[RANK_VALUES[rank]] += count
    wins = {"player": 0, "banker": 0, "tie": 0}
    total_weight = 0
    size = sum(n)
    # Bring 4- and 5-card coups to the 6-card denominator N (N-1) ... (N-5).
    scale = {4: (size - 4) * (size - 5), 5: size - 5, 6: 1}

    def take(value):
        weight = n[value]
        n[value] -= 1
        return weight

    for p1 in range(10):
        w1 = take(p1)
        for b1 in range(10):
            w2 = w1 * take(b1)
            for p2 in range(10):
                w3 = w2 * take(p2)
                for b2 in range(10):
                    w4 = w3 * take(b2)
                    if w4:
                        for weight, cards, player, banker in _finish(n, (p1 + p2) % 10, (b1 + b2) % 10, w4):
                            weight *= scale[cards]
                            total_weight += weight
                            wins["player" if player > banker else "banker" if banker > player else "tie"] += weight
                    n[b2] += 1
                n[p2] += 1
            n[b1] += 1
        n[p1] += 1
    return {key: Fraction(value, total_weight) for key, value in wins.items()}


def _finish(n, player, banker, weight):
    """Yield (weight, cards used, player total, banker total) for every way the draws can go from here."""
    if player >= 8 or banker >= 8:
        yield weight, 4, player, banker
        return
    if player not in PLAYER_DRAWS_ON:
        if banker in PLAYER_DRAWS_ON:
            for third in range(10):
                if n[third]:
                    yield weight * n[third], 5, player, (banker + third) % 10
        else:
            yield weight, 4, player, banker
        return
    for third in range(10):
        if not n[third]:
            continue
        w = weight * n[third]
        n[third] -= 1
        final_player = (player + third) % 10
        if third in BANKER_TABLEAU[banker]:
            for banker_third in range(10):
                if n[banker_third]:
                    yield w * n[banker_third], 6, final_player, (banker + banker_third) % 10
        else:
            yield w, 5, final_player, banker
        n[third] += 1


def _time(function, repeat):
    start = time.perf_counter()
    for _ in range(repeat):
        result = function()
    return (time.perf_counter() - start) / repeat, result


SHOES = [("8 decks", 8, ""), ("6 decks", 6, ""), ("1 deck", 1, ""), ("8 decks less 9 9 8 K", 8, "9 9 8 K")]


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a smoke run: the 1-deck shoe only")
    args = parser.parse_args(argv)
    print(f"{'shoe':<22}{'plain loops':>14}{'analysis.odds':>20}{'speed-up':>12}")
    for label, decks, removed in [shoe for shoe in SHOES if shoe[1] == 1] if args.quick else SHOES:
        counts = shoe_counts(decks, removed)
        outcome_probabilities(counts=counts)  # compile once, as a lesson's first call does
        plain_time, plain = _time(lambda: plain_enumerator(counts), 1)
        fast_time, fast = _time(lambda: outcome_probabilities(counts=counts), 200)
        assert {outcome.value: p for outcome, p in fast.items()} == plain, label
        print(f"{label:<22}{plain_time * 1e3:>11.1f} ms{fast_time * 1e3:>17.3f} ms{plain_time / fast_time:>11.0f}×")
    start = time.perf_counter()
    from baccarat_lib.analysis import odds
    odds.coup_table.cache_clear()
    outcome_probabilities(8)
    print(f"one-time compilation of every coup: {(time.perf_counter() - start) * 1e3:.0f} ms")
    return 0


if __name__ == "__main__":
    with scratch_folder():
        sys.exit(main())
