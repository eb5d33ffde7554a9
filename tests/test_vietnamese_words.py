"""What a Vietnamese learner reads is Vietnamese, in the words of the glossary (docs/glossary.vi.md).

- **No English**: every Vietnamese lesson's saved outputs, its saved widget state and its live widgets (built again
  here in Vietnamese, by the lesson's own code cells) hold no English word outside the glossary's list of names
  kept ("Tên giữ nguyên"). A word counts as English when it has no Vietnamese letter and cannot be a Vietnamese
  syllable written without a tone mark (``could_be_vietnamese``: "theo", "khi", "xanh" can, "draw", "seed",
  "total", "not" cannot); code (`...`, '...'), paths and links are not read.
- **One word per thing**: no catalog translation and no built Vietnamese lesson uses a variant the glossary
  forbids (its column "Không dùng"), except inside quotation marks “…” (a source quoted) or code.
- The glossary itself is written in Vietnamese and names a source guide for every term.
- **The library's catalogs** (class view, widgets, views and alt texts, explanations, road verdicts, progress page,
  hints) hold no English outside the kept names, their placeholders, quoted input and code names; and a card's
  point value ("worth 0") is said one way, "tính 0 điểm", by one message that card faces and explanations share.

The syllable rule is written here from Vietnamese spelling, not from the course's texts: an onset, a vowel
nucleus that needs no diacritic, and a final; a syllable ending in p, t, c or ch always carries a tone mark.
"""

from __future__ import annotations

import ast
import html
import json
import re
from pathlib import Path

import ipywidgets as widgets
import pytest
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parent.parent
GLOSSARY = ROOT / "docs" / "glossary.vi.md"
VI_LESSONS = sorted((ROOT / "lessons" / "vi").glob("[0-9][0-9]_*.ipynb"))
CATALOGS = sorted((ROOT / "baccarat_lib" / "locale" / "vi").rglob("*.po"))

VIETNAMESE_LETTERS = re.compile(r"[àáảãạăằắẳẵặâầấẩẫậđèéẻẽẹêềếểễệìíỉĩịòóỏõọôồốổỗộơờớởỡợùúủũụưừứửữựỳýỷỹỵ]", re.I)
_ONSETS = "ngh|ng|nh|ch|gh|gi|kh|ph|qu|th|tr|b|c|d|g|h|k|l|m|n|p|r|s|t|v|x|"
_NUCLEI = "oai|oay|uya|uyu|uay|ai|ao|au|ay|eo|ia|iu|oa|oe|oi|ua|ui|uy|ue|a|e|i|o|u|y"
_FINALS = "ng|nh|m|n|"                      # p, t, c, ch need a tone mark: a bare "not" or "hat" is not Vietnamese
_TONELESS_SYLLABLE = re.compile(rf"(?:{_ONSETS})(?:{_NUCLEI})(?:{_FINALS})", re.I)


def could_be_vietnamese(word: str) -> bool:
    """Whether ``word`` can be Vietnamese: it has a Vietnamese letter, or each part is a toneless syllable."""
    return bool(VIETNAMESE_LETTERS.search(word)) or all(_TONELESS_SYLLABLE.fullmatch(part) for part in word.split("-"))


def test_the_syllable_rule_tells_the_two_languages_apart():
    # worked by hand: Vietnamese words written without diacritics, and English words of the course
    for word in ("theo", "khi", "xanh", "nhau", "quy", "ngay", "trong", "chia", "hoa", "gian", "ra"):
        assert could_be_vietnamese(word), word
    for word in ("draw", "seed", "total", "not", "Tie", "standard", "settle", "compare", "winner", "does", "tie-9"):
        assert not could_be_vietnamese(word), word


# ---------------------------------------------------------------- what the glossary decides

def _glossary_section(title: str) -> str:
    text = GLOSSARY.read_text(encoding="utf-8")
    match = re.search(rf"^## {re.escape(title)}\n(.*?)(?=^## |\Z)", text, flags=re.M | re.S)
    assert match, f"docs/glossary.vi.md has no section '## {title}'"
    return match.group(1)


