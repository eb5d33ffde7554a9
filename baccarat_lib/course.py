"""The course: its lessons in order and its editions, one per language. The one list of lessons everything reads.

Navigation (``tools/navigation.py``), the cell tags, the book's table of contents, the JupyterHub links and the
progress page all take the lessons, their titles and their exercises from here; tests/test_course.py checks the
list against the notebooks (each file listed exists, each notebook is listed, each first heading is the title).
Each ``Lesson`` declares its ``Exercise`` cells with the ``Build`` that makes each question again (for the class
hub's polls, ``teaching.polls``); ``EDITIONS`` holds one ``Edition`` per language, ``SOURCES`` the guides the lessons
cite; ``course_path`` is the one function that finds the course's own files, installed or in a clone.

>>> lesson(3).title("vi")
'Quy tắc rút của Player'
>>> [exercise.key for exercise in lesson("01_card_values").exercises]
['Q', '9 6', '4 9 8', '5 K 5']
>>> lesson_path(5, "vi").relative_to(lessons_folder()).as_posix()
'vi/05_a_whole_coup.ipynb'
"""

from __future__ import annotations

from pathlib import Path
from typing import NamedTuple

from .errors import BaccaratError, shown
from .i18n import LANGUAGES, _, language as current_language

__all__ = ["Exercise", "Build", "Lesson", "LESSONS", "Edition", "EDITIONS", "Source", "SOURCES", "course_path",
           "lessons_folder", "lessons", "lesson", "lesson_path"]

_PACKAGE = Path(__file__).resolve().parent
_INSTALLED = _PACKAGE / "_course"


class Build(NamedTuple):
    """How an exercise's question is made: a builder's ``name`` (``teaching.polls`` knows them), its positional
    ``arguments`` and its keyword ``options`` as ((name, value), ...): plain values (text, numbers, None, tuples)."""

    builder: str
    arguments: tuple = ()
    options: tuple = ()


class _ExerciseFields(NamedTuple):
    skill: str
    key: str


class Exercise(_ExerciseFields):
    """One exercise of a lesson: the ``skill`` and ``key`` its answers are saved under (what it compares as), and
    ``build``, how its question is made again (None: not declared)."""

    def __new__(cls, skill: str, key: str, build: Build | None = None):
        exercise = super().__new__(cls, skill, key)
        exercise.build = build
        return exercise

    def __repr__(self) -> str:
        return f"Exercise(skill={self.skill!r}, key={self.key!r}, build={self.build!r})"


class Lesson(NamedTuple):
    """One lesson: its number, its file's stem, its title in each language, its exercises and final test."""

    number: int
    stem: str
    titles: dict[str, str]
    exercises: tuple[Exercise, ...] = ()
    final_test: int = 0

    @property
    def file(self) -> str:
        """The notebook's file name, the same in every edition ("05_a_whole_coup.ipynb")."""
        return self.stem + ".ipynb"

    def title(self, language: str | None = None) -> str:
        """The title in ``language`` (None: the language the course speaks now), else in English."""
        language = current_language() if language is None else _check_language(language)
        return self.titles.get(language, self.titles["en"])


def _exercises(skill: str, builder: str, *keys: str) -> tuple[Exercise, ...]:
    """Exercises whose builder takes the key as its one argument (the cards: ``winner_question("7 2 A 5")``)."""
    return tuple(Exercise(skill, key, Build(builder, (key,))) for key in keys)


def _exercise(skill: str, key: str, builder: str, /, *arguments, **options) -> Exercise:
    return Exercise(skill, key, Build(builder, arguments, tuple(options.items())))


