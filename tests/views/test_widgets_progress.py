"""The "My progress" page (baccarat_lib.views.widgets.progress) and its plot, driven without a browser.

The page: skills, tableau cells, over time, lessons done, practise next with a button, where the file is, export,
reset with a confirmation, all driven without a browser. Expected counts are worked by hand from the answers each
test records.
"""

import csv
from datetime import date, datetime, timedelta, timezone
from fractions import Fraction

import matplotlib
import pytest

matplotlib.use("Agg")

from baccarat_lib.course import Exercise, Lesson  # noqa: E402
from baccarat_lib.errors import BaccaratError  # noqa: E402
from baccarat_lib.i18n import using_language  # noqa: E402
from baccarat_lib.progress.store import ProgressStore  # noqa: E402
from baccarat_lib.teaching.progress_report import build_progress_report, example_answers  # noqa: E402
from baccarat_lib.views.plots import plot_accuracy_over_time  # noqa: E402
from baccarat_lib.views.widgets import ProgressPage, show_progress  # noqa: E402
from baccarat_lib.views.widgets.practice import PracticeDrill  # noqa: E402
from baccarat_lib.progress.report import DayLine  # noqa: E402
from baccarat_lib.views.widgets.progress import (CHART_DAYS, _accuracy_plot_html, _cells_html,  # noqa: E402
                                                 _shown_path, _skills_html)

WHEN = datetime(2024, 5, 1, 10, 0, tzinfo=timezone.utc)


@pytest.fixture
def lessons():
    """A course of one lesson with two exercises, and one without any (not listed on the page)."""
    return (Lesson(1, "01_card_values", {"en": "Card values", "vi": "Giá trị lá bài"},
                   (Exercise("total", "7 8"), Exercise("total", "K 9"))),
            Lesson(2, "02_reading", {"en": "Reading", "vi": "Đọc"}))


@pytest.fixture(autouse=True)
def in_a_lesson_folder(tmp_path, monkeypatch):
    """Each test's kernel works in a folder of its own (in Jupyter, the notebook's): exports go there."""
    folder = tmp_path / "work"
    folder.mkdir()
    monkeypatch.chdir(folder)


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
    assert "1 of 1 lessons done" in page.lessons.value and "1. Card values" in page.lessons.value
    assert "01_card_values" not in page.lessons.value and "Reading" not in page.lessons.value
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
    assert drill_view.controller.adaptive                   # practice that targets weak skills


def test_export_writes_a_csv_beside_the_lesson_and_says_where(store, lessons, tmp_path, monkeypatch):
    # In Jupyter the kernel works in the notebook's own folder, the one the file browser shows; the progress file's
    # folder (under ~/.local/share/jupyter) is one a learner never sees.
    lesson_folder = tmp_path / "punto-banco-course"
    lesson_folder.mkdir()
    monkeypatch.chdir(lesson_folder)
    store.record("total", "7 8", "5", True, 3.0, when=WHEN)
    page = ProgressPage(store, lessons)
    path = page.export()
    assert path.parent == lesson_folder and path.suffix == ".csv"
    assert path.name in page.notice.value and "Exported" in page.notice.value
    with open(path, newline="", encoding="utf-8") as file:
        rows = list(csv.reader(file))
    assert rows[1][:4] == ["total", "7 8", "5", "1"]


def test_export_of_a_memory_store_goes_into_the_working_folder(lessons, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)                    # in Jupyter: the notebook's own folder
    page = ProgressPage(ProgressStore(":memory:"), lessons)
    page.export_button.click()
    assert len(list(tmp_path.glob("progress-*.csv"))) == 1
    assert "kept in memory" in page.where.value


def test_lessons_are_named_by_their_titles_in_the_learners_language(store):
    # The course's own list: lesson 03's title as written in lessons/03_player_rule.ipynb and lessons/vi/...; one of
    # its four exercises ("A 4": Player's 5 -> draws) answered right in the Vietnamese edition (same file name).
    store.record("player-draw", "A 4", "draw", True, 2.0, source="lesson", when=WHEN, lesson="03_player_rule")
    page = ProgressPage(store)
    assert "3. The Player rule" in page.lessons.value and "1 of 4 exercises right" in page.lessons.value
    assert "0 of 11 lessons done" in page.lessons.value      # lessons 00-10 have exercises; 11 has none
    with using_language("vi"):
        page.refresh()
        assert "3. Quy tắc rút của Player" in page.lessons.value and "The Player rule" not in page.lessons.value
        assert "0. Chào mừng bạn đến với Punto Banco" in page.lessons.value


