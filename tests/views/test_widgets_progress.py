"""The "My progress" page (baccarat_lib.views.widgets.progress) and its plot, driven without a browser.

The page: skills, tableau cells, over time, lessons done, practise next with a button, where the file is, export,
reset with a confirmation. Expected counts are worked by hand from the answers each test records.
"""

import csv
from datetime import datetime, timezone

import matplotlib
import nbformat
import pytest

matplotlib.use("Agg")

from baccarat_lib.errors import BaccaratError  # noqa: E402
from baccarat_lib.teaching.progress import ProgressStore  # noqa: E402
from baccarat_lib.teaching.progress_report import build_progress_report, example_answers  # noqa: E402
from baccarat_lib.views.plots import plot_accuracy_over_time  # noqa: E402
from baccarat_lib.views.widgets import ProgressPage, show_progress  # noqa: E402
from baccarat_lib.views.widgets.practice import PracticeDrill  # noqa: E402
from baccarat_lib.views.widgets.progress import cells_html, shown_path, skills_html  # noqa: E402

WHEN = datetime(2024, 5, 1, 10, 0, tzinfo=timezone.utc)


@pytest.fixture
def lessons(tmp_path):
    """A lessons folder with one lesson of two exercises."""
    folder = tmp_path / "lessons"
    folder.mkdir()
    cells = [nbformat.v4.new_code_cell('show_question(total_question("7 8"))'),
             nbformat.v4.new_code_cell('show_question(total_question("K 9"))')]
    nbformat.write(nbformat.v4.new_notebook(cells=cells), folder / "01_card_values.ipynb")
    return folder


@pytest.fixture
def store(tmp_path):
    return ProgressStore(tmp_path / "data" / "progress.sqlite3")


def test_the_page_shows_each_skill_with_counts_and_the_file(store, lessons):
    # By hand: totals "7 8" right and "K 9" wrong, then "K 9" right -> 3 answers, 2 right, 67%; median of 2, 4, 6 s
    # is 4.0 s. Lesson 01 has 2 exercises, both answered right once -> done.
    for key, right, seconds in (("7 8", True, 2.0), ("K 9", False, 6.0), ("K 9", True, 4.0)):
        store.record("total", key, "x", right, seconds, source="lesson", when=WHEN, lesson="01_card_values")
    page = ProgressPage(store, lessons)
    assert page.view.controller is page
    assert "<td" in page.skills.value and "Hand totals" in page.skills.value
    assert ">3<" in page.skills.value and ">2<" in page.skills.value and "67%" in page.skills.value
    assert "4.0 s" in page.skills.value
    assert "1 of 1 lessons done" in page.lessons.value and "01_card_values" in page.lessons.value
    assert "progress.sqlite3" in page.where.value
    assert page.plot.value.startswith('<svg class="bcl-progress-plot"')
    assert page.plot.value.count('class="bcl-progress-day"') == 1 and ">2/3<" in page.plot.value  # one day: 2 of 3
    assert "Naturals" in page.next.value and page.practise_button.description == "Practise: Naturals"
    assert repr(page.view).startswith("Run the cells above") and "progress page" in repr(page.view)


def test_refresh_reads_new_answers(store, lessons):
    page = ProgressPage(store, lessons)
    assert page.report.answers == 0 and "No answers saved yet" in page.skills.value and page.plot.value == ""
    store.record("banker-draw:5/4", "5 / 4", "stand", False, 8.0, when=WHEN)
    page.refresh_button.click()
    assert page.report.answers == 1
    assert "Banker: draw or stand" in page.skills.value
    assert "Banker total" in page.cells.value and "0%" in page.cells.value


def test_the_practise_button_starts_the_suggested_drill_on_the_page(store, lessons):
    # No answers: the first kind never practised is "total" (Hand totals).
    page = ProgressPage(store, lessons)
    page.practise_button.click()
    (drill_view,) = page.drill_area.children
    assert isinstance(drill_view.controller, PracticeDrill)
    assert drill_view.controller.kind.value == "total"
    assert drill_view.controller.adaptive                   # Practice that targets weak skills


