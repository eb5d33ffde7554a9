"""Kernel CPU of the clicks that read saved progress, with 100, 10,000 and 100,000 saved answers, side by side.

    python benchmarks/bench_progress_clicks.py                       # 100, 10,000 and 100,000 answers
    python benchmarks/bench_progress_clicks.py --repo /path/to/other/checkout   # the same measure of another checkout
    python benchmarks/bench_progress_clicks.py --quick               # 100 and 1,000 answers, a few clicks (a smoke run)

Each history size runs in a fresh Python process that imports ``baccarat_lib`` from ``--repo`` (default: this
script's checkout) with ``BACCARAT_PROGRESS_DIR`` (and matplotlib's and Jupyter's folders) in a temporary folder of
its own, removed afterwards: the learner's progress file is never read or written. The process first makes the
progress file with ``ProgressStore`` (so it has that checkout's own schema), then adds the answers of a made-up
heavy learner in one transaction (``INSERT INTO answers``, as ``ProgressStore.record`` writes them: a file written
by triggers or tables of that checkout keeps them): sessions of 50 to 150 answers a few seconds apart, one to three
days apart, at any hour; drill kinds, every cell of the Banker tableau, dealer calls, lesson exercises and final
tests, from several lessons; about 80% right; one answer in twenty untimed.

Then it times each click on its own with ``time.process_time`` (the kernel's CPU, all threads; no front end is
attached), after one warm-up click:

- ``adaptive drill: Next``: ``show_drill(kind="banker-draw", difficulty=2, adaptive=True)``, the right answer
  given (not timed), then "Next question" (timed): the next tableau cell chosen from the saved answers;
- ``weak spots: Next``: the same in ``show_weak_spots_drill()`` (mixed, difficulty 3: a kind, then a cell);
- ``dealer mode: next call``: the right call pressed in ``show_dealer_mode()``: judged, saved, the next call shown;
- ``progress page: Refresh``: ``show_progress()``'s Refresh: the whole report read again.

The table gives the median and maximum ms per click at each size, and each median as a ratio to the 100-answer
run's. The target: every median at most 20 ms at 100,000 answers. Timings are not asserted in the tests.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(Path(__file__).resolve().parent))
from scratch import scratch_environment, scratch_folder  # noqa: E402

SIZES = (100, 10_000, 100_000)
QUICK_SIZES = (100, 1_000)
ACTIONS = ("adaptive drill: Next", "weak spots: Next", "dealer mode: next call", "progress page: Refresh")

SCENARIO = r"""
import json, random, sqlite3, statistics, sys, time
from datetime import datetime, timedelta, timezone

size, clicks = int(sys.argv[1]), int(sys.argv[2])
from baccarat_lib.progress.store import ProgressStore, progress_path
from baccarat_lib.course import LESSONS

rng = random.Random(2024)
kinds = ["total", "natural", "player-draw", "winner", "settle"]
cells = [f"banker-draw:{banker}/{third}" for banker in range(8) for third in "0123456789-"]
dealer = ["dealer:natural", "dealer:player-draw", "dealer:banker-draw", "dealer:winner", "dealer:settle"]
stems = [lesson.stem for lesson in LESSONS] + [None]
rows, when = [], datetime(2024, 1, 1, 8, 0, tzinfo=timezone.utc)
while len(rows) < size:
    when += timedelta(days=rng.randint(1, 3), hours=rng.randint(-8, 8), minutes=rng.randint(0, 59))
    moment, lesson = when, rng.choice(stems)
    for _ in range(min(rng.randint(50, 150), size - len(rows))):
        moment += timedelta(seconds=rng.randint(2, 20))
        pick = rng.random()
        if pick < 0.45:
            skill, source = rng.choice(cells), "drill"
        elif pick < 0.75:
            skill, source = rng.choice(kinds), rng.choice(["drill", "drill", "test"])
        elif pick < 0.9:
            skill, source = rng.choice(dealer), "dealer"
        else:
            skill, source = rng.choice(kinds + ["pair", "odds", "roads"]), "lesson"
        seconds = None if rng.random() < 0.05 else round(rng.uniform(0.8, 25.0), 3)
        rows.append((skill, f"key {rng.randrange(400)}", str(rng.randrange(10)), int(rng.random() < 0.8), seconds,
                     moment.isoformat(timespec="seconds"), source, lesson))