def test_reset_needs_a_confirmation(store, lessons):
    store.record("total", "7 8", "5", True, 3.0, when=WHEN)
    page = ProgressPage(store, lessons)
    page.confirm_button.click()                      # not asked yet: nothing happens
    assert len(store.answers()) == 1
    page.reset_button.click()
    assert page.confirm_box.layout.display == "flex" and "A backup of your progress file" in page.notice.value
    page.cancel_button.click()
    assert len(store.answers()) == 1 and "Nothing was deleted" in page.notice.value
    page.reset_button.click()
    page.confirm_button.click()
    assert store.answers() == () and page.report.answers == 0
    assert "1 answers deleted" in page.notice.value and page.confirm_box.layout.display == "none"


def test_reset_keeps_a_backup_next_to_the_progress_file_and_says_where(store, lessons):
    # Two answers saved, then reset: the backup next to the file holds both, and the page names it.
    store.record("total", "7 8", "5", True, 3.0, when=WHEN)
    store.record("total", "K 9", "9", True, 2.0, when=WHEN)
    page = ProgressPage(store, lessons)
    page.reset_button.click()
    page.confirm_button.click()
    [backup] = store.path.parent.glob("progress.sqlite3.backup-*.sqlite3")
    assert backup.name in page.notice.value and "2 answers deleted" in page.notice.value
    with ProgressStore(backup) as kept:
        assert [answer.key for answer in kept.answers()] == ["7 8", "K 9"]
    assert store.answers() == ()


def test_two_exports_in_the_same_second_write_two_files(store, lessons, monkeypatch):
    # The clock stands still: both exports are named for the same second, and the second one gets "-2".
    class Frozen(datetime):
        @classmethod
        def now(cls, tz=None):
            return datetime(2024, 5, 1, 12, 0, 0, tzinfo=tz)
    monkeypatch.setattr("baccarat_lib.views.widgets.progress.datetime", Frozen)
    store.record("total", "7 8", "5", True, 3.0, when=WHEN)
    page = ProgressPage(store, lessons)
    first = page.export()
    store.record("total", "K 9", "9", True, 2.0, when=WHEN)
    second = page.export()
    assert (first.name, second.name) == ("progress-20240501-120000.csv", "progress-20240501-120000-2.csv")
    assert second.name in page.notice.value
    assert [len(path.read_text(encoding="utf-8").splitlines()) for path in (first, second)] == [2, 3]


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
    monkeypatch.setattr("baccarat_lib.progress.store._SHARED", {})
    page = show_progress(lessons).controller
    assert page.store.path == tmp_path / "mine" / "progress.sqlite3"


def test_a_progress_folder_that_names_no_home_is_said_on_the_page(monkeypatch, lessons):
    # "~nosuchuser/x": the page opens, says why nothing is saved (once), and works from memory.
    monkeypatch.setenv("BACCARAT_PROGRESS_DIR", "~nosuchuser-of-this-course/x")
    monkeypatch.setattr("baccarat_lib.progress.store._SHARED", {})
    page = show_progress(lessons).controller
    assert page.messages.value.count("bcl-message") == 1
    assert "BACCARAT_PROGRESS_DIR must name a folder" in page.messages.value
    assert "not being saved" in page.messages.value and "kept in memory" in page.where.value
    page.refresh_button.click()
    assert page.messages.value.count("bcl-message") == 1


def test_errors_are_inline_and_bad_arguments_refused(store, lessons, monkeypatch):
    with pytest.raises(BaccaratError, match="store must be"):
        ProgressPage("progress.sqlite3")
    with pytest.raises(BaccaratError, match="lessons must be None"):
        ProgressPage(store, 3)
    with pytest.raises(BaccaratError, match="lessons must be None"):
        ProgressPage(store, ["01_card_values"])
    page = ProgressPage(store, lessons)

    def broken(*_arguments):
        raise BaccaratError("the store is unwell")
    monkeypatch.setattr(store, "_read", broken)           # the page reads the store's summaries
    monkeypatch.setattr(store, "answers", broken)         # and never every answer
    page.refresh_button.click()
    assert "the store is unwell" in page.notice.value and page.report is None
    assert page.practise_button.disabled and "Traceback" not in page.notice.value


def test_html_parts_and_path():
    report = build_progress_report(example_answers())
    assert "Banker: draw or stand" in _skills_html(report)
    assert _cells_html(report).count("<tr") == 1 + len(report.cells)
    from pathlib import Path
    assert _shown_path(Path.home() / "x" / "progress.sqlite3").startswith("~")


def test_plot_accuracy_over_time():
    # By hand (example_answers): day 1 5 of 6 right (83.3%), day 2 5 of 8 (62.5%).
    report = build_progress_report(example_answers())
    ax = plot_accuracy_over_time(report.days)
    (line,) = ax.get_lines()
    assert list(line.get_ydata()) == pytest.approx([500 / 6, 62.5])
    assert [text.get_text() for text in ax.texts] == ["5/6", "5/8"]
    import matplotlib.pyplot as plt
    plt.close("all")


