"""The class poll widget (baccarat_lib.views.widgets.class_poll), driven without a browser: the service's replies go
in (fetch -> state), the view is read out. Then the same widget against the tiny stand-in service
(tests/class_service.py), with its thread.

Worked by hand: lesson 05's first exercise, 7 6 Q J 5 2, deals Player 7 + Q = 7 and Banker 6 + J = 6; Player stands
on 7, Banker stands on 6 when Player stood: Player wins 7–6. Lesson 01's second exercise, 9 6, totals 15 -> 5.
"""

from __future__ import annotations

import html
import re
import threading

import pytest

from baccarat_lib.i18n import using_language
from baccarat_lib.progress import class_link
from baccarat_lib.progress.recorder import AnswerRecorder
from baccarat_lib.teaching.polls import Poll
from baccarat_lib.views.widgets import class_poll, show_class_poll
from baccarat_lib.views.widgets.class_poll import ClassPoll
from class_service import Service, ServiceServer, wait_for

COUP = Poll(7, "05_a_whole_coup", 0, "open")            # 7 6 Q J 5 2: Player wins 7–6


class FakeService:
    """The service's replies, set by the test; every answer sent is kept."""

    def __init__(self, reply=(200, {"poll": None})):
        self.reply, self.answer_reply, self.sent = reply, (200, {"accepted": True}), []

    def fetch(self):
        if isinstance(self.reply, Exception):
            raise self.reply
        return self.reply

    def send(self, poll_id, answer):
        self.sent.append((poll_id, answer))
        return self.answer_reply


def _poll(service, **kwargs):
    return ClassPoll(fetch=service.fetch, send=service.send, run=lambda function: function(), start=False, **kwargs)


def _open(poll: Poll) -> tuple:
    return 200, {"poll": poll._asdict()}


def _click(widget, choice):
    next(button for button in widget.question.controls.buttons if button.description == choice).click()


def _text(html_widget) -> str:
    return html_widget.value


# ------------------------------------------------------------------ off the hub

def test_off_the_hub_the_widget_is_one_sentence_and_starts_no_thread(monkeypatch):
    monkeypatch.delenv(class_link.CLASS_URL_VARIABLE, raising=False)
    before = threading.active_count()
    widget = show_class_poll().controller
    assert "Class polls appear here when the lesson runs on the class hub." in _text(widget.status)
    assert widget.area.children == () and widget._thread is None
    assert threading.active_count() == before


def test_off_the_hub_the_sentence_is_in_the_learners_language(monkeypatch):
    monkeypatch.delenv(class_link.CLASS_URL_VARIABLE, raising=False)
    with using_language("vi"):
        widget = show_class_poll().controller
    assert "class hub" not in _text(widget.status) and "Class polls" not in _text(widget.status)


# ------------------------------------------------------------------ fetch -> state -> view

def test_no_poll_shows_a_sentence_and_no_question():
    widget = _poll(FakeService())
    assert widget.refresh() is None
    assert "No class poll is open right now." in _text(widget.status) and widget.area.children == ()


def test_an_open_poll_shows_the_lessons_exercise_and_sends_the_first_answer_once():
    service = FakeService(_open(COUP))
    widget = _poll(service)
    assert widget.refresh() == COUP
    assert widget.question.question.prompt == ("Cards dealt in order P, B, P, B, then third cards: 7 6 Q J 5 2. "
                                               "Who wins?")
    assert [button.description for button in widget.question.controls.buttons] == ["Player", "Banker", "Tie"]
    assert "lesson 05, A whole coup, card by card" in _text(widget.area.children[0])
    _click(widget, "Banker")
    assert service.sent == [(7, "Banker")]
    assert "Answer sent: Banker." in _text(widget.status)
    assert "Player" not in _text(widget.question.feedback)          # no verdict before the reveal
    assert all(button.disabled for button in widget.question.controls.buttons)
    widget.answer("Tie")                                             # once: a second answer is not sent
    widget.refresh()                                                 # still open: still answered, still locked
    assert service.sent == [(7, "Banker")] and all(button.disabled for button in widget.question.controls.buttons)


def test_the_reveal_shows_the_right_answer_and_judges_the_one_sent():
    service = FakeService(_open(COUP))
    widget = _poll(service)
    widget.refresh()
    _click(widget, "Banker")
    service.reply = _open(COUP._replace(state="revealed"))
    widget.refresh()
    feedback = _text(widget.question.feedback)
    assert "Not quite: the right answer is Player." in feedback and "7" in feedback
    styles = {button.description: button.button_style for button in widget.question.controls.buttons}
    assert styles == {"Player": "success", "Banker": "danger", "Tie": ""}
    assert "revealed" in _text(widget.status)


