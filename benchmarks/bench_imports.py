"""Benchmark: kernel memory of each lesson's import cell.

For every English lesson of the course list (``baccarat_lib/course.py``)
this starts a fresh IPython kernel (``jupyter_client``, same Python as this
script, working directory ``lessons/``, the repository first on ``PYTHONPATH``), reads the kernel's resident
memory (VmRSS in /proc/<pid>/status) before and after running the lesson's import cell, and records whether
numpy, matplotlib and ipywidgets are in the kernel's ``sys.modules`` afterwards.

The import cell is the first code cell whose lines are all imports (``import x``, ``from x import ...``,
parenthesised continuation lines, blank lines and comments), else the first code cell mentioning 'import'.

Run: ``python benchmarks/bench_imports.py [--repo DIR] [--runs N] [--json FILE] [lesson-name-part ...]``.
With ``--runs N`` each lesson gets N fresh kernels and the table shows the median of each column
(the modules columns come from the last run). Linux only (reads /proc).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path

import nbformat
from jupyter_client import KernelManager
from jupyter_client.kernelspec import KernelSpec, KernelSpecManager
from scratch import scratch_folder  # noqa: E402  (benchmarks/scratch.py: a throw-away folder)

REPO = Path(__file__).resolve().parent.parent
WATCHED = ("numpy", "matplotlib", "ipywidgets")
PROBE = """
import json as _json, os as _os, sys as _sys
print(_json.dumps({"pid": _os.getpid(), "executable": _sys.executable,
                   "loaded": {_name: _name in _sys.modules for _name in %r},
                   "baccarat_lib": getattr(_sys.modules.get("baccarat_lib"), "__file__", None)}))
del _json, _os, _sys
""" % (WATCHED,)


class ThisPythonSpecs(KernelSpecManager):
    """Kernel specs that always start ipykernel with the Python running this script."""

    def get_kernel_spec(self, kernel_name):
        return KernelSpec(argv=[sys.executable, "-m", "ipykernel_launcher", "-f", "{connection_file}"],
                          display_name=f"Python ({sys.executable})", language="python")


# --- the import cell -----------------------------------------------------------------------------


def _all_imports(source: str) -> bool:
    """True when every line is an import, a continuation of one ('(...)' or '\\'), blank or a comment."""
    depth, continued, seen = 0, False, False
    for line in source.splitlines():
        text = line.split("#", 1)[0].strip()
        if not text:
            continue
        if depth == 0 and not continued:
            if not (text.startswith("import ") or (text.startswith("from ") and " import " in text)):
                return False
            seen = True
        depth += text.count("(") - text.count(")")
        if depth < 0:
            return False
        continued = text.endswith("\\")
    return seen


def import_cell(path: Path) -> str:
    """The source of the lesson's import cell ('' if it has none)."""
    code = [cell.source for cell in nbformat.read(path, as_version=4).cells if cell.cell_type == "code"]
    for source in code:
        if _all_imports(source):
            return source
    return next((source for source in code if "import" in source), "")


# --- one kernel ----------------------------------------------------------------------------------


def rss_mib(pid: int) -> float:
    """Resident memory of a process in MiB (VmRSS)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024  # kB
    raise RuntimeError(f"no VmRSS for pid {pid}")


def _run(client, code: str, timeout: float) -> tuple[str, list[str]]:
    """Execute code, wait for the reply; return (stdout text, error lines)."""
    stdout, errors = [], []

    def output(message):
        kind, content = message["msg_type"], message["content"]
        if kind == "stream" and content.get("name") == "stdout":
            stdout.append(content["text"])
        elif kind == "error":
            errors.append(f"{content['ename']}: {content['evalue']}")

    reply = client.execute_interactive(code, timeout=timeout, output_hook=output, store_history=False)
    if reply["content"]["status"] != "ok" and not errors:
        errors.append(f"{reply['content'].get('ename')}: {reply['content'].get('evalue')}")
    return "".join(stdout), errors


def measure(source: str, cwd: Path, repo: Path, timeout: float = 120) -> dict:
    """Run one import cell in a fresh kernel; RSS before/after (MiB) and the watched modules afterwards."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(repo), env.get("PYTHONPATH")]))
    env.pop("MPLBACKEND", None)  # let the kernel pick its inline backend, as in Jupyter
    manager = KernelManager(kernel_name="python3", kernel_spec_manager=ThisPythonSpecs())
    manager.start_kernel(cwd=str(cwd), env=env)
    client = manager.client()
    try:
        client.start_channels()
        client.wait_for_ready(timeout=60)
        before_probe = json.loads(_run(client, PROBE, timeout)[0])
        pid = before_probe["pid"]
        time.sleep(0.2)
        before = rss_mib(pid)
        _, errors = _run(client, source, timeout)
        after = rss_mib(pid)
        after_probe = json.loads(_run(client, PROBE, timeout)[0])
    finally:
        client.stop_channels()
        manager.shutdown_kernel(now=False)
        manager.cleanup_resources()
    return {"rss_before_mib": before, "rss_after_mib": after, "delta_mib": after - before,
            "loaded_before": before_probe["loaded"], "loaded": after_probe["loaded"],
            "kernel_python": before_probe["executable"], "baccarat_lib": after_probe["baccarat_lib"],
            "errors": errors}


