"""Bad arguments and bad input to the widgets, driven without a browser.

- Constructors: every ``show_…()`` and widget class checks its arguments before it builds a control, and refuses a
  bad one with a BaccaratError naming the argument, the value (shortened) and what is accepted.
- Inputs: every text box, number box and menu of every widget, fed garbage, 100k characters, unicode, or blanks,
  shows an inline message (never the fallback sentence, never a Python type name) and keeps working: a good value
  afterwards gives the right result again.
- Memory: the practice drill closes the answer buttons it replaces (the live widget count stays flat).

Expected messages and values are worked by hand from the rules and the library's documented checks (each
comment gives the working); none is copied from the code's output.
"""

from __future__ import annotations

import decimal
import logging
import re

import numpy as np
import pytest
import traitlets
from ipywidgets.widgets import widget as widget_module

from baccarat_lib.errors import BaccaratError
from baccarat_lib.teaching.practice import KINDS, drill_exercises, final_test
from bad_input import case_id
from baccarat_lib.teaching.rule_questions import settle_question, total_question, winner_question
from baccarat_lib.views.widgets import (CoupBuilder, EdgeExplorer, NaturalChecker, PlayerRuleExplorer, PracticeDrill,
                                        QuestionWidget, RemovalExplorer, RoadDealer, SettleWidget, ShoeDealer,
                                        TableauExplorer, TotalCalculator, safe_html, show_coup_builder, show_drill,
                                        show_edge_explorer, show_final_test, show_natural_checker, show_player_rule,
                                        show_question, show_removal_explorer, show_road_dealer, show_settle_widget,
                                        show_shoe_dealer, show_tableau_explorer, show_total_calculator)
from baccarat_lib.views.widgets.common import FALLBACK_MESSAGE, SeedBox, check_option, shown_html

WORKED = "2♣ 3♥ 3♠ A♦ 7♦ 4♠"       # P 2+3 = 5 draws 7 → 2; B 3+1 = 4 draws on a 7, gets 4 → 8: Banker wins 8–2
HUGE = "x" * 100_000
GARBAGE = ["garbage", HUGE, "7 " * 50_000, "😀🂡", "‏שלום ٧ ٨", "7̈ 8̸", "\u202e7 8", "", "   ", "\t\n",
           "1e28", "-5", "nan", "inf", "0", "1e999", "9" * 5000, "<script>alert(1)</script>", "None", "[]"]
TYPE_NAMES = re.compile(r"TypeError|ValueError|KeyError|IndexError|AttributeError|ZeroDivisionError|"
                        r"InvalidOperation|OverflowError|Traceback|TraitError|<class")
SEED_POLICY = r"seed must be None or a whole number 0 or more"


def live_widgets() -> int:
    """The number of live widget models: ipywidgets 8.1+ keeps them in widget._instances (Widget.widgets,
    the 8.0 name, is deprecated there)."""
    registry = getattr(widget_module, "_instances", None)
    if registry is None:                                  # pragma: no cover - ipywidgets 8.0
        registry = getattr(widget_module.Widget, "_active_widgets", None) or widget_module.Widget.widgets
    return len(registry)


def _messages(*outputs) -> list[tuple[str, str]]:
    """The (kind, text) of every message box in the HTML of ``outputs``."""
    html = "".join(output.value for output in outputs)
    return re.findall(r'class="bcl-message bcl-(\w+)"[^>]*>(.*?)</div>', html, flags=re.S)


def _assert_inline(*outputs, kinds=("error", "info")):
    """A message box is shown, of one of ``kinds``; never the fallback, a type name or a huge echo."""
    messages = _messages(*outputs)
    assert messages, "no inline message"
    assert any(kind in kinds for kind, _ in messages), messages
    for _, text in messages:
        assert FALLBACK_MESSAGE not in text.replace("&#x27;", "'")
        assert not TYPE_NAMES.search(text), text
        assert len(text) < 700, len(text)


def _text(html: str) -> str:
    html = re.sub(r"</t[dh]>", " | ", html)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


# ================================================================ constructors a lesson calls