def kept_names() -> set[str]:
    """The English words a Vietnamese learner may meet: the glossary's "Tên giữ nguyên", each in `code`."""
    return set(re.findall(r"`([^`]+)`", _glossary_section("Tên giữ nguyên")))


def glossary_terms() -> list[dict]:
    """The glossary's table of terms: concept, Vietnamese term, sources, forbidden variants."""
    rows = []
    for line in _glossary_section("Thuật ngữ").splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) != 4 or cells[0] in ("", "Khái niệm (tiếng Anh)") or set(cells[0]) <= set("-"):
            continue
        rows.append({"concept": cells[0], "term": cells[1], "sources": cells[2],
                     "forbidden": [variant.strip() for variant in cells[3].split(",") if variant.strip()]})
    return rows


def test_the_glossary_is_written_in_vietnamese_and_cites_its_sources():
    prose = [line for line in GLOSSARY.read_text(encoding="utf-8").splitlines()
             if line and not line.startswith(("|", "`"))]
    vietnamese = [line for line in prose if VIETNAMESE_LETTERS.search(line)]
    assert len(vietnamese) >= 0.9 * len(prose), set(prose) - set(vietnamese)
    terms = glossary_terms()
    assert len(terms) >= 40
    for row in terms:
        assert re.search(r"\b00[0-4]\b|cả năm nguồn|khóa học", row["sources"]), row
    assert {"Player", "Banker", "Natural", "shoe", "dealer"} <= kept_names()
    assert not {"seed", "Tie", "standard", "total"} & kept_names()       # the words the issue found must not hide


def test_one_term_per_concept():
    # a forbidden variant is never another row's term: the table cannot contradict itself
    terms = {row["term"] for row in glossary_terms()}
    for row in glossary_terms():
        assert not set(row["forbidden"]) & terms, row


# Code names a lesson still prints (lesson stem -> (words, the fix)); none left: every lesson is held to the rule.
PENDING: dict[str, tuple[set, str]] = {}


# ---------------------------------------------------------------- the texts

_QUOTED = re.compile(r"“[^”]*”|`[^`]*`")


def _without_quotes(text: str) -> str:
    return _QUOTED.sub(" ", text)


def _variant_pattern(variant: str, term: str) -> re.Pattern:
    """A forbidden variant as a whole word; case matters only when it differs from the term by case alone."""
    flags = 0 if variant.lower() in term.lower() else re.IGNORECASE
    return re.compile(rf"(?<![\w`-]){re.escape(variant)}(?![\w`-])", flags)


def _catalog_translations():
    for path in CATALOGS:
        with path.open("rb") as file:
            catalog = read_po(file)
        for message in catalog:
            if message.id and message.string:
                strings = message.string if isinstance(message.string, tuple) else (message.string,)
                for string in strings:
                    yield f"{path.parent.name}/{path.name}", string


def _lesson_markdown_and_outputs(path: Path, markdown: bool = True):
    """(cell number, text) of a lesson's prose (``markdown``; not the generated navigation) and its outputs."""
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    for index, cell in enumerate(cells):
        if markdown and cell["cell_type"] == "markdown" and "navigation" not in cell.get("metadata", {}).get("tags", []):
            yield index, "".join(cell["source"])
        for output in cell.get("outputs", []):
            if "text" in output:
                yield index, "".join(output["text"])
            for kind, data in output.get("data", {}).items():
                if kind in ("text/plain", "text/html", "text/markdown"):
                    yield index, "".join(data) if isinstance(data, list) else data


