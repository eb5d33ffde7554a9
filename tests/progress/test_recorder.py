"""The one answer recorder (baccarat_lib.progress.recorder): the clock and the save-once rule shared by lesson
exercises, drills, the final test and dealer mode. Times are moved by hand on a fake clock; what is saved is read
back from a real SQLite file."""

import pytest

from baccarat_lib.errors import BaccaratError
from baccarat_lib.progress.recorder import SAVE_RULES, AnswerRecorder, Recorded
from baccarat_lib.progress.store import SOURCES, ProgressStore


class FakeClock:
    """A clock the test moves by hand: ``clock.now = 12``."""

    def __init__(self, now=0.0):
        self.now = now

    def __call__(self):
        return self.now


def _saved(path):
    with ProgressStore(path) as store:
        return [(a.skill, a.key, a.answer, a.right, a.seconds, a.source, a.lesson) for a in store.answers()]


def test_every_source_has_a_rule():
    assert set(SAVE_RULES) == set(SOURCES)
    assert SAVE_RULES["lesson"] == "until right"
    assert {SAVE_RULES[source] for source in ("drill", "test", "dealer")} == {"first"}


def test_a_lesson_saves_each_new_try_until_one_is_right(tmp_path):
    # Shown at 100. "15" at 107 (wrong, 7 s); "15" again at 108 (Check after Enter: the same answer, not saved);
    # "5" at 109 (right, 2 s after the try before); "5.0" at 111 (already right: not saved).
    clock, path = FakeClock(100.0), tmp_path / "progress.sqlite3"
    recorder = AnswerRecorder("lesson", clock=clock, store=ProgressStore(path), lesson="01_card_values")
    recorder.ask()
    clock.now = 107.0
    assert recorder.record("total", "7 8", "15", False) == Recorded(True, 7.0, ())
    clock.now = 108.0
    assert not recorder.record("total", "7 8", " 15 ", False).saved
    clock.now = 109.0
    assert recorder.record("total", "7 8", "5", True) == Recorded(True, 2.0, ())
    clock.now = 111.0
    assert not recorder.record("total", "7 8", "5.0", True).saved
    assert _saved(path) == [("total", "7 8", "15", False, 7.0, "lesson", "01_card_values"),
                            ("total", "7 8", "5", True, 2.0, "lesson", "01_card_values")]


@pytest.mark.parametrize("source", ["drill", "test", "dealer"])
def test_drills_tests_and_dealer_mode_save_only_the_first_answer_of_each_question(tmp_path, source):
    # Question 1 shown at 10, answered at 14.5 (saved, 4.5 s) and again at 16 (not saved); question 2 shown at 20,
    # answered at 21 (saved, 1 s).
    clock, path = FakeClock(10.0), tmp_path / "progress.sqlite3"
    recorder = AnswerRecorder(source, clock=clock, store=ProgressStore(path), lesson="09_practice")
    recorder.ask()
    clock.now = 14.5
    assert recorder.record("natural", "6 2", "no", False).seconds == 4.5
    clock.now = 16.0
    assert recorder.record("natural", "6 2", "yes", True) == Recorded(False, None, ())
    clock.now = 20.0
    recorder.ask()
    clock.now = 21.0
    assert recorder.record("total", "K 9", "9", True).saved
    assert _saved(path) == [("natural", "6 2", "no", False, 4.5, source, "09_practice"),
                            ("total", "K 9", "9", True, 1.0, source, "09_practice")]


def test_restart_clock_and_seconds_read_from_the_current_question():
    # Shown at 0; the feedback read until 30, then the clock restarts; answered at 32: 2 s.
    clock = FakeClock(0.0)
    recorder = AnswerRecorder("dealer", clock=clock, store=ProgressStore(":memory:"))
    recorder.ask(strict=True)
    clock.now = 30.0
    recorder.restart_clock()
    clock.now = 32.0
    assert recorder.seconds() == 2.0


def test_a_question_nobody_is_known_to_see_is_timed_from_the_first_interaction_or_not_at_all(tmp_path):
    # Built by Run All at 0 (start=False). First exercise: answered at 22 with nothing before: unknown (None), and
    # its second try is timed from that answer: 30 - 22 = 8 s. Second exercise, built at 30: first keystroke at
    # 50, a second one at 51 (the clock keeps its start), answered at 53: 53 - 50 = 3 s.
    clock, path = FakeClock(0.0), tmp_path / "progress.sqlite3"
    recorder = AnswerRecorder("lesson", clock=clock, store=ProgressStore(path), lesson="01_card_values")
    recorder.ask(start=False)
    clock.now = 22.0
    assert recorder.seconds() is None
    assert recorder.record("total", "7 8", "15", False) == Recorded(True, None, ())
    clock.now = 30.0
    assert recorder.record("total", "7 8", "5", True).seconds == 8.0
    recorder.ask(start=False)
    clock.now = 50.0
    recorder.touch()
    clock.now = 51.0
    recorder.touch()
    clock.now = 53.0
    assert recorder.seconds() == 3.0 and recorder.record("total", "K 9", "9", True).seconds == 3.0
    assert [row[4] for row in _saved(path)] == [None, 8.0, 3.0]
    with pytest.raises(BaccaratError, match="start must be True") as error:
        recorder.ask(start="no")
    assert "'no'" in str(error.value)