# --- all lessons ---------------------------------------------------------------------------------


def lessons(repo: Path) -> list[Path]:
    """The course list's English lessons, as files of ``repo`` (a baseline checkout may lack some: skipped)."""
    sys.path.insert(0, str(REPO))
    from baccarat_lib import course          # this checkout's course list, whichever repo is measured

    folder = course.lessons_folder()
    if folder.is_relative_to(REPO):
        folder = repo / folder.relative_to(REPO)
    paths = [folder / lesson.file for lesson in course.lessons("en")]
    return [path for path in paths if path.exists()]


def bench(repo: Path, runs: int = 1, only: list[str] | None = None) -> list[dict]:
    """One result per lesson: medians over the runs, plus every run's figures."""
    results = []
    for path in lessons(repo):
        if only and not any(part in path.name for part in only):
            continue
        source = import_cell(path)
        samples = [measure(source, path.parent, repo) for _ in range(runs)]
        last = samples[-1]
        result = {"lesson": path.stem, "import_cell": source, "runs": samples,
                  "loaded": last["loaded"], "kernel_python": last["kernel_python"],
                  "baccarat_lib": last["baccarat_lib"],
                  "errors": sorted({error for sample in samples for error in sample["errors"]})}
        for key in ("rss_before_mib", "rss_after_mib", "delta_mib"):
            result[key] = statistics.median(sample[key] for sample in samples)
        results.append(result)
        print(f"  {path.stem}: {result['delta_mib']:+.1f} MiB", file=sys.stderr, flush=True)
    return results


def table(results: list[dict]) -> str:
    yes = {True: "yes", False: "no"}
    rows = [f"{'lesson':<30} {'before':>8} {'after':>8} {'delta':>8}  {'numpy':<6} {'matplotlib':<11} {'ipywidgets':<10}",
            f"{'':<30} {'(MiB)':>8} {'(MiB)':>8} {'(MiB)':>8}"]
    for r in results:
        loaded = r["loaded"]
        rows.append(f"{r['lesson']:<30} {r['rss_before_mib']:>8.1f} {r['rss_after_mib']:>8.1f} {r['delta_mib']:>8.1f}  "
                    f"{yes[loaded['numpy']]:<6} {yes[loaded['matplotlib']]:<11} {yes[loaded['ipywidgets']]:<10}"
                    + ("  ERROR: " + "; ".join(r["errors"]) if r["errors"] else ""))
    return "\n".join(rows)


def lesson_arguments(description: str) -> argparse.ArgumentParser:
    """The arguments every lesson benchmark takes: which lessons, which repository, a JSON file to save to."""
    parser = argparse.ArgumentParser(description=description.split("\n\n")[0])
    parser.add_argument("lessons", nargs="*", help="only lessons whose file name contains one of these")
    parser.add_argument("--repo", type=Path, default=REPO, help="repository root (default: this script's)")
    parser.add_argument("--json", type=Path, help="also save the results to this file")
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = lesson_arguments(__doc__)
    parser.add_argument("--runs", type=int, default=1, help="fresh kernels per lesson; the median is shown")
    args = parser.parse_args(argv)
    repo = args.repo.resolve()
    print(f"repo {repo}, kernel python {sys.executable}, {args.runs} run(s) per lesson", file=sys.stderr)
    results = bench(repo, args.runs, args.lessons)
    libraries = {r["baccarat_lib"] for r in results}
    print(table(results))
    print(f"\nkernel python: {', '.join(sorted({r['kernel_python'] for r in results}))}")
    print(f"baccarat_lib imported from: {', '.join(sorted(map(str, libraries)))}")
    if any(lib and not str(Path(lib).resolve()).startswith(str(repo)) for lib in libraries):
        print(f"WARNING: the kernels did not import baccarat_lib from {repo}", file=sys.stderr)
    if args.json:
        args.json.write_text(json.dumps({"repo": str(repo), "python": sys.executable, "runs": args.runs,
                                         "results": results}, indent=1))
    return 1 if any(r["errors"] for r in results) else 0


if __name__ == "__main__":
    with scratch_folder():          # nothing written outside a temporary folder
        sys.exit(main())