def test_a_reveal_without_an_answer_shows_the_answer_and_why():
    service = FakeService(_open(COUP._replace(state="revealed")))
    widget = _poll(service)
    widget.refresh()
    assert "The right answer is Player." in _text(widget.question.feedback)
    assert service.sent == [] and all(button.disabled for button in widget.question.controls.buttons)


def test_a_closed_poll_takes_no_answer():
    service = FakeService(_open(COUP._replace(state="closed")))
    widget = _poll(service)
    widget.refresh()
    assert "closed" in _text(widget.status)
    widget.answer("Player")
    assert service.sent == []


def test_the_services_reason_shows_when_it_refuses_an_answer_to_a_closed_poll():
    service = FakeService(_open(COUP))
    service.answer_reply = (409, {"error": "this poll is closed"})
    widget = _poll(service)
    widget.refresh()
    _click(widget, "Player")
    assert service.sent == [(7, "Player")]                            # a refusal is not tried again
    assert "Not sent: this poll is closed." in _text(widget.status) and widget.sent is None
    widget.refresh()                                                  # the next look keeps the reason and the lock
    assert "this poll is closed" in _text(widget.status)
    assert all(button.disabled for button in widget.question.controls.buttons)


@pytest.fixture
def no_pauses(monkeypatch):
    """The pauses between tries, recorded instead of slept."""
    pauses = []
    monkeypatch.setattr(class_poll.time, "sleep", pauses.append)
    return pauses


class FlakyService(FakeService):
    """A service whose first replies to an answer are lost (an OSError: the 3 s timeout) or fail (an HTTP status)."""

    def __init__(self, failures):
        super().__init__(_open(COUP))
        self.failures = list(failures)

    def send(self, poll_id, answer):
        self.sent.append((poll_id, answer))
        if self.failures:
            failure = self.failures.pop(0)
            if isinstance(failure, Exception):
                raise failure
            return failure
        return self.answer_reply


@pytest.mark.parametrize("failures", [[OSError("timed out")], [(502, None), OSError("timed out")]])
def test_an_answer_whose_reply_is_lost_is_tried_again_after_a_pause(no_pauses, failures):
    service = FlakyService(failures)
    widget = _poll(service)
    widget.refresh()
    _click(widget, "Player")
    assert service.sent == [(7, "Player")] * (len(failures) + 1)
    assert no_pauses == list(class_poll.RETRY_SECONDS[:len(failures)])
    assert "Answer sent: Player." in _text(widget.status) and widget.sent == "Player"


def test_the_service_having_the_answer_already_counts_as_sent(no_pauses):
    # The first try reached the service but its reply was lost; the second is refused as a second answer.
    service = FlakyService([OSError("timed out"), (409, {"error": "you have answered this poll already"})])
    widget = _poll(service)
    widget.refresh()
    _click(widget, "Banker")
    assert service.sent == [(7, "Banker"), (7, "Banker")] and widget.sent == "Banker"
    assert "Answer sent: Banker." in _text(widget.status) and "Not sent" not in _text(widget.status)
    assert all(button.disabled for button in widget.question.controls.buttons)


def test_three_lost_tries_say_not_sent_and_the_learner_can_try_again(no_pauses):
    service = FlakyService([OSError("timed out")] * 3)
    widget = _poll(service)
    widget.refresh()
    _click(widget, "Player")
    assert len(service.sent) == 3 and len(no_pauses) == 2 and widget.sent is None
    assert "Not sent" in _text(widget.status) and "Try again" in _text(widget.status)
    _click(widget, "Player")                                          # the service answers now
    assert len(service.sent) == 4 and "Answer sent: Player." in _text(widget.status)


def test_the_tries_run_in_the_background_and_never_hold_the_kernel():
    # The default runner: the learner's click returns while the service has not answered yet.
    service, answered = FakeService(_open(COUP)), threading.Event()

    def slow_send(poll_id, answer):
        answered.wait(5)
        return service.send(poll_id, answer)
    widget = ClassPoll(fetch=service.fetch, send=slow_send, start=False)
    widget.refresh()
    _click(widget, "Tie")
    assert "Sending your answer" in _text(widget.status) and service.sent == []
    answered.set()
    assert wait_for(lambda: "Answer sent: Tie." in _text(widget.status))


