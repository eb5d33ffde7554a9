"""The class poll: on the class hub, the exercise the teacher is polling the class on, answered once, then revealed.

On the hub (``progress.class_link.class_url()`` set) one daemon thread asks the class's service every
``POLL_SECONDS`` which poll is running, so the kernel is never kept busy. The learner's first judged answer is sent
once, in the background, retried every ``RETRY_SECONDS`` while no reply comes or the hub fails (HTTP 5xx). Right or
wrong is said only when the teacher reveals the poll; poll answers are the class's votes, not the learner's saved
progress. Off the hub the widget is one sentence.

When the class hub refuses this server's login (HTTP 401 or 403 to the poll's own call, or the kernel's
``ClassLink.state`` "token refused"), the learner's answers stop reaching the class view: the box then says so on a
line of its own, with what to do, until a login works again.
"""

from __future__ import annotations

import logging
import threading
import time

import ipywidgets as widgets

from ...course import lesson as course_lesson
from ...errors import BaccaratError
from ...i18n import N_, _
from ...progress.class_link import UNAUTHORISED, class_request, class_url
from ...progress.recorder import started_class_link
from ...teaching.hints import revealed
from ...teaching.polls import Poll, poll_question, read_poll
from ...teaching.questions import check_answer
from ..html import message_html
from .common import LiveHTML, projector_view
from .question import QuestionWidget

__all__ = ["show_class_poll"]

POLL_SECONDS = 3.0          # how often a student's widget asks which poll is running (30 students: 10 calls/s)
RETRY_SECONDS = (0.5, 1.5)  # the pauses before an answer's second and third try (30 students: one in 30 timed out)
OFF_HUB = N_("Class polls appear here when the lesson runs on the class hub.")
TOKEN_REFUSED = N_("Your answers are not reaching your teacher's class view: the class hub does not accept your "
                   "server's login. They are kept, and sent once it does: stop and start your server (File ▸ Hub "
                   "Control Panel), or ask your teacher.")
_LOGGER = logging.getLogger("baccarat_lib.views")
_LOGGER.addHandler(logging.NullHandler())
_SHOWN: list = []           # the class polls of this kernel whose thread runs (one, unless a test makes more)
_SHOWN_LOCK = threading.Lock()


def _fetch():
    return class_request("GET", "api/polls/current")


def _send(poll_id: int, answer: str):
    return class_request("POST", f"api/polls/{poll_id}/answers", {"answer": answer})


def _link_state() -> str | None:
    """This kernel's class link's ``ClassLink.state`` ("ok", "retrying", "token refused"); None off the hub."""
    link = started_class_link(None)
    return None if link is None else link.state


def _in_background(function) -> None:
    threading.Thread(target=function, name="baccarat-class-poll-answer", daemon=True).start()


def _answered_already(status, reply) -> bool:
    """The service's 409 saying this student has answered the poll already (not that it is closed)."""
    return status == 409 and "already" in _reason(reply)


def _reason(reply) -> str:
    """The service's one-line reason (``{"error": ...}``), or a sentence of ours when it gave none."""
    error = reply.get("error") if isinstance(reply, dict) else None
    return error.strip()[:200] if isinstance(error, str) and error.strip() else _("the class hub refused it")


class PollQuestion(QuestionWidget):
    """The lesson's exercise widget answering a poll: a judged answer is sent once, unjudged."""

    def __init__(self, question, on_answer):
        super().__init__(question)
        self.on_poll_answer = on_answer

    def answer(self, text: str):
        feedback = check_answer(self.question, text)
        if not feedback.judged:
            self.feedback.value = message_html(feedback.message, "info")
        else:
            self.on_poll_answer(str(text))
        return feedback


