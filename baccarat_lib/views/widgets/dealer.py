"""Dealer mode: call each decision of a coup dealt card by card, against a clock.

``DealerWidget`` is a thin view of a ``teaching.dealer.DealerSession``; ``.start()`` presses Start, ``.click(choice)``
answers, ``.resume()`` presses Continue. The first call is timed from **Start**, each next one from the answer before;
after a wrong call the clock waits for *Continue*. Each judged call is saved through ``progress.recorder`` (source
"dealer") under its skill, with its seconds.

>>> dealer = show_dealer_mode(seed=5, coups=1).controller
>>> dealer.answer_row.children == (dealer.start_button,)      # nothing to answer before Start
True
>>> dealer.start()
>>> dealer.session.current_call().prompt
'Natural?'
"""

from __future__ import annotations

import time
from fractions import Fraction
from html import escape

import ipywidgets as widgets

from ...game.formatting import duration, percent
from ...i18n import N_, _
from ...progress.recorder import AnswerRecorder
from ...teaching.dealer import DEALER_KIND_NAMES, DealerReport, DealerSession, target_text
from ..html import caption_html, hand_html, message_html, steps_html, table_html
from .common import (LiveHTML, SeedBox, action_button, focus, picked_seed, projector_view, safe_html, shown_html,
                     store_messages_html)
from .question import AnswerControls

__all__ = ["DealerWidget", "show_dealer_mode"]

_NAME = N_("dealer mode")     # the widget's name in its plain-text fallback, translated when built
SOURCE = "dealer"           # the source dealer mode's answers are saved with


# The timer's icon, drawn in the text's colour (the stopwatch character is in no font on many machines).
_CLOCK_ICON = ('<svg class="bcl-clock" role="img" aria-label="{title}" width="1em" height="1em" viewBox="0 0 16 16" '
               'style="vertical-align:-0.12em;margin-right:0.25em;" fill="none" stroke="currentColor" '
               'stroke-width="1.6" stroke-linecap="round"><circle cx="8" cy="8" r="6.6"/>'
               '<path d="M8 4.2V8l2.6 1.8"/></svg>')


def _dealer_call_html(session: DealerSession) -> str:
    """The coup dealt so far (card faces only) and the call to make; once finished, a closing line."""
    call = session.current_call()
    if call is None:
        finished = (_("Session finished: {coups} coups dealt. Your report is below.") if session.coups > 1 else
                    _("Session finished: {coups} coup dealt. Your report is below."))
        return message_html(finished.format(coups=session.coups), "info")
    return _call_html(call, session.coups)


def _call_html(call, coups: int) -> str:
    """One call: the coup so far (card faces only, as the call showed them) and its prompt."""
    dealt = call.coup.dealt[:call.shown]
    player, banker = ([card for side, card in dealt if side == hand] for hand in ("player", "banker"))
    heading = caption_html(_("<i>Coup {number} of {coups}</i> &nbsp;·&nbsp; call: {kind}").format(
        number=call.coup_number, coups=coups, kind=escape(_(DEALER_KIND_NAMES[call.kind]))))
    prompt = (f'<div class="bcl-dealer-call" style="font-size:1.5em;margin:0.3em 0;"><b>{escape(call.prompt)}'
              '</b></div>')
    return heading + hand_html(_("Player"), player) + hand_html(_("Banker"), banker) + prompt


def _dealer_timer_html(session: DealerSession) -> str:
    """The seconds the last call took against the target ('Last call: 3.2 s · target 5 s')."""
    last = session.last
    if last is None and not session.started:
        text = _("Target: {target} a call. The clock starts when you press Start.").format(
            target=target_text(session.target_seconds))
    elif last is None:
        text = _("Target: {target} a call. The clock is running.").format(
            target=target_text(session.target_seconds))
    else:
        mark = _("slow") if last.slow else _("in time")
        text = _("Last call: <b>{seconds}</b> ({mark}) &nbsp;·&nbsp; target {target}").format(
            seconds=duration(last.seconds), mark=mark, target=target_text(session.target_seconds))
    icon = _CLOCK_ICON.format(title=escape(_("Timer")))
    return f'<div class="bcl-dealer-timer" style="font-size:1.25em;margin:0.3em 0;">{icon}{text}</div>'