ProgressStore(progress_path()).close()
connection = sqlite3.connect(progress_path(), isolation_level=None)
connection.execute("BEGIN IMMEDIATE")
connection.executemany("INSERT INTO answers (skill, question, answer, correct, seconds, answered_at, source, lesson) "
                       "VALUES (?, ?, ?, ?, ?, ?, ?, ?)", rows)
connection.execute("COMMIT")
connection.close()

from baccarat_lib.views.widgets import show_dealer_mode, show_drill, show_progress, show_weak_spots_drill

def drill_next(view):
    drill = view.controller
    def prepare():
        drill.click(drill.state.exercise.question.answer)
    return prepare, drill.next_button.click

def dealer_call():
    state = {"dealer": show_dealer_mode(seed=2024, coups=100).controller}
    def prepare():
        if state["dealer"].session.finished:
            state["dealer"] = show_dealer_mode(seed=2024, coups=100).controller
    def click():
        dealer = state["dealer"]
        dealer.click(dealer.session.current_call().answer)
    return prepare, click

def refresh():
    page = show_progress().controller
    return (lambda: None), page.refresh_button.click

scenarios = {
    "adaptive drill: Next": lambda: drill_next(show_drill(kind="banker-draw", difficulty=2, seed=None, adaptive=True)),
    "weak spots: Next": lambda: drill_next(show_weak_spots_drill()),
    "dealer mode: next call": dealer_call,
    "progress page: Refresh": refresh,
}
results = {}
for name, build in scenarios.items():
    prepare, click = build()
    times = []
    for number in range(clicks + 1):
        prepare()
        start = time.process_time()
        click()
        spent = time.process_time() - start
        if number:                                  # the first click warms up
            times.append(spent * 1000)
    results[name] = {"median": statistics.median(times), "max": max(times)}
print(json.dumps({"size": size, "results": results}))
"""


def measure(size: int, clicks: int, repo: Path) -> dict:
    """Fill a throw-away progress file with ``size`` answers and time the clicks, in a fresh process."""
    with tempfile.TemporaryDirectory(prefix="bench-progress-clicks-") as folder:
        env = scratch_environment(folder)
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(repo), os.environ.get("PYTHONPATH")]))
        done = subprocess.run([sys.executable, "-c", SCENARIO, str(size), str(clicks)], env=env, cwd=folder,
                              capture_output=True, text=True)
        if done.returncode:
            sys.exit(f"the {size:,}-answer run failed:\n{done.stderr}")
        return json.loads(done.stdout.strip().splitlines()[-1])


def table(runs: list[dict]) -> str:
    """Median / max ms per click at each size, with each median's ratio to the smallest run's."""
    first = runs[0]["results"]
    titles = [f"{run['size']:,} answers: median / max ms (ratio)" for run in runs]
    header = f"{'click':24}" + "".join(f" {title:>44}" for title in titles)
    lines = [header]
    for action in ACTIONS:
        cells = []
        for run in runs:
            row = run["results"][action]
            ratio = row["median"] / first[action]["median"] if first[action]["median"] else float("nan")
            cells.append(f"{row['median']:8.1f} / {row['max']:7.1f}  (x{ratio:5.2f})")
        lines.append(f"{action:24}" + "".join(f" {cell:>44}" for cell in cells))
    return "\n".join(lines)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", type=int, nargs="+", help=f"saved answers per run (default {SIZES})")
    parser.add_argument("--clicks", type=int, default=25, help="timed clicks of each kind per run (default 25)")
    parser.add_argument("--repo", type=Path, default=REPO, help="the checkout to measure (default: this script's)")
    parser.add_argument("--quick", action="store_true", help=f"a smoke run: {QUICK_SIZES} answers, 3 clicks each")
    parser.add_argument("--json", type=Path, help="also save the results to this file")
    args = parser.parse_args(argv)
    sizes = args.sizes or (QUICK_SIZES if args.quick else SIZES)
    clicks = 3 if args.quick else args.clicks
    runs = []
    for size in sizes:
        runs.append(measure(size, clicks, args.repo.resolve()))
        print(f"measured {size:,} answers", file=sys.stderr, flush=True)
    print(table(runs))
    if args.json:
        args.json.write_text(json.dumps({"repo": str(args.repo.resolve()), "runs": runs}, indent=1))
    return 0


if __name__ == "__main__":
    with scratch_folder():          # nothing written outside a temporary folder
        sys.exit(main())
