"""Benchmark: kernel CPU per widget update (the target: every widget update ≤ 20 ms of kernel
CPU, so a click feels immediate).

Every ``show_…`` of ``baccarat_lib/views/widgets/*.py`` is found by reading those modules, and each must have a
scenario here (a widget without one, or a scenario whose widget is gone, stops the script with exit status 1).
A scenario builds the widget with its ``show_…()`` and drives ``view.controller`` as a learner would: it sets a
control's ``.value`` (a menu, a slider, a toggle, text typed into a box) or clicks a button. Each action is timed
on its own with ``time.process_time`` (the CPU of all threads of this process, as a kernel would spend it; no front
end is attached), over ``--rounds`` rounds of ``--updates`` actions after one warm-up action; the table gives the
median and the maximum ms per action and whether it meets the 20 ms target:

- ``yes``: even the slowest action took at most 20 ms;
- ``median``: the typical action does, but at least one (e.g. a first, uncached computation) took longer;
- ``NO``: the median action takes more than 20 ms.

Each action must visibly update the widget (some control or HTML output of the view changes) and must not show an
inline error (``bcl-error``): a widget the script cannot drive (a control renamed, a click that does nothing, an
action that only produces an error box) stops the script with exit status 1, never a quiet "n/a".

    python benchmarks/bench_widgets.py [--updates 20] [--rounds 5] [--strict] [--repo DIR]

``--strict`` also exits with status 2 when a median misses the target.
"""

from __future__ import annotations

import argparse
import importlib
import inspect
import itertools
import os
import pkgutil
import statistics
import sys
import tempfile
import time
from pathlib import Path
from scratch import scratch_folder  # noqa: E402  (benchmarks/scratch.py: a throw-away folder)

REPO = Path(__file__).resolve().parents[1]
TARGET_MS = 20.0


class CannotDrive(RuntimeError):
    """A widget the benchmark cannot drive as a learner would."""


# ---------------------------------------------------------------- what the view shows

def _widget_tree(widget):
    """The widget and every widget below it (children of boxes)."""
    yield widget
    for child in getattr(widget, "children", ()) or ():
        yield from _widget_tree(child)


def snapshot(view) -> tuple:
    """What the learner sees and can touch: every control's value, description and disabled state, every HTML."""
    state = []
    for widget in _widget_tree(view):
        state.append((type(widget).__name__, repr(getattr(widget, "value", None)),
                      getattr(widget, "description", None), getattr(widget, "disabled", None),
                      getattr(widget, "button_style", None), len(getattr(widget, "children", ()) or ())))
    return tuple(state)


def shown_errors(view) -> list[str]:
    """The inline error boxes the view shows (their HTML, shortened)."""
    errors = []
    for widget in _widget_tree(view):
        value = getattr(widget, "value", None)
        if isinstance(value, str) and "bcl-error" in value:
            start = value.index("bcl-error")
            errors.append(value[start:start + 300])
    return errors


# ---------------------------------------------------------------- the learner's actions, widget by widget
# Each scenario is (show_ name, factory). The factory builds the widget with its show_…() and returns
# (view, steps): ``steps`` yields (action label, action) forever; code between yields (setting up the next
# action) is not timed, only the call of ``action``.

def cycle_values(control, values):
    """Set ``control.value`` to each of ``values`` in turn, skipping the one it holds (so each set is an update)."""
    for value in itertools.cycle(values):
        if value != control.value:
            yield lambda value=value: setattr(control, "value", value)


def option_values(control, first=None) -> list:
    values = [option[1] if isinstance(option, tuple) else option for option in control.options]
    return values if first is None else values[:first]


def answer_button(controls, text):
    """The answer button labelled ``text`` of an ``AnswerControls``."""
    for button in controls.buttons:
        if button.description == text:
            return button
    raise CannotDrive(f"no answer button labelled {text!r} among {[b.description for b in controls.buttons]}")


def answer_action(controls, question, right: bool = True):
    """How a learner answers ``question``: click a choice button, or type into the text box (read on Enter)."""
    if question.choices:
        text = question.answer if right else next(c for c in question.choices if c != question.answer)
        return "click an answer button", answer_button(controls, text).click
    text = question.answer if right else "12345"
    if controls.text.value == text:            # the box must change for the typed answer to be read
        controls.clear_text()
    return "type an answer + Enter", lambda: setattr(controls.text, "value", text)


