"""Benchmark: kernel CPU per widget update (issue 11, item 14: every update ≤ 20 ms of kernel CPU).

Each widget is built, warmed up once, then its typical update is repeated; the process CPU time
(``time.process_time``: all threads of this process, as a kernel would spend it) per update is reported in ms,
best of ``--repeats`` rounds. No front end is attached: this is what the kernel does on a click.

    python benchmarks/bench_widgets.py [--updates 30] [--repeats 3] [--repo DIR]

The road dealer's "before" is the PNG drawing of the last commit (matplotlib + palette quantize), timed in the same
process when ``--before`` is given (it draws the boards the old way from the same records).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def per_update(action, updates: int, repeats: int) -> float:
    """Best CPU ms per call of ``action`` over ``repeats`` rounds of ``updates`` calls (after one warm-up)."""
    action()
    best = float("inf")
    for _ in range(repeats):
        start = time.process_time()
        for _ in range(updates):
            action()
        best = min(best, (time.process_time() - start) / updates * 1000)
    return best


def scenarios():
    """(name, factory returning a no-argument action) for each widget's typical update."""
    from baccarat_lib.views import widgets as w

    def road_dealer():
        dealer = w.show_road_dealer(seed=2024).controller
        return dealer.new_shoe.click

    def road_dealer_one_deck():
        dealer = w.show_road_dealer(seed=2024, decks=1).controller
        return dealer.new_shoe.click

    def cycling(control, values):
        state = {"i": 0}

        def act():
            state["i"] = (state["i"] + 1) % len(values)
            control.value = values[state["i"]]
        return act

    def total_calculator():
        c = w.show_total_calculator().controller
        return cycling(c.cards, ["7 8", "K 9", "A 2 3"]) if hasattr(c, "cards") else None

    def settle_widget():
        c = w.show_settle_widget().controller
        button = next((getattr(c, name) for name in ("new_coup", "deal", "next_coup") if hasattr(c, name)), None)
        return button.click if button is not None else None

    def shoe_dealer():
        c = w.show_shoe_dealer().controller
        button = next((getattr(c, name) for name in ("next_card", "turn", "deal_card", "new_coup") if hasattr(c, name)), None)
        return button.click if button is not None else None

    def edge_explorer():
        c = w.show_edge_explorer().controller
        return cycling(c.decks, [6, 8, 1])

    def removal_explorer():
        c = w.show_removal_explorer().controller
        return cycling(c.removed, ["5 5 5 5", "9 9", "K Q J 10"])

    def tableau_explorer():
        c = w.show_tableau_explorer().controller
        first = next((v for v in vars(c).values() if hasattr(v, "options") and hasattr(v, "value")), None)
        return cycling(first, list(first.options)[:3]) if first is not None and len(first.options) >= 2 else None

    def drill():
        from baccarat_lib.views import show_drill
        c = show_drill().controller
        button = next((getattr(c, name) for name in ("next", "next_button", "new_question") if hasattr(c, name)), None)
        return button.click if button is not None else None

    return [("road dealer: Deal a new shoe (8 decks)", road_dealer),
            ("road dealer: Deal a new shoe (1 deck)", road_dealer_one_deck),
            ("total calculator: new cards", total_calculator),
            ("shoe dealer: next", shoe_dealer),
            ("settle widget: next coup", settle_widget),
            ("edge explorer: decks", edge_explorer),
            ("removal explorer: cards removed", removal_explorer),
            ("tableau explorer: first control", tableau_explorer),
            ("practice drill: next question", drill)]


def old_png_boards(roads) -> str:
    """The boards as the last commit drew them: matplotlib figure, PNG, 64-colour palette, base64."""
    import base64
    from io import BytesIO

    from matplotlib.figure import Figure
    from PIL import Image

    from baccarat_lib.views.plots.roads import plot_roads
    columns = max(cell.column for cell in roads.big_road + roads.beads) + 1
    figure = Figure(figsize=(0.36 * max(columns, 12) + 0.3, 5.4))
    figure.subplots_adjust(left=0.01, right=0.99, bottom=0.01, top=0.93, hspace=0.18)
    plot_roads(roads.records, axes=figure.subplots(2, 1))
    rendered, buffer = BytesIO(), BytesIO()
    figure.savefig(rendered, format="png", dpi=80)
    Image.open(rendered).convert("RGB").quantize(colors=64).save(buffer, format="png")
    return base64.b64encode(buffer.getvalue()).decode("ascii")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--updates", type=int, default=30)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--repo", type=Path, default=REPO)
    parser.add_argument("--before", action="store_true", help="also time the old PNG boards of the road dealer")
    args = parser.parse_args(argv)
    sys.path.insert(0, str(args.repo.resolve()))
    os.environ.setdefault("MPLBACKEND", "Agg")
    print(f"{'widget update':<44} {'CPU ms/update':>14}")
    for name, factory in scenarios():
        try:
            action = factory()
            if action is None:
                print(f"{name:<44} {'n/a':>14}  (no such control)")
                continue
            print(f"{name:<44} {per_update(action, args.updates, args.repeats):>14.2f}", flush=True)
        except Exception as error:  # a widget whose controls changed name: say so, go on
            print(f"{name:<44} {'n/a':>14}  ({type(error).__name__}: {error})")
    if args.before:
        from baccarat_lib.views.widgets.roads import shoe_roads
        seeds = iter(range(10**6))
        print(f"{'road boards the old way (matplotlib PNG)':<44} "
              f"{per_update(lambda: old_png_boards(shoe_roads(next(seeds))), max(5, args.updates // 3), args.repeats):>14.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