def _accuracy(right: int, count: int) -> str:
    """'3 of 4 (75%)', or '–' when nothing was answered."""
    return "–" if not count else _("{right} of {count} ({percent})").format(
        right=right, count=count, percent=percent(Fraction(right, count), 0))


def _dealer_report_html(report: DealerReport) -> str:
    """The end report: a table per kind of call, the overall accuracy, and each coup that went wrong with its steps."""
    rows = [[escape(_(DEALER_KIND_NAMES[kind.kind])), str(kind.count), _accuracy(kind.right, kind.count),
             duration(kind.median_seconds), duration(kind.slowest_seconds), str(kind.slow)]
            for kind in report.kinds]
    slow = _("Slow (over {target})").format(target=target_text(report.target_seconds))
    table = table_html([_("Call"), _("Calls"), _("Right"), _("Median"), _("Slowest"), slow], rows, "bcl-dealer-report")
    summary_line = (_("<b>{coups} coups, {calls} calls: {accuracy} right, {slow} slow.</b>")
                    if report.coups_played > 1 else
                    _("<b>{coups} coup, {calls} calls: {accuracy} right, {slow} slow.</b>"))
    summary = caption_html(summary_line.format(coups=report.coups_played, calls=report.count,
                                               accuracy=_accuracy(report.right, report.count), slow=report.slow))
    if not report.wrong_coups:
        replays = message_html(_("No wrong call: every coup dealt right.") if report.count else
                               _("No call answered yet."), "right" if report.count else "info")
    else:
        parts = [caption_html(_("<b>The coups that went wrong, replayed by the rules:</b>"))]
        for wrong in report.wrong_coups:
            mistakes = "; ".join(_("{call} you called {given}, the right call is {right}").format(
                call=escape(_(DEALER_KIND_NAMES[kind])), given=escape(given), right=escape(right))
                for kind, given, right in wrong.mistakes)
            coup = wrong.coup
            heading = caption_html(_("Coup {number}: {mistakes}.").format(number=wrong.number, mistakes=mistakes))
            parts.append(f'<div class="bcl-dealer-wrong">{heading}'
                         f'{hand_html(_("Player"), coup.player.cards, coup.player.total)}'
                         f'{hand_html(_("Banker"), coup.banker.cards, coup.banker.total)}'
                         f'{steps_html(list(wrong.steps))}</div>')
        replays = "".join(parts)
    return summary + table + replays