# The lessons in course order. Titles are the notebooks' first headings (a test compares them). Exercises are the
# lesson's show_question cells, in order, as (skill, key): the key is what the question builder makes of its
# arguments (the cards, "banker 100 at standard: ...", a seeded exercise's cards), never a translated prompt;
# then the builder and its arguments, so the question can be asked again elsewhere (a poll on the class hub).
LESSONS = (
    Lesson(0, "00_welcome", {"en": "Welcome to Punto Banco", "vi": "Chào mừng bạn đến với Punto Banco"},
           _exercises("winner", "winner_question", "7 2 A 5", "Q 4 8 5", "2 A 3 2 8")),
    Lesson(1, "01_card_values", {"en": "Card values and hand totals", "vi": "Giá trị lá bài và tổng điểm"},
           _exercises("total", "card_value_question", "Q")
           + _exercises("total", "total_question", "9 6", "4 9 8", "5 K 5")),
    Lesson(2, "02_naturals", {"en": "Naturals: 8 or 9 on the first two cards",
                              "vi": "Natural: 8 hoặc 9 ở hai lá đầu"},
           _exercises("natural", "natural_question", "6 2", "7 K", "3 2 4")
           + _exercises("winner", "winner_question", "4 9 4 K")),
    Lesson(3, "03_player_rule", {"en": "The Player rule", "vi": "Quy tắc rút của Player"},
           _exercises("player-draw", "player_draw_question", "A 4", "9 7", "K Q", "3 4")),
    Lesson(4, "04_banker_tableau", {"en": "The Banker's tableau", "vi": "Bảng rút bài của Banker"},
           (_exercise("tableau-source", "source 002", "published_table_question", "SOURCE_002_ROWS",
                      "source 002's table", key="source 002"),
            _exercise("banker-draw:5/4", "3 2 / 4", "banker_draw_question", "3 2", "4"),
            _exercise("banker-draw:6/9", "Q 6 / 9", "banker_draw_question", "Q 6", "9"),
            _exercise("banker-draw:3/0", "A 2 / K", "banker_draw_question", "A 2", "K"),
            _exercise("banker-draw:6/-", "4 2 / -", "banker_draw_question", "4 2", None))
           + _exercises("winner", "winner_question", "5 Q K 5 6 2")),
    Lesson(5, "05_a_whole_coup", {"en": "A whole coup, card by card", "vi": "Trọn một ván, từng lá một"},
           _exercises("winner", "winner_question", "7 6 Q J 5 2", "9 2 3 5 9 4", "4 3 2 3 9")
           + _exercises("coup-cards", "cards_used_question", "6 2 A 3 K 5 8")),
    Lesson(6, "06_payouts", {"en": "Payouts: what each bet pays", "vi": "Tiền trả: mỗi cửa cược được trả bao nhiêu"},
           (_exercise("settle", "banker 100 at standard: 2♣ 3♥ 3♠ A♦ 7♦ 4♠", "settle_question",
                      "banker", 100, "2♣ 3♥ 3♠ A♦ 7♦ 4♠", "standard"),
            _exercise("settle", "banker 200 at standard: 2 A 3 2 8", "settle_question",
                      "banker", 200, "2 A 3 2 8", "standard"),
            _exercise("settle", "banker 40 at no-commission: K 3 5 3 9", "settle_question",
                      "banker", 40, "K 3 5 3 9", "no-commission"),
            _exercise("settle", "tie 10 at tie-9: 2 A 3 2 8", "settle_question", "tie", 10, "2 A 3 2 8", "tie-9"),
            _exercise("pair", "player: J♠ 5 Q♥ 4", "pair_question", "J♠ 5 Q♥ 4"),
            _exercise("settle", "dragon-bonus-banker 20 at standard: K 5 A 3", "settle_question",
                      "dragon-bonus-banker", 20, "K 5 A 3", "standard"),
            _exercise("settle", "either-pair 10 at standard: 5♠ 8♦ 3♣ 8♥", "settle_question",
                      "either-pair", 10, "5♠ 8♦ 3♣ 8♥", "standard"))),
    Lesson(7, "07_odds_and_house_edge", {"en": "Odds and the house edge", "vi": "Xác suất và lợi thế nhà cái"},
           (_exercise("odds", "wins more, 8-deck shoe", "wins_more_question", decks=8),
            _exercise("odds", "lowest edge, 8-deck shoe: Banker (standard), Player (standard), Tie (tie-9), "
                      "Banker (no-commission)", "lowest_edge_question", decks=8),
            _exercise("odds", "no commission, 8-deck shoe", "no_commission_question", decks=8),
            _exercise("odds", "lowest edge, 8-deck shoe: Tie (standard), Tie (tie-9), Player Pair (standard), "
                      "Dragon 7 (ez)", "lowest_edge_question",
                      (("tie", "standard"), ("tie", "tie-9"), ("player-pair", "standard"), ("dragon-7", "ez")),
                      decks=8))),
    Lesson(8, "08_scoreboards_and_streaks", {"en": "Scoreboards and streaks", "vi": "Bảng kết quả và chuỗi"},
           (_exercise("roads", "columns: B B T P P B T P B B B", "columns_question", "B B T P P B T P B B B"),
            _exercise("roads", "dragon tail: 8 B, 6 rows", "dragon_tail_question", 8),
            _exercise("roads", "bead plate: coup 14, 6 rows", "bead_question", 14),
            # the longest streak counted in lesson 08's simulation: 3,000,000 coups of an 8-deck shoe, seed 2024
            _exercise("streaks", "6 B in a row", "simulated_streak_question", 3_000_000, 8, 2024, 6),
            _exercise("derived-roads", "Big Eye Boy: B B P T P B B B P P + P", "derived_road_question",
                      "B B P T P B B B P P", 1, "player"),
            _exercise("derived-roads", "Small Road: B P P B B B P B B P P P + P", "derived_road_question",
                      "B P P B B B P B B P P P", 2, "player"),
            _exercise("derived-roads", "Cockroach Pig: P P B P P P B B P B B B P + B", "derived_road_question",
                      "P P B P P P B B P B B B P", 3, "banker"))),
    Lesson(9, "09_practice", {"en": "Practice: drills with instant feedback",
                              "vi": "Luyện tập: bài luyện có phản hồi ngay"},
           (_exercise("banker-draw:6/5", "A♠ 5♣ / 5♠", "make_exercise", "banker-draw", difficulty=3, seed=6),
            _exercise("banker-draw:5/7", "A♦ 4♦ / 7♠", "make_exercise", "banker-draw", difficulty=3, seed=12),
            _exercise("winner", "6♣ 4♣ 9♠ 10♥ A♥ 7♦", "make_exercise", "winner", difficulty=3, seed=5)),
           final_test=10),
    Lesson(10, "10_counting_and_variants", {"en": "Going further: card counting and Chemin de Fer",
                                            "vi": "Đi xa hơn: đếm bài và Chemin de Fer"},
           (_exercise("counting", "best removal, banker at standard, 8-deck shoe", "best_removal_question",
                      "banker", "standard", decks=8),
            _exercise("counting", "best removal, dragon-7 at ez, 8-deck shoe", "best_removal_question",
                      "dragon-7", "ez", decks=8),
            # lesson 10's shoe: every bet's exact edge through one 8-deck shoe, seed 2024, standard table
            _exercise("counting", "positive coups, panda-8, 82 coups", "shoe_positive_question", 8, 2024,
                      "standard", "panda-8"),
            _exercise("counting", "positive coups, banker, 82 coups", "shoe_positive_question", 8, 2024,
                      "standard", "banker"),
            _exercise("counting", "Player's 5, 8-deck shoe", "five_question", decks=8))),
    Lesson(11, "11_my_progress", {"en": "My progress", "vi": "Tiến độ của tôi"}),
)


