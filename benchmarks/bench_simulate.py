"""Coups per second: the vectorised simulator against plain Python dealers, in one run, side by side.

    python benchmarks/bench_simulate.py            # defaults: 8 decks, 1 million coups each side
    python benchmarks/bench_simulate.py --coups 3000000 --shoe-coups 50000 --repeats 5

Every dealer deals real shuffled shoes of ``--decks`` decks, coup after coup by the rules, to the cut card 14
cards from the end (a coup starts only while more than 14 cards and at least 6 are left, as ``Shoe.coups()`` and
the simulator do; the coup under way is finished from the cards behind the cut card), then shuffles a fresh shoe,
until the wanted number of coups is counted as Player / Banker / Tie.

- **plain Python dealer** (the fair baseline): written here, with nothing of baccarat_lib: a shoe is a list of
  point values shuffled by ``random.Random(seed)``, coups are dealt in plain ints, Banker's tableau is a small
  dict. It deals exactly the same number of coups as the vectorised simulator.
- **numpy ``simulate_coups()``** (full per-coup records) and **``outcome_counts()``**: the library's simulator.
- **explaining ``Shoe(...).coups()``**: the library's teaching dealer (one ``play_coup`` per coup, with its
  explanations), on ``--shoe-coups`` coups, as the slow reference the lessons use.

Each figure is the best of ``--repeats`` runs, by wall clock (time.perf_counter) and by CPU time of this process
(time.process_time, steadier on a shared machine). The speed-ups are ratios of coups per second.

Checks (any failure exits with status 1): the plain dealer plays the very shoe ``Shoe(decks, seed)`` shuffles
coup for coup as ``Shoe(...).coups()`` does (``--agree-shoes`` shoes); and over ``--check-coups`` coups the
outcome shares of the plain dealer and of ``simulate_coups`` are each within 4 standard errors of the exact
probabilities of ``baccarat_lib.analysis.odds.outcome_probabilities(decks)``.
"""

from __future__ import annotations

import argparse
import math
import platform
import random
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import numpy as np  # noqa: E402

from baccarat_lib import Outcome, Shoe  # noqa: E402
from baccarat_lib.analysis.odds import outcome_probabilities  # noqa: E402
from baccarat_lib.analysis.simulate import outcome_counts, simulate_coups  # noqa: E402
from scratch import scratch_folder  # noqa: E402  (benchmarks/scratch.py: a throw-away folder)

CUT_CARD = 14          # cards behind the cut card, as Shoe and the simulator
MAX_Z = 4.0            # a share further than this many standard errors from the exact chance fails the check

# ---------------------------------------------------------------- the plain Python dealer (no baccarat_lib)

# Point values of one suit: A, 2..9, then 10 J Q K worth 0.
SUIT_VALUES = (1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 0, 0, 0)
# Banker's tableau when Player drew a third card: Banker total -> the third-card values on which Banker draws.
BANKER_DRAWS_ON = {
    0: frozenset(range(10)), 1: frozenset(range(10)), 2: frozenset(range(10)),
    3: frozenset({0, 1, 2, 3, 4, 5, 6, 7, 9}),   # not on an 8
    4: frozenset({2, 3, 4, 5, 6, 7}),
    5: frozenset({4, 5, 6, 7}),
    6: frozenset({6, 7}),
    7: frozenset(),
}
PLAYER, BANKER, TIE = 0, 1, 2


