"""The widgets speak Vietnamese when the notebook chose it.

Every ``show_…()`` of ``baccarat_lib.views.widgets`` is built after ``set_language("vi")`` (here: inside
``using_language("vi")``), and what a learner sees is collected: control labels (descriptions), placeholders,
tooltips, menu and toggle labels, button texts, the HTML outputs with their tags stripped, and the plain-text
fallback. Two kinds of checks:

- no English-only word (``ENGLISH_ONLY``: words the glossary does not keep; *Player*, *Banker*, *shoe*, *dealer*,
  *Natural*, *seed* and the road names are kept on purpose) in the texts the widget modules write themselves;
  the same over everything visible, the lower layers' explanations included;
- a few labels and sentences written here by hand from docs/glossary.vi.md (Kiểm tra, Câu tiếp theo, Chia bài,
  ...), never printed by the code first.

The widgets' answers are saved in a progress store: each test gets its own, in its temporary folder.
"""

from __future__ import annotations

import html
import importlib
import inspect
import pkgutil
import re

import ipywidgets as widgets
import pytest

from baccarat_lib.i18n import language, using_language
from baccarat_lib.progress import ProgressStore
from baccarat_lib.teaching import natural_question, total_question
from baccarat_lib.views import widgets as w
from baccarat_lib.views.widgets.progress import ProgressPage

# English words a Vietnamese learner must not meet in a widget. Not listed, because the Vietnamese edition keeps
# them (glossary): Player, Banker, Natural, shoe, dealer, seed, Big Road, Bead Plate, Big Eye Boy, Small Road,
# Cockroach Pig, Dragon Bonus, Super 6, Lucky 6, Panda 8, EZ Baccarat, CSV, and JupyterLab's menu names in the
# fallback ("Run ▸ Run All Cells"). Not listed either: short words that are also Vietnamese ("to", "in", "a").
ENGLISH_ONLY = ("check", "next", "deal", "dealt", "draw", "draws", "stand", "stands", "stood", "win", "wins",
                "card", "cards", "coup", "coups", "bet", "bets", "stake", "deck", "decks", "clear", "cancel",
                "refresh", "practise", "question", "score", "streak", "difficulty", "drill", "the", "and", "of",
                "your", "type", "press", "choose", "has", "with", "tie", "hand", "total", "pays", "commission",
                "either", "pair", "standard", "answer", "answers", "lesson", "lessons", "skill", "right", "wrong",
                "yes", "delete", "export", "seconds", "target", "slow", "mixed", "first", "third", "nothing")
_ENGLISH = re.compile(r"(?<![\w'])(" + "|".join(ENGLISH_ONLY) + r")(?![\w'])", re.IGNORECASE)


@pytest.fixture(autouse=True)
def own_progress_store(tmp_path, monkeypatch):
    """Each test saves answers in its own temporary folder, never in the learner's."""
    monkeypatch.setenv("BACCARAT_PROGRESS_DIR", str(tmp_path / "progress"))
    monkeypatch.setattr("baccarat_lib.progress.store._SHARED", {})


# Every show_… of the library, built as a lesson builds it (show_question with an exercise).
SHOWS = {
    "show_question": lambda: w.show_question(total_question("7 8")),
    "show_total_calculator": w.show_total_calculator,
    "show_natural_checker": w.show_natural_checker,
    "show_player_rule": w.show_player_rule,
    "show_tableau_explorer": w.show_tableau_explorer,
    "show_shoe_dealer": w.show_shoe_dealer,
    "show_coup_builder": w.show_coup_builder,
    "show_settle_widget": w.show_settle_widget,
    "show_edge_explorer": w.show_edge_explorer,
    "show_removal_explorer": w.show_removal_explorer,
    "show_road_dealer": w.show_road_dealer,
    "show_drill": w.show_drill,
    "show_final_test": w.show_final_test,
    "show_weak_spots_drill": w.show_weak_spots_drill,
    "show_dealer_mode": w.show_dealer_mode,
    "show_progress": w.show_progress,
    "show_class_poll": w.show_class_poll,           # off the hub here: its one sentence
}


def _library_shows() -> set[str]:
    """The show_… functions defined in the widget modules (read from the modules, as the benchmark finds them)."""
    names = set()
    for module_info in pkgutil.iter_modules(w.__path__):
        module = importlib.import_module(f"{w.__name__}.{module_info.name}")
        names |= {name for name, value in vars(module).items()
                  if name.startswith("show_") and inspect.isfunction(value) and value.__module__ == module.__name__}
    return names


