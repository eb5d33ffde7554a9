"""Coups per second: the vectorised simulator against a plain Python dealer, in one run, side by side.

    python benchmarks/bench_simulate.py            # defaults: 8 decks, 5 million vectorised coups
    python benchmarks/bench_simulate.py --coups 20000000 --python-coups 50000 --repeats 5

Both deal real 8-deck shoes to a cut card 14 cards from the end and count Player / Banker / Tie.
The plain dealer is ``baccarat_lib.Shoe(decks, seed).coups()`` (one ``play_coup`` per coup, with its
explanations). Each figure is the best of ``--repeats`` runs, wall clock (time.perf_counter) and CPU
time of this process (time.process_time), since other work on a shared machine slows the wall clock.
"""

from __future__ import annotations

import argparse
import platform
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import numpy as np  # noqa: E402

from baccarat_lib import Outcome, Shoe  # noqa: E402
from baccarat_lib.analysis.simulate import outcome_counts, simulate_coups  # noqa: E402


def plain_python_counts(n_coups: int, decks: int, seed: int) -> Counter:
    """Deal shoe after shoe with baccarat_lib.Shoe until n_coups coups are counted."""
    counts, shoe_seed = Counter(), seed
    while sum(counts.values()) < n_coups:
        for coup in Shoe(decks=decks, seed=shoe_seed).coups():
            counts[coup.outcome] += 1
            if sum(counts.values()) == n_coups:
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--decks", type=int, default=8)
    parser.add_argument("--coups", type=int, default=5_000_000, help="coups per vectorised run")
    parser.add_argument("--python-coups", type=int, default=20_000, help="coups per plain Python run")
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()

    print(f"Python {platform.python_version()}, numpy {np.__version__}, {platform.machine()}, "
          f"{args.decks} decks, cut card 14 from the end, best of {args.repeats}")
    rows = [
        ("plain Python: Shoe(...).coups()", args.python_coups,
         lambda r: plain_python_counts(args.python_coups, args.decks, seed=r)),
        ("numpy: outcome_counts()", args.coups,
         lambda r: outcome_counts(args.coups, decks=args.decks, seed=r)),
        ("numpy: simulate_coups() (full records)", args.coups,
         lambda r: simulate_coups(args.coups, decks=args.decks, seed=r)),
    ]
    rates = {}
    print(f"{'dealer':42s} {'coups':>11s} {'coups/s (wall)':>15s} {'coups/s (CPU)':>15s}")
    for name, n_coups, run in rows:
        wall, cpu = best_rate(run, n_coups, args.repeats)
        rates[name] = (wall, cpu)
        print(f"{name:42s} {n_coups:11,d} {wall:15,.0f} {cpu:15,.0f}")
    plain_wall, plain_cpu = rates[rows[0][0]]
    for name, _, _ in rows[1:]:
        wall, cpu = rates[name]
        print(f"ratio {name} / plain Python: {wall / plain_wall:,.0f}x (wall), {cpu / plain_cpu:,.0f}x (CPU)")

    counts = outcome_counts(args.coups, decks=args.decks, seed=0)
    shares = ", ".join(f"{outcome.label} {counts[outcome] / args.coups:.5f}" for outcome in Outcome)
    print(f"sanity, seed 0: {shares}")


if __name__ == "__main__":
    main()