# Each message is the convention "<argument> must be <accepted>, not <shown(value)>", worked from the options:
# PAY_TABLES is standard, commission-4, tie-9, no-commission, ez; the standard table offers the two main bets,
# the tie and the two pairs; practice.KINDS are total … settle and "mixed" comes first in the menu.
LESSON_CALLS = [
    (show_settle_widget, {"table": "vegas"},
     r"^table must be one of standard, commission-4, tie-9, no-commission, ez, not 'vegas'$"),
    (show_road_dealer, {"decks": 0}, r"^decks must be a whole number: a shoe holds 1 to 8 decks, not 0$"),
    (show_drill, {"kind": "poker"},
     r"^kind must be one of mixed, total, natural, player-draw, banker-draw, winner, settle, not 'poker'$"),
    (show_drill, {"difficulty": 4}, r"^difficulty must be 1, 2 or 3, not 4$"),
    (show_edge_explorer, {"decks": 9}, r"^decks must be a whole number: a shoe holds 1 to 8 decks, not 9$"),
    (show_road_dealer, {"seed": -1}, rf"^{SEED_POLICY}.*, not -1$"),
    (show_settle_widget, {"bet": "dragon-7"},
     r"^bet must be one of the bets the standard table offers: player, banker, tie, player-pair, banker-pair, "
     r"either-pair, dragon-bonus-player, dragon-bonus-banker, not 'dragon-7'$"),
]


@pytest.mark.parametrize("show, kwargs, message", LESSON_CALLS, ids=lambda case: case_id(case, 30))
def test_a_lessons_bad_constructor_call_is_refused_by_name(show, kwargs, message):
    # Never a raw TraitError, and never silently something else: 8 decks for 9, seed 0 for -1, Player for a bet
    # the table does not offer.
    before = live_widgets()
    with pytest.raises(BaccaratError, match=message):
        show(**kwargs)
    assert live_widgets() == before                    # refused before a single control was built


# Every argument of every constructor, given something of the wrong type or out of range.
BAD_ARGUMENTS = [
    (TotalCalculator, {"cards": ["7", "8"]}, "cards"), (TotalCalculator, {"cards": None}, "cards"),
    (NaturalChecker, {"cards": "K 5 9"}, "cards"), (NaturalChecker, {"cards": "Z Z Z Z"}, "cards"),
    (NaturalChecker, {"cards": None}, "cards"), (NaturalChecker, {"seed": -5}, "seed"),
    (NaturalChecker, {"seed": "abc"}, "seed"), (NaturalChecker, {"seed": 1.5}, "seed"),
    (PlayerRuleExplorer, {"cards": "2 3 4"}, "cards"), (PlayerRuleExplorer, {"cards": 23}, "cards"),
    (TableauExplorer, {"banker_total": 8}, "banker_total"), (TableauExplorer, {"banker_total": "4"}, "banker_total"),
    (TableauExplorer, {"banker_total": True}, "banker_total"), (TableauExplorer, {"third_card": 10}, "third_card"),
    (TableauExplorer, {"third_card": [7]}, "third_card"), (TableauExplorer, {"third_card": 7.0}, "third_card"),
    (ShoeDealer, {"seed": -1}, "seed"), (ShoeDealer, {"seed": [1]}, "seed"), (ShoeDealer, {"decks": 0}, "decks"),
    (ShoeDealer, {"decks": "8"}, "decks"), (CoupBuilder, {"cards": 123}, "cards"),
    (SettleWidget, {"table": ["standard"]}, "table"), (SettleWidget, {"table": None}, "table"),
    (SettleWidget, {"bet": ["banker"]}, "bet"), (SettleWidget, {"bet": "Banker"}, "bet"),
    (SettleWidget, {"stake": "-5"}, "stake"), (SettleWidget, {"stake": "1e28"}, "stake"),
    (SettleWidget, {"stake": None}, "stake"), (SettleWidget, {"cards": None}, "cards"),
    (SettleWidget, {"seed": -5}, "seed"), (SettleWidget, {"decks": 9}, "decks"),
    (EdgeExplorer, {"decks": 8.0}, "decks"), (EdgeExplorer, {"decks": True}, "decks"),
    (EdgeExplorer, {"table": "vegas"}, "table"),
    (RemovalExplorer, {"removed": None}, "removed"), (RemovalExplorer, {"decks": 0}, "decks"),
    (RoadDealer, {"seed": "2024"}, "seed"), (RoadDealer, {"seed": np.random.default_rng(1)}, "seed"),
    (RoadDealer, {"decks": "6"}, "decks"),
    (PracticeDrill, {"kind": ["total"]}, "kind"), (PracticeDrill, {"kind": "test"}, "kind"),
    (PracticeDrill, {"difficulty": "1"}, "difficulty"), (PracticeDrill, {"difficulty": True}, "difficulty"),
    (PracticeDrill, {"seed": -1}, "seed"), (PracticeDrill, {"seed": 3.5}, "seed"),
    (PracticeDrill, {"test": "yes"}, "test"), (PracticeDrill, {"test": True, "questions": 0}, "questions"),
    (PracticeDrill, {"test": True, "questions": 10**9}, "questions"),
    (QuestionWidget, {"question": "What is 7 + 8?"}, "question"),
]