def test_export_writes_a_csv_next_to_the_progress_file_and_says_where(store, lessons):
    store.record("total", "7 8", "5", True, 3.0, when=WHEN)
    page = ProgressPage(store, lessons)
    path = page.export()
    assert path.parent == store.path.parent and path.suffix == ".csv"
    assert path.name in page.notice.value and "Exported" in page.notice.value
    with open(path, newline="", encoding="utf-8") as file:
        rows = list(csv.reader(file))
    assert rows[1][:4] == ["total", "7 8", "5", "1"]


def test_export_of_a_memory_store_goes_into_the_lessons_folder(lessons):
    page = ProgressPage(ProgressStore(":memory:"), lessons)
    page.export_button.click()
    assert len(list(lessons.glob("progress-*.csv"))) == 1
    assert "kept in memory" in page.where.value


def test_reset_needs_a_confirmation(store, lessons):
    store.record("total", "7 8", "5", True, 3.0, when=WHEN)
    page = ProgressPage(store, lessons)
    page.confirm_button.click()                      # not asked yet: nothing happens
    assert len(store.answers()) == 1
    page.reset_button.click()
    assert page.confirm_box.layout.display == "flex" and "cannot be undone" in page.notice.value
    page.cancel_button.click()
    assert len(store.answers()) == 1 and "Nothing was deleted" in page.notice.value
    page.reset_button.click()
    page.confirm_button.click()
    assert store.answers() == () and page.report.answers == 0
    assert "1 answers deleted" in page.notice.value and page.confirm_box.layout.display == "none"


def test_store_messages_are_shown_once(tmp_path, lessons):
    # A damaged file is moved aside with a message; the page shows it once, even after Refresh.
    damaged = tmp_path / "progress.sqlite3"
    damaged.write_bytes(b"this is not a database" * 100)
    page = ProgressPage(ProgressStore(damaged), lessons)
    assert page.messages.value.count("bcl-message") == 1
    page.refresh_button.click()
    assert page.messages.value.count("bcl-message") == 1


def test_show_progress_uses_the_kernels_store(tmp_path, monkeypatch, lessons):
    monkeypatch.setenv("BACCARAT_PROGRESS_DIR", str(tmp_path / "mine"))
    monkeypatch.setattr("baccarat_lib.teaching.progress._SHARED", {})
    page = show_progress(lessons).controller
    assert page.store.path == tmp_path / "mine" / "progress.sqlite3"


def test_errors_are_inline_and_bad_arguments_refused(store, lessons, monkeypatch):
    with pytest.raises(BaccaratError, match="store must be"):
        ProgressPage("progress.sqlite3")
    with pytest.raises(BaccaratError, match="lessons_folder"):
        ProgressPage(store, 3)
    page = ProgressPage(store, lessons)

    def broken():
        raise BaccaratError("the store is unwell")
    monkeypatch.setattr(store, "answers", broken)
    page.refresh_button.click()
    assert "the store is unwell" in page.notice.value and page.report is None
    assert page.practise_button.disabled and "Traceback" not in page.notice.value
    with pytest.raises(BaccaratError, match="report must be"):
        skills_html("report")


def test_html_parts_and_path():
    report = build_progress_report(example_answers())
    assert "Banker: draw or stand" in skills_html(report)
    assert cells_html(report).count("<tr") == 1 + len(report.cells)
    from pathlib import Path
    assert shown_path(Path.home() / "x" / "progress.sqlite3").startswith("~")


def test_plot_accuracy_over_time():
    # By hand (example_answers): day 1 5 of 6 right (83.3%), day 2 5 of 8 (62.5%).
    report = build_progress_report(example_answers())
    ax = plot_accuracy_over_time(report.days)
    (line,) = ax.get_lines()
    assert list(line.get_ydata()) == pytest.approx([500 / 6, 62.5])
    assert [text.get_text() for text in ax.texts] == ["5/6", "5/8"]
    with pytest.raises(BaccaratError, match="days must be"):
        plot_accuracy_over_time("days")
    import matplotlib.pyplot as plt
    plt.close("all")
