"""Every plot cell of every lesson shows a picture, and nbval fails a fresh run that loses one.

When matplotlib cannot display a figure inline (e.g. matplotlib 3.7/3.8 with a newer IPython), the cell's only
output is the text `<Figure size 1500x550 with 2 Axes>`: the learner sees no picture. Two checks:
- the committed lessons: every cell that plots holds an `image/png` output, and no figure output is text only;
- the fresh run under nbval (tests of the lessons themselves): conftest.py makes nbval compare `image/png` by
  presence and number, so a run that prints `<Figure ...>` instead of drawing fails. The mechanism is tested
  below on two tiny notebooks in a subprocess.
"""

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
import navigation  # noqa: E402

LESSONS = navigation.lessons()
# A cell plots if it shows a pyplot figure or calls a plotting helper (plot_convergence, reading_order_figure).
PLOTS = re.compile(r"\bplt\.(show|subplots|figure)\(|\bplot_\w+\(|\w+_figure\(")
IGNORED = {"nbval-ignore-output", "nbval-skip"}
FIGURE_TEXT = re.compile(r"^<Figure size \d+x\d+ with \d+ Axes>$")


def _code_cells(path):
    notebook = json.loads(path.read_text(encoding="utf-8"))
    return [cell for cell in notebook["cells"] if cell["cell_type"] == "code"]


def _text(value):
    return "".join(value) if isinstance(value, list) else value


def test_the_plot_pattern_finds_plot_cells():
    assert PLOTS.search("plot_convergence(convergence)\nplt.show()")
    assert PLOTS.search("reading_order_figure()")
    assert PLOTS.search("fig, ax = plt.subplots(1, 2)")
    assert not PLOTS.search("show_question(winner_question('7 2 A 5'))")
    assert not PLOTS.search("import matplotlib.pyplot as plt")


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.stem)
def test_every_plot_cell_holds_an_image(path):
    for number, cell in enumerate(_code_cells(path), start=1):
        source = _text(cell["source"])
        images = sum("image/png" in output.get("data", {}) for output in cell["outputs"])
        if PLOTS.search(source):
            assert images >= 1, f"{path.name} code cell {number} plots but holds no image:\n{source}"
            # nbval must check the fresh run of this cell, or a lost picture would pass there.
            assert not IGNORED & set(cell["metadata"].get("tags", [])), f"{path.name} code cell {number}"
            assert not re.match(r"\s*#\s*NBVAL_(IGNORE_OUTPUT|SKIP)", source), f"{path.name} code cell {number}"
        for output in cell["outputs"]:
            data = output.get("data", {})
            if FIGURE_TEXT.match(_text(data.get("text/plain", ""))):
                assert "image/png" in data, f"{path.name} code cell {number}: a figure shown as text only"


def test_some_lessons_plot():
    """Guard the guard: the pattern above must see the lessons' plots (00, 07, 08, 10, 11 have some)."""
    plotting = {path.name[:2] for path in LESSONS
                if any(PLOTS.search(_text(cell["source"])) for cell in _code_cells(path))}
    assert {"00", "07", "08", "10", "11"} <= plotting


# --- nbval catches a lost picture on a fresh run --------------------------------------------

FIGURE = "<Figure size 640x480 with 1 Axes>"
# A 1x1 PNG; the fresh run draws another one (different bytes): pixels are not compared.
PNG_STORED = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==\n"
PNG_FRESH = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=="


def _cell(fresh_data: dict) -> nbformat.NotebookNode:
    """A code cell whose stored output is a figure with its picture; running it displays `fresh_data`."""
    return nbformat.v4.new_code_cell(
        f"from IPython.display import display\ndisplay({fresh_data!r}, raw=True)", execution_count=1,
        outputs=[nbformat.v4.new_output("display_data", data={"image/png": PNG_STORED, "text/plain": FIGURE})],
    )


def test_nbval_fails_a_fresh_run_that_loses_the_picture(tmp_path):
    # One notebook (one kernel): cell 0's fresh run draws a picture, cell 1's prints only the figure's text.
    nbformat.write(nbformat.v4.new_notebook(cells=[_cell({"image/png": PNG_FRESH, "text/plain": FIGURE}),
                                                   _cell({"text/plain": FIGURE})]), tmp_path / "plots.ipynb")
    # This folder is its own rootdir; the course's conftest.py is loaded as a plugin (the sanitize file and the
    # image check), under another name than `conftest`.
    (tmp_path / "pytest.ini").write_text("[pytest]\n", encoding="utf-8")
    (tmp_path / "course_conftest.py").write_text(
        f"import runpy\nglobals().update(runpy.run_path({str(ROOT / 'conftest.py')!r}))\n", encoding="utf-8")
    env = {**os.environ, "PYTHONIOENCODING": "utf-8"}
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "course_conftest", "--nbval", "--nbval-current-env", "-p", "no:cacheprovider", "-rA",
         "plots.ipynb"],
        cwd=tmp_path, env=env, capture_output=True, text=True, encoding="utf-8", timeout=300,
    )
    report = result.stdout + result.stderr
    assert "PASSED plots.ipynb::Cell 0" in report, report
    assert "FAILED plots.ipynb::Cell 1" in report, report
    assert "image/png" in report, report
