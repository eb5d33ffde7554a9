"""The "My progress" page (lesson 11): what the learner's saved answers say, and what to practise next.

The page reads the store's summaries when shown and on **Refresh**; **Export to CSV** writes every answer to a new
file; **Reset…** asks first and keeps a backup (``progress.reset_progress``); **Practise …** starts the suggested
adaptive drill. A message from the store is shown once.

>>> from baccarat_lib.progress import ProgressStore
>>> page = ProgressPage(ProgressStore(":memory:"))
>>> page.report.answers, page.report.next.kind
(0, 'total')
"""

from __future__ import annotations

import os
from datetime import datetime
from html import escape
from pathlib import Path

import ipywidgets as widgets

from ...errors import BaccaratError, shown
from ...game.coup import Outcome
from ...game.formatting import duration, percent
from ...i18n import _
from ...progress.report import ProgressReport, lesson_statuses
from ...progress.store import RESET_WORD, ProgressStore, progress_store, reset_progress, unused_path
from ...teaching.progress_report import build_progress_report
from ..html import caption_html, message_html, table_html
from ..palette import OUTCOME_COLOURS, PALE_GREY
from .common import LiveHTML, action_button, close_widgets, focus, projector_view, safe_html, shown_html
from .practice import show_drill

__all__ = ["ProgressPage", "show_progress"]

HARDEST_CELLS = 10                                                  # the tableau's cells listed at most
CHART_DAYS = 60                                                     # the days practised the chart shows at most


def _skills_html(report) -> str:
    """Per skill: answers, right, accuracy and median time (of the answers timed; "—" when none was)."""
    if not report.skills:
        return message_html(_("No answers saved yet: answer an exercise or a drill in any lesson, then press "
                              "Refresh."), "info")
    rows = [[escape(_(line.name)), str(line.count), str(line.right), percent(line.accuracy, 0),
             duration(line.median_seconds)] for line in report.skills]
    return table_html([_("Skill"), _("Answers"), _("Right"), _("Accuracy"), _("Median time")], rows,
                      "bcl-progress-skills")


def _cells_html(report) -> str:
    """The Banker tableau's cells answered, hardest first (at most ``HARDEST_CELLS``)."""
    if not report.cells:
        return caption_html(_("No cell of the Banker tableau answered yet."))
    rows = [[str(line.banker_total), _("stood") if line.player_third_card is None else str(line.player_third_card),
             str(line.count), str(line.right), percent(line.accuracy, 0)] for line in report.cells[:HARDEST_CELLS]]
    return table_html([_("Banker total"), _("Player's third card"), _("Answers"), _("Right"), _("Accuracy")], rows,
                      "bcl-progress-cells", centred=True)


def _lessons_html(report) -> str:
    """Each lesson with exercises: done, or how much is left."""
    if not report.lessons:
        return caption_html(_("No lessons with exercises found."))
    rows, done = [], []
    for row, status in enumerate(report.lessons):
        parts = [_("{right} of {exercises} exercises right").format(right=status.answered_right,
                                                                    exercises=status.exercises)
                 ] if status.exercises else []
        if status.test_questions:
            parts.append(_("{answered} of {questions} test questions").format(answered=status.test_answered,
                                                                            questions=status.test_questions))
        name = f"{status.lesson.number}. {status.lesson.title()}"      # as lesson 00's contents lists it
        rows.append([escape(name), _("✔ done") if status.done else _("not yet"), ", ".join(parts)])
        if status.done:
            done.append(row)
    finished = len(done)
    return (caption_html(_("<b>{done} of {lessons} lessons done.</b>").format(done=finished,
                                                                            lessons=len(report.lessons)))
            + table_html([_("Lesson"), _("Done"), _("Answered")], rows, "bcl-progress-lessons", marked=done))


def _next_html(report) -> str:
    """What to practise next, and why."""
    return message_html(_("Practise next: {name}, {reason}").format(name=_(report.next.name),
                                                                    reason=_(report.next.reason)), "info")


_CHART = dict(width=720, height=260, left=58, right=20, top=34, bottom=44)   # viewBox units
_CHART_FONT = "DejaVu Sans,Verdana,Arial,sans-serif"