def play_plain_shoe(cards: list[int], cut_card: int, counts: list[int], budget: int, outcomes=None) -> int:
    """Deal coups from ``cards`` (point values, in order) to the cut card, at most ``budget`` coups; add each
    outcome to ``counts`` [player, banker, tie] (and append it to ``outcomes`` if given). Returns coups dealt."""
    n = len(cards)
    limit = min(n - cut_card, n - 5)        # more than cut_card cards left, and at least 6
    draws_on = BANKER_DRAWS_ON
    i = dealt = 0
    while i < limit and dealt < budget:
        player = (cards[i] + cards[i + 2]) % 10
        banker = (cards[i + 1] + cards[i + 3]) % 10
        i += 4
        if player < 8 and banker < 8:       # no natural: the drawing rules
            if player <= 5:                 # Player draws on 0-5
                third = cards[i]
                i += 1
                player = (player + third) % 10
                if third in draws_on[banker]:
                    banker = (banker + cards[i]) % 10
                    i += 1
            elif banker <= 5:               # Player stood (6, 7): Banker draws on 0-5
                banker = (banker + cards[i]) % 10
                i += 1
        outcome = PLAYER if player > banker else BANKER if banker > player else TIE
        counts[outcome] += 1
        if outcomes is not None:
            outcomes.append(outcome)
        dealt += 1
    return dealt


def plain_python_counts(n_coups: int, decks: int, seed: int) -> list[int]:
    """[player, banker, tie] over ``n_coups`` coups from consecutive shoes shuffled by random.Random(seed)."""
    rng = random.Random(seed)
    cards = list(SUIT_VALUES) * (4 * decks)
    counts = [0, 0, 0]
    left = n_coups
    while left > 0:
        rng.shuffle(cards)
        left -= play_plain_shoe(cards, CUT_CARD, counts, left)
    return counts


# ---------------------------------------------------------------- the library's dealers

def shoe_counts(n_coups: int, decks: int, seed: int) -> Counter:
    """Deal shoe after shoe with the explaining baccarat_lib.Shoe until n_coups coups are counted."""
    counts, shoe_seed, dealt = Counter(), seed, 0
    while dealt < n_coups:
        for coup in Shoe(decks=decks, seed=shoe_seed).coups():
            counts[coup.outcome] += 1
            dealt += 1
            if dealt == n_coups:
                break
        shoe_seed += 1
    return counts


def best_rate(run, n_coups: int, repeats: int) -> tuple[float, float]:
    """Best coups/second over `repeats` runs, by wall clock and by process CPU time."""
    best_wall = best_cpu = float("inf")
    for repeat in range(repeats):
        wall, cpu = time.perf_counter(), time.process_time()
        run(repeat)
        best_wall = min(best_wall, time.perf_counter() - wall)
        best_cpu = min(best_cpu, time.process_time() - cpu)
    return n_coups / best_wall, n_coups / best_cpu


# ---------------------------------------------------------------- checks

def agrees_with_shoe(decks: int, shoes: int) -> list[str]:
    """Problems found dealing the shoes Shoe(decks, seed) shuffles with the plain dealer (none: it agrees)."""
    code = {Outcome.PLAYER: PLAYER, Outcome.BANKER: BANKER, Outcome.TIE: TIE}
    problems = []
    for seed in range(shoes):
        shoe = Shoe(decks=decks, seed=seed)
        values = [card.value for card in shoe.peek(len(shoe))]
        mine: list[int] = []
        play_plain_shoe(values, CUT_CARD, [0, 0, 0], len(values), mine)
        theirs = [code[coup.outcome] for coup in shoe.coups()]
        if mine != theirs:
            problems.append(f"seed {seed}: {len(mine)} coups, Shoe deals {len(theirs)}; first difference at coup "
                            f"{next((i for i, (a, b) in enumerate(zip(mine, theirs)) if a != b), min(len(mine), len(theirs)))}")
    return problems