@pytest.mark.parametrize("cls, kwargs, name", BAD_ARGUMENTS, ids=lambda case: case_id(case, 40))
def test_every_constructor_refuses_a_bad_argument_by_name(cls, kwargs, name):
    before = live_widgets()
    with pytest.raises(BaccaratError) as raised:
        cls(**kwargs)
    message = str(raised.value)
    assert message.startswith(f"{name} must be") and len(message) < 200, message
    assert live_widgets() == before


def test_the_show_functions_check_like_their_classes():
    for show, kwargs in [(show_total_calculator, {"cards": 7}), (show_natural_checker, {"seed": -1}),
                         (show_player_rule, {"cards": "2"}), (show_tableau_explorer, {"third_card": "x"}),
                         (show_shoe_dealer, {"decks": 99}), (show_coup_builder, {"cards": None}),
                         (show_removal_explorer, {"decks": 9}), (show_final_test, {"seed": -3}),
                         (show_final_test, {"questions": 0}), (show_question, {"question": None})]:
        with pytest.raises(BaccaratError):
            show(**kwargs)


def test_a_huge_argument_is_quoted_short():
    # Messages stay under 200 characters whatever the input.
    for call in (lambda: show_settle_widget(table=HUGE), lambda: show_drill(kind=HUGE),
                 lambda: show_total_calculator(cards=list(HUGE)), lambda: show_natural_checker(cards=HUGE)):
        with pytest.raises(BaccaratError) as raised:
            call()
        assert len(str(raised.value)) < 200


def test_good_arguments_of_other_types_are_read_as_their_values():
    # numpy integers are whole numbers (operator.index); a registered PayTable stands for its name.
    from baccarat_lib.game.payouts import PAY_TABLES
    assert show_edge_explorer(decks=np.int64(6)).controller.decks.value == 6
    assert show_drill(difficulty=np.int8(2)).controller.difficulty.value == 2
    assert show_road_dealer(seed=np.uint32(7), decks=np.int16(1)).controller.roads.seed == 7
    assert show_tableau_explorer(banker_total=np.int64(3), third_card=None).controller.third_card.value == "stood"
    assert show_settle_widget(table=PAY_TABLES["ez"], bet="dragon-7").controller.table.value == "ez"
    # a number as stake: 250 on Banker, the worked coup (Banker wins): paid 250, commission 5% = 12.5, net 237.5
    widget = show_settle_widget(stake=250).controller
    assert widget.stake.value == "250" and widget.reading.settlement.net == decimal.Decimal("237.5")


def test_seed_none_picks_a_seed_and_shows_it():
    # The seed policy: None means fresh randomness; the boxes show the seed picked, so the drill can be replayed.
    drill = show_drill(seed=None).controller
    drill.start()
    assert drill.seed.seed is not None and drill.state.seed == drill.seed.seed
    dealer = show_road_dealer(seed=None, decks=1).controller
    assert dealer.roads.seed == dealer.seed.seed is not None


# ================================================================ every box and menu, fed garbage

def _fed_garbage(box, outputs, good, check_good, kinds=("error", "info")):
    """Feed every bad value to ``box`` (each shows an inline message), then ``good`` (the right result again)."""
    for bad in GARBAGE:
        box.value = bad
        _assert_inline(*outputs, kinds=kinds)
        box.value = good
        check_good()