class DealerWidget:
    """Dealer mode: coups from a seeded shoe, each decision called against a clock, then a report."""

    def __init__(self, seed=2024, coups: int = 10, target_seconds=5, decks: int = 8, clock=time.monotonic):
        seed = picked_seed(seed)
        self.settings = dict(decks=decks, coups=coups, target_seconds=target_seconds,
                             recorder=AnswerRecorder(SOURCE, clock=clock))
        # A session first: it checks the other arguments before a control exists
        self.session = DealerSession(seed, **self.settings)
        self.seed = SeedBox(seed)
        self.start_button = action_button(_("Start"), self.start, button_style="primary", icon="play")
        self.restart_button = action_button(_("Start again"), self.restart, icon="refresh")
        self.continue_button = action_button(_("Continue"), self.resume, button_style="primary", icon="forward")
        self.controls = AnswerControls(self.answer, placeholder=_("amount to pay, e.g. 95"))
        # Announced by screen readers: each call, the feedback and the report; not the timer, read when wanted
        self.call = LiveHTML()
        self.timer = widgets.HTML()
        self.feedback = LiveHTML()
        self.report = LiveHTML()
        self.last_feedback = None
        self.waiting = False                # after a wrong call: wait for Continue before the next call's clock
        self.begun = False                  # Start was pressed: a new session's clock starts at once
        self.seed.observe(lambda change: self.restart(), names="value")
        help_text = _("Call each decision as a dealer would, as fast as you can: a call over the target is slow, "
                      "not wrong. Type amounts as numbers (95, 23.75). The same seed deals the same coups.")
        self.answer_row = widgets.HBox([self.controls.box])
        self.view = projector_view([widgets.HBox([self.seed, self.restart_button]),
                                   widgets.HTML(caption_html(escape(help_text))), self.call, self.answer_row,
                                   self.timer, self.feedback, self.report], controller=self, name=_(_NAME))
        self.update()

    # -- actions
    def restart(self):
        """Deal a new session from the seed in the box (a bad seed: said inline, and nothing to answer)."""
        def compute():
            self.session = None
            self.session = DealerSession(self.seed.seed_or_error(), **self.settings)
            if self.begun:
                self.session.start_clock()
            return ""
        self.feedback.value = safe_html(compute)
        self.waiting = False
        self.update()

    def start(self):
        """Start: show the first call and start its clock (the learner is at the widget now)."""
        if self.session is not None and not self.session.started:
            self.begun = True
            self.session.start_clock()
            self.update()
            focus(self.controls.first)      # Start goes away: the keyboard moves on to the first call's answers

    def answer(self, text):
        """Answer the current call with ``text``; returns the DealerFeedback, or None."""
        if self.session is None or self.session.finished or self.waiting or not self.session.started:
            return None
        result = []

        def compute():
            feedback = self.session.answer(text)
            result.append(feedback)
            kind = "info" if not feedback.judged else "right" if feedback.right else "wrong"
            store_message = store_messages_html(self.session.recorded) if feedback.judged else ""
            return message_html(feedback.message, kind) + store_message
        shown_before = shown_html(self.feedback)
        self.feedback.value = safe_html(compute)
        feedback = self.last_feedback = result[0] if result else None
        if feedback is not None and not feedback.judged and not feedback.given and "bcl-info" not in shown_before \
                and shown_before:
            self.feedback.value = shown_before
        if feedback is not None and feedback.judged:
            self.waiting = not feedback.right and not self.session.finished
            self.update()
            # The keyboard goes where the learner goes next (the buttons just pressed may have been replaced)
            focus(self.continue_button if self.waiting else self.restart_button if self.session.finished
                  else self.controls.first)
        return feedback

    def resume(self):
        """After reading the feedback on a wrong call: show the next call and start its clock."""
        if self.session is not None and self.waiting:
            self.waiting = False
            self.session.start_clock()
            self.feedback.value = ""
            self.update()
            focus(self.controls.first)      # Continue goes away: on to the next call's first answer

    def click(self, choice: str):
        """Press the button labelled ``choice``, or type it and press Check; returns the DealerFeedback."""
        self.last_feedback = None
        for button in self.controls.buttons:
            if button.description == choice:
                button.click()
                return self.last_feedback
        self.controls.text.value = choice          # typing answers on Enter (as a browser does when the box is left)
        typed = self.last_feedback
        self.controls.check.click()                # then Check: answers only if typing did not
        return typed or self.last_feedback

    # -- view
    def update(self):
        """Show the coup so far and the call (or Continue after a wrong call), the timer, and at the end the report."""
        session = self.session
        if session is None:
            self.call.value, self.timer.value, self.report.value = "", "", ""
            self.answer_row.children = ()
            return
        self.timer.value = safe_html(lambda: _dealer_timer_html(session))
        if session.finished:
            self.call.value = safe_html(lambda: _dealer_call_html(session))
            self.answer_row.children = ()
            self.report.value = safe_html(lambda: _dealer_report_html(session.report()))
            return
        self.report.value = ""
        if self.waiting:                    # the cards of the call just missed stay, with why (in the feedback)
            missed = session.answered[-1].call
            self.call.value = _call_html(missed, session.coups) + caption_html(
                _("Read why, then press Continue: the next call's clock starts then."))
            self.answer_row.children = (self.continue_button,)
            return
        if not session.started:
            self.call.value = caption_html(_("Press Start when you are ready: the first call is shown and its clock "
                                             "starts then."))
            self.answer_row.children = (self.start_button,)
            return
        call = session.current_call()
        self.call.value = safe_html(lambda: _dealer_call_html(session))
        self.controls.show(call.choices)
        self.controls.mark()
        self.controls.clear_text()
        self.answer_row.children = (self.controls.box,)


def show_dealer_mode(seed=2024, coups: int = 10, target_seconds=5):
    """Dealer mode, ready to display."""
    return DealerWidget(seed, coups, target_seconds).view