def sample_coups(n: int = 12) -> list[str]:
    """The cards of the first ``n`` coups of a seeded shoe, as a learner would type them (dealt order)."""
    from baccarat_lib.game.shoe import Shoe
    shoe = Shoe(decks=8, seed=11)
    return [" ".join(card.label for card in shoe.deal_coup().cards) for _ in range(n)]


def scenarios() -> dict:
    from baccarat_lib.views import widgets as w

    def question_buttons():
        from baccarat_lib.teaching import winner_question
        view = w.show_question(winner_question("7 6 Q J 5 2"))
        c = view.controller

        def steps():
            for right in itertools.cycle((True, False)):
                yield answer_action(c.controls, c.question, right)
        return view, steps()

    def question_typed():
        from baccarat_lib.teaching import settle_question
        view = w.show_question(settle_question("banker", 100, "2♣ 3♥ 3♠ A♦ 7♦ 4♠"))
        c = view.controller

        def steps():
            for right in itertools.cycle((True, False)):
                yield answer_action(c.controls, c.question, right)
        return view, steps()

    def total_calculator():
        view = w.show_total_calculator()
        c = view.controller

        def steps():
            typed = cycle_values(c.text, ["7 8", "K 9", "A 2 3", "6♠ 7♥", "9 9"])
            for button in itertools.cycle(c.rank_buttons):
                yield "type cards", next(typed)
                c.text.value = "7"                          # one card there: the click makes a two-card hand
                yield "click a rank button", button.click
        return view, steps()

    def natural_checker():
        view = w.show_natural_checker(seed=2024)
        c = view.controller

        def steps():
            ranks = cycle_values(c.choices[0], ["K", "9", "2", "8", "5"])
            while True:
                yield "choose a card (menu)", next(ranks)
                yield "Deal 4 new cards", c.deal.click
        return view, steps()

    def player_rule():
        view = w.show_player_rule()
        c = view.controller
        return view, (("choose Player's card (menu)", action)
                      for action in cycle_values(c.first, ["2", "6", "K", "A", "7", "9"]))

    def tableau_explorer():
        view = w.show_tableau_explorer()
        c = view.controller

        def steps():
            totals = cycle_values(c.banker_total, option_values(c.banker_total))
            thirds = cycle_values(c.third_card, option_values(c.third_card))
            while True:
                yield "press a Banker total", next(totals)
                yield "press Player's 3rd card", next(thirds)
        return view, steps()

    def shoe_dealer():
        view = w.show_shoe_dealer()
        c = view.controller

        def steps():
            while True:
                if c.finished:
                    yield "New coup", c.new_coup.click
                else:
                    yield "Next card", c.next_card.click
        return view, steps()

    def coup_builder():
        view = w.show_coup_builder()
        c = view.controller
        return view, (("type a coup's cards", action) for action in cycle_values(c.cards, sample_coups()))

    def settle_widget():
        view = w.show_settle_widget()
        c = view.controller

        def steps():
            stakes = cycle_values(c.stake, ["100", "25", "2.50", "1000", "12.34"])
            tables = cycle_values(c.table, option_values(c.table))
            while True:
                yield "Deal a coup", c.deal.click
                yield "type a stake", next(stakes)
                bets = [bet for bet in option_values(c.bet) if bet != c.bet.value]
                yield "choose a bet", lambda bet=bets[0]: setattr(c.bet, "value", bet)
                yield "choose a pay table", next(tables)
        return view, steps()

    def edge_explorer():
        view = w.show_edge_explorer()
        c = view.controller

        def steps():
            decks = cycle_values(c.decks, [6, 1, 4, 8, 2, 7, 3, 5])
            tables = cycle_values(c.table, option_values(c.table)[1:] + option_values(c.table)[:1])
            while True:
                yield "slide the decks", next(decks)
                yield "choose a pay table", next(tables)
        return view, steps()

    def removal_explorer():
        view = w.show_removal_explorer()
        c = view.controller

        def steps():
            removed = cycle_values(c.removed, ["9 9", "K Q J 10", "5 5 6 6", "8", "A 2 3 4 5 6 7", "5 5 5 5"])
            decks = cycle_values(c.decks, [8, 2, 6, 1])
            while True:
                yield "type cards out", next(removed)
                yield "choose the decks", next(decks)
        return view, steps()

    def road_dealer(decks):
        def factory():
            view = w.show_road_dealer(seed=2024, decks=decks)
            c = view.controller
            label = f"Deal a new shoe ({decks} deck{'s' if decks > 1 else ''})"

            def steps():
                seeds = cycle_values(c.seed, ["7", "123456", "42", "2024"])
                while True:
                    yield label, c.new_shoe.click
                    yield f"type a seed + Enter ({decks} deck{'s' if decks > 1 else ''})", next(seeds)
            return view, steps()
        return factory

    def road_dealer_decks():
        view = w.show_road_dealer(seed=2024)
        c = view.controller
        return view, (("choose the decks", action) for action in cycle_values(c.decks, [1, 6, 8, 4]))

    def drill():
        view = w.show_drill()
        c = view.controller
        c.start()                                  # Start pressed: the questions show, timed from it

        def steps():
            difficulties = cycle_values(c.difficulty, option_values(c.difficulty)[1:] + option_values(c.difficulty)[:1])
            for number in itertools.count():
                yield answer_action(c.controls, c.state.exercise.question)
                yield "Next question", c.next_button.click
                if number % 10 == 9:
                    yield "change the difficulty", next(difficulties)
        return view, steps()

    def final_test():
        view = w.show_final_test(questions=10)
        c = view.controller
        c.start()                                  # Start pressed: the questions show, timed from it

        def steps():
            while True:
                if c.state.finished:
                    yield "Start again", c.restart_button.click
                yield answer_action(c.controls, c.state.exercise.question)
                if not c.state.finished:
                    yield "Next question", c.next_button.click
        return view, steps()

    def weak_spots_drill():
        view = w.show_weak_spots_drill("banker-draw", 3)
        c = view.controller
        c.start()                                  # Start pressed: the questions show, timed from it

        def steps():
            for number in itertools.count():
                yield answer_action(c.controls, c.state.exercise.question, right=number % 3 != 0)
                yield "Next question (adaptive)", c.next_button.click
        return view, steps()

    def dealer_mode():
        view = w.show_dealer_mode(seed=2024, coups=50)
        c = view.controller
        c.start()                                  # Start pressed: the questions show, timed from it

        def steps():
            while True:
                if c.session is None or c.session.finished:
                    yield "Start again", c.restart_button.click
                    continue
                if c.waiting:
                    yield "Continue", c.continue_button.click
                    continue
                call = c.session.current_call()
                yield "call a decision or a payment", lambda answer=call.answer: c.click(answer)
        return view, steps()

    def progress_page():
        from baccarat_lib.progress.store import banker_cell_skill, progress_store
        view = w.show_progress()
        c = view.controller

        def steps():
            for number in itertools.count():          # an answer saved elsewhere (not timed), then Refresh
                progress_store().record(banker_cell_skill(3 + number % 4, number % 10), f"bench {number}", "draw",
                                        number % 3 != 0, 2.5)
                yield "Refresh after an answer", c.refresh_button.click
        return view, steps()

    def class_poll():
        # On the class hub, the service's replies played here (no network, no thread): a poll on each of lesson
        # 05's exercises in turn, answered, then revealed.
        reply = {"poll": None}
        from baccarat_lib.views.widgets.class_poll import ClassPoll
        view = ClassPoll(fetch=lambda: (200, reply), send=lambda poll_id, answer: (200, {"accepted": True}),
                         run=lambda function: function(), start=False).view
        c = view.controller

        def look(**poll):
            reply["poll"] = poll
            c.refresh()

        def steps():
            for number in itertools.count(1):
                poll = {"id": number, "lesson": "05_a_whole_coup", "exercise": number % 4, "state": "open"}
                yield "a poll starts (the next look)", lambda poll=poll: look(**poll)
                yield "answer the poll", lambda: c.question.answer(c.question.question.answer)
                yield "the teacher reveals (the next look)", lambda poll=poll: look(**dict(poll, state="revealed"))
        return view, steps()

    return {
        "show_class_poll": [class_poll],
        "show_question": [question_buttons, question_typed],
        "show_total_calculator": [total_calculator],
        "show_natural_checker": [natural_checker],
        "show_player_rule": [player_rule],
        "show_tableau_explorer": [tableau_explorer],
        "show_shoe_dealer": [shoe_dealer],
        "show_coup_builder": [coup_builder],
        "show_settle_widget": [settle_widget],
        "show_edge_explorer": [edge_explorer],
        "show_removal_explorer": [removal_explorer],
        "show_road_dealer": [road_dealer(8), road_dealer(1), road_dealer_decks],
        "show_drill": [drill],
        "show_final_test": [final_test],
        "show_weak_spots_drill": [weak_spots_drill],
        "show_dealer_mode": [dealer_mode],
        "show_progress": [progress_page],
    }