def test_total_calculator_text_box():
    # Every text box, fed garbage, shows an inline message and keeps working.
    widget = show_total_calculator().controller

    def check_good():                                     # 9 + 9 = 18 → 8
        assert widget.total == 8 and "9 + 9 = 18" in _text(widget.output.value)
    _fed_garbage(widget.text, [widget.output], "9 9", check_good)


def test_coup_builder_text_box():
    widget = show_coup_builder().controller

    def check_good():
        assert "Banker wins 8–2." in _text(widget.result.value)
    _fed_garbage(widget.cards, [widget.result], WORKED, check_good)
    # Fifty thousand cards dealt P, B, P, B: Player K+K = 0, Banker 5+5 = 0; Player draws K (0), Banker on 0
    # draws 5 → 5: Banker wins 5–0 with 6 cards, and the rest are counted, not all listed (12 named,
    # 49,994 − 12 = 49,982 more).
    widget.cards.value = "K 5 " * 25_000
    text = _text(widget.result.value)
    assert "Banker wins 5–0." in text and "and 49982 more stay in the shoe" in text
    assert len(widget.result.value) < 6000


def test_settle_widget_stake_and_cards_boxes():
    widget = show_settle_widget().controller

    def check_good():                                     # 100 on Banker, Banker wins: net 100 − 5 = 95
        assert widget.reading.settlement.net == decimal.Decimal("95")
    _fed_garbage(widget.stake, [widget.result], "100", check_good, kinds=("error",))
    _fed_garbage(widget.cards, [widget.result], WORKED, check_good)


def test_settle_widget_huge_stake_is_said_clearly():
    # A stake of 10**28 is not "Something went wrong: InvalidOperation": the stake check of the game layer refuses
    # it and the widget shows that message inline; what no learner types as an amount (an exponent, 5,000
    # digits) gets the hint of the box that reads every typed number.
    widget = show_settle_widget().controller
    for huge, said in (("1" + "0" * 28, "⚠ stake must be"), ("1e28", "⚠ Type an amount of money"),
                       ("9" * 5000, "⚠ Type an amount of money"), ("1e999", "⚠ Type an amount of money")):
        widget.stake.value = huge
        assert widget.reading is None
        [(kind, text)] = _messages(widget.result)
        assert kind == "error" and text.startswith(said) and "Something went wrong" not in text
    widget.stake.value = "100"
    assert widget.reading.settlement.net == decimal.Decimal("95")


def test_settle_widget_is_exact_whatever_the_global_decimal_context():
    # Settling ignores Python's global decimal context: 1,234,567 on Banker, Banker wins:
    # commission 5% = 61,728.35, net 1,172,838.65, the bettor picks up 2,407,405.65; with prec = 4 as well.
    with decimal.localcontext() as context:
        context.prec = 4
        widget = show_settle_widget(stake="1234567").controller
        text = _text(widget.result.value)
    assert widget.reading.settlement.net == decimal.Decimal("1172838.65")
    assert "Net result | 1,172,838.65" in text and "stake + net) | 2,407,405.65" in text


def test_removal_explorer_text_box():
    widget = show_removal_explorer().controller
    # Blanks remove nothing: a full one-deck shoe, every change 0 (a good value, not an error).
    for blank in ("", "   ", "\t\n"):
        widget.removed.value = blank
        assert "bcl-message" not in widget.result.value and "+0.000" in widget.result.value
    for bad in [value for value in GARBAGE if value.strip()]:
        widget.removed.value = bad
        _assert_inline(widget.result, kinds=("error",))
        widget.removed.value = "5 5 5 5"
        assert "bcl-removal" in widget.result.value and "bcl-message" not in widget.result.value


def test_question_widget_text_box():
    widget = show_question(settle_question("banker", 100, WORKED)).controller
    for bad in GARBAGE:
        widget.controls.check.click() if not bad.strip() else None
        widget.answer(bad)
        _assert_inline(widget.feedback, kinds=("wrong", "info"))
        widget.answer("95")                               # 100 on Banker at 5%: net 95
        assert "Right!" in widget.feedback.value
    widget.answer("   ")                                  # a blank is asked for, not judged wrong
    assert _messages(widget.feedback) == [("info", "Type or choose an answer first.")]


