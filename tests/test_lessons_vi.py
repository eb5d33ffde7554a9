"""The Vietnamese edition, lessons/vi/: built from the English lessons and one catalog of translated prose per
lesson (tools/translate_lessons.py), never edited by hand.

- Every lesson has a twin, and the committed twin is what the tool builds now from the English notebook and the
  catalog (sources, ids, tags and slide types; outputs are nbval's business): a changed English code cell or an
  edited translation fails here until the tool runs.
- Every paragraph of English prose has a Vietnamese translation (not missing, not fuzzy) that keeps its links and
  HTML tags.
- The twin runs the same code (the language line aside), reads as Vietnamese and links to English.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest
from babel.messages.catalog import Catalog

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
import navigation  # noqa: E402
import translate_lessons  # noqa: E402

ENGLISH = navigation.lessons()
VI_DIR = ROOT / "lessons" / "vi"
LANGUAGE_LINE = 'from baccarat_lib import set_language; set_language("vi")'
# Letters only Vietnamese uses (of the ones with diacritics): prose without any is not Vietnamese.
VIETNAMESE_LETTERS = re.compile(r"[ăâđêôơưạảấầẩẫậắằẳẵặẹẻẽếềểễệỉịọỏốồổỗộớờởỡợụủứừửữựỳỵỷỹ]", re.I)


def _cells(path):
    return json.loads(path.read_text(encoding="utf-8"))["cells"]


def _tags(cell):
    return set(cell.get("metadata", {}).get("tags", []))


def test_every_lesson_has_a_vietnamese_twin():
    assert [path.name for path in navigation.lessons(VI_DIR)] == [path.name for path in ENGLISH]
    assert all(path.exists() for path in navigation.lessons(VI_DIR))


def test_the_committed_twins_are_built_from_the_english_lessons_and_their_catalogs():
    stale = translate_lessons.update(check=True)
    assert not stale, f"stale: {[p.name for p in stale]}; run: python tools/translate_lessons.py --execute"


@pytest.mark.parametrize("english", ENGLISH, ids=lambda p: p.stem)
def test_every_paragraph_has_a_translation(english):
    gaps = translate_lessons.missing(english)
    assert not gaps, f"{len(gaps)} paragraphs of {english.name} lack a Vietnamese translation in " \
                     f"{translate_lessons.catalog_path(english).relative_to(ROOT)} (missing or fuzzy): {gaps[:3]}"


LINK_TARGET = re.compile(r"\]\(([^)\s]+)")
HTML_TAG = re.compile(r"</?[a-zA-Z]+")


def _headings(notebook: Path) -> dict[str, int]:
    """A lesson's heading anchors as JupyterLab writes them (spaces as dashes) -> the heading's place in the lesson."""
    lines = [line for cell in _cells(notebook) if cell["cell_type"] == "markdown"
             for line in "".join(cell["source"]).splitlines() if line.startswith("#")]
    return {line.lstrip("#").strip().replace(" ", "-"): place for place, line in enumerate(lines)}


def _same_place(target: str, lesson: Path) -> str:
    """A link target with its anchor (a heading, in its edition's words) replaced by that heading's place in the
    lesson it points to, which is the same in both editions; an anchor that names no heading stays as it is."""
    page, _, anchor = target.partition("#")
    if not anchor or "://" in page:
        return target
    headings = _headings(lesson.parent / page if page else lesson)
    return f"{page}#heading {headings[anchor]}" if anchor in headings else target


@pytest.mark.parametrize("english", ENGLISH, ids=lambda p: p.stem)
def test_a_translation_keeps_its_paragraphs_links_and_html_tags(english):
    # a dropped </div> swallows the rest of the page; a changed link target leads nowhere (an anchor names a heading
    # in each edition's own words, so it must name the same heading: "#Sources" in English, "#Nguồn" in Vietnamese)
    catalog = translate_lessons.read_catalog(english)
    vietnamese = VI_DIR / english.name

    def links(text, lesson):
        return sorted(_same_place(target, lesson) for target in LINK_TARGET.findall(text))

    broken = [message.id[:60] for message in catalog if message.id and message.string and not message.fuzzy
              and (links(message.id, english) != links(message.string, vietnamese)
                   or sorted(HTML_TAG.findall(message.id)) != sorted(HTML_TAG.findall(message.string)))]
    assert not broken, f"translations whose links or HTML tags differ from the English: {broken}"


@pytest.mark.parametrize("english", ENGLISH, ids=lambda p: p.stem)
def test_same_cells_and_same_code_but_the_language_line(english):
    vietnamese = VI_DIR / english.name
    en_cells, vi_cells = _cells(english), _cells(vietnamese)
    assert [cell["cell_type"] for cell in vi_cells] == [cell["cell_type"] for cell in en_cells]
    assert [_tags(cell) for cell in vi_cells] == [_tags(cell) for cell in en_cells]
    en_code = ["".join(cell["source"]) for cell in en_cells if cell["cell_type"] == "code"]
    vi_code = ["".join(cell["source"]) for cell in vi_cells if cell["cell_type"] == "code"]
    first, *rest = vi_code[0].split("\n", 1)
    assert first == LANGUAGE_LINE, "the first code cell of a Vietnamese lesson starts with its language line"
    assert ["".join(rest)] + vi_code[1:] == en_code, "a Vietnamese lesson runs the same code as its English twin"


@pytest.mark.parametrize("english", ENGLISH, ids=lambda p: p.stem)
def test_prose_is_translated(english):
    en_cells, vi_cells = _cells(english), _cells(VI_DIR / english.name)
    pairs = [(en, vi) for en, vi in zip(en_cells, vi_cells)
             if en["cell_type"] == "markdown" and not _tags(en) & {"navigation", "contents", "sources"}]
    untranslated = ["".join(en["source"])[:60] for en, vi in pairs
                    if "".join(en["source"]) == "".join(vi["source"])
                    or not VIETNAMESE_LETTERS.search("".join(vi["source"]))]
    assert not untranslated, f"markdown cells left in English: {untranslated}"


def test_navigation_links_the_two_editions():
    for english in ENGLISH:
        en_bar = "".join(_cells(english)[0]["source"])
        vi_bar = "".join(_cells(VI_DIR / english.name)[0]["source"])
        assert f"[Tiếng Việt](vi/{english.name})" in en_bar
        assert f"[English](../{english.name})" in vi_bar
        assert "[Mục lục](00_welcome.ipynb#Mục-lục)" in vi_bar


# --- How the tool cuts, merges and translates prose -------------------------------------------------------------

def test_paragraphs_are_cut_at_blank_lines_but_not_inside_a_fence():
    text = "# Title\n\nOne line,\ntwo lines.\n\n\n- a\n- b\n\n```\nx = 1\n\ny = 2\n```"
    pieces = translate_lessons.paragraphs(text)
    assert pieces[::2] == ["# Title", "One line,\ntwo lines.", "- a\n- b", "```\nx = 1\n\ny = 2\n```"]
    assert pieces[1::2] == ["\n\n", "\n\n\n", "\n\n"]
    assert "".join(pieces) == text


def _lesson(*markdown, code="from baccarat_lib import say"):
    notebook = nbformat.v4.new_notebook()
    notebook.cells = [nbformat.v4.new_markdown_cell("[Contents](00_x.ipynb)", metadata={"tags": ["navigation"]})]
    notebook.cells += [nbformat.v4.new_markdown_cell(text) for text in markdown]
    notebook.cells += [nbformat.v4.new_code_cell(code)]
    return notebook


def test_a_changed_paragraph_keeps_its_old_translation_as_fuzzy_and_shows_english_until_checked():
    before = _lesson("# Title\n\nThe Banker draws on 0 to 2.")
    catalog = Catalog(locale="vi")
    catalog.add("# Title", "# Tiêu đề")
    catalog.add("The Banker draws on 0 to 2.", "Banker rút khi có 0 đến 2.")
    assert translate_lessons.untranslated(catalog, before) == []

    after = _lesson("# Title\n\nThe Banker draws on 0 to 2 points.\n\nA new paragraph.")
    merged = translate_lessons.merged(catalog, after, "00_x.ipynb")
    changed = merged.get("The Banker draws on 0 to 2 points.")
    assert changed.fuzzy and changed.string == "Banker rút khi có 0 đến 2."       # old translation, flagged
    assert not merged.get("A new paragraph.").string                               # new: untranslated
    assert merged.get("The Banker draws on 0 to 2.") is None                       # gone from the lesson
    assert translate_lessons.untranslated(merged, after) == ["The Banker draws on 0 to 2 points.",
                                                            "A new paragraph."]
    built = translate_lessons.build(after, merged)
    assert built.cells[1].source == "# Tiêu đề\n\nThe Banker draws on 0 to 2 points.\n\nA new paragraph."
    assert built.cells[0].source == "[Contents](00_x.ipynb)"       # navigation is left to tools/navigation.py
    assert built.cells[2].source == f"{LANGUAGE_LINE}\nfrom baccarat_lib import say"


def test_a_code_cell_keeps_its_vietnamese_outputs_only_while_its_source_is_unchanged():
    english = _lesson("# Title", code="from baccarat_lib import say")
    english.cells.append(nbformat.v4.new_code_cell("say('Player wins.')"))
    committed = translate_lessons.build(english, None)
    committed.cells[3].outputs = [nbformat.v4.new_output("stream", text="Player thắng.\n")]
    committed.cells[3].execution_count = 2
    assert translate_lessons.build(english, None, committed).cells[3].outputs == committed.cells[3].outputs
    english.cells[3].source = "say('Banker wins.')"
    rebuilt = translate_lessons.build(english, None, committed).cells[3]
    assert (rebuilt.source, rebuilt.outputs, rebuilt.execution_count) == ("say('Banker wins.')", [], None)


# --- The whole loop on a copy of the course: an English edit makes the edition stale, the tool brings it back ----

def _tool(course, *args):
    return subprocess.run([sys.executable, str(course / "tools" / "translate_lessons.py"), *args],
                          capture_output=True, text=True, cwd=course, timeout=300)


@pytest.fixture
def course(tmp_path):
    shutil.copytree(ROOT / "tools", tmp_path / "tools", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(ROOT / "lessons", tmp_path / "lessons", ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
    # a copy, not a link: the course list finds the lessons beside the library, so a link would lead the tool back
    # to the real repository
    shutil.copytree(ROOT / "baccarat_lib", tmp_path / "baccarat_lib", ignore=shutil.ignore_patterns("__pycache__"))
    return tmp_path


def test_english_edits_make_the_edition_stale_until_the_tool_runs(course):
    # a code cell of lesson 01 and the title of lesson 02 change in English
    lessons = course / "lessons"
    code_lesson, prose_lesson = lessons / "01_card_values.ipynb", lessons / "02_naturals.ipynb"
    notebook = nbformat.read(code_lesson, as_version=4)
    code = next(cell for cell in notebook.cells if cell.cell_type == "code" and "import" not in cell.source)
    code.source += "\nprint(0)"
    nbformat.write(notebook, code_lesson)
    notebook = nbformat.read(prose_lesson, as_version=4)
    heading = next(cell for cell in notebook.cells if cell.cell_type == "markdown" and cell.source.startswith("# "))
    title = heading.source.splitlines()[0][2:]
    heading.source = heading.source.replace(title, f"{title} in Baccarat", 1)
    nbformat.write(notebook, prose_lesson)
    prose = course / "baccarat_lib" / "locale" / "vi" / "lessons"
    catalogs = {path: path.read_bytes() for path in prose.glob("*.po")}

    checked = _tool(course, "--check")
    assert checked.returncode == 1
    assert checked.stdout.split()[1::2] == ["lessons/vi/01_card_values.ipynb",
                                            "baccarat_lib/locale/vi/lessons/02_naturals.po",
                                            "lessons/vi/02_naturals.ipynb"]
    assert _tool(course).returncode == 0
    assert _tool(course, "--check").returncode == 0
    # the code: copied, its outputs cleared until the lesson runs again; the prose of lesson 01 untouched
    twin = nbformat.read(lessons / "vi" / code_lesson.name, as_version=4)
    rebuilt = next(cell for cell in twin.cells if cell.get("id") == code.get("id"))
    assert (rebuilt.source, rebuilt.outputs) == (code.source, [])
    po = course / "baccarat_lib" / "locale" / "vi" / "lessons" / "{}.po"
    assert po.with_name("01_card_values.po").read_bytes() == catalogs[po.with_name("01_card_values.po")]
    # the prose: the changed title is a fuzzy entry, shown in English until a translator checks it (the bars take
    # their titles from the course list, baccarat_lib/course.py)
    assert f'#, fuzzy\nmsgid "# {title} in Baccarat"' in po.with_name("02_naturals.po").read_text(encoding="utf-8")
    missing = _tool(course, "--missing")
    assert missing.returncode == 1 and missing.stdout.count("\n") == 2 and f"{title} in Baccarat" in missing.stdout
    twin = nbformat.read(lessons / "vi" / prose_lesson.name, as_version=4)
    assert twin.cells[1].source.startswith(f"# {title} in Baccarat\n")