def test_an_answer_lost_on_the_way_can_be_sent_again(no_pauses):
    service = FakeService(_open(COUP))

    def unreachable(poll_id, answer):
        service.sent.append((poll_id, answer))
        raise OSError("connection refused")
    widget = ClassPoll(fetch=service.fetch, send=unreachable, run=lambda function: function(), start=False)
    widget.refresh()
    _click(widget, "Player")
    assert "Not sent" in _text(widget.status) and "Try again" in _text(widget.status)
    assert not any(button.disabled for button in widget.question.controls.buttons)
    widget.send = service.send
    _click(widget, "Player")
    assert service.sent[-1] == (7, "Player") and "Answer sent: Player." in _text(widget.status)


def test_a_typed_answer_that_cannot_be_judged_is_not_sent():
    service = FakeService(_open(Poll(2, "01_card_values", 1, "open")))    # What is the total of 9 6? (5)
    widget = _poll(service)
    widget.refresh()
    assert widget.question.question.prompt == "What is the total of 9 6?"
    widget.question.answer("abc")
    assert service.sent == [] and "Type" in _text(widget.question.feedback)
    widget.question.answer("15")
    assert service.sent == [(2, "15")]


def test_a_new_poll_replaces_the_question_and_no_poll_clears_it():
    service = FakeService(_open(COUP))
    widget = _poll(service)
    widget.refresh()
    _click(widget, "Player")
    service.reply = _open(Poll(8, "03_player_rule", 1, "open"))         # 9 7: Player stands on 6
    widget.refresh()
    assert widget.question.question.key == "9 7" and widget.sent is None
    assert not any(button.disabled for button in widget.question.controls.buttons)
    service.reply = (200, {"poll": None})
    widget.refresh()
    assert widget.question is None and widget.area.children == ()


def test_a_service_that_does_not_answer_keeps_the_poll_shown():
    service = FakeService(_open(COUP))
    widget = _poll(service)
    widget.refresh()
    service.reply = OSError("timed out")
    assert widget.refresh() == COUP and widget.question is not None
    fresh = _poll(FakeService(OSError("connection refused")))
    assert fresh.refresh() is None and "does not answer" in _text(fresh.status)


@pytest.mark.parametrize("reply", [(200, {"poll": {"id": "7"}}), (200, ["poll"]), (500, {"error": "down"}),
                                   (200, None)])
def test_a_reply_that_is_not_a_poll_changes_nothing(reply):
    widget = _poll(FakeService(reply))
    assert widget.refresh() is None and widget.question is None


def test_a_poll_on_an_exercise_this_course_lacks_says_so():
    widget = _poll(FakeService(_open(Poll(9, "05_a_whole_coup", 40, "open"))))
    widget.refresh()
    assert widget.question is None and "does not have" in _text(widget.status)


def test_the_poll_speaks_the_learners_language():
    with using_language("vi"):
        widget = _poll(FakeService(_open(COUP)))
        widget.refresh()
        assert "Who wins" not in widget.question.question.prompt
        assert "No class poll" not in _text(widget.status) and "Class poll" not in _text(widget.area.children[0])


# ------------------------------------------------------------------ a refused login is said, then cleared

LOGIN_REFUSED = ("Your answers are not reaching your teacher's class view: the class hub does not accept your "
                 "server's login. They are kept, and sent once it does: stop and start your server (File ▸ Hub "
                 "Control Panel), or ask your teacher.")
# The widgets catalog's msgstr, filled in by hand (máy chủ của lớp: the class hub; trang lớp học: the class view).
LOGIN_REFUSED_VI = ("Câu trả lời của bạn chưa đến được trang lớp học của giáo viên: máy chủ của lớp không chấp nhận "
                    "thông tin đăng nhập của máy chủ Jupyter của bạn. Các câu trả lời vẫn được giữ lại và sẽ được gửi "
                    "khi máy chủ của lớp chấp nhận: bạn hãy dừng rồi khởi động lại máy chủ Jupyter của mình (File ▸ "
                    "Hub Control Panel), hoặc nhờ giáo viên giúp.")


def _plain(html_widget) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", html.unescape(html_widget.value)).split())