def test_catalogs_and_lessons_use_no_forbidden_variant():
    patterns = [(row["term"], variant, _variant_pattern(variant, row["term"]))
                for row in glossary_terms() for variant in row["forbidden"]]
    found = []
    sources = [(where, text, set()) for where, text in _catalog_translations()]
    sources += [(f"lessons/vi/{path.name} cell {index}", text, PENDING.get(path.stem, (set(), ""))[0])
                for path in VI_LESSONS for index, text in _lesson_markdown_and_outputs(path)]
    for where, text, pending in sources:
        plain = _without_quotes(text)
        found += [f"{where}: '{variant}' (say '{term}')" for term, variant, pattern in patterns
                  if variant not in pending and pattern.search(plain)]
    assert not found, "\n".join(found[:40])


def test_a_forbidden_variant_is_found():
    # the check above can fail: a sentence with a variant is caught, the same words quoted are not
    [row] = [row for row in glossary_terms() if row["term"] == "người đặt cược"]
    pattern = _variant_pattern("người cược", row["term"])
    assert pattern.search(_without_quotes("Lợi thế nhỏ hơn 0 thì người cược có lợi."))
    assert not pattern.search(_without_quotes("Nguồn 002 viết “người cược”."))
    natural = _variant_pattern("natural", "Natural (Natural 8, Natural 9)")
    assert natural.search("không có natural") and not natural.search("không có Natural")


# ---------------------------------------------------------------- no English

_CODE = re.compile(r"`[^`]*`|'[^'\n]*'|\"[a-z_-]+\"|\b\w+\(\S*?\)|\S+/\S+|\S+\.(?:ipynb|py|csv|sqlite3)\b|"
                   r"https?://\S+|[~.]?/\S+")
_WORD = re.compile(r"[^\W\d_]+(?:-[^\W\d_]+)*")


def english_words(text: str, kept: set[str]) -> list[str]:
    """The words of ``text`` a Vietnamese reader would read as English (code, paths and kept names aside)."""
    text = re.sub(r"<(style|script)\b.*?</\1>", " ", text, flags=re.S | re.I)
    text = html.unescape(re.sub(r"<[^>]+>", " ", text))
    text = _CODE.sub(" ", text)
    return [word for word in _WORD.findall(text)
            if word not in kept and max(len(part) for part in word.split("-")) > 1   # card ranks: A, J-Q-K
            and not could_be_vietnamese(word)]


def test_english_words_are_found():
    kept = kept_names()
    assert english_words("Tie 1921/9240 and Player 44", kept) == ["Tie", "and"]
    assert english_words("Banker (standard)", kept) == ["standard"]
    assert english_words("Cùng seed luôn cho cùng câu hỏi.", kept) == ["seed"]
    assert english_words("Player thắng 7–6; shoe mới, `settle('banker')` và 'banker-draw:5/4'.", kept) == []


def _widget_state_texts(notebook: dict):
    state = notebook.get("metadata", {}).get("widgets", {}).get("application/vnd.jupyter.widget-state+json", {})
    for model in state.get("state", {}).values():
        values = model.get("state", {})
        for key in ("description", "placeholder", "tooltip", "_options_labels", "value", "icon_text"):
            value = values.get(key)
            if model.get("model_name") in ("TextModel", "TextareaModel") and key == "value":
                continue                                          # what a learner typed, not what the page says
            if isinstance(value, str):
                yield value
            elif isinstance(value, list):
                yield from (item for item in value if isinstance(item, str))


@pytest.mark.parametrize("path", VI_LESSONS, ids=lambda path: path.stem)
def test_saved_outputs_and_widget_state_hold_no_english(path):
    notebook = json.loads(path.read_text(encoding="utf-8"))
    kept, found = kept_names(), []
    pending, _fix = PENDING.get(path.stem, (set(), ""))
    for index, text in _lesson_markdown_and_outputs(path, markdown=False):
        found += [f"cell {index}: {word}" for word in english_words(text, kept) if word not in pending]
    for text in _widget_state_texts(notebook):
        found += [f"widget state: {word} in {text[:80]!r}" for word in english_words(text, kept)]
    assert not found, f"{path.name}: {sorted(set(found))[:30]}"