def test_a_clock_that_gives_no_number_leaves_answers_untimed_but_strict_timing_says_so(tmp_path):
    path = tmp_path / "progress.sqlite3"
    recorder = AnswerRecorder("lesson", clock=lambda: "now", store=ProgressStore(path), lesson="01_card_values")
    recorder.ask()
    assert recorder.record("total", "7 8", "5", True) == Recorded(True, None, ())
    assert _saved(path)[0][4] is None
    with pytest.raises(BaccaratError, match="clock must be a function") as error:
        recorder.ask(strict=True)
    assert "'now'" in str(error.value)
    with pytest.raises(BaccaratError, match="calling .* failed"):
        AnswerRecorder("dealer", clock=lambda: 1 / 0).seconds()


def test_the_kernels_store_gets_the_answer_with_the_notebook_and_store_trouble_is_said_once(tmp_path, monkeypatch):
    # A judged answer goes into the learner's progress file, with the notebook it came from; a folder that cannot
    # be written still lets the lesson work, and says so once.
    monkeypatch.setenv("BACCARAT_PROGRESS_DIR", str(tmp_path))
    monkeypatch.setenv("JPY_SESSION_NAME", str(tmp_path / "01_card_values.ipynb"))
    monkeypatch.setattr("baccarat_lib.progress.store._SHARED", {})
    recorder = AnswerRecorder("lesson", clock=FakeClock(3.0))
    recorder.ask()
    assert recorder.record("total", "7 8", "5", True) == Recorded(True, 0.0, ())
    assert _saved(tmp_path / "progress.sqlite3") == [("total", "7 8", "5", True, 0.0, "lesson", "01_card_values")]
    blocked = tmp_path / "a-file"
    blocked.write_text("not a folder")
    monkeypatch.setenv("BACCARAT_PROGRESS_DIR", str(blocked))
    first, second = AnswerRecorder("drill"), AnswerRecorder("drill")
    first.ask(), second.ask()
    said_first, said_second = first.record("total", "K 9", "9", True), second.record("total", "K 8", "8", True)
    assert said_first.saved and len(said_first.messages) == 1 and "not being saved" in said_first.messages[0]
    assert said_second.saved and said_second.messages == ()


def test_a_store_that_fails_unexpectedly_never_breaks_the_answer_and_says_it_was_not_saved():
    # Every judged answer is either saved or the learner is told it was not: here, each time.
    class Broken(ProgressStore):
        def record(self, *args, **kwargs):
            raise RuntimeError("disk on fire")
    recorder = AnswerRecorder("drill", clock=FakeClock(), store=Broken(":memory:"))
    for key in ("7 8", "K 9"):
        recorder.ask()
        assert recorder.record("total", key, "5", True) == Recorded(
            False, None, ("This answer was not saved (disk on fire).",))


def test_a_key_or_answer_longer_than_the_store_keeps_is_saved_shortened(tmp_path):
    # 600 characters each; the store keeps 500 (MAX_TEXT): the first 500 are saved, never nothing.
    path = tmp_path / "progress.sqlite3"
    recorder = AnswerRecorder("drill", clock=FakeClock(), store=ProgressStore(path), lesson="09_practice")
    recorder.ask()
    assert recorder.record("total", "k" * 600, "0" * 599 + "5", True).saved
    recorder.ask()
    assert recorder.record("natural", "6 2", "no" + " x" * 299, False).saved
    assert _saved(path) == [("total", "k" * 500, "0" * 500, True, 0.0, "drill", "09_practice"),
                            ("natural", "6 2", "no" + " x" * 249, False, 0.0, "drill", "09_practice")]


def test_a_lone_surrogate_in_a_key_or_answer_is_saved_escaped(tmp_path):
    # "\udcff" cannot be encoded in UTF-8: it is stored as its backslash escape, the six characters \udcff.
    path = tmp_path / "progress.sqlite3"
    recorder = AnswerRecorder("lesson", clock=FakeClock(), store=ProgressStore(path), lesson="01_card_values")
    recorder.ask()
    assert recorder.record("total", "7 \udcff", "5\udcff", True) == Recorded(True, 0.0, ())
    assert _saved(path) == [("total", "7 \\udcff", "5\\udcff", True, 0.0, "lesson", "01_card_values")]


def test_a_progress_folder_that_names_no_home_says_once_that_nothing_is_saved(tmp_path, monkeypatch):
    # "~nosuchuser/x": no such user, so no folder; the answers go on in memory and the first one says so, once.
    monkeypatch.setenv("BACCARAT_PROGRESS_DIR", "~nosuchuser-of-this-course/x")
    monkeypatch.setattr("baccarat_lib.progress.store._SHARED", {})
    first, dealer = AnswerRecorder("drill", clock=FakeClock()), AnswerRecorder("dealer", clock=FakeClock())
    first.ask(), dealer.ask()
    said = first.record("total", "K 9", "9", True)
    assert said.saved and len(said.messages) == 1
    assert said.messages[0].startswith("Your progress is not being saved (BACCARAT_PROGRESS_DIR must name a folder")
    assert "'~nosuchuser-of-this-course/x'" in said.messages[0]
    assert dealer.record("total", "K 8", "8", True) == Recorded(True, 0.0, ())


@pytest.mark.parametrize("arguments, name", [
    (dict(source="quiz"), "source"), (dict(source=None), "source"), (dict(source="drill", clock=5), "clock"),
    (dict(source="drill", store="progress.sqlite3"), "store"), (dict(source="drill", lesson=""), "lesson"),
    (dict(source="drill", lesson=7), "lesson"),
])
def test_bad_arguments_are_a_baccarat_error_naming_the_argument(arguments, name):
    with pytest.raises(BaccaratError, match=name) as error:
        AnswerRecorder(**arguments)
    assert len(str(error.value)) < 200
