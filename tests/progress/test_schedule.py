"""The Leitner schedule against hand-worked sequences.

Positions count the answers of the history from 0; an item answered at position p in box b is due again at
p + 1 + 2 ** (b - 1) (box 1 after 1 other question, box 2 after 2, then 4, 8, 16). Every expected value below is
worked by hand in the comments.
"""

from datetime import datetime, timezone

import pytest

from baccarat_lib.errors import BaccaratError
from baccarat_lib.progress.store import ProgressStore
from baccarat_lib.progress.schedule import INTERVALS, ItemState, leitner_states, next_items


def _drill(history, candidates, steps, wrong=()):
    """Ask ``steps`` questions, one next_items pick at a time; the learner misses an item the first time it is asked
    if it is in ``wrong`` and answers everything else right. Returns the items asked."""
    history, asked, missed = list(history), [], set()
    for _ in range(steps):
        [item] = next_items(history, candidates, 1)
        right = not (item in wrong and item not in missed)
        missed.add(item)
        history.append((item, right))
        asked.append(item)
    return asked


def test_intervals_double_from_box_to_box():
    # Box b waits 2 ** (b - 1) questions.
    assert INTERVALS == {1: 1, 2: 2, 3: 4, 4: 8, 5: 16}


def test_right_answers_climb_the_boxes_and_a_miss_goes_back_to_box_1():
    # "a": right at 0 (box 2), 1 (box 3), 2 (box 4), 3 (box 5), 4 (stays in box 5), wrong at 5.
    history = [("a", True)] * 5 + [("a", False)]
    boxes = [leitner_states(history[:end])["a"].box for end in range(1, 7)]
    assert boxes == [2, 3, 4, 5, 5, 1]
    # After the fourth right answer (position 3): box 5, due at 3 + 1 + 16 = 20.
    assert leitner_states(history[:4])["a"] == ItemState(box=5, answers=4, last=3, due=20)
    # After the miss at position 5: box 1, due at 5 + 1 + 1 = 7.
    assert leitner_states(history)["a"] == ItemState(box=1, answers=6, last=5, due=7)


def test_a_missed_item_comes_back_after_one_other_question():
    # Candidates A B C D, the learner misses B the first time, the rest right.
    # pos 0: nothing answered, all new -> A (right: box 2, due 0+1+2 = 3)
    # pos 1: nothing due; new B C D -> B (wrong: box 1, due 1+1+1 = 3)
    # pos 2: nothing due (A 3, B 3); new C D -> C (right: box 2, due 2+1+2 = 5)
    # pos 3: due A (box 2) and B (box 1): lowest box first -> B (right: box 2, due 3+1+2 = 6)
    # pos 4: due A (due 3) -> A (right: box 3, due 4+1+4 = 9)
    # pos 5: due C (due 5) -> C (right: box 3, due 5+1+4 = 10)
    # pos 6: due B (due 6) -> B (right: box 3, due 6+1+4 = 11)
    # pos 7: nothing due; new D -> D (right: box 2, due 7+1+2 = 10)
    # pos 8: nothing due, nothing new: the soonest due, A (9) -> A
    asked = _drill([], ["A", "B", "C", "D"], 9, wrong={"B"})
    assert asked == ["A", "B", "C", "B", "A", "C", "B", "D", "A"]
    # The missed B (position 1) is back at position 3, before the new D, within 2 questions.
    assert asked.index("B", 2) - 1 <= 2


