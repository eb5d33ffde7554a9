"""Hatchling build hook: what a wheel of the course carries besides the library's Python files.

Run by `pip install .` and `pip install -e .` (pyproject.toml, [tool.hatch.build.hooks.custom]):

1. The slides' browser assets (reveal.js's stylesheets and jQuery) are fetched with `npm ci` into
   serve/voila/templates/baccarat-slides/static/node_modules/, once (skipped when npm already installed that lock
   file there). pyproject.toml's `shared-data` then installs them with the templates; so building from source needs
   npm, and the wheel needs nothing from the internet when the slides are shown.
2. A wheel (not an editable install, which reads the clone itself) gets the course's own files inside the package,
   under baccarat_lib/_course/, where `baccarat_lib.course.course_path` finds them: both editions' lessons, the
   Voila settings and templates (the same files shared-data installs, so the CLI finds them by absolute path
   whatever the install prefix), and the book's configuration.
"""

from __future__ import annotations

import contextlib
import shutil
import subprocess
from pathlib import Path

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

PACKAGE_DATA = "baccarat_lib/_course"
NPM_FOLDERS = ("serve/voila/templates/baccarat-slides/static",)
# Copied whole into the wheel (under PACKAGE_DATA), besides the files shared-data installs from serve/voila.
COURSE_FOLDERS = ("lessons", "serve/voila/classroom", "serve/voila/slides")
BOOK_FILES = ("_config.yml", "_toc.yml", "_ext/course_book.py", "_ext/require-config.js",
              "_ext/locale/vi/LC_MESSAGES/book.po", "_static/course-book.css", "_templates/sbt-sidebar-nav.html",
              "_templates/search-button-field.html", "_templates/theme-switcher.html",
              "_templates/toggle-primary-sidebar.html", "_templates/toggle-secondary-sidebar.html",
              "_templates/sections/announcement.html", "package.json", "package-lock.json")


def npm_ci(folder: Path) -> None:
    """`npm ci` in ``folder``, unless its node_modules already holds exactly that lock file's packages.

    Two builds at once (CI installs the newest and the oldest versions side by side) take turns: the second waits
    for the first's `npm ci` and then finds the packages there."""
    with _turn(folder):
        installed = folder / "node_modules" / ".package-lock.json"
        lock = folder / "package-lock.json"
        if installed.is_file() and installed.stat().st_mtime >= lock.stat().st_mtime:
            return
        npm = shutil.which("npm")
        if npm is None:
            raise RuntimeError(f"building the course needs npm (for {folder}/package.json): install Node.js's npm, "
                               "e.g. `apt-get install npm`, then run pip again")
        subprocess.run([npm, "ci", "--no-audit", "--no-fund", "--prefix", str(folder)], check=True)


@contextlib.contextmanager
def _turn(folder: Path):
    """Hold an exclusive lock on ``folder`` while its node_modules is checked and filled (POSIX; elsewhere, none)."""
    try:
        import fcntl
    except ImportError:
        yield
        return
    with open(folder / ".npm-ci.lock", "w") as lock:     # beside node_modules: `npm ci` deletes that folder
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


class CourseBuildHook(BuildHookInterface):
    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict) -> None:
        if self.target_name != "wheel":
            return
        root = Path(self.root)
        for folder in NPM_FOLDERS:
            npm_ci(root / folder)
        if version == "editable":
            return
        include = build_data["force_include"]
        for folder in COURSE_FOLDERS:
            include[str(root / folder)] = f"{PACKAGE_DATA}/{folder}"
        for name in BOOK_FILES:
            include[str(root / "serve" / "book" / name)] = f"{PACKAGE_DATA}/serve/book/{name}"
        voila = root / "serve" / "voila"
        for source in self.build_config.shared_data:
            source = Path(source)
            if source.is_relative_to(voila):
                include[str(source)] = f"{PACKAGE_DATA}/{source.relative_to(root).as_posix()}"