def course_widgets() -> list[str]:
    """Every ``show_…`` function defined in a module of ``baccarat_lib/views/widgets``."""
    import baccarat_lib.views.widgets as package
    names = []
    for module_info in pkgutil.iter_modules(package.__path__):
        module = importlib.import_module(f"{package.__name__}.{module_info.name}")
        names += [name for name, value in vars(module).items()
                  if name.startswith("show_") and inspect.isfunction(value) and value.__module__ == module.__name__]
    return sorted(names)


# ---------------------------------------------------------------- timing

def drive(widget: str, factory, updates: int, rounds: int) -> dict[str, list[float]]:
    """{action label: CPU ms of each timed action}; raises CannotDrive if an action does not update the view."""
    view, steps = factory()
    if getattr(view, "controller", None) is None:
        raise CannotDrive(f"{widget}() returned a view without .controller")
    times: dict[str, list[float]] = {}
    warmed: set[str] = set()
    wanted = updates * rounds
    for label, action in steps:
        before = snapshot(view)
        start = time.process_time()
        action()
        elapsed = (time.process_time() - start) * 1000
        if snapshot(view) == before:
            raise CannotDrive(f"{widget}: {label!r} changed nothing the learner sees")
        errors = shown_errors(view)
        if errors:
            raise CannotDrive(f"{widget}: {label!r} shows an inline error: {errors[0]!r}")
        if label not in warmed:                    # the first of each action warms up (imports, caches)
            warmed.add(label)
            continue
        times.setdefault(label, []).append(elapsed)
        if all(len(samples) >= wanted for samples in times.values()) and len(times) == len(warmed):
            break
    return times


