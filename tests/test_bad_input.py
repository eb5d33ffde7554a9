"""The one fuzz harness: every public entry point, fed bad values, answers or raises a short BaccaratError.

The entry points are the names a learner, a lesson or a widget hands arguments to: every callable exported by
a layer (``baccarat_lib.game``, ``.analysis``, ``.teaching``, ``.views``, whose names are the modules'
``__all__``) and the public methods of the objects a learner holds (``METHODS``). Inside, the library trusts
the objects it made, so only these doors are fuzzed.

Each call names its arguments (``keywords_for``) with values from ``tests/bad_input.py``: junk (None, bools,
huge and negative numbers, NaN, 100k-character text, numpy scalars and arrays, containers, objects) mixed with
``VALID`` examples, so that a call also gets past its first check to the later ones. The call must return or
raise a ``BaccaratError`` (a ValueError) under 200 characters that names what it refused: one of the arguments
it was given, or, for a refusal that is about their combination, the thing they describe (``CONTEXT_WORDS``).
Nothing else may escape: no TypeError, TraitError, KeyError, OverflowError or decimal error.

The messages themselves (exact wording, what is accepted) are tested by hand, layer by layer, in
``tests/<layer>/test_bad_input.py``.
"""

import importlib
import inspect
import os
import sys
from enum import Enum
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import matplotlib
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bad_input import MAX_MESSAGE, keywords_for, values
from baccarat_lib.errors import BaccaratError

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402  (after choosing the backend)

import baccarat_lib  # noqa: E402
import baccarat_lib.game as game  # noqa: E402
import baccarat_lib.teaching as teaching  # noqa: E402
from baccarat_lib.analysis.counting import edges_through_shoe, removal_effects  # noqa: E402
from baccarat_lib.analysis.roads import StreakRow  # noqa: E402
from baccarat_lib.analysis.simulate import outcome_counts  # noqa: E402
from baccarat_lib.views import edge_table_html, show_shoe_dealer  # noqa: E402

LAYERS = ["baccarat_lib.game", "baccarat_lib.analysis", "baccarat_lib.teaching", "baccarat_lib.views"]
LAYERS += [f"baccarat_lib.{name}" for name in ["progress"]                    # saved progress, once in its own home
           if (Path(baccarat_lib.__file__).parent / name / "__init__.py").is_file()]

COUP = game.play_coup("2♣ 3♥ 3♠ A♦ 7♦ 4♠")      # Player 2+3+7 = 2, Banker 3+A+4 = 8: Banker wins
VALID = [  # values some entry point accepts, so that a call also reaches its later checks
    "banker", "player", "tie", "dragon-7", "standard", "ez", "no-commission", "tie-9", "draw", "stand", "stood",
    "total", "natural", "settle", "mixed", "test", "2 3 3 A 7 4", "K 5 9 3", "7 8", "A♠", "7", "5", "B B T P B",
    "BBPT", "1:2", "8:1", "0.05", "2.50", "", 0, 1, 2, 3, 5, 6, 8, 9, 14, 52, 100, 2024,
    Fraction(1, 20), Decimal("9.50"), 0.45, game.Card("7"), COUP, COUP.player, game.PAY_TABLES["ez"],
    game.Outcome.BANKER, game.Pays("tie", "8:1"), game.coup_facts(COUP), {4: ((2, 3, 4, 5, 6, 7), (0, 1, 8, 9))},
    [("4", "2, 3", "1-8")], [game.Card("2"), game.Card("3")], ("2", "3", "3", "A"), (6, 8), [1],
    [("banker", "standard"), ("tie", "tie-9")], teaching.Score(), teaching.start_drill("total", 1, seed=3),
    teaching.total_question("7 8"), StreakRow(1, 100, 50, 0.5, 0.05), edges_through_shoe(decks=1, seed=7)[:3],
]
BAD = values(VALID)

