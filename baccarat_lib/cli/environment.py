"""Where the servers write: private writable folders when the home folder is read-only (a shared classroom account).

When the home folder is writable nothing changes. When it is not, matplotlib would show a "mkdir -p failed"
warning in the first plotting cell of every lesson and Voila would answer HTTP 500 (it cannot create Jupyter's data
folder): so each setting in ``WRITABLE_DIRS`` that is not already set points into a private folder under the
system's temporary folder (``$TMPDIR``, else /tmp), ``punto-banco-<user id>``. Settings already given win.
Jupyter's usual config and data folders in the home, if they exist, are still read (through
``JUPYTER_CONFIG_PATH`` and ``JUPYTER_PATH``), so a teacher's settings and kernels there still apply.
Every server ``punto-banco`` starts gets this environment.

Public names: ``WRITABLE_DIRS``, ``home_is_writable(home)``, ``writable_environment(environ)``.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

# Environment variable -> sub-folder. These are the servers' own settings for where they write.
WRITABLE_DIRS = {
    "MPLCONFIGDIR": "matplotlib",                        # matplotlib's config and font cache
    "JUPYTER_CONFIG_DIR": "jupyter-config",              # written once (a migration marker) by every server
    "JUPYTER_DATA_DIR": "jupyter-data",                  # notebook signatures (nbformat's notary), kernels
    "JUPYTER_RUNTIME_DIR": "jupyter-runtime",            # connection files of servers and kernels
    "IPYTHONDIR": "ipython",                             # the kernel's IPython profile and history
    "JUPYTERLAB_SETTINGS_DIR": "jupyterlab-settings",    # JupyterLab's user settings
    "JUPYTERLAB_WORKSPACES_DIR": "jupyterlab-workspaces",
    "XDG_CACHE_HOME": "cache",
}


def home_is_writable(home: Path) -> bool:
    """Whether a file can be created in ``home`` (tried, since permissions alone do not tell for root)."""
    try:
        with tempfile.TemporaryFile(dir=home):
            return True
    except OSError:
        return False


def _private_folder() -> Path:
    """A folder only this user can use: <tmp>/punto-banco-<uid>, or a fresh one if that is someone else's."""
    user = os.getuid() if hasattr(os, "getuid") else os.environ.get("USERNAME", "user")
    folder = Path(tempfile.gettempdir()) / f"punto-banco-{user}"
    try:
        folder.mkdir(mode=0o700, exist_ok=True)
        if not hasattr(os, "getuid") or (folder.stat().st_uid == os.getuid() and not folder.is_symlink()):
            return folder
    except OSError:
        pass
    return Path(tempfile.mkdtemp(prefix="punto-banco-"))


def writable_environment(environ: dict[str, str] | None = None) -> dict[str, str]:
    """A copy of ``environ`` (default: os.environ) in which every place the servers write is writable."""
    env = dict(os.environ if environ is None else environ)
    home = Path(env.get("HOME") or Path.home())
    if home_is_writable(home):
        return env
    folder = _private_folder()
    for name, sub in WRITABLE_DIRS.items():
        if not env.get(name):
            path = folder / sub
            path.mkdir(mode=0o700, parents=True, exist_ok=True)
            env[name] = str(path)
    # Still read (not write) the home's own Jupyter config and data folders.
    for name, folders in (("JUPYTER_CONFIG_PATH", [home / ".jupyter"]),
                          ("JUPYTER_PATH", [home / ".local" / "share" / "jupyter", home / "Library" / "Jupyter",
                                            Path(env.get("APPDATA", home)) / "jupyter"])):
        existing = [str(folder) for folder in folders if folder.is_dir()]
        if existing:
            env[name] = os.pathsep.join(filter(None, [env.get(name, ""), *existing]))
    return env