def verdict(median: float, worst: float) -> str:
    return "yes" if worst <= TARGET_MS else "median" if median <= TARGET_MS else "NO"


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--updates", type=int, default=20, help="actions of each kind per round")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--repo", type=Path, default=REPO, help="the checkout to measure")
    parser.add_argument("--strict", action="store_true", help="exit 2 when a median misses the target")
    args = parser.parse_args(argv)
    sys.path.insert(0, str(args.repo.resolve()))
    os.environ.setdefault("MPLBACKEND", "Agg")
    # Answers are saved as a learner's would be (that is part of an update), into a throw-away progress folder.
    progress_folder = tempfile.TemporaryDirectory(prefix="bench-progress-")
    os.environ["BACCARAT_PROGRESS_DIR"] = progress_folder.name

    found, planned = course_widgets(), scenarios()
    unplanned = [name for name in found if name not in planned]
    gone = [name for name in planned if name not in found]
    if unplanned or gone:
        print(f"FAIL: widgets without a scenario: {unplanned or 'none'}; scenarios without a widget: "
              f"{gone or 'none'}", file=sys.stderr)
        return 1

    print(f"{len(found)} widgets ({', '.join(found)}); CPU time per learner action (time.process_time), "
          f"{args.rounds} rounds × {args.updates} actions each after a warm-up; target ≤ {TARGET_MS:g} ms")
    print(f"{'widget':<22} {'action':<40} {'n':>4} {'median ms':>10} {'max ms':>8}  ≤ {TARGET_MS:g} ms")
    misses, started = [], time.perf_counter()
    for widget in found:
        for factory in planned[widget]:
            try:
                times = drive(widget, factory, args.updates, args.rounds)
            except CannotDrive as error:
                print(f"FAIL: cannot drive {widget}: {error}", file=sys.stderr)
                return 1
            except Exception as error:   # a renamed control, a bad value: loudly, with the traceback
                print(f"FAIL: cannot drive {widget}: {type(error).__name__}: {error}", file=sys.stderr)
                raise
            for label, samples in times.items():
                median, worst = statistics.median(samples), max(samples)
                ok = verdict(median, worst)
                if ok == "NO":
                    misses.append(f"{widget}: {label}")
                print(f"{widget:<22} {label:<40} {len(samples):>4} {median:>10.2f} {worst:>8.2f}  {ok}", flush=True)
    print(f"{'all widgets meet the target at the median' if not misses else 'over target: ' + '; '.join(misses)} "
          f"({time.perf_counter() - started:.1f} s)")
    return 2 if misses and args.strict else 0


if __name__ == "__main__":
    with scratch_folder():          # nothing written outside a temporary folder
        sys.exit(main())
