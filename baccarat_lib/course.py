"""Where the course's own files are: both editions' lessons, and the ways to serve them (``serve/``).

Public name: ``course_path(*parts)``, the one place that knows. Installed from a wheel, the files sit inside the
package (``baccarat_lib/_course/``, put there by the build hook, tools/hatch_build.py); from a clone (``pip install
-e .``, or the clone on ``PYTHONPATH``) they are the clone's own top-level folders, so an edit shows at once.

>>> course_path("lessons", "00_welcome.ipynb").is_file()
True
>>> course_path("lessons", "vi").is_dir()
True
"""

from __future__ import annotations

from pathlib import Path

__all__ = ["course_path"]

_PACKAGE = Path(__file__).resolve().parent
_INSTALLED = _PACKAGE / "_course"


def course_path(*parts: str) -> Path:
    """The course file or folder ``parts`` (e.g. ``course_path("lessons", "vi")``), installed or in a clone."""
    root = _INSTALLED if _INSTALLED.is_dir() else _PACKAGE.parent
    return root.joinpath(*parts)