def _accuracy_plot_html(days) -> str:
    """Accuracy per day of the last ``CHART_DAYS`` days practised, as an inline SVG chart."""
    shown_days = days[-CHART_DAYS:]
    c = _CHART
    plot_width, plot_height = c["width"] - c["left"] - c["right"], c["height"] - c["top"] - c["bottom"]
    step = plot_width / max(len(shown_days), 1)

    def x(position):
        return c["left"] + step * (position + 0.5)

    def y(level):
        return c["top"] + plot_height * (1 - level / 100)

    text = f'font-family="{_CHART_FONT}"'
    title = (_("Accuracy per day (the last {days} days practised)").format(days=CHART_DAYS)
             if len(days) > CHART_DAYS else _("Accuracy per day") if days else _("Accuracy per day (no answers yet)"))
    # Translators: a day under the chart, as strftime writes it ("%d %b": "01 Dec"); keep it short.
    day_format = _("%d %b")
    parts = [f'<text x="{c["left"]}" y="22" font-size="18" font-weight="bold" {text}>{escape(title)}</text>']
    for level in (0, 25, 50, 75, 100):
        parts.append(f'<line x1="{c["left"]}" x2="{c["width"] - c["right"]}" y1="{y(level):.1f}" '
                     f'y2="{y(level):.1f}" stroke="{PALE_GREY}"/>'
                     f'<text x="{c["left"] - 8}" y="{y(level) + 5:.1f}" font-size="14" text-anchor="end" '
                     f'{text}>{level}%</text>')
    colour = OUTCOME_COLOURS[Outcome.PLAYER]
    points = [(x(position), y(float(100 * day.accuracy))) for position, day in enumerate(shown_days)]
    if len(points) > 1:
        parts.append(f'<polyline fill="none" stroke="{colour}" stroke-width="3" '
                     f'points="{" ".join(f"{px:.1f},{py:.1f}" for px, py in points)}"/>')
    for (px, py), day in zip(points, shown_days):
        parts.append(f'<circle class="bcl-progress-day" cx="{px:.1f}" cy="{py:.1f}" r="6" fill="{colour}"/>'
                     f'<text x="{px:.1f}" y="{py - 12:.1f}" font-size="14" text-anchor="middle" {text}>'
                     f'{day.right}/{day.count}</text>'
                     f'<text x="{px:.1f}" y="{c["height"] - 14}" font-size="14" text-anchor="middle" {text}>'
                     f'{escape(day.day.strftime(day_format))}</text>')
    # what a screen reader says of the chart: its title, then each day in words (the points are not read)
    words = "; ".join(_("{day}: {right} of {count} right").format(day=day.day.strftime(day_format), right=day.right,
                                                                 count=day.count) for day in shown_days)
    return (f'<svg class="bcl-progress-plot" role="img" aria-label="{escape(_("Accuracy per day"))}" '
            f'viewBox="0 0 {c["width"]} {c["height"]}" style="width:100%;max-width:{c["width"]}px;height:auto;">'
            f'<title>{escape(title)}</title><desc>{escape(words + "." if words else title)}</desc>'
            + "".join(parts) + "</svg>")


def _shown_path(path) -> str:
    """A path as a learner reads it, the home folder written ``~`` ("~/.local/share/jupyter/...")."""
    path = Path(path)
    try:
        return "~" + os.sep + str(path.relative_to(Path.home()))
    except (ValueError, RuntimeError):
        return str(path)


def _working_folder() -> Path:
    """The kernel's working folder (in Jupyter, the notebook's own); the home folder if it was deleted."""
    try:
        return Path.cwd()
    except OSError:
        return Path.home()


