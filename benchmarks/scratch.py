"""A throw-away folder for everything a benchmark (or a process it starts) would write: the learner's progress,
matplotlib's cache, Jupyter's and IPython's folders. A benchmark never reads or writes the learner's own files.

- ``scratch_environment(folder)``: a copy of ``os.environ`` with each of those folders inside ``folder``, for a
  process a benchmark starts.
- ``scratch_folder(prefix)``: a context manager: a new temporary folder, set in this process's environment too (as
  ``scratch_environment`` sets it), removed afterwards with the environment put back.
"""

from __future__ import annotations

import os
import tempfile
from contextlib import contextmanager
from pathlib import Path

FOLDERS = {"BACCARAT_PROGRESS_DIR": "progress", "MPLCONFIGDIR": "matplotlib", "JUPYTER_CONFIG_DIR": "jupyter-config",
           "JUPYTER_DATA_DIR": "jupyter-data", "JUPYTER_RUNTIME_DIR": "jupyter-runtime", "IPYTHONDIR": "ipython",
           "XDG_CACHE_HOME": "cache", "XDG_CONFIG_HOME": "config", "XDG_DATA_HOME": "data"}


def scratch_environment(folder) -> dict[str, str]:
    """``os.environ`` with every folder a benchmark's process may write to inside ``folder``."""
    env = dict(os.environ)
    for variable, name in FOLDERS.items():
        env[variable] = str(Path(folder) / name)
    env.setdefault("MPLBACKEND", "Agg")
    return env


@contextmanager
def scratch_folder(prefix: str = "bench-"):
    """A temporary folder holding every folder this process (and what it starts) writes to; removed at the end."""
    saved = dict(os.environ)
    with tempfile.TemporaryDirectory(prefix=prefix) as folder:
        os.environ.update(scratch_environment(folder))
        try:
            yield Path(folder)
        finally:
            os.environ.clear()
            os.environ.update(saved)