def _tree(widget):
    yield widget
    for child in getattr(widget, "children", ()) or ():
        yield from _tree(child)


def _plain(markup: str) -> str:
    """HTML as a learner reads it: no style sheet, no tags, entities decoded, single spaces."""
    text = re.sub(r"<style>.*?</style>", " ", markup, flags=re.S)
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", text)).split())


def _answer_buttons(view) -> set[int]:
    """The ids of a widget's answer buttons: their labels are the exercise's choices (the teaching layer's)."""
    controls = getattr(view.controller, "controls", None)
    return {id(button) for button in getattr(controls, "buttons", ())}


def control_texts(view) -> list[str]:
    """What the widget module writes on its controls: labels, placeholders, tooltips, toggle and menu labels of
    its own, button texts (not an exercise's answer choices), and the plain-text fallback."""
    foreign = _answer_buttons(view)
    texts = [repr(view)]
    for widget in _tree(view):
        if isinstance(widget, widgets.HTML) or id(widget) in foreign:
            continue
        texts += [value for value in (getattr(widget, "description", ""), getattr(widget, "placeholder", ""),
                                      getattr(widget, "tooltip", "")) if value and value != "\u200b"]
        if isinstance(widget, widgets.ToggleButtons):
            texts += list(widget._options_labels)
    return texts


def visible_texts(view) -> list[str]:
    """Everything a learner reads: the control texts, every menu's labels, answer buttons and the HTML outputs."""
    texts = [repr(view)]
    for widget in _tree(view):
        if isinstance(widget, widgets.HTML):
            texts.append(_plain(widget.value))
            continue
        texts += [value for value in (getattr(widget, "description", ""), getattr(widget, "placeholder", ""),
                                      getattr(widget, "tooltip", "")) if value and value != "\u200b"]
        if isinstance(widget, (widgets.ToggleButtons, widgets.Dropdown)):
            texts += list(widget._options_labels)
    return [text for text in texts if text]


def _english_words(texts) -> list[tuple[str, str]]:
    """Each English-only word found, with its text; file paths (the progress file's) are not words."""
    return [(match.group(0), text[:120]) for text in texts
            for match in _ENGLISH.finditer(re.sub(r"\S*/\S*", " ", text))]


def _build(name, start=True):
    """The widget built in Vietnamese; ``start``: Start pressed too (drills, the final test, dealer mode), so that
    what they show after it is checked as well."""
    with using_language("vi"):
        view = SHOWS[name]()
        if start and hasattr(view.controller, "start_button"):
            view.controller.start()
        return view


def test_every_widget_of_the_library_is_checked():   # All widgets, none forgotten
    assert set(SHOWS) == _library_shows()


def test_the_english_word_list_catches_english():   # the check itself can fail
    assert _english_words(["Check"]) and _english_words(["Player draws 7♦"])
    assert not _english_words(["Kiểm tra", "Player rút lá thứ ba.", "Seed của shoe", "Big Road"])


@pytest.mark.parametrize("name", sorted(SHOWS))
def test_the_widgets_own_labels_are_vietnamese(name):   # Widget labels, buttons, fallback
    view = _build(name)
    texts = control_texts(view)
    assert texts, name
    assert not _english_words(texts), _english_words(texts)
    assert language() == "en"                                  # using_language put English back


@pytest.mark.parametrize("name", sorted(SHOWS))
def test_everything_a_widget_shows_is_vietnamese(name):   # Explanations included
    texts = visible_texts(_build(name))
    assert not _english_words(texts), _english_words(texts)


# ---------------------------------------------------------------- labels written by hand from the glossary

def test_an_exercise_in_vietnamese():   # "Check (button) | Kiểm tra"
    view = _build("show_question")
    question = view.controller
    assert question.controls.check.description == "Kiểm tra"
    assert question.controls.text.placeholder == "câu trả lời của bạn"
    assert repr(view) == "Hãy chạy các ô phía trên và ô này (Run ▸ Run All Cells) để dùng bài tập này."
    # built in English, the same widget is as it always was
    english = w.show_question(total_question("7 8")).controller
    assert english.controls.check.description == "Check" and english.controls.text.placeholder == "your answer"