class ProgressPage:
    """The "My progress" page for ``store`` (None: this kernel's) and ``lessons`` (None: the course's)."""

    def __init__(self, store: ProgressStore | None = None, lessons=None):
        if store is not None and not isinstance(store, ProgressStore):
            raise BaccaratError(_("store must be None or a ProgressStore, not {value}").format(value=shown(store)))
        self.store = progress_store() if store is None else store
        lesson_statuses((), lessons)         # refuses anything but None or course.Lesson records, before drawing
        self.course_lessons = lessons
        self.report: ProgressReport | None = None
        self.where = widgets.HTML()
        self.messages = LiveHTML()          # announced by screen readers, as the notice below
        self.skills, self.plot, self.cells, self.lessons, self.next = [widgets.HTML() for _area in range(5)]
        self.notice = LiveHTML()
        self.practise_button = action_button(_("Practise"), self.practise, button_style="primary", icon="play",
                                             layout=widgets.Layout(width="auto", min_width="14em", height="2.6em"))
        self.drill_area = widgets.VBox()
        self.refresh_button = action_button(_("Refresh"), self.refresh, icon="refresh")
        self.export_button = action_button(_("Export to CSV"), self.export, icon="download")
        self.reset_button = action_button(_("Reset…"), self.ask_reset, icon="trash")
        self.confirm_button = action_button(_("Yes, delete all my progress"), self.reset, button_style="danger",
                                            layout=widgets.Layout(width="auto", min_width="16em", height="2.6em"))
        self.cancel_button = action_button(_("Cancel"), self.cancel_reset)
        self.confirm_box = widgets.HBox([self.confirm_button, self.cancel_button],
                                        layout=widgets.Layout(display="none"))
        heading = lambda text: widgets.HTML(f'<h3 style="margin:0.6em 0 0.2em;">{escape(text)}</h3>')  # noqa: E731
        self.view = projector_view([
            self.where, self.messages,
            widgets.HBox([self.refresh_button, self.export_button, self.reset_button]), self.confirm_box,
            self.notice,
            heading(_("Skills")), self.skills, self.plot,
            heading(_("The Banker tableau: hardest cells first")), self.cells,
            heading(_("Lessons")), self.lessons,
            heading(_("What to practise next")), self.next, self.practise_button, self.drill_area,
        ], controller=self, name=_("the progress page"))
        self.refresh()

    # -- actions
    def refresh(self):
        """Read the store again and redraw the page."""
        def compute():
            self.report = None
            self.report = build_progress_report(self.store, self.course_lessons,
                                                tz=datetime.now().astimezone().tzinfo)
            return ""
        self.notice.value = safe_html(compute)
        self._take_messages()
        self.update()

    def export(self) -> Path | None:
        """Write every answer to a CSV file and say where; returns its path (None if it failed)."""
        folder = _working_folder()       # the lesson's own folder: the file appears in JupyterLab's file browser
        if not os.access(folder, os.W_OK) and self.store.path is not None and self.store.saving:
            folder = self.store.path.parent
        written = []

        def compute():
            target = unused_path(folder / f"progress-{datetime.now().strftime('%Y%m%d-%H%M%S')}.csv")
            written.append(self.store.export_csv(target))
            if self.report:
                return message_html(_("Exported {answers} answers to {path}").format(
                    answers=self.report.answers, path=_shown_path(target)), "right")
            return message_html(_("Exported your answers to {path}").format(path=_shown_path(target)), "right")
        self.notice.value = safe_html(compute)
        self._take_messages()
        return written[0] if written else None

    def ask_reset(self):
        """First step of a reset: show the confirmation buttons."""
        self.confirm_box.layout.display = "flex"
        self.notice.value = message_html(_("Delete every saved answer and start again? A backup of your progress "
                                           "file is kept next to it."), "error")
        focus(self.cancel_button)           # the keyboard lands on the safe answer; deleting is one Tab further

    def cancel_reset(self):
        """Hide the confirmation; nothing is deleted."""
        self.confirm_box.layout.display = "none"
        self.notice.value = message_html(_("Nothing was deleted."), "info")
        focus(self.reset_button)            # the buttons pressed are hidden: back to where the reset began

    def reset(self):
        """Second step of a reset: back the progress file up, delete everything saved, say where the backup is."""
        if self.confirm_box.layout.display != "flex":     # only after "Reset…"
            return
        self.confirm_box.layout.display = "none"
        done = []

        def compute():
            done.append(reset_progress(RESET_WORD, store=self.store))
            return ""
        notice = safe_html(compute)
        self.refresh()
        if done and done[0].backup is not None:
            notice = message_html(_("Progress reset: {deleted} answers deleted; a backup of them is in {path}.").format(
                deleted=done[0].deleted, path=_shown_path(done[0].backup)), "info")
        elif done:
            notice = message_html(_("Progress reset: {deleted} answers deleted.").format(deleted=done[0].deleted),
                                  "info")
        self.notice.value = notice
        focus(self.reset_button)

    def practise(self):
        """Start the suggested drill below the button (adaptive: it asks again what the learner missed)."""
        if self.report is None:
            return
        kind = self.report.next.kind
        old = self.drill_area.children
        drill = show_drill(kind=kind, seed=None, adaptive=True)
        self.drill_area.children = (drill,)
        close_widgets(old)
        focus(drill.controller.start_button)   # the keyboard goes on to the drill just opened

    # -- view
    def _take_messages(self):
        messages = self.store.take_messages()
        if messages:
            notes = "".join(message_html(message, "info") for message in messages)
            self.messages.value = shown_html(self.messages) + notes

    def update(self):
        """Render the report."""
        if self.store.path is None:
            where = _("Your answers are kept in memory only (nothing is saved).")
        elif self.store.saving:
            where = _("Your progress file: <code>{path}</code>").format(path=escape(_shown_path(self.store.path)))
        else:
            where = _("Your progress file: <code>{path}</code> (not being saved at the moment)").format(
                path=escape(_shown_path(self.store.path)))
        self.where.value = caption_html(where)
        report = self.report
        if report is None:
            for area in (self.skills, self.plot, self.cells, self.lessons, self.next):
                area.value = ""
            self.practise_button.disabled = True
            return
        self.skills.value = safe_html(lambda: _skills_html(report))
        self.plot.value = safe_html(lambda: _accuracy_plot_html(report.days)) if report.days else ""
        self.cells.value = safe_html(lambda: _cells_html(report))
        self.lessons.value = safe_html(lambda: _lessons_html(report))
        self.next.value = safe_html(lambda: _next_html(report))
        self.practise_button.disabled = False
        self.practise_button.description = _("Practise: {name}").format(name=_(report.next.name))


def show_progress(lessons=None):
    """The "My progress" page for this kernel's progress file, ready to display (``lessons`` None: the course's)."""
    return ProgressPage(lessons=lessons).view
