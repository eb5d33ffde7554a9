"""How long ``play_coup`` takes, side by side with a plain coup on the same random deals.

    python benchmarks/bench_coup.py                          # 20,000 deals, best of 5
    python benchmarks/bench_coup.py --repo /path/to/other/checkout   # the same measure of another checkout

- **plain coup** (the baseline): the rules as an if-chain, ``tests/reference_rules.reference_coup`` (written from the
  rule card, not from baccarat_lib), on the point values of the dealt cards (reading ``card.value`` is timed too).
- **``play_coup``**: the library's coup, which records every step as data (its sentences are made only when shown).
- **``play_coup`` + ``explain()``**: the same, with every step worded at once, as a lesson that prints a coup does.

Each deal is six cards drawn from a 52-card deck by ``random.Random(--seed)``; both sides get the same deals, and
before timing the script checks that they agree on both hands and the winner for every deal (exit status 1 if not).
Each figure is the best of ``--repeats`` runs, in microseconds per coup, by CPU time of this process
(``time.process_time``, steadier on a shared machine) and by wall clock; the ratio is play_coup's time over the
plain coup's. Timings are not asserted in the tests.
"""

from __future__ import annotations

import argparse
import platform
import random
import sys
import time
from pathlib import Path
from scratch import scratch_folder  # noqa: E402  (benchmarks/scratch.py: a throw-away folder)

HERE = Path(__file__).resolve().parents[1]


def best_time(function, deals, repeats: int) -> tuple[float, float]:
    """(CPU µs, wall µs) per deal, each the best of ``repeats`` runs of ``function`` over every deal."""
    cpu = wall = float("inf")
    for _run in range(repeats):
        start_cpu, start_wall = time.process_time(), time.perf_counter()
        for deal in deals:
            function(deal)
        cpu = min(cpu, time.process_time() - start_cpu)
        wall = min(wall, time.perf_counter() - start_wall)
    return cpu / len(deals) * 1e6, wall / len(deals) * 1e6


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=20_000)
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--repo", type=Path, default=HERE, help="the checkout whose baccarat_lib is timed")
    args = parser.parse_args(argv)
    sys.path[:0] = [str(args.repo.resolve()), str(HERE / "tests")]
    from baccarat_lib.game import RANKS, SUITS, Card, play_coup
    from reference_rules import reference_coup

    def plain_coup(deal):
        return reference_coup([card.value for card in deal])

    rng = random.Random(args.seed)
    deck = [Card(rank, suit) for rank in RANKS for suit in SUITS]
    deals = [rng.sample(deck, 6) for _deal in range(args.deals)]
    for deal in deals:
        coup, (player, banker, winner) = play_coup(deal), plain_coup(deal)
        if ([card.value for card in coup.player.cards], [card.value for card in coup.banker.cards],
                coup.outcome.value) != (player, banker, winner):
            print(f"play_coup and the plain coup disagree on {' '.join(card.label for card in deal)}")
            return 1

    plain = best_time(plain_coup, deals, args.repeats)
    played = best_time(play_coup, deals, args.repeats)
    explained = best_time(lambda deal: play_coup(deal).explain(), deals, args.repeats)
    print(f"baccarat_lib from {args.repo.resolve()}; Python {platform.python_version()}; {args.deals:,} deals "
          f"(seed {args.seed}), best of {args.repeats}; all agree")
    print(f"{'':26}{'CPU µs/coup':>12}{'wall µs/coup':>14}{'ratio (CPU)':>13}")
    for name, (cpu, wall) in (("plain coup (if-chain)", plain), ("play_coup", played),
                              ("play_coup + explain()", explained)):
        print(f"{name:26}{cpu:12.2f}{wall:14.2f}{cpu / plain[0]:12.1f}x")
    return 0


if __name__ == "__main__":
    with scratch_folder():          # nothing written outside a temporary folder
        sys.exit(main())