def test_an_exercise_built_before_set_language_is_shown_in_vietnamese():   # a question is data, worded when shown
    # 9 K: 9 + K -> 9 + 0 = 9, a natural. The question is built in English (an earlier cell), the widget after
    # set_language("vi"): prompt, buttons and the answer revealed come from the catalogs (msgstr filled by hand).
    question = natural_question("9 K")
    with using_language("vi"):
        exercise = w.show_question(question).controller
        exercise.show_answer()
    assert _plain(exercise.prompt.value) == "9 K có phải Natural không?"
    assert [button.description for button in exercise.controls.buttons] == ["có", "không"]
    assert _plain(exercise.feedback.value) == ("Đáp án đúng là có. 9 + K → 9 + 0 = 9. 8 hoặc 9 điểm với hai lá đầu "
                                               "là Natural.")
    english = w.show_question(question).controller          # and in English again, built after going back
    assert [button.description for button in english.controls.buttons] == ["yes", "no"]
    assert _plain(english.prompt.value) == "Is 9 K a natural?"


def test_the_drill_in_vietnamese():   # "Next question | Câu tiếp theo"
    drill = _build("show_drill", start=False).controller
    assert drill.next_button.description == "Câu tiếp theo"
    assert drill.kind.description == "Bài luyện" and drill.difficulty.description == "Độ khó"
    assert drill.restart_button.description == "Làm lại từ đầu"
    # the labels are translated, the values (codes) are not
    assert drill.difficulty.options[0] == ("1 · tổng điểm, Natural", 1)
    assert drill.kind.options[0] == ("Tổng hợp (theo độ khó)", "mixed")
    # before Start: "Press Start when you are ready: ..."; then question 1, nothing answered yet:
    # "Question 1 · Score: 0 of 0 · streak 0 (best 0)"
    assert drill.start_button.description == "Bắt đầu" and "Bấm Bắt đầu" in _plain(drill.question.value)
    with using_language("vi"):
        drill.start()
    assert "Câu 1 · Điểm: đúng 0/0 · chuỗi đúng 0 (dài nhất 0)" in _plain(drill.question.value)


def test_the_settle_widget_in_vietnamese():   # "Deal | Chia bài", bet names from the glossary
    settle = _build("show_settle_widget").controller
    assert settle.deal.description == "Chia bài"
    assert (settle.table.description, settle.bet.description, settle.stake.description, settle.cards.description) \
        == ("Bảng trả thưởng", "Cửa cược", "Tiền cược", "Lá bài")
    assert settle.cards.placeholder == "ví dụ 2♣ 3♥ 3♠ A♦ 7♦ 4♠"
    assert settle.bet.value == "banker"                         # the code stays English


def test_the_first_lessons_widgets_in_vietnamese():   # Draw / stand = rút / đứng
    checker = _build("show_natural_checker").controller
    assert checker.deal.description == "Chia 4 lá mới"
    assert [choice.description for choice in checker.choices] == ["Lá 1 → Player", "Lá 2 → Banker",
                                                                  "Lá 3 → Player", "Lá 4 → Banker"]
    # K 5 9 3: Player K+9 = 19 -> 9, Banker 5+3 = 8, both naturals
    text = _plain(checker.output.value)
    assert "Player có 9 điểm (K+9): Natural 9!" in text and "Banker có 8 điểm (5+3): Natural 8!" in text
    assert "Có Natural trên bàn: cả hai tay đứng, không ai rút lá thứ ba." in text

    rule = _build("show_player_rule").controller
    assert rule.first.description == "Lá thứ nhất của Player"
    # Player's rule: 0-5 draw, 6-7 stand (the glossary's rút / đứng under each total)
    strip = _plain(rule.output.value)
    assert all(f"{total} rút" in strip for total in range(6)) and "6 đứng 7 đứng" in strip

    calculator = _build("show_total_calculator").controller
    assert calculator.clear.description == "Xóa"
    assert calculator.rank_buttons[0].tooltip == "thêm lá A"


def test_the_tableau_explorer_in_vietnamese():
    explorer = _build("show_tableau_explorer").controller
    assert explorer.banker_total.description == "Tổng điểm Banker"
    assert explorer.third_card.description == "Lá thứ ba của Player"
    assert explorer.third_card.options[0] == ("Player đứng", "stood")
    # Banker 4 and Player's third card 7: the tableau says Banker draws on 2-7
    assert "Banker rút lá thứ ba." in _plain(explorer.result.value)