def share_check(name: str, counts: dict, exact: dict) -> bool:
    """Print each outcome's share, its exact probability and the distance in standard errors; True if all ≤ MAX_Z."""
    n = sum(counts.values())
    ok, parts = True, []
    for outcome in Outcome:
        p = float(exact[outcome])
        share = counts[outcome] / n
        z = (share - p) / math.sqrt(p * (1 - p) / n)
        ok &= abs(z) <= MAX_Z
        parts.append(f"{outcome.label} {share:.5f} (exact {p:.5f}, z {z:+.2f})")
    print(f"  {name:<28} {n:,} coups: {'; '.join(parts)}  {'ok' if ok else 'FAIL'}")
    return ok


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--decks", type=int, default=8)
    parser.add_argument("--coups", type=int, default=1_000_000,
                        help="coups per run of the plain Python dealer and of the vectorised simulator")
    parser.add_argument("--shoe-coups", type=int, default=20_000, help="coups per run of the explaining Shoe")
    parser.add_argument("--check-coups", type=int, default=200_000, help="coups for the outcome-share check")
    parser.add_argument("--agree-shoes", type=int, default=30, help="shoes dealt by both the plain dealer and Shoe")
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()

    print(f"Python {platform.python_version()}, numpy {np.__version__}, {platform.machine()}, "
          f"{args.decks} decks, cut card {CUT_CARD} from the end, best of {args.repeats}")

    print("checks:")
    problems = agrees_with_shoe(args.decks, args.agree_shoes)
    print(f"  plain dealer vs Shoe(...).coups() on {args.agree_shoes} shoes: "
          f"{'same coups' if not problems else 'FAIL: ' + '; '.join(problems[:3])}")
    exact = outcome_probabilities(args.decks)
    plain = dict(zip((Outcome.PLAYER, Outcome.BANKER, Outcome.TIE),
                     plain_python_counts(args.check_coups, args.decks, seed=12345)))
    plain_ok = share_check("plain Python dealer", plain, exact)
    numpy_ok = share_check("numpy simulate_coups()", simulate_coups(args.check_coups, args.decks, seed=12345).counts(),
                           exact)
    if problems or not plain_ok or not numpy_ok:
        print("FAIL: a dealer does not deal by the rules; its speed means nothing", file=sys.stderr)
        return 1

    rows = [
        ("plain Python dealer (ints, random.Random)", args.coups,
         lambda r: plain_python_counts(args.coups, args.decks, seed=r)),
        ("numpy: simulate_coups() (full records)", args.coups,
         lambda r: simulate_coups(args.coups, decks=args.decks, seed=r)),
        ("numpy: outcome_counts()", args.coups,
         lambda r: outcome_counts(args.coups, decks=args.decks, seed=r)),
        ("explaining Shoe(...).coups()", args.shoe_coups,
         lambda r: shoe_counts(args.shoe_coups, args.decks, seed=r)),
    ]
    rates = {}
    print(f"{'dealer':44s} {'coups':>11s} {'coups/s (wall)':>15s} {'coups/s (CPU)':>15s}")
    for name, n_coups, run in rows:
        wall, cpu = best_rate(run, n_coups, args.repeats)
        rates[name] = (wall, cpu)
        print(f"{name:44s} {n_coups:11,d} {wall:15,.0f} {cpu:15,.0f}", flush=True)

    def ratio(fast: str, slow: str) -> str:
        (fast_wall, fast_cpu), (slow_wall, slow_cpu) = rates[fast], rates[slow]
        return f"{fast_wall / slow_wall:,.1f}x (wall), {fast_cpu / slow_cpu:,.1f}x (CPU)"

    plain_name, records_name, counts_name, shoe_name = (row[0] for row in rows)
    print("speed-up against the plain Python dealer (same coups, same shoes' rules):")
    print(f"  simulate_coups() / plain Python dealer: {ratio(records_name, plain_name)}")
    print(f"  outcome_counts() / plain Python dealer: {ratio(counts_name, plain_name)}")
    print("against the explaining Shoe:")
    print(f"  plain Python dealer / Shoe: {ratio(plain_name, shoe_name)}")
    print(f"  simulate_coups() / Shoe:    {ratio(records_name, shoe_name)}")
    print(f"  outcome_counts() / Shoe:    {ratio(counts_name, shoe_name)}")
    return 0


if __name__ == "__main__":
    with scratch_folder():          # nothing written outside a temporary folder
        sys.exit(main())
