"""Benchmark: the library's numeric kernel against a compiled (numba) reference of the same algorithms, side by side.

    python benchmarks/bench_compiled.py                 # needs numba: pip install -e ".[bench]"
    python benchmarks/bench_compiled.py --rounds 15 --coups 2000000

Three works, each timed in rounds that alternate library and reference in this one process (CPU time of the
process, so other jobs on a shared machine count less), and reported as the median of the per-round ratios:

- **exact odds per composition**: ``odds.outcome_probabilities(counts=...)`` on several shoes, against the same
  grouped method compiled as one fused, single-threaded numba function (over ``odds.coup_table``'s multisets and
  outcome rows, built once, as the library's are): the shoe's int64 falling factorials, each distinct half of a
  group (its values 0..4, its values 5..9) weighed once, then one loop over the groups that multiplies a group's
  two halves and the scale of its size and adds its weight to the three outcomes' sums; both give Fractions.
- **``simulate.outcome_counts``** and **``simulate.simulate_coups``**: against numba code that shuffles the same
  shoes the same way (numpy's random stream, the same 26-bit keys and sort, the same reshuffle of tied keys, the
  first shoe ``Shoe(decks, seed)``'s; the keys written in place, a piece of 128 shoes at a time, and sorted by
  numpy, as the library's are) and deals each shoe coup by coup with a lookup table played by the library's
  kernel, writing the nine record columns. Its records must equal the library's, column for column.

Three more lines make the comparison stricter: exact odds on shoes that are all different (each round new ones, 1 to
8 decks less up to 100 random cards, so no cache of a shoe's work can help), exact odds without the input checks and
the Fractions (the library's ``odds._numerators`` against the numba function alone, 8 decks), and
``outcome_counts`` against an all-compiled
dealer that shuffles other shoes its own way (numba's generator, Fisher-Yates in place; checked to give outcome
shares within 3 standard errors of the exact chances, as its shoes are not the library's).

Before timing, the results are checked (exit status 1 on a difference): the Fractions equal on 25 shoes, the
counts equal, and the records identical coup for coup on a run of 30-odd shoes (and two more runs). ``simulate_coups``' peak memory
(tracemalloc, numpy's arrays included) is printed against the size of its result. Targets (see the README):
exact odds at most 2× the reference's time, ``outcome_counts`` at least 0.8 of its speed, ``simulate_coups`` at
least 0.5, with a peak at most 1.3× its result.

Without numba, a line says so and the library alone is timed (the course never needs numba).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
import tracemalloc
from dataclasses import fields
from fractions import Fraction
from math import ceil
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import numpy as np  # noqa: E402

from baccarat_lib.analysis import odds, simulate  # noqa: E402
from baccarat_lib.analysis.kernel import play_values  # noqa: E402
from baccarat_lib.game import Shoe  # noqa: E402
from baccarat_lib.game.cards import RANK_VALUES, RANKS  # noqa: E402
from baccarat_lib.game.shoe import shoe_counts  # noqa: E402
from scratch import scratch_folder  # noqa: E402  (benchmarks/scratch.py: a throw-away folder)

try:
    from numba import njit
except ImportError:  # the course does not need numba; this benchmark then times the library alone
    njit = None

SHOES = [("8 decks", shoe_counts(8)), ("6 decks", shoe_counts(6)), ("1 deck", shoe_counts(1)),
         ("8 decks less 9 9 8 K", shoe_counts(8, "9 9 8 K")),
         ("a deep shoe", (3, 30, 2, 17, 25, 9, 31, 0, 22, 12, 28, 5, 16))]
CARD_BITS, VALUE_MASK = 6, 15  # the library's card codes: value in the low 4 bits, the rank in 6 bits




def different_shoes(count: int, seed: int) -> list[tuple]:
    """``count`` shoes as 13 rank counts, no two alike: 1 to 8 decks less up to 100 cards drawn at random."""
    rng, shoes = random.Random(seed), set()
    while len(shoes) < count:
        counts = list(shoe_counts(rng.randint(1, 8)))
        cards = [rank for rank, held in enumerate(counts) for _ in range(held)]
        for rank in rng.sample(cards, rng.randint(0, min(100, len(cards) - 6))):
            counts[rank] -= 1
        shoes.add(tuple(counts))
    return sorted(shoes)


# ---------------------------------------------------------------- the compiled reference

def _compile():
    """The reference's numba functions (compiled once, on first use; the compilation is not timed)."""

    @njit(cache=False)
    def fused_numerators(rank_counts, rank_values, starts, factors, low, high, size, rows):
        # The library's grouped method, fused: a group's weight on the shoe is the product of its low half's
        # falling factors (values 0..4), its high half's (5..9) and the scale to 6 cards; each distinct half is
        # weighed once (its factors: factors[starts[h]:starts[h + 1]], v * 7 + k_v), then one loop over the groups
        # sums each outcome's weights. int64 throughout: exact for shoes up to about 1,450 cards.
        values = np.zeros(10, np.int64)
        for rank in range(13):
            values[rank_values[rank]] += rank_counts[rank]
        total = values.sum()
        falling = np.ones(70, np.int64)            # falling[v * 7 + k] = n_v (n_v - 1) ... (n_v - k + 1)
        for v in range(10):
            for k in range(1, 7):
                falling[v * 7 + k] = falling[v * 7 + k - 1] * (values[v] - k + 1)
        scale = np.ones(7, np.int64)               # scale[s] = (N - s) ... (N - 5); scale[0] is the denominator
        for s in range(5, -1, -1):
            scale[s] = scale[s + 1] * (total - s)
        halves = np.empty(starts.size - 1, np.int64)
        for h in range(halves.size):
            product = 1
            for j in range(starts[h], starts[h + 1]):
                product *= falling[factors[j]]
            halves[h] = product
        player = banker = tie = 0                  # the three outcome rows, unrolled
        for g in range(low.size):
            weight = halves[low[g]] * halves[high[g]] * scale[size[g]]
            player += rows[g, 0] * weight
            banker += rows[g, 1] * weight
            tie += rows[g, 2] * weight
        return player, banker, tie, scale[0]

    @njit(cache=False)
    def keys_from_raw(raw, deck_codes, keys):
        # one pass, in place: the random high bits of each key, the card code in the low 6 bits
        n_cards = deck_codes.size
        mask = np.uint32(0xFFFFFFC0)
        for shoe in range(keys.shape[0]):
            for card in range(n_cards):
                keys[shoe, card] = (raw[shoe * n_cards + card] & mask) | deck_codes[card]

    @njit(cache=False)
    def tied_rows(keys):
        # the shoes where two cards drew the same random key (sorted keys: neighbours)
        tied = np.zeros(keys.shape[0], np.bool_)
        for shoe in range(keys.shape[0]):
            for card in range(keys.shape[1] - 1):
                if (keys[shoe, card] >> 6) == (keys[shoe, card + 1] >> 6):
                    tied[shoe] = True
                    break
        return np.flatnonzero(tied)

    @njit(cache=False)
    def deal_counts(keys, limit, budget, counts, outcome_table, n_cards_table):
        dealt = 0
        for shoe in range(keys.shape[0]):
            row = keys[shoe]
            position = 0
            while position < limit and dealt < budget:
                index = (((row[position] & 15) + (row[position + 2] & 15)) * 19
                         + (row[position + 1] & 15) + (row[position + 3] & 15)) * 100 \
                    + (row[position + 4] & 15) * 10 + (row[position + 5] & 15)
                counts[outcome_table[index]] += 1
                dealt += 1
                position += n_cards_table[index]
        return dealt

    @njit(cache=False)
    def deal_records(keys, limit, budget, start, first_shoe, outcome_table, n_cards_table, outcomes, player_totals,
                     banker_totals, naturals, player_pairs, banker_pairs, n_cards, shoes, positions):
        i = start
        for shoe in range(keys.shape[0]):
            row = keys[shoe]
            position = 0
            while position < limit and i < budget:
                player_two = (row[position] & 15) + (row[position + 2] & 15)
                banker_two = (row[position + 1] & 15) + (row[position + 3] & 15)
                fifth, sixth = row[position + 4] & 15, row[position + 5] & 15
                index = (player_two * 19 + banker_two) * 100 + fifth * 10 + sixth
                used = n_cards_table[index]
                player, banker = player_two % 10, banker_two % 10
                natural = player >= 8 or banker >= 8
                if used >= 5 and not natural and player <= 5:      # Player drew the fifth card
                    player = (player + fifth) % 10
                    if used == 6:
                        banker = (banker + sixth) % 10
                elif used == 5:                                    # Player stood, Banker drew the fifth
                    banker = (banker + fifth) % 10
                outcomes[i] = outcome_table[index]
                player_totals[i], banker_totals[i], naturals[i] = player, banker, natural
                player_pairs[i] = (row[position] & 63) == (row[position + 2] & 63)
                banker_pairs[i] = (row[position + 1] & 63) == (row[position + 3] & 63)
                n_cards[i], shoes[i], positions[i] = used, first_shoe + shoe, position
                i += 1
                position += used
        return i

    @njit(cache=False)
    def fisher_yates_counts(n_coups, deck_codes, limit, seed, counts, outcome_table, n_cards_table):
        # another shuffle, all compiled: numba's own generator, Fisher-Yates in place (not the library's shoes)
        np.random.seed(seed)
        cards = deck_codes.copy()
        dealt = 0
        while dealt < n_coups:
            for i in range(cards.size - 1, 0, -1):
                j = np.random.randint(0, i + 1)
                cards[i], cards[j] = cards[j], cards[i]
            position = 0
            while position < limit and dealt < n_coups:
                index = (((cards[position] & 15) + (cards[position + 2] & 15)) * 19
                         + (cards[position + 1] & 15) + (cards[position + 3] & 15)) * 100 \
                    + (cards[position + 4] & 15) * 10 + (cards[position + 5] & 15)
                counts[outcome_table[index]] += 1
                dealt += 1
                position += n_cards_table[index]
        return dealt

    return fused_numerators, keys_from_raw, tied_rows, deal_counts, deal_records, fisher_yates_counts