def test_question_widget_buttons_accept_only_their_choices():
    widget = show_question(winner_question(WORKED)).controller
    widget.answer(HUGE)
    _assert_inline(widget.feedback, kinds=("wrong",))
    assert "Not quite" in widget.feedback.value                       # judged wrong: a hint and a second try
    widget.answer(HUGE)
    _assert_inline(widget.feedback, kinds=("wrong",))
    assert "Banker wins 8–2." in widget.feedback.value                # the second: the answer and why


def test_drill_answer_box_and_seed_box():
    drill = show_drill(kind="settle", seed=3).controller
    drill.start()
    for bad in GARBAGE:
        drill.restart()
        drill.controls.text.value = bad
        drill.controls.check.click()
        if bad in ("-5", "0"):                               # a number, wrong: judged and scored
            assert drill.state.score.asked == 1 and not drill.state.feedback.correct
            _assert_inline(drill.question, kinds=("wrong",))
        else:                                                # blank or not a number: said, not scored
            assert drill.state.score.asked == 0 and drill.state.feedback is None
            _assert_inline(drill.notice, kinds=("info",))
    # the seed box: anything that is not a whole number 0 or more is said inline, and the drill waits
    for bad in [value for value in GARBAGE if value != "0"] + ["-1", "3.5", "+", "1 2", "١٢", str(10**101)]:
        drill.seed.value = bad
        assert drill.state is None and drill.controls.box.children == () and drill.next_button.disabled
        [(kind, text)] = _messages(drill.notice)
        assert kind == "error" and text.startswith("⚠ seed must be a whole number 0 or more") and len(text) < 200
        assert drill.click("anything") is None
        drill.next()
        drill.seed.value = "3"
        assert drill.state.exercise == drill_exercises("settle", 1, 3, 1)[0] and shown_html(drill.notice) == ""


def test_drill_seed_box_takes_numbers_and_refuses_negative_ones():
    # The seed boxes in the drill and the road dealer say a negative seed is not a seed (an IntText would take -1;
    # a BoundedIntText(min=0) would clamp it to 0 without a word).
    drill = show_drill(seed=5).controller
    drill.start()
    drill.seed.value = -1
    assert drill.seed.value == "-1" and drill.state is None
    assert "seed must be a whole number 0 or more" in drill.notice.value and "not &#x27;-1&#x27;" in drill.notice.value
    drill.seed.value = np.int64(12)
    assert drill.state.seed == 12 and drill.state.exercise == drill_exercises("mixed", 1, 12, 1)[0]
    with pytest.raises(traitlets.TraitError):            # not a number nor text: the box itself refuses it
        drill.seed.value = 1.5
    assert drill.seed.value == "12"


def _menu_fed_garbage(menu, outputs, good, check_good):
    """A menu holds one of its options or None (nothing chosen): None is said inline; anything else is refused by
    the control itself (traitlets: the browser can only send an option), leaving the view as it was."""
    menu.value = None
    [(kind, text)] = [message for message in _messages(*outputs) if message[0] == "error"]
    assert text.startswith("⚠ Nothing is chosen in the ") and len(text) < 200
    menu.value = good
    check_good()
    shown = [output.value for output in outputs]
    for bad in ("garbage", HUGE, "", "   ", "😀", 99, -1, 2.5, ["x"]):
        if bad in [option[1] if isinstance(option, tuple) else option for option in menu.options]:
            continue
        with pytest.raises(traitlets.TraitError):
            menu.value = bad
        assert menu.value == good
    assert [output.value for output in outputs] == shown
    # every option gives a result, not an error
    for option in menu.options:
        menu.value = option[1] if isinstance(option, tuple) else option
        assert "bcl-error" not in "".join(output.value for output in outputs), (menu.description, option)
    menu.value = good
    check_good()


def test_drill_menus():
    drill = show_drill(seed=1).controller
    drill.start()

    def check_good():
        assert drill.state.exercise == drill_exercises(drill.kind.value, drill.difficulty.value, 1, 1)[0]
        assert shown_html(drill.notice) == ""
    _menu_fed_garbage(drill.kind, [drill.notice], "winner", check_good)
    _menu_fed_garbage(drill.difficulty, [drill.notice], 3, check_good)


def test_final_test_seed_box():
    test = show_final_test(seed=2024).controller
    test.start()
    for bad in ("-1", "", HUGE, "😀"):
        test.seed.value = bad
        assert test.state is None and "seed must be a whole number 0 or more" in test.notice.value
        test.restart_button.click()                       # Start again says it again
        assert test.state is None and "seed must be" in test.notice.value
    test.seed.value = "7"
    assert test.state.exercise == final_test(7, 10)[0]


