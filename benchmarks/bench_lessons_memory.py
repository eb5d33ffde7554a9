"""Benchmark: kernel memory of each lesson after Run All (the target: every lesson ≤ 150 MiB RSS, so a
classroom server holds many students).

For every English lesson of the course list (``baccarat_lib/course.py``)
this starts a fresh IPython kernel (as ``bench_imports.py`` does: same Python as
this script, working directory ``lessons/``, the repository first on ``PYTHONPATH``, the inline backend), runs
every code cell in order, and reads the kernel's resident memory (VmRSS) and its peak (VmHWM) from
/proc/<pid>/status after the last cell. Widgets are built as in the notebook (no front end is attached).

Run: ``python benchmarks/bench_lessons_memory.py [--repo DIR] [--limit 150] [--json FILE] [lesson-name-part ...]``.
Exit status 1 if a cell raised or a lesson ends above ``--limit`` MiB. Linux only (reads /proc).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import nbformat
from jupyter_client import KernelManager

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_imports import PROBE, ThisPythonSpecs, _run, lesson_arguments, lessons, rss_mib  # noqa: E402
from scratch import scratch_folder  # noqa: E402  (benchmarks/scratch.py: a throw-away folder)


def peak_mib(pid: int) -> float:
    """Peak resident memory of a process in MiB (VmHWM)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError(f"no VmHWM for pid {pid}")


def run_all(path: Path, repo: Path, timeout: float = 600) -> dict:
    """Run every code cell of one lesson in a fresh kernel; RSS before, after and at the peak (MiB)."""
    cells = [cell.source for cell in nbformat.read(path, as_version=4).cells if cell.cell_type == "code"]
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(repo), env.get("PYTHONPATH")]))
    env.pop("MPLBACKEND", None)
    manager = KernelManager(kernel_name="python3", kernel_spec_manager=ThisPythonSpecs())
    manager.start_kernel(cwd=str(path.parent), env=env, stderr=subprocess.DEVNULL)
    client = manager.client()
    errors = []
    try:
        client.start_channels()
        client.wait_for_ready(timeout=60)
        pid = json.loads(_run(client, PROBE, timeout)[0])["pid"]
        time.sleep(0.2)
        before = rss_mib(pid)
        started = time.perf_counter()
        per_cell = []
        for source in cells:
            errors += _run(client, source, timeout)[1]
            per_cell.append((rss_mib(pid), peak_mib(pid), source.splitlines()[0][:60] if source else ""))
        seconds = time.perf_counter() - started
        after, peak = rss_mib(pid), peak_mib(pid)
    finally:
        client.stop_channels()
        manager.shutdown_kernel(now=False)
        manager.cleanup_resources()
    return {"lesson": path.stem, "rss_before_mib": before, "rss_after_mib": after, "peak_mib": peak,
            "seconds": seconds, "errors": errors, "per_cell": per_cell}


def main(argv: list[str] | None = None) -> int:
    parser = lesson_arguments(__doc__)
    parser.add_argument("--limit", type=float, default=150, help="RSS after Run All allowed, MiB")
    parser.add_argument("--cells", action="store_true", help="also print the RSS and the peak so far after each code cell")
    args = parser.parse_args(argv)
    repo = args.repo.resolve()
    print(f"repo {repo}, kernel python {sys.executable}", file=sys.stderr)
    results = []
    print(f"{'lesson':<32} {'before':>8} {'after':>8} {'peak':>8} {'run all':>8}")
    print(f"{'':<32} {'(MiB)':>8} {'(MiB)':>8} {'(MiB)':>8} {'(s)':>8}")
    for path in lessons(repo):
        if args.lessons and not any(part in path.name for part in args.lessons):
            continue
        r = run_all(path, repo)
        results.append(r)
        flag = "  OVER LIMIT" if r["rss_after_mib"] > args.limit else ""
        print(f"{r['lesson']:<32} {r['rss_before_mib']:>8.1f} {r['rss_after_mib']:>8.1f} {r['peak_mib']:>8.1f} "
              f"{r['seconds']:>8.1f}{flag}" + ("  ERROR: " + "; ".join(r["errors"]) if r["errors"] else ""),
              flush=True)
        if args.cells:
            for mib, peak, first_line in r["per_cell"]:
                print(f"    {mib:8.1f} {peak:8.1f}  {first_line}")
    if args.json:
        args.json.write_text(json.dumps({"repo": str(repo), "python": sys.executable, "results": results}, indent=1))
    return 1 if any(r["errors"] or r["rss_after_mib"] > args.limit for r in results) else 0


if __name__ == "__main__":
    with scratch_folder():          # nothing written outside a temporary folder
        sys.exit(main())
