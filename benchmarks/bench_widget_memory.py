"""Memory of the practice drill over many answers and many seed changes: does it stay flat?

    python benchmarks/bench_widget_memory.py                      # 10,000 answers, 10,000 seed changes
    python benchmarks/bench_widget_memory.py --actions 2000 --repo /path/to/other/checkout

Like every benchmark, it keeps the progress file and every other folder it writes in a temporary folder
(``benchmarks/scratch.py``): the learner's own progress file is never read or written.

Each scenario runs in a fresh Python process (so one cannot inherit the other's memory) that imports
``baccarat_lib`` from ``--repo`` (default: this script's checkout), builds the widget, does one warm-up round
of 100 actions, then measures the resident set size (RSS, from /proc/self/statm, or the peak RSS where /proc is
missing) and the number of live widget models (ipywidgets' registry) before and after ``--actions`` actions:

- ``drill answers``: the practice drill (mixed, difficulty 1: every question has answer buttons); click the
  right answer, then Next.
- ``drill seed changes``: type a new seed into the drill's seed box (each restarts the drill).
- ``final-test restarts``: answer the final test's first question, then Start again.
- ``road-dealer seed changes`` (``--actions // 100`` of them: each deals and draws a whole shoe).

Before views closed the widgets they replace (``widgets.common.close_widgets``), every question left 6 widget models
behind (3 buttons and their styles), never freed.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path
from scratch import scratch_folder  # noqa: E402  (benchmarks/scratch.py: a throw-away folder)

REPO = Path(__file__).resolve().parents[1]

SCENARIO = r"""
import gc, json, os, resource, sys
import ipywidgets
from ipywidgets.widgets import widget as widget_module

def live_widgets():
    registry = getattr(widget_module, "_instances", None)
    if registry is None:                                  # ipywidgets 8.0
        registry = getattr(ipywidgets.Widget, "_active_widgets", None) or ipywidgets.Widget.widgets
    return len(registry)

def rss_mib():
    try:
        with open("/proc/self/statm") as statm:
            return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20
    except OSError:
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024

from baccarat_lib.views.widgets import show_drill, show_final_test, show_road_dealer

scenario, actions = sys.argv[1], int(sys.argv[2])
if scenario == "drill answers":
    drill = show_drill(kind="mixed", difficulty=1, seed=2024).controller
    drill.start()
    def act(number):
        drill.click(drill.state.exercise.question.answer)
        drill.next()
elif scenario == "drill seed changes":
    drill = show_drill(kind="mixed", difficulty=1, seed=2024).controller
    drill.start()
    def act(number):
        drill.seed.value = number + 1
elif scenario == "final-test restarts":
    test = show_final_test(seed=2024).controller
    test.start()
    def act(number):
        test.click(test.state.exercise.question.answer)
        test.restart()
elif scenario == "road-dealer seed changes":
    dealer = show_road_dealer(seed=1).controller
    actions = max(1, actions // 100)
    def act(number):
        dealer.seed.value = number + 2
for number in range(min(100, actions)):
    act(number)
gc.collect()
before = rss_mib(), live_widgets()
for number in range(actions):
    act(number)
gc.collect()
after = rss_mib(), live_widgets()
print(json.dumps({"scenario": scenario, "actions": actions, "rss_before_mib": round(before[0], 1),
                  "rss_after_mib": round(after[0], 1), "widgets_before": before[1], "widgets_after": after[1]}))
"""

SCENARIOS = ("drill answers", "drill seed changes", "final-test restarts", "road-dealer seed changes")


def measure(scenario: str, actions: int, repo: Path) -> dict:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(repo), env.get("PYTHONPATH")]))
    env.setdefault("MPLBACKEND", "Agg")
    done = subprocess.run([sys.executable, "-c", SCENARIO, scenario, str(actions)], env=env, cwd=repo,
                          capture_output=True, text=True, check=True)
    return json.loads(done.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--actions", type=int, default=10_000, help="answers or seed changes (default 10,000)")
    parser.add_argument("--repo", type=Path, default=REPO, help="repository root (default: this script's)")
    parser.add_argument("--only", nargs="*", choices=SCENARIOS, help="run only these scenarios")
    args = parser.parse_args()
    print(f"{'scenario':26} {'actions':>8} {'RSS before':>11} {'RSS after':>10} {'growth':>8} "
          f"{'widgets before':>15} {'after':>7}")
    for scenario in args.only or SCENARIOS:
        row = measure(scenario, args.actions, args.repo.resolve())
        growth = row["rss_after_mib"] - row["rss_before_mib"]
        print(f"{scenario:26} {row['actions']:>8} {row['rss_before_mib']:>9.1f} M {row['rss_after_mib']:>8.1f} M "
              f"{growth:>+6.1f} M {row['widgets_before']:>15} {row['widgets_after']:>7}", flush=True)


if __name__ == "__main__":
    with scratch_folder():          # nothing written outside a temporary folder
        main()