# Words a refusal may name instead of an argument: the part of one it refused ("row 0", "'x' is not a result"),
# or the thing several arguments describe together ("cannot deal 60 cards: only 52 left in the shoe"), or, for
# text a learner typed, what the question takes ("Type a whole number, such as 12 or −10.").
CONTEXT_WORDS = ("shoe", "card", "coup", "table", "bet", "stake", "deck", "seed", "count", "answer", "drill",
                 "question", "total", "outcome", "result", "row", "road", "path", "store", "language", "number")

# Exported, but no door: these take only what the library itself made, and are not fuzzed (say why).
NOT_DOORS = {
    "analysis.roads.RoadColour": "the colour of a derived road's entry, given by the roads; no lesson makes one",
    "analysis.kernel.play_values": "plays arrays of card values the library built (odds' coup table, simulate's "
                                   "shoes); odds.coup_table checks a variant rule where a learner gives one",
    "views.plots": "each plot draws a result the library computed (a Coup, edges_through_shoe's points, "
                   "a Convergence) on matplotlib axes; a lesson calls it with that result",
    "views.diagrams.reading_order_box": "names the box of a Step of a Coup the library played",
    "views.widgets.common.projector_view": "the widget modules' own builder of a view from their controls",
    **dict.fromkeys([f"progress.class_link.{name}" for name in ("answer_body", "ClassLink", "link_for",
                                                                "class_request")],
                    "the class hub's plumbing: the recorder hands it the store and the answers it saved, the class "
                    "poll the service's paths written in the library; no lesson calls it"),
    **dict.fromkeys([f"views.html.{name}" for name in ("card_html", "hand_html", "steps_html", "message_html",
                                                       "caption_html", "table_html")],
                    "the views' own pieces of HTML, handed cards, steps and text the library made (a lesson "
                    "shows a coup with coup_html, which checks it)"),
}


def _is_data_holder(value) -> bool:
    """A NamedTuple or a dataclass without checks: it stores what it is given and decides nothing."""
    if hasattr(value, "_fields") and "__new__" not in vars(value):
        return True
    return hasattr(value, "__dataclass_fields__") and not hasattr(value, "__post_init__")


def _by_value(enum):
    def member(value):
        return enum(value)
    member.__module__, member.__name__ = enum.__module__, enum.__name__
    return member


def _entry_points() -> list:
    found = {}
    for layer in LAYERS:
        package = importlib.import_module(layer)
        for name in package.__all__:
            value = getattr(package, name)
            if not callable(value) or isinstance(value, dict) or _is_data_holder(value):
                continue
            if inspect.isclass(value) and issubclass(value, BaseException):
                continue
            if inspect.isclass(value) and issubclass(value, Enum):   # Outcome(value); (name, names) is Enum's API
                value = _by_value(value)
            found.setdefault(f"{value.__module__}.{name}".removeprefix("baccarat_lib."), value)
    return [pytest.param(value, id=key) for key, value in sorted(found.items())
            if not any(key == door or key.startswith(door + ".") for door in NOT_DOORS)]


METHODS = {  # public methods of objects a learner holds, bound to a good instance; their parameters fuzzed
    "Shoe.peek": lambda n: game.Shoe(1, seed=1).peek(n),
    "Shoe.deal": lambda n: game.Shoe(1, seed=1).deal(n),
    "PayTable.lines": lambda bet: game.PAY_TABLES["standard"].lines(bet),
    "PayTable.line_for": lambda bet, facts: game.PAY_TABLES["ez"].line_for(bet, facts),
    "Shoe.coups": lambda decks, seed: list(game.Shoe(decks, seed).coups()),
    "ShoeRun.deal_coup": lambda decks, seed: game.ShoeRun(decks, seed).deal_coup(),
}
SLOW = {"show_road_dealer", "RoadDealer", "edges_through_shoe",
        "plot_edges_through_shoe", "outcome_counts", "simulate_coups", "simulate_outcomes"}   # each deals a whole shoe or more