def test_road_dealer_seed_box_and_menu():
    # The road dealer's seed box shows a bad seed inline (no silent clamping to 0) and keeps working.
    dealer = show_road_dealer(seed=5, decks=1).controller
    for bad in ("-1", "abc", "", "  ", HUGE, "١", "1.5"):
        dealer.seed.value = bad
        assert dealer.roads is None
        [(kind, text)] = _messages(dealer.result)
        assert kind == "error" and text.startswith("⚠ seed must be a whole number 0 or more")
        dealer.new_shoe.click()                           # no seed to move on from: said again, nothing dealt
        assert dealer.roads is None and dealer.seed.value == bad
    dealer.seed.value = " 5 "                             # spaces around are fine
    assert dealer.roads.seed == 5 and "Seed 5, 1 deck" in dealer.result.value
    dealer.decks.value = None
    assert dealer.roads is None and "Nothing is chosen in the Decks menu" in dealer.result.value
    with pytest.raises(traitlets.TraitError):
        dealer.decks.value = 9
    dealer.decks.value = 1
    assert dealer.roads.seed == 5 and dealer.roads.decks == 1


def test_natural_checker_menus():
    checker = show_natural_checker().controller

    def check_good():                                     # K 5 9 3: Player 0+9 = 9, a natural; Banker 5+3 = 8
        assert checker.reading.natural and "Player wins 9–8." in checker.output.value
    for menu, good in zip(checker.choices, ("K", "5", "9", "3")):
        _menu_fed_garbage(menu, [checker.output], good, check_good)


def test_player_rule_menus():
    player = show_player_rule().controller

    def check_good():                                     # 2 + 3 = 5: Player draws on 0–5
        assert player.reading.hand.total == 5 and player.reading.decision.draws
    _menu_fed_garbage(player.first, [player.output], "2", check_good)
    _menu_fed_garbage(player.second, [player.output], "3", check_good)


def test_tableau_explorer_buttons():
    tableau = show_tableau_explorer().controller

    def check_good():                                     # Banker 4 draws when Player's third card is 2–7: a 7
        assert tableau.reading.decision.draws and "Banker draws a third card." in tableau.result.value
    _menu_fed_garbage(tableau.banker_total, [tableau.result], 4, check_good)
    # No button pressed: Player stood (a valid reading). Banker then draws on 0–5, as Player would: 4 draws.
    tableau.third_card.value = None
    assert tableau.third_card.value == "stood" and "Player stood" in tableau.reading.decision.reason
    tableau.banker_total.value = 6                        # … and stands on 6
    assert not tableau.reading.decision.draws
    tableau.banker_total.value = 4
    for bad in ("garbage", 10, -1, 7.5, ["x"]):
        with pytest.raises(traitlets.TraitError):
            tableau.third_card.value = bad
    tableau.third_card.value = 7
    check_good()


def test_settle_widget_menus():
    settle = show_settle_widget().controller

    def check_good():                                     # 100 on Banker, Banker wins at 5%: net 95
        assert settle.reading.settlement.net == decimal.Decimal("95")
    _menu_fed_garbage(settle.table, [settle.result], "standard", check_good)
    _menu_fed_garbage(settle.bet, [settle.result], "banker", check_good)


def test_edge_and_removal_explorer_menus():
    edge = show_edge_explorer(decks=1).controller

    def edge_good():
        assert "Standard" in edge.result.value or "standard" in edge.result.value
        assert "bcl-error" not in edge.result.value
    _menu_fed_garbage(edge.table, [edge.result], "standard", edge_good)
    removal = show_removal_explorer().controller

    def removal_good():
        assert "bcl-removal" in removal.result.value and "bcl-error" not in removal.result.value
    _menu_fed_garbage(removal.decks, [removal.result], 1, removal_good)


def test_shoe_dealer_buttons_keep_working_past_the_end():
    # No box to type in; its buttons pressed past the last card or through many shoes never show an error.
    dealer = show_shoe_dealer(seed=1, decks=1).controller
    for _ in range(60):                                   # a 1-deck shoe (52 cards) runs out: a fresh one is shuffled
        for _ in range(8):
            dealer.next_card.click()
        assert dealer.finished and "bcl-error" not in dealer.table.value + dealer.status.value
        dealer.new_coup.click()
    assert dealer.run.number > 1