def test_the_road_dealer_in_vietnamese():   # The seed is a name, written as typed
    dealer = _build("show_road_dealer").controller
    assert (dealer.new_shoe.description, dealer.seed.description) == ("Chia shoe mới", "Mã xáo bài của shoe")
    text = _plain(dealer.result.value)
    assert text.startswith("Mã xáo bài 2024, 8 bộ bài: ") and "đến lá cắt" in text and "Hòa" in text
    assert "Shoe tiếp theo được chia theo đúng những luật đó, dù các bảng này cho thấy gì." in text


def test_inline_errors_of_the_widgets_in_vietnamese():   # Inline errors
    with using_language("vi"):
        calculator = w.show_total_calculator().controller
        calculator.text.value = "7 8 9 K"
        dealer = w.show_road_dealer().controller
        dealer.seed.value = "abc"
    assert ("một tay bài có hai hoặc ba lá, không bao giờ 4 lá: Player và Banker mỗi bên rút nhiều nhất một lá "
            "thứ ba") in _plain(calculator.output.value)
    assert ("Mã xáo bài phải là một số nguyên từ 0 trở lên, ví dụ 2024 (cùng mã xáo bài cho cùng kết quả), "
            "không phải 'abc'") in _plain(dealer.result.value)


def test_the_progress_page_in_vietnamese():   # confirmation, numbers
    store = ProgressStore(":memory:")
    store.record("total", "7 8", "5", True, 2.5, source="lesson", lesson="01_card_values")
    with using_language("vi"):
        page = ProgressPage(store)
        page.ask_reset()
    assert page.reset_button.description == "Xóa tiến độ…"
    assert page.confirm_button.description == "Có, xóa toàn bộ tiến độ của tôi"
    assert page.cancel_button.description == "Hủy"
    assert _plain(page.notice.value) == ("Xóa mọi câu trả lời đã lưu và bắt đầu lại? Một bản sao lưu của tệp tiến "
                                         "độ được giữ ngay cạnh tệp đó.")
    # one answer of 2.5 seconds: its median time, with a decimal comma (glossary: 9,5)
    assert "2,5 giây" in _plain(page.skills.value)
    assert "Kỹ năng" in _plain(page.skills.value)
    # lessons named by their titles in Vietnamese, as lessons/vi/01_card_values.ipynb's first heading has it
    assert "1. Giá trị lá bài và tổng điểm" in _plain(page.lessons.value)
    assert "01_card_values" not in page.lessons.value and "Card values" not in page.lessons.value


def test_dealer_mode_in_vietnamese():
    dealer = _build("show_dealer_mode", start=False).controller
    assert (dealer.restart_button.description, dealer.continue_button.description) == ("Làm lại từ đầu",
                                                                                          "Tiếp tục")
    assert dealer.start_button.description == "Bắt đầu"
    assert _plain(dealer.timer.value) == "Mục tiêu: 5 giây cho mỗi quyết định. Đồng hồ chạy khi bạn bấm Bắt đầu."
    with using_language("vi"):
        dealer.start()
    assert _plain(dealer.timer.value) == "Mục tiêu: 5 giây cho mỗi quyết định. Đồng hồ đang chạy."


# ---------------------------------------------------------------- nothing cut on the projector

def _widths(view):
    for widget in _tree(view):
        style = getattr(widget, "style", None)
        if getattr(widget, "description", "") and hasattr(style, "description_width"):
            yield widget.description, style.description_width
        if isinstance(widget, widgets.ToggleButtons) and any(not label.isdigit() for label in widget._options_labels):
            yield str(widget._options_labels), widget.style.button_width


@pytest.mark.parametrize("name", sorted(SHOWS))
def test_vietnamese_labels_are_never_cut_by_a_fixed_width(name):   # The projector layout
    # A fixed width (8em, 6em...) was chosen for the English words; Vietnamese labels are longer, so in Vietnamese
    # a label takes its own width ("initial", or "" for ipywidgets' default) and word buttons size themselves.
    fixed = [(label, width) for label, width in _widths(_build(name)) if width not in ("", "initial", "auto")]
    assert not fixed, fixed