def _names_what_it_refused(message: str, function) -> bool:
    """The message names a parameter of ``function`` (given, or missing: "confirm with confirm='reset'"), or what
    its arguments describe."""
    names = inspect.signature(function).parameters
    return any(name.rstrip("s") in message for name in names) \
        or any(word in message.lower() for word in CONTEXT_WORDS)


def _call(function, arguments: dict):
    try:
        result = function(**arguments)
        if inspect.isgenerator(result):
            next(result, None)
    except BaccaratError as error:
        message = str(error)
        assert len(message) < MAX_MESSAGE, message[:300]
        assert _names_what_it_refused(message, function), (message, sorted(arguments))
    finally:
        plt.close("all")


@pytest.fixture(autouse=True, scope="module")
def _in_a_scratch_folder(tmp_path_factory):
    """An entry point that writes a file (export_progress) writes a relative path here, never into the course."""
    previous = os.getcwd()
    os.chdir(tmp_path_factory.mktemp("fuzzed"))
    yield
    os.chdir(previous)


def test_the_harness_reaches_every_layer():
    # A guard: an empty list of entry points would make the tests below pass vacuously.
    names = {param.id for param in _entry_points()}
    assert {"game.coup.play_coup", "game.shoe.Shoe", "analysis.odds.house_edge", "analysis.simulate.simulate_coups",
            "teaching.practice.start_drill", "views.money.settle_reading", "views.widgets.coup.show_shoe_dealer",
            "views.widgets.money.SettleWidget"} <= names, sorted(names)
    assert not any(name.startswith("views.plots") for name in names)


@pytest.mark.parametrize("function", _entry_points())
@settings(max_examples=30, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_only_a_short_baccarat_error_naming_the_argument_escapes(function, data):
    arguments = data.draw(keywords_for(function, BAD))
    if getattr(function, "__name__", "") in SLOW and "decks" not in arguments and "decks" in \
            inspect.signature(function).parameters:
        arguments["decks"] = 1
    _call(function, arguments)


@pytest.mark.parametrize("name", sorted(METHODS))
@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_public_methods_raise_only_short_baccarat_errors(name, data):
    _call(METHODS[name], data.draw(keywords_for(METHODS[name], BAD)))


# ---------------------------------------------------------------- checked at the door, trusted inside

def _checks_of(call, argument: str) -> int:
    """How many times ``call()`` checks ``argument``: calls of ``check_<argument>``, and of ``whole_number`` given
    that name from anywhere else."""
    checker, seen = f"check_{argument}", []

    def profile(frame, event, _arg):
        code = frame.f_code
        if event == "call" and "baccarat_lib" in code.co_filename and (code.co_name == checker or (
                code.co_name == "whole_number" and frame.f_locals.get("name") == argument
                and frame.f_back.f_code.co_name != checker)):
            seen.append(code.co_name)
    sys.setprofile(profile)
    try:
        call()
    finally:
        sys.setprofile(None)
    return len(seen)


@pytest.mark.parametrize("call, argument, most", [
    # A widget hands its decks and seed to ShoeRun, which checks them and builds its shoes without re-checking.
    (lambda: show_shoe_dealer(seed=5, decks=2), "decks", 1), (lambda: show_shoe_dealer(seed=5, decks=2), "seed", 1),
    (lambda: game.ShoeRun(decks=2, seed=5).deal_coup(), "decks", 1), (lambda: game.Shoe(2, 5), "decks", 1),
    (lambda: outcome_counts(100, decks=1, seed=5), "seed", 1), (lambda: outcome_counts(100, decks=1), "decks", 1),
    # Two columns of edges (6 and 8 decks): each deck count is checked once, not once per bet and table.
    (lambda: edge_table_html((6, 8)), "decks", 2), (lambda: removal_effects(decks=1), "decks", 1),
], ids=["dealer decks", "dealer seed", "ShoeRun decks", "Shoe decks", "outcome_counts seed", "outcome_counts decks",
        "edge table decks", "removal_effects decks"])
def test_an_argument_is_checked_once_where_it_enters(call, argument, most):
    assert 1 <= _checks_of(call, argument) <= most
