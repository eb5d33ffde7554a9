"""Test collection for the whole repository (pytest reads this before anything else).

- nbval's sanitize file is given here as an absolute path, so the tests pass from any working
  directory (`cd /tmp && pytest /path/to/course`, `cd lessons && pytest 00_welcome.ipynb`).
  A `--nbval-sanitize-with` on the command line still wins.
- nbval compares whether a cell drew a picture: it normally skips `image/png` altogether, so a
  plot cell whose figure failed to display (only its `<Figure size ...>` text left) passed. Here
  `image/png` is compared, with every PNG masked to the same placeholder by the sanitize file
  (pixels differ across matplotlib and FreeType versions; a missing or extra image does not).
- Learner progress (``baccarat_lib.progress``) goes to a temporary folder for the whole run: the variable
  ``BACCARAT_PROGRESS_DIR`` is set before any test, lesson kernel or server starts (they inherit it), so no
  test writes into the real Jupyter data directory. The folder is removed at the end.
"""

import os
import shutil
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent
NBVAL_SANITIZE = ROOT / "tests" / "nbval_sanitize.cfg"

# `pytest /path/to/course` collects every folder (testpaths only apply when no path is given): the tools and
# benchmarks are scripts, not tests; this file is no doctest module (and would clash with tests/conftest.py).
collect_ignore = ["tools", "benchmarks", "conftest.py"]
# The hub's config is read by JupyterHub, not imported: as a doctest module it would start checking the
# environment's passwords and exit.
collect_ignore += ["serve/hub/jupyterhub_config.py"]


def pytest_configure(config):
    config._progress_dir = tempfile.mkdtemp(prefix="baccarat-progress-")
    os.environ["BACCARAT_PROGRESS_DIR"] = config._progress_dir
    option = config.option
    if getattr(option, "nbval_sanitize_with", "absent") is None and not getattr(option, "sanitize_with", None):
        option.nbval_sanitize_with = str(NBVAL_SANITIZE)


def pytest_collectstart(collector):
    skip_compare = getattr(collector, "skip_compare", None)
    if type(collector).__name__ == "IPyNbFile" and skip_compare is not None:
        collector.skip_compare = tuple(key for key in skip_compare if key != "image/png")


def pytest_unconfigure(config):
    folder = getattr(config, "_progress_dir", None)
    if folder:
        shutil.rmtree(folder, ignore_errors=True)