class ClassPoll:
    """The class poll widget (see the module): polls the class's service and shows its poll."""

    def __init__(self, fetch=None, send=None, interval: float = POLL_SECONDS, run=None, start: bool = True,
                 link_state=None):
        self.on_hub = class_url() is not None or fetch is not None
        self.fetch, self.send = fetch or _fetch, send or _send
        self.link_state = link_state or _link_state      # the kernel's class link: are answers reaching the class?
        self.run = run or _in_background
        self.interval = interval
        self.poll: Poll | None = None         # the poll shown (None: none)
        self.sent: str | None = None          # the answer the service took for it
        self.refusal: str | None = None       # why the service took no answer (closed, answered already)
        self.sending = False
        self.question: PollQuestion | None = None
        self.status = widgets.HTML()
        self.login = LiveHTML()               # said while the class hub refuses this server's login (announced)
        self.area = widgets.VBox()
        self._lock = threading.RLock()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._tell(_("No class poll is open right now.") if self.on_hub else _(OFF_HUB))
        self.view = projector_view([self.login, self.status, self.area], controller=self, name=_("the class poll"))
        if self.on_hub and start:
            self._start()

    # ----- the thread

    def _start(self) -> None:
        with _SHOWN_LOCK:
            for earlier in _SHOWN:
                earlier.stop()
            _SHOWN[:] = [self]
        self._thread = threading.Thread(target=self._poll_forever, name="baccarat-class-poll", daemon=True)
        self._thread.start()

    def _poll_forever(self) -> None:
        while not self._stop.is_set():
            if self.view.comm is None:        # the widget was closed
                return
            try:
                self.refresh()
            except Exception:                 # noqa: BLE001 - a poll must never break the lesson: log, go on
                _LOGGER.exception("the class poll could not be refreshed")
            self._stop.wait(self.interval)

    def stop(self) -> None:
        """Stop asking the service (the thread ends within one interval, or at once if it is waiting)."""
        self._stop.set()

    # ----- fetch -> state -> view

    def refresh(self) -> Poll | None:
        """Ask the service once for its poll and show it; returns the poll shown."""
        status = None
        try:
            status, reply = self.fetch()
            if status != 200:
                raise OSError(f"HTTP {status}: {reply}")
            poll = read_poll(reply)
        except (OSError, BaccaratError) as error:
            _LOGGER.info("no class poll from the service: %s", error)
            refused = self._show_login(status)
            if self.poll is None:
                self.status.value = "" if refused else message_html(
                    _("The class hub does not answer just now; a poll will appear here when it does."), "info")
            return self.poll
        self._show_login(status)
        self.show_poll(poll)
        return poll

    def _show_login(self, status) -> bool:
        """Say whether the class hub refuses this server's login (the poll's ``status``, or the class link's
        state), or clear the line once it takes it; returns whether it refuses."""
        refused = status in UNAUTHORISED or self.link_state() == "token refused"
        self.login.value = message_html(_(TOKEN_REFUSED), "info") if refused else ""
        return refused

    def show_poll(self, poll: Poll | None) -> None:
        """Show ``poll`` (None: no poll open): a new one's question, then what its state allows."""
        with self._lock:
            if poll is None:
                self._without_question(None, _("No class poll is open right now."))
                return
            if self.poll is None or poll.id != self.poll.id:
                try:
                    question = poll_question(poll.lesson, poll.exercise)
                    title = course_lesson(poll.lesson).title()
                except BaccaratError as error:     # a poll of a lesson this copy of the course does not have
                    _LOGGER.info("a class poll this course cannot show: %s", error)
                    self._without_question(poll, _("Your teacher started a poll on an exercise this copy of the "
                                                   "course does not have."))
                    return
                self.sent, self.refusal, self.sending = None, None, False
                self.question = PollQuestion(question, self.answer)
                self.area.children = (widgets.HTML(message_html(_("Class poll: lesson {number}, {title}").format(
                    number=f"{course_lesson(poll.lesson).number:02d}", title=title), "info")), self.question.view)
            self.poll = poll
            self._show_state()

    def _without_question(self, poll: Poll | None, text: str) -> None:
        self.poll, self.sent, self.refusal, self.question = poll, None, None, None
        self.area.children = ()
        self._tell(text)

    def _tell(self, text: str) -> None:
        """Say ``text`` in the status line."""
        self.status.value = message_html(text, "info")

    def _show_state(self) -> None:
        poll, question = self.poll, self.question
        if question is None:
            return
        question.controls.lock(poll.state != "open" or self.sent is not None or self.sending
                               or self.refusal is not None)
        if poll.state == "revealed":
            feedback = check_answer(question.question, self.sent) if self.sent is not None else None
            question.controls.mark(question.question.answer if question.question.choices else None, self.sent)
            question.feedback.value = (message_html(feedback.message, "right" if feedback.correct else "wrong")
                                       if feedback is not None else message_html(revealed(question.question), "info"))
            self._tell(_("Your teacher revealed the answer."))
        elif poll.state == "closed":
            self._tell(_("The poll is closed: your answer was sent.") if self.sent is not None
                       else _("The poll is closed: no more answers are taken."))
        elif self.refusal is not None:
            self._tell(_("Not sent: {reason}.").format(reason=self.refusal))
        elif self.sent is not None:
            self._tell(_("Answer sent: {answer}. The answer is revealed when your teacher shows it.").format(
                answer=self.sent))
        elif not self.sending:
            self._tell(_("Your teacher is polling the class: answer once."))

    # ----- answering

    def answer(self, text: str) -> None:
        """Send ``text`` as the answer to the poll shown, once, in the background."""
        with self._lock:
            poll = self.poll
            if poll is None or poll.state != "open" or self.sent is not None or self.sending or self.refusal:
                return
            self.sending = True
            self.question.controls.lock()
            self._tell(_("Sending your answer…"))
        self.run(lambda: self._send_answer(poll, str(text)))

    def _send_with_retries(self, poll_id: int, text: str) -> tuple:
        """The service's (status, reply), retried every ``RETRY_SECONDS`` while none comes."""
        for pause in (*RETRY_SECONDS, None):
            try:
                status, reply = self.send(poll_id, text)
                if status < 500:
                    return status, reply
            except OSError as error:
                status, reply = None, None
                _LOGGER.info("a poll answer was not sent: %s", error)
            if pause is None:
                return status, reply
            time.sleep(pause)

    def _send_answer(self, poll: Poll, text: str) -> None:
        status, reply = self._send_with_retries(poll.id, text)
        with self._lock:
            self.sending = False
            if self.poll is None or self.poll.id != poll.id:
                return                                 # the poll ended meanwhile
            if status == 200 or _answered_already(status, reply):
                self.sent = text
                self._show_state()
            elif status in (404, 409):                 # closed or ended: no second answer
                self.refusal = _reason(reply).rstrip(".")
                self._show_state()
            else:
                reason = _reason(reply) if status else _("no answer")
                self._tell(_("Not sent: the class hub did not take it ({reason}). Try again.").format(reason=reason))
                self.question.controls.lock(self.poll.state != "open")


def show_class_poll():
    """The class poll: on the class hub the exercise the teacher polls the class on; off it, one sentence."""
    return ClassPoll().view