def test_a_lesson_answered_in_the_vietnamese_edition_is_done_on_the_english_page(tmp_path, monkeypatch):
    # End to end: lesson 03's four exercise widgets, built as lessons/vi/03_player_rule.ipynb builds them, answered
    # by clicking in Vietnamese; the page then says lesson 03 is done. Player's rule by hand: A 4 is 5 (draws),
    # 9 7 is 6 (stands), K Q is 0 (draws), 3 4 is 7 (stands); "rút" = draw, "đứng" = stand (docs/glossary.vi.md).
    from baccarat_lib.teaching import player_draw_question
    from baccarat_lib.progress.store import progress_store
    from baccarat_lib.views.widgets import show_question

    monkeypatch.setenv("BACCARAT_PROGRESS_DIR", str(tmp_path))
    monkeypatch.setenv("JPY_SESSION_NAME", str(tmp_path / "lessons" / "vi" / "03_player_rule.ipynb"))
    monkeypatch.setattr("baccarat_lib.progress.store._SHARED", {})
    worked = {"A 4": "rút", "9 7": "đứng", "K Q": "rút", "3 4": "đứng"}
    with using_language("vi"):
        for cards, word in worked.items():
            widget = show_question(player_draw_question(cards)).controller
            other = next(button for button in widget.controls.buttons if button.description != word)
            other.click()                                   # a wrong try first: saved, but it does not finish
            if cards != "3 4":
                next(button for button in widget.controls.buttons if button.description == word).click()
        page = ProgressPage(progress_store())
        assert "3. Quy tắc rút của Player" in page.lessons.value
    statuses = {status.lesson.number: status for status in page.report.lessons}
    assert (statuses[3].answered_right, statuses[3].done) == (3, False)     # "3 4" only answered wrong so far
    with using_language("vi"):
        widget = show_question(player_draw_question("3 4")).controller
        next(button for button in widget.controls.buttons if button.description == "đứng").click()
    page.refresh()
    statuses = {status.lesson.number: status for status in page.report.lessons}
    assert (statuses[3].answered_right, statuses[3].done) == (4, True)
    assert "1 of 11 lessons done" in page.lessons.value and "3. The Player rule" in page.lessons.value


def test_the_chart_shows_the_last_days_practised():
    # 61 days, one answer each, right on even days: the chart draws days 2 to 61 (60 points) and says so; the
    # report keeps all 61.
    first = date(2024, 1, 1)
    days = [DayLine(first + timedelta(days=number), 1, int(number % 2 == 0), Fraction(int(number % 2 == 0)))
            for number in range(61)]
    assert CHART_DAYS == 60
    svg = _accuracy_plot_html(days)
    assert svg.count('class="bcl-progress-day"') == 60 and "the last 60 days practised" in svg
    assert ">01 Jan<" not in svg and ">02 Jan<" in svg and ">01 Mar<" in svg      # 1 March 2024 is day 61
    assert _accuracy_plot_html(days[1:]).count('class="bcl-progress-day"') == 60
    assert "the last" not in _accuracy_plot_html(days[1:])


def test_the_chart_is_described_day_by_day_for_a_screen_reader():
    # two days worked by hand: 3 answers on 1 Dec, 2 right; 1 answer on 2 Dec, right
    days = [DayLine(date(2024, 12, 1), 3, 2, Fraction(2, 3)), DayLine(date(2024, 12, 2), 1, 1, Fraction(1))]
    svg = _accuracy_plot_html(days)
    assert 'role="img"' in svg and "<title>Accuracy per day</title>" in svg
    assert "<desc>01 Dec: 2 of 3 right; 02 Dec: 1 of 1 right.</desc>" in svg
    assert "<desc>Accuracy per day (no answers yet)</desc>" in _accuracy_plot_html([])


def test_the_keyboard_lands_on_the_safe_answer_of_a_reset_and_on_a_drill_just_opened(store, lessons, focused):
    store.record("total", "7 8", "5", True, 3.0, when=WHEN)
    page = ProgressPage(store, lessons)
    page.reset_button.click()                        # Cancel, not "Yes, delete": an Enter too many deletes nothing
    assert focused == [page.cancel_button]
    page.cancel_button.click()                       # the confirmation hides: back to Reset…
    assert focused[-1] is page.reset_button
    page.reset_button.click()
    page.confirm_button.click()
    assert store.answers() == () and focused[-1] is page.reset_button
    page.practise_button.click()
    (drill_view,) = page.drill_area.children
    assert focused[-1] is drill_view.controller.start_button