# ---------------------------------------------------------------- live widgets, built from the lessons' code

def _lesson_code(path: Path) -> list[str]:
    """A Vietnamese lesson's code cells, in order (the first sets the language)."""
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    return ["".join(cell["source"]) for cell in cells if cell["cell_type"] == "code"]


def _run_cell(source: str, namespace: dict, name: str):
    """Run a cell as the notebook does; the value of its last line if that is an expression (what it shows)."""
    tree = ast.parse(source)
    last = tree.body.pop() if tree.body and isinstance(tree.body[-1], ast.Expr) else None
    exec(compile(tree, name, "exec"), namespace)
    return eval(compile(ast.Expression(last.value), name, "eval"), namespace) if last else None


def _widget_texts(view) -> list[str]:
    texts = []
    stack = [view]
    while stack:
        widget = stack.pop()
        stack.extend(getattr(widget, "children", ()) or ())
        for name in ("description", "placeholder", "tooltip"):
            value = getattr(widget, name, "")
            if isinstance(value, str) and value:
                texts.append(value)
        if isinstance(widget, (widgets.HTML, widgets.Label, widgets.Button, widgets.HTMLMath)):
            texts.append(getattr(widget, "value", "") or "")
        if hasattr(widget, "_options_labels"):
            texts += list(widget._options_labels)
    return texts


@pytest.mark.parametrize("path", VI_LESSONS, ids=lambda path: path.stem)
def test_live_widgets_built_in_vietnamese_hold_no_english(path, tmp_path, monkeypatch):
    # the lesson's code runs here, top to bottom, as in the notebook; every widget a cell shows is read
    monkeypatch.setenv("BACCARAT_PROGRESS_DIR", str(tmp_path / "progress"))
    monkeypatch.setattr("baccarat_lib.progress.store._SHARED", {})
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from baccarat_lib.i18n import set_language
    kept, found, views, namespace = kept_names(), [], 0, {}
    try:
        for number, source in enumerate(_lesson_code(path)):
            shown = _run_cell(source, namespace, f"{path.name}: code cell {number}")
            plt.close("all")
            if isinstance(shown, widgets.Widget):
                views += 1
                for text in _widget_texts(shown):
                    found += [f"code cell {number}: {word}" for word in english_words(text, kept)]
    finally:
        set_language("en")
        plt.close("all")
    assert views, f"{path.name} shows no widget"
    assert not found, f"{path.name}: {sorted(set(found))[:30]}"


def test_the_english_edition_is_not_held_to_it():
    # a guard that the scan reads words at all: an English lesson's outputs are full of them
    english = ROOT / "lessons" / "03_player_rule.ipynb"
    words = [word for _index, text in _lesson_markdown_and_outputs(english, markdown=False)
             for word in english_words(text, kept_names())]
    assert {"draw", "stand"} <= set(words)



# ---------------------------------------------------------------- the library's catalogs, as reviewed

# The catalogs of the texts a learner or a teacher reads: the class view (hub), widgets and the class poll, views and
# plots' alt texts, explanations (game), road verdicts (analysis), the progress page (progress), hints (teaching).
REVIEWED = ("hub", "widgets", "views", "game", "analysis", "progress", "teaching", "base")
# Python's own names an argument error may name (code, not English a learner has to read)
_PYTHON_NAMES = {"None", "True", "False", "list", "tuple", "dict", "int", "float", "numpy", "Fraction", "Decimal",
                 "datetime", "UTC"}


def _library_class_names() -> set[str]:
    """The classes the library defines (Coup, Card, Settlement...): an argument error names them as code."""
    return {node.name for path in (ROOT / "baccarat_lib").rglob("*.py")
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))) if isinstance(node, ast.ClassDef)}