class Edition(NamedTuple):
    """One edition of the course: its ``language``, that language's word for "Contents" (the heading of lesson
    00's list, which every navigation bar links to) and its word for "Source" (a cited guide, "Source 002")."""

    language: str
    contents: str
    source: str

    @property
    def name(self) -> str:
        """The language's own name ("Tiếng Việt"), as the other editions' links show it."""
        return LANGUAGES[self.language]

    @property
    def folder(self) -> Path:
        """The folder of this edition's notebooks."""
        return lessons_folder(self.language)


# English first: its lessons are the course's root folder; every other edition is a subfolder named by its code.
EDITIONS = {"en": Edition("en", "Contents", "Source"), "vi": Edition("vi", "Mục lục", "Nguồn")}


class Source(NamedTuple):
    """A guide the course cites by ``number`` ("002"), and what it is (language -> a few words)."""

    number: str
    descriptions: dict[str, str]

    def description(self, language: str | None = None) -> str:
        """What the guide is, in ``language`` (None: the language the course speaks now), else in English."""
        language = current_language() if language is None else _check_language(language)
        return self.descriptions.get(language, self.descriptions["en"])


# The five Vietnamese guides to Punto Banco the rules and examples were checked against (where they disagree, the
# course says which is right: source 002's Banker table is misprinted, lesson 04). Lessons cite them by number;
# lesson 00 lists them (tools/navigation.py writes that list) and a lesson's first citation links there.
SOURCES = (
    Source("000", {"en": "a Vietnamese guide to the Punto Banco rules: totals, naturals, both drawing rules, the push "
                         "on a tie and the scoreboards; the tie worked in lessons 00 and 06 is its example",
                   "vi": "một bài hướng dẫn luật Punto Banco bằng tiếng Việt: tổng điểm, Natural, quy tắc rút của hai "
                         "tay, hoàn cược khi hòa và bảng kết quả; ván hòa ở bài 00 và 06 là ví dụ của nguồn này"}),
    Source("001", {"en": "a Vietnamese rule sheet that plays one coup step by step (2♣ 3♥ 3♠ A♦ 7♦ 4♠, Banker wins "
                         "8–2), the coup of lessons 00, 03, 05 and 06",
                   "vi": "một bản tóm tắt luật bằng tiếng Việt, chơi từng bước một ván (2♣ 3♥ 3♠ A♦ 7♦ 4♠, Banker "
                         "thắng 8–2), ván của bài 00, 03, 05 và 06"}),
    Source("002", {"en": "a casino's rules page in Vietnamese: a Banker table with printing mistakes (lesson 04), the "
                         "no-commission table, Super Six at 11:1 and a commission collected separately (lesson 06)",
                   "vi": "trang luật chơi bằng tiếng Việt của một sòng bài: một bảng rút bài của Banker in sai (bài "
                         "04), bàn không hoa hồng, Super 6 trả 11:1 và hoa hồng thu riêng (bài 06)"}),
    Source("003", {"en": "a short Vietnamese guide to scoring and the third-card rules, with a coup where Banker 4 "
                         "draws on Player's third card 6",
                   "vi": "một bài hướng dẫn ngắn bằng tiếng Việt về cách tính điểm và quy tắc rút lá thứ ba, với một "
                         "ván Banker 4 rút khi lá thứ ba của Player là 6"}),
    Source("004", {"en": "an encyclopedia article on baccarat, machine-translated into Vietnamese, that publishes each "
                         "outcome's probability and each main bet's house edge for 6 and 8 decks (lesson 07)",
                   "vi": "một bài bách khoa về baccarat, dịch máy sang tiếng Việt, công bố xác suất của mỗi kết quả "
                         "và lợi thế nhà cái của mỗi cửa chính với 6 và 8 bộ bài (bài 07)"}),
)