def test_a_mastered_item_is_spaced_out_and_a_missed_one_is_not():
    # M answered right 4 times (positions 0..3: box 5, due at 20), then a drill over
    # M and 20 new fillers F0..F19, all answered right.
    # pos 4: F0 new (box 2, due 7)   pos 5: F1 new (due 8)   pos 6: F2 new (due 9)
    # pos 7: F0 due (box 3, due 12)  pos 8: F1 (box 3, due 13)  pos 9: F2 (box 3, due 14)
    # pos 10: nothing due: F3 new (box 2, due 13)   pos 11: F4 new (box 2, due 14)
    # pos 12: F0 (box 4, due 21)
    # pos 13: due F1 (box 3) and F3 (box 2): F3 first (box 3, due 18)
    # pos 14: due F1 (box 3, due 13), F2 (box 3, due 14), F4 (box 2): F4 (box 3, due 19)
    # pos 15: F1, due longest (box 4, due 24)   pos 16: F2 (box 4, due 25)
    # pos 17: nothing due (F3 18, F4 19, M 20, F0 21): F5 new (box 2, due 20)
    # pos 18: F3 (box 4, due 27)   pos 19: F4 (box 4, due 28)
    # pos 20: due M (box 5) and F5 (box 2): F5 (box 3, due 25)
    # pos 21: due M (box 5, due 20) and F0 (box 4, due 21): F0 (box 5)
    # pos 22: M, 18 questions after its last answer.
    fillers = [f"F{number}" for number in range(20)]
    asked = _drill([("M", True)] * 4, ["M"] + fillers, 19)
    assert asked[:9] == ["F0", "F1", "F2", "F0", "F1", "F2", "F3", "F4", "F0"]
    assert asked.index("M") + 4 == 22
    # The same drill after a miss of M at position 3 (box 1, due at 3 + 1 + 1 = 5): pos 4 F0 (new), pos 5 M.
    missed = _drill([("M", True)] * 3 + [("M", False)], ["M"] + fillers, 19)
    assert missed[:2] == ["F0", "M"]


def test_due_items_come_lowest_box_first_then_longest_overdue_then_new_then_soonest():
    # History (positions 0..5):
    #   0 x wrong -> box 1, due 2      1 y right -> box 2, due 4      2 z wrong -> box 1, due 4
    #   3 w right -> box 2, due 6      4 w right -> box 3, due 9      5 v right -> box 2, due 8
    # At now = 6: due x (box 1, due 2), z (box 1, due 4), y (box 2, due 4); waiting v (8), w (9); new n.
    # Order: x, z (box 1, x longer overdue), y (box 2), then n (new), then v (due 8), w (due 9).
    history = [("x", False), ("y", True), ("z", False), ("w", True), ("w", True), ("v", True)]
    candidates = ["w", "v", "n", "z", "y", "x"]
    assert next_items(history, candidates, 6) == ["x", "z", "y", "n", "v", "w"]
    assert next_items(history, candidates, 2) == ["x", "z"]
    # Items of the history that are not candidates are never asked; a candidate listed twice is asked once.
    assert next_items(history, ["n", "w", "n"], 5) == ["n", "w"]


def test_a_due_item_comes_before_a_new_one():
    # c wrong at position 0 (box 1, due 0+1+1 = 2), a right at 1 (box 2, due 1+1+2 = 4); now = 2.
    history = [("c", False), ("a", True)]
    assert next_items(history, ["a", "b", "c"], 2) == ["c", "b"]    # c is due, then b is new


def test_the_stores_answers_are_a_history():
    # The scheduler reads ProgressStore.answers() directly (by key), or by skill.
    store = ProgressStore(":memory:")
    when = datetime(2024, 5, 1, tzinfo=timezone.utc)
    store.record("banker-draw:5/4", "5 4", "draw", False, 3, when=when)    # position 0: box 1, due 2
    store.record("banker-draw:6/7", "6 7", "draw", True, 3, when=when)     # position 1: box 2, due 4
    assert leitner_states(store.answers())["5 4"] == ItemState(1, 1, 0, 2)
    by_skill = [(answer.skill, answer.right) for answer in store.answers()]
    # At now = 2: 5/4 is due, 3/8 is new, 6/7 waits until 4.
    assert next_items(by_skill, ["banker-draw:6/7", "banker-draw:3/8", "banker-draw:5/4"], 3) == \
        ["banker-draw:5/4", "banker-draw:3/8", "banker-draw:6/7"]


@pytest.mark.parametrize("call, word", [
    (lambda: next_items("a", ["a"]), "history"),
    (lambda: next_items([("a", 1)], ["a"]), "right"),
    (lambda: next_items([("a",)], ["a"]), "history[0]"),
    (lambda: next_items([(3, True)], ["a"]), "key"),
    (lambda: next_items([], []), "candidates"),
    (lambda: next_items([], "abc"), "candidates"),
    (lambda: next_items([], [None]), "candidate"),
    (lambda: next_items([], ["a"], 0), "count"),
    (lambda: next_items([], ["a"], 1.5), "count"),
    (lambda: leitner_states(None), "history"),
])
def test_bad_arguments_raise_a_short_baccarat_error(call, word):
    # Refused with a BaccaratError naming the argument.
    with pytest.raises(BaccaratError) as refusal:
        call()
    assert word in str(refusal.value) and len(str(refusal.value)) < 200