# ================================================================ the fallback

def test_the_fallback_shows_a_plain_sentence_and_logs_the_details(caplog):
    # safe_html's fallback for an unexpected exception never shows a Python repr or type name.
    def broken():
        return {}["<secret key>"]
    with caplog.at_level(logging.ERROR, logger="baccarat_lib.views"):
        html = safe_html(broken)
    [(kind, text)] = _messages(type("Out", (), {"value": html})())
    assert kind == "error" and text == f"⚠ {FALLBACK_MESSAGE}".replace("'", "&#x27;")
    assert "KeyError" not in html and "secret" not in html
    assert "KeyError" in caplog.text and "&lt;secret key&gt;" not in caplog.text      # the developer gets it all


def test_a_library_message_is_shown_short_and_escaped():
    html = safe_html(lambda: (_ for _ in ()).throw(BaccaratError("<b>" + "x" * 1000)))
    [(kind, text)] = _messages(type("Out", (), {"value": html})())
    assert kind == "error" and text.startswith("⚠ &lt;b&gt;xxx") and len(text) < 320


def test_check_option_matches_values_of_the_options_type():
    assert check_option("n", np.int64(2), [1, 2, 3]) == 2 and type(check_option("n", np.int64(2), [1, 2])) is int
    for bad in (True, 2.0, "2", [2], None):
        with pytest.raises(BaccaratError, match=r"^n must be one of 1, 2, 3, not "):
            check_option("n", bad, [1, 2, 3])


def test_seed_box_reads_only_whole_numbers():
    box = SeedBox(2024)
    assert box.value == "2024" and box.seed == 2024 and not box.continuous_update
    for text, seed in (("0", 0), (" 42 ", 42), ("007", 7), ("4294967296", 2**32)):
        box.value = text
        assert box.seed == seed
    for text in ("-1", "1e3", "0x10", "1_000", "١٢", "", " ", "+1", "1.0", "9" * 101):
        box.value = text
        assert box.seed is None
        with pytest.raises(BaccaratError, match="^seed must be a whole number 0 or more"):
            box.seed_or_error()
    with pytest.raises(BaccaratError, match=SEED_POLICY):
        SeedBox(-1)


# ================================================================ the drill closes the answer buttons it replaces

def test_drill_answers_do_not_pile_up_widgets():
    # The drill closes the answer buttons it replaces (6 widgets a question): 200 answered questions (each click, then Next) leave the live widget count as it was, within a few.
    drill = show_drill(kind="mixed", difficulty=1, seed=2024).controller
    drill.start()
    for _ in range(5):
        drill.click(drill.state.exercise.question.answer)
        drill.next()
    before = live_widgets()
    for _ in range(200):
        drill.click(drill.state.exercise.question.answer)
        drill.next()
    assert drill.state.score.right == 205
    assert live_widgets() - before <= 6            # at most one set of answer buttons more (3 buttons + styles)


def test_drill_seed_changes_do_not_pile_up_widgets():
    drill = show_drill(kind="mixed", difficulty=2, seed=1).controller
    drill.start()
    before = live_widgets()
    for seed in range(2, 202):
        drill.seed.value = seed
        drill.kind.value = KINDS[seed % len(KINDS)]
    assert drill.state.seed == 201
    assert live_widgets() - before <= 6


def test_the_other_widgets_stay_flat_too():
    question = show_question(total_question("7 8")).controller
    test = show_final_test(seed=2024).controller
    test.start()
    settle = show_settle_widget().controller
    dealer = show_shoe_dealer(seed=3).controller
    builder = show_coup_builder().controller
    before = live_widgets()
    for number in range(200):
        question.answer(str(number % 10))
        test.click(test.state.exercise.question.answer)
        test.next()
        if test.state.finished:
            test.restart()
        settle.deal.click()
        settle.table.value = ("standard", "ez")[number % 2]
        dealer.next_card.click()
        dealer.new_coup.click()
        builder.cards.value = ("K 5 9 3", "2 3 3 A 7 4", "junk")[number % 3]
    assert live_widgets() - before <= 6