def catalog_english_words(text: str, kept: set[str], code_names: set[str]) -> list[str]:
    """``english_words`` of a catalog string, its placeholders, quoted examples and code names aside."""
    names = "|".join(sorted(code_names, key=len, reverse=True))
    code = re.compile(rf'\{{[^{{}}]*\}}|"[^"]*"|[\w.]*[_.=][\w.]*\w|\b(?:{names})\b')
    return english_words(code.sub(" ", text), kept)


def _reviewed_translations():
    for domain in REVIEWED:
        with (ROOT / "baccarat_lib" / "locale" / "vi" / "LC_MESSAGES" / f"{domain}.po").open("rb") as file:
            for message in read_po(file):
                if message.id and message.string:
                    ids = message.id if isinstance(message.id, tuple) else (message.id,)
                    strings = message.string if isinstance(message.string, tuple) else (message.string,)
                    yield domain, ids[0], strings


def test_the_reviewed_catalogs_hold_no_english():
    kept, code_names = kept_names(), _PYTHON_NAMES | _library_class_names()
    found = [f"{domain}.po: {words} in {string!r}" for domain, _msgid, strings in _reviewed_translations()
             for string in strings if (words := catalog_english_words(string, kept, code_names))]
    assert not found, "\n".join(found[:40])


def test_an_english_leftover_in_a_catalog_is_found():
    # the check above can fail: English left in a translation is caught; code, quoted input and kept names are not
    kept, code_names = kept_names(), _PYTHON_NAMES | _library_class_names()
    assert catalog_english_words("Cược được hoàn (push): bạn nhận lại tiền cược {stake}", kept, code_names) == ["push"]
    assert catalog_english_words("số ván đã chia (thang log)", kept, code_names) == ["log"]
    assert catalog_english_words("Đối số `coup` phải là một Coup (từ play_coup), không phải {value}", kept,
                                 code_names) == []
    assert catalog_english_words('hãy viết "Banker", "Player" hoặc "Tie"; kernel khởi động lại', kept,
                                 code_names) == []


_WORTH = re.compile(r"\bworth (\{\w+\}|\d+)")


def card_value_wording_problems(msgid: str, string: str) -> list[str]:
    """Where a translation says a card's "worth N" otherwise than the glossary's one wording, "tính N điểm"."""
    return [f"'worth {value}' is not said 'tính {value} điểm'" for value in _WORTH.findall(msgid)
            if f"tính {value} điểm" not in string]


def test_a_card_s_value_is_said_one_way_in_every_catalog():
    found = [f"{domain}.po: {problem}: {string!r}" for domain, msgid, strings in _reviewed_translations()
             for string in strings for problem in card_value_wording_problems(msgid, string)]
    assert not found, "\n".join(found)


def test_another_card_value_wording_is_found():
    # the wordings the views and the explanations used before they shared one message
    assert card_value_wording_problems("{card}, worth {value}", "{card}, giá trị {value}")
    assert card_value_wording_problems("a card worth {best} leaves", "một lá giá trị {best} ra khỏi shoe")
    assert not card_value_wording_problems("{card} (worth {value})", "{card} (tính {value} điểm)")


def test_a_card_face_and_an_explanation_say_the_card_s_value_alike():
    # by hand: coup "2 3 3 4 K 3": Player 2+3 = 5 draws the K (worth 0) and keeps 5; Banker 3+4 = 7 stands
    from baccarat_lib import Card, play_coup
    from baccarat_lib.i18n import using_language
    from baccarat_lib.views.html import card_html
    for language, third_card, king, spades in (
            ("en", "K (worth 0)", "King (worth 0)", "King of spades (worth 0)"),
            ("vi", "K (tính 0 điểm)", "K (tính 0 điểm)", "K bích (tính 0 điểm)")):
        with using_language(language):
            explanation = play_coup("2 3 3 4 K 3").explain()
            faces = (card_html(Card("K")), card_html(Card("K", "♠")))
        assert third_card in explanation, explanation
        assert f'aria-label="{king}"' in faces[0] and f'aria-label="{spades}"' in faces[1], faces