class Reference:
    """The compiled reference: the same algorithms as the library, in numba loops."""

    def __init__(self):
        (self.fused_numerators, self.keys_from_raw, self.tied_rows, self.deal_counts, self.deal_records,
         self.fisher_yates_counts) = _compile()
        odds.outcome_probabilities(8)  # the library's coup table and outcome rows, built once
        multisets = odds.coup_table().multisets
        # Its own halves, from the groups' value multisets: the distinct low halves, then the distinct high ones.
        low_sets, low = np.unique(multisets[:, :5], axis=0, return_inverse=True)
        high_sets, high = np.unique(multisets[:, 5:], axis=0, return_inverse=True)
        held = [[(first + v) * 7 + k for v, k in enumerate(half) if k]
                for sets, first in ((low_sets, 0), (high_sets, 5)) for half in sets]
        self.starts = np.append(0, np.cumsum([len(factors) for factors in held])).astype(np.int64)
        self.factors = np.array([factor for factors in held for factor in factors], np.int64)
        self.low, self.high = low.ravel().astype(np.int64), high.ravel().astype(np.int64) + len(low_sets)
        self.size = multisets.sum(axis=1).astype(np.int64)
        # one row per group, its coups of each outcome (group-major: a group's three counts are read together)
        self.rows = np.ascontiguousarray(np.stack([odds._row_for(f"outcome {outcome.value}", None)
                                                   for outcome in odds.OUTCOME_CODES], axis=1))
        self.rank_values = np.array([RANK_VALUES[rank] for rank in RANKS], np.int64)
        # Its own lookup table, played by the library's kernel: (Player's two-card sum * 19 + Banker's) * 100
        # + 10 * fifth card + sixth card (sums 0..18, so no remainder is taken while dealing).
        played = play_values(*(axis.ravel() for axis in np.indices((19, 19, 10, 10))))
        self.outcome_table, self.n_cards_table = played.outcome, played.n_cards.astype(np.int64)

    # exact odds
    def numerators(self, rank_counts) -> tuple:
        """(Player's, Banker's and Tie's numerators, the denominator) on a shoe of 13 rank counts (int64)."""
        return self.fused_numerators(rank_counts, self.rank_values, self.starts, self.factors, self.low, self.high,
                                     self.size, self.rows)

    def outcome_probabilities(self, rank_counts) -> dict:
        *sums, denominator = self.numerators(np.array(rank_counts, np.int64))
        return {outcome: Fraction(sums[code], denominator) for outcome, code in odds.OUTCOME_CODES.items()}

    # shoes: numpy's raw stream, keys, numpy's sort, the exact reshuffle of tied keys
    def _shoe_chunks(self, n_coups, decks, seed, cut_card):
        deck_codes = np.tile(simulate._DECK_CODES, 4 * decks)
        n_cards = deck_codes.size
        limit = min(n_cards - cut_card, n_cards - 5)
        rng = np.random.default_rng(seed)
        first = Shoe(decks=decks, seed=seed).peek(n_cards)
        first_codes = np.array([simulate._CODE_OF_RANK[card.rank] for card in first], np.uint32)
        left, is_first = n_coups, True
        while left > 0:
            n_shoes = max(1, min(2048, ceil(left * 4.94 / limit * 1.01)))
            keys = np.empty((n_shoes, n_cards), np.uint32)
            tied = []
            for start in range(0, n_shoes, 128):  # 128 shoes' keys at a time stay in the cache
                piece = min(128, n_shoes - start)
                raw = rng.bit_generator.random_raw(piece * n_cards // 2).view(np.uint32)
                part = keys[start:start + piece]
                self.keys_from_raw(raw, deck_codes, part)
                part.sort(axis=1)
                tied.extend(start + self.tied_rows(part))
            for row in tied:  # every key is drawn before the reshuffles, in row order: the library's stream
                keys[row] = rng.permuted(deck_codes)
            if is_first:
                keys[0] = first_codes
                is_first = False
            left = yield keys, limit

    def outcome_counts(self, n_coups, decks=8, seed=None, cut_card=14) -> dict:
        counts = np.zeros(3, np.int64)
        chunks = self._shoe_chunks(n_coups, decks, seed, cut_card)
        left = n_coups
        keys, limit = next(chunks)
        while True:
            left -= self.deal_counts(keys, limit, left, counts, self.outcome_table, self.n_cards_table)
            if left <= 0:
                break
            keys, limit = chunks.send(left)
        return {outcome: int(counts[code]) for outcome, code in odds.OUTCOME_CODES.items()}

    def fisher_yates_outcome_counts(self, n_coups, decks=8, seed=0, cut_card=14) -> dict:
        """Counts from other shoes: shuffled by numba's generator (Fisher-Yates), all in one compiled loop."""
        deck_codes = np.tile(simulate._DECK_CODES, 4 * decks).astype(np.int64)
        limit = min(deck_codes.size - cut_card, deck_codes.size - 5)
        counts = np.zeros(3, np.int64)
        self.fisher_yates_counts(n_coups, deck_codes, limit, seed, counts, self.outcome_table, self.n_cards_table)
        return {outcome: int(counts[code]) for outcome, code in odds.OUTCOME_CODES.items()}

    def simulate_coups(self, n_coups, decks=8, seed=None, cut_card=14) -> list:
        dtypes = [np.uint8, np.uint8, np.uint8, np.bool_, np.bool_, np.bool_, np.uint8, np.int32, np.int16]
        columns = [np.empty(n_coups, dtype) for dtype in dtypes]
        chunks = self._shoe_chunks(n_coups, decks, seed, cut_card)
        filled, first_shoe = 0, 0
        keys, limit = next(chunks)
        while True:
            filled = self.deal_records(keys, limit, n_coups, filled, first_shoe, self.outcome_table,
                                       self.n_cards_table, *columns)
            first_shoe += len(keys)
            if filled >= n_coups:
                break
            keys, limit = chunks.send(n_coups - filled)
        return columns


# ---------------------------------------------------------------- checks and timing

def check(reference: Reference) -> list[str]:
    """Differences between the library and the reference (none: they agree)."""
    problems = []
    for label, counts in SHOES + [(f"random shoe {shoe}", shoe) for shoe in different_shoes(20, seed=1)]:
        if reference.outcome_probabilities(counts) != odds.outcome_probabilities(counts=counts):
            problems.append(f"exact odds differ on {label}")
    for n_coups, decks, seed, cut_card in ((2500, 8, 2024, 14), (2000, 1, 5, 0), (50_000, 6, 7, 30)):
        library = simulate.simulate_coups(n_coups, decks, seed, cut_card)
        mine = reference.simulate_coups(n_coups, decks, seed, cut_card)
        for field, column in zip(fields(library), mine):
            if not np.array_equal(getattr(library, field.name), column):
                problems.append(f"records differ in {field.name} ({n_coups} coups, {decks} decks, seed {seed})")
        if reference.outcome_counts(n_coups, decks, seed, cut_card) != simulate.outcome_counts(n_coups, decks, seed,
                                                                                                 cut_card):
            problems.append(f"outcome counts differ ({n_coups} coups, {decks} decks, seed {seed})")
    exact = odds.outcome_probabilities(8)
    shares = reference.fisher_yates_outcome_counts(200_000, seed=12345)
    for outcome, chance in exact.items():
        error = (float(chance) * (1 - float(chance)) / 200_000) ** 0.5
        if abs(shares[outcome] / 200_000 - float(chance)) > 3 * error:
            problems.append(f"the compiled shuffle's {outcome.value} share is more than 3 standard errors off")
    return problems


def cpu_seconds(run) -> float:
    start = time.process_time()
    run()
    return time.process_time() - start


def interleaved(library, references: list, rounds: int) -> tuple[list[float], list[float]]:
    """CPU seconds of ``library()`` and of the fastest of ``references`` in each round, ``rounds`` rounds, the
    library first in even rounds and last in odd ones."""
    mine, theirs = [], []
    for round_number in range(rounds):
        if round_number % 2 == 0:
            mine.append(cpu_seconds(library))
        theirs.append(min(cpu_seconds(reference) for reference in references))
        if round_number % 2 == 1:
            mine.append(cpu_seconds(library))
    return mine, theirs


def peak_mib(run) -> tuple[float, object]:
    """Peak of traced allocations while ``run()`` runs (numpy's arrays included), and its result."""
    tracemalloc.start()
    try:
        result = run()
        return tracemalloc.get_traced_memory()[1] / 2 ** 20, result
    finally:
        tracemalloc.stop()


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=11, help="alternating rounds per work (median of ratios)")
    parser.add_argument("--coups", type=int, default=1_000_000, help="coups per simulation run")
    parser.add_argument("--odds-calls", type=int, default=200, help="calls per shoe in one round of exact odds")
    parser.add_argument("--quick", action="store_true", help="a smoke run: few rounds, few coups")
    args = parser.parse_args(argv)
    if args.quick:
        args.rounds, args.coups, args.odds_calls = 1, 20_000, 5
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"numpy {np.__version__}, {os.cpu_count()} cores, load average {load:.2f}, {args.rounds} rounds, "
          f"CPU time, medians")
    odds.outcome_probabilities(8)  # the one-time compilation of every coup is not what is timed
    simulate.simulate_coups(1000, seed=0)
    reference = None
    if njit is None:
        print("numba is not installed (pip install -e \".[bench]\"): timing the library alone, with no reference")
    else:
        reference = Reference()
        problems = check(reference)
        if problems:
            print("FAIL: the reference and the library disagree: " + "; ".join(problems), file=sys.stderr)
            return 1
        print("checks: exact odds equal on every shoe; counts and records identical coup for coup")

    def odds_run(shoes=SHOES, calls=args.odds_calls):
        for _label, counts in shoes:
            for _ in range(calls):
                odds.outcome_probabilities(counts=counts)

    def reference_odds_run(shoes=SHOES, calls=args.odds_calls):
        for _label, counts in shoes:
            for _ in range(calls):
                reference.outcome_probabilities(counts)

    per_round = len(SHOES) * args.odds_calls
    fresh = different_shoes(args.rounds * per_round, seed=2026)       # no shoe twice in the whole run
    batches = [fresh[start::args.rounds] for start in range(args.rounds)]
    library_batches, reference_batches = iter(batches), iter(batches)  # round r: batch r, on both sides

    def fresh_odds_run():
        for counts in next(library_batches):
            odds.outcome_probabilities(counts=counts)

    def fresh_reference_run():
        for counts in next(reference_batches):
            reference.outcome_probabilities(counts)

    counts_8 = shoe_counts(8)
    value_counts = odds._value_counts(counts_8)
    rows = tuple(odds._row_for(f"outcome {outcome.value}", None) for outcome in odds.OUTCOME_CODES)
    kernel_calls = len(SHOES) * args.odds_calls

    def odds_kernel_run():
        for _ in range(kernel_calls):
            odds._numerators(rows, value_counts)

    def reference_kernel_run():
        counts = np.array(counts_8, np.int64)
        for _ in range(kernel_calls):
            reference.numerators(counts)

    seeds = iter(range(10 ** 6))
    works = [("exact odds, one composition", "µs per shoe", len(SHOES) * args.odds_calls, 1e6, False,
              odds_run, [reference_odds_run]),
             ("  all-different shoes", "µs per shoe", per_round, 1e6, False, fresh_odds_run, [fresh_reference_run]),
             ("  numerators only, 8 decks", "µs per shoe", kernel_calls, 1e6, False,
              odds_kernel_run, [reference_kernel_run]),
             (f"outcome_counts, {args.coups:,} coups", "M coups/s", args.coups, 1e-6, True,
              lambda: simulate.outcome_counts(args.coups, seed=next(seeds)),
              [lambda: reference.outcome_counts(args.coups, seed=next(seeds))]),
             ("  against a compiled Fisher-Yates", "M coups/s", args.coups, 1e-6, True,
              lambda: simulate.outcome_counts(args.coups, seed=next(seeds)),
              [lambda: reference.fisher_yates_outcome_counts(args.coups, seed=next(seeds))]),
             (f"simulate_coups, {args.coups:,} coups", "M coups/s", args.coups, 1e-6, True,
              lambda: simulate.simulate_coups(args.coups, seed=next(seeds)),
              [lambda: reference.simulate_coups(args.coups, seed=next(seeds))])]
    print(f"{'work':<34}{'unit':>13}{'library':>10}{'reference':>11}{'ratio':>8}")
    for name, unit, amount, scale, is_rate, library, compiled in works:
        if reference is None:
            mine = [cpu_seconds(library) for _ in range(args.rounds)]
            theirs = []
        else:
            mine, theirs = interleaved(library, compiled, args.rounds)

        def figure(seconds):
            return amount / seconds * scale if is_rate else seconds / amount * scale

        library_figure = figure(statistics.median(mine))
        if theirs:
            # the ratio the targets speak of: speed (library / reference) for the simulator, time for exact odds
            ratios = [(t / m) if is_rate else (m / t) for m, t in zip(mine, theirs)]
            print(f"{name:<34}{unit:>13}{library_figure:>10.2f}{figure(statistics.median(theirs)):>11.2f}"
                  f"{statistics.median(ratios):>7.2f}{'' if is_rate else '×'}")
        else:
            print(f"{name:<34}{unit:>13}{library_figure:>10.2f}{'-':>11}{'-':>8}")
    peak, records = peak_mib(lambda: simulate.simulate_coups(args.coups, seed=1))
    result = sum(getattr(records, field.name).nbytes for field in fields(records)
                 if getattr(records, field.name) is not None) / 2 ** 20
    line = f"simulate_coups peak memory: {peak:.1f} MiB for a result of {result:.1f} MiB ({peak / result:.2f}×)"
    if reference is not None:
        reference_peak, _columns = peak_mib(lambda: reference.simulate_coups(args.coups, seed=1))
        line += f"; the reference: {reference_peak:.1f} MiB ({reference_peak / result:.2f}×)"
    print(line)
    return 0


if __name__ == "__main__":
    with scratch_folder():          # nothing written outside a temporary folder
        sys.exit(main())
