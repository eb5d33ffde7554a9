"""The questions a lesson's exercise cells show, read by running the notebook's code (tests only: the library never
reads notebook text). Used by tests/test_course.py (the declared skill and key) and tests/teaching/test_polls.py
(the question a class poll asks)."""

from __future__ import annotations

import contextlib
import io
import json
from functools import lru_cache
from pathlib import Path


def _code_cells(path: Path) -> list[str]:
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    return ["".join(cell["source"]) for cell in cells if cell["cell_type"] == "code"]


@lru_cache(maxsize=None)
def shown_questions(path: Path, language: str = "en") -> tuple:
    """Run the notebook's code cells in order, its widgets replaced by stubs: each ``Question`` it shows with
    ``show_question``, built with the course speaking ``language`` (a few seconds for the whole course: the odds
    are cached; lesson 08 simulates its 3,000,000 coups)."""
    import matplotlib
    import matplotlib.pyplot as plt

    from baccarat_lib.i18n import using_language

    matplotlib.use("Agg")
    namespace: dict = {}
    cells = _code_cells(path)
    shown = []
    with using_language(language), contextlib.redirect_stdout(io.StringIO()):
        exec(cells[0], namespace)                           # the import cell (and set_language in vi)
        for name in [name for name in namespace if name.startswith("show_")]:
            namespace[name] = lambda *args, **kwargs: None  # widgets: not built
        namespace["show_question"] = shown.append
        for cell in cells[1:]:
            exec(cell, namespace)
    plt.close("all")
    return tuple(shown)