def _check_language(language) -> str:
    if language not in EDITIONS:
        raise BaccaratError(_("language must be one of {accepted}, not {value}").format(
            accepted=", ".join(f'"{code}"' for code in EDITIONS), value=shown(language)))
    return language


def course_path(*parts: str) -> Path:
    """The course file or folder ``parts`` (``course_path("lessons", "vi")``): inside the package when installed from
    a wheel (``baccarat_lib/_course/``, put there by tools/hatch_build.py), else the clone's own top-level folders."""
    root = _INSTALLED if _INSTALLED.is_dir() else _PACKAGE.parent
    return root.joinpath(*parts)


def lessons_folder(language: str = "en") -> Path:
    """The folder of ``language``'s lessons: the course's ``lessons/`` for English, ``lessons/<code>/`` for the
    others."""
    root = course_path("lessons")
    return root if _check_language(language) == "en" else root / language


def lessons(language: str = "en") -> tuple[Lesson, ...]:
    """The lessons of ``language``'s edition, in course order (those with a title in that language)."""
    language = _check_language(language)
    return tuple(item for item in LESSONS if language in item.titles)


def lesson(which) -> Lesson:
    """One lesson, by its number (5, "5", "05") or its file name ("05_a_whole_coup", with or without .ipynb)."""
    if isinstance(which, Lesson):
        return which
    for item in LESSONS:
        if (type(which) is int and which == item.number) or (
                isinstance(which, str) and which.strip() in (item.stem, item.file, str(item.number),
                                                             f"{item.number:02d}")):
            return item
    raise BaccaratError(_("lesson must be a lesson's number (0 to {last}) or file name such as {example}, "
                          "not {value}").format(last=LESSONS[-1].number, example=f'"{LESSONS[5].stem}"',
                                                value=shown(which)))


def lesson_path(which, language: str = "en") -> Path:
    """The notebook of one lesson (see ``lesson``) in ``language``'s edition."""
    return lessons_folder(language) / lesson(which).file