@pytest.mark.parametrize("status", [401, 403])
def test_a_refused_login_is_said_on_its_own_line_until_the_hub_takes_it(status):
    service = FakeService((status, {"error": "not a student of this class"}))
    widget = _poll(service)
    assert widget.refresh() is None
    assert _plain(widget.login) == LOGIN_REFUSED
    assert _plain(widget.status) == ""                 # not "does not answer": the hub answered, and refused
    service.reply = (200, {"poll": None})             # a login that works (a new server's token)
    widget.refresh()
    assert _plain(widget.login) == "" and "No class poll is open right now." in _text(widget.status)


def test_a_service_that_is_down_is_not_a_refused_login():
    widget = _poll(FakeService(OSError("connection refused")))
    widget.refresh()
    assert _plain(widget.login) == "" and "does not answer just now" in _text(widget.status)
    widget = _poll(FakeService((500, {"error": "internal"})))
    widget.refresh()
    assert _plain(widget.login) == ""


def test_the_class_links_refused_token_is_said_while_a_poll_is_open():
    # The poll's own call went through, but the class link's last send was refused: the answers do not arrive.
    state = ["token refused"]
    widget = _poll(FakeService(_open(COUP)), link_state=lambda: state[0])
    widget.refresh()
    assert _plain(widget.login) == LOGIN_REFUSED and widget.question is not None
    assert "Your teacher is polling the class" in _text(widget.status)
    state[0] = "ok"
    widget.refresh()
    assert _plain(widget.login) == ""


def test_a_refused_login_in_the_learners_language():
    with using_language("vi"):
        widget = _poll(FakeService((403, {"error": "not a student of this class"})))
        widget.refresh()
    assert _plain(widget.login) == LOGIN_REFUSED_VI


# ------------------------------------------------------------------ against the stand-in service, with the thread

@pytest.fixture
def hub(monkeypatch):
    service = Service("student-token")
    server = ServiceServer(service)
    monkeypatch.setenv(class_link.CLASS_URL_VARIABLE, server.url)
    monkeypatch.setenv(class_link.TOKEN_VARIABLE, "student-token")
    yield service
    server.stop()


def test_the_thread_follows_the_teachers_poll_and_the_answer_reaches_the_service(hub):
    widget = ClassPoll(interval=0.05)
    try:
        assert wait_for(lambda: "No class poll" in _text(widget.status))
        hub.poll = COUP._asdict()
        assert wait_for(lambda: widget.question is not None)
        _click(widget, "Player")
        assert wait_for(lambda: hub.poll_answers == {7: "Player"})
        assert wait_for(lambda: "Answer sent: Player." in _text(widget.status))
        hub.poll = dict(hub.poll, state="revealed")
        assert wait_for(lambda: "Right!" in _text(widget.question.feedback))
        method, path, token, _ = hub.requests[-1]
        assert token == "token student-token" and path.startswith("/services/class-view/api/polls/")
    finally:
        widget.stop()
    widget._thread.join(2)
    assert not widget._thread.is_alive()


def test_a_cell_run_again_stops_the_earlier_widgets_thread_and_closing_stops_its_own(hub):
    first = ClassPoll(interval=0.05)
    second = ClassPoll(interval=0.05)
    first._thread.join(2)
    assert not first._thread.is_alive() and second._thread.is_alive()
    second.view.close()
    second._thread.join(2)
    assert not second._thread.is_alive()


def test_answers_refused_for_the_servers_token_are_said_and_the_line_goes_when_a_new_token_works(hub, monkeypatch):
    # The kernel's own class link (the one every recorder sends through) and the poll box, with their threads.
    monkeypatch.setattr(class_link, "FIRST_PAUSE", 0.05)
    monkeypatch.setattr(class_link, "LONGEST_PAUSE", 0.2)
    monkeypatch.setenv(class_link.TOKEN_VARIABLE, "expired-token")      # the stand-in answers 403 to any other
    recorder = AnswerRecorder("lesson")
    recorder.record("total", "7 8", "5", True)
    widget = ClassPoll(interval=0.05)
    try:
        assert wait_for(lambda: _plain(widget.login) == LOGIN_REFUSED)
        assert hub.answers == {}
        monkeypatch.setenv(class_link.TOKEN_VARIABLE, "student-token")  # a new server's token, which the hub takes
        recorder.ask()
        recorder.record("total", "K 9", "9", True)                      # wakes the link: both answers go
        assert wait_for(lambda: len(hub.answers) == 2)
        assert wait_for(lambda: _plain(widget.login) == "")
        assert "No class poll is open right now." in _text(widget.status)
    finally:
        widget.stop()
        for link in list(class_link._LINKS.values()):
            link.close()
        class_link._LINKS.clear()
