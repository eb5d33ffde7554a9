"""Every lesson as committed: executed top to bottom, no errors, short cells, navigation up to date."""

import json
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
import navigation  # noqa: E402

LESSONS = [path for edition in navigation.course.EDITIONS.values() for path in navigation.lessons(edition.folder)]


def _code_cells(path):
    return [cell for cell in json.loads(path.read_text(encoding="utf-8"))["cells"] if cell["cell_type"] == "code"]


def test_there_are_lessons():
    assert LESSONS and LESSONS[0].name.startswith("00_")


def _name(path):
    return path.relative_to(ROOT / "lessons").with_suffix("").as_posix()


@pytest.mark.parametrize("path", LESSONS, ids=_name)
def test_executed_top_to_bottom_without_errors(path):
    cells = _code_cells(path)
    assert [cell["execution_count"] for cell in cells] == list(range(1, len(cells) + 1)), \
        "re-execute the lesson in a clean kernel (see README)"
    for cell in cells:
        for output in cell["outputs"]:
            assert output["output_type"] != "error", "".join(cell["source"])
            assert output.get("name") != "stderr", f"stderr output in: {''.join(cell['source'])}"


@pytest.mark.parametrize("path", LESSONS, ids=_name)
def test_cells_are_short_and_hold_no_machine_paths(path):
    for cell in _code_cells(path):
        assert len("".join(cell["source"]).splitlines()) <= 15, "move the logic into baccarat_lib"
    assert not re.search(r"/(root|work|tmp|home)/", path.read_text(encoding="utf-8"))


def test_navigation_is_generated_and_up_to_date():
    assert navigation.update(check=True) == [], "run: python tools/navigation.py"


def test_a_widget_read_without_its_renderer_is_one_sentence():
    # Where the widget renderer is not used (an untrusted notebook, GitHub), a widget reads as its stored text/plain:
    # one sentence, never a repr. JupyterLab shows exactly that text for an untrusted notebook (a probe confirmed it).
    problems = []
    for path in navigation.lessons():
        for cell in _code_cells(path):
            for output in cell.get("outputs", []):
                data = output.get("data", {})
                if "application/vnd.jupyter.widget-view+json" in data:
                    text = "".join(data.get("text/plain", ""))
                    if not text.startswith("Run the cells above"):
                        problems.append(f"{_name(path)}: {text[:70]!r}")
    assert not problems, ("widget outputs stored with a repr as their text (re-execute the lessons):\n"
                          + "\n".join(problems[:20]))


# What Python looks like when it shows through on a projector: a list or dict repr, a library object's repr,
# a number standing alone with nothing to say what it counts.
_PYTHON_REPRS = re.compile(r"\['|\{'|\[-?\d+(\.\d+)?(, -?\d+(\.\d+)?)*\]|<baccarat_lib\.")
_BARE_NUMBER = re.compile(r"\s*-?[\d_,.]+\s*")


def python_shown(outputs) -> list[str]:
    """The texts among a cell's outputs that a reader would see as Python (see _PYTHON_REPRS, _BARE_NUMBER):
    printed text, and results shown as text only (a widget's or a figure's text/plain is not what is shown)."""
    shown = []
    for output in outputs:
        if output.get("output_type") == "stream":
            text = "".join(output.get("text", ""))
        elif set(output.get("data", {})) == {"text/plain"}:
            text = "".join(output["data"]["text/plain"])
        else:
            continue
        if _PYTHON_REPRS.search(text) or _BARE_NUMBER.fullmatch(text):
            shown.append(text.strip()[:80])
    return shown


@pytest.mark.parametrize("text, python", [
    ("1 ['What is the total of 4♥ 2♠?', 'What is the total of 4♣ Q♥?']\n", True),
    ("0 [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]\n7 []\n", True),
    ("{'A': 1, '2': 2}", True),
    ("416", True),
    ("<baccarat_lib.game.coup.Coup object at 0xADDRESS>", True),
    ("cards in the shoe: 416\n", False),
    ("Banker 7: draws on none\n", False),
    ("Player draws 7♦: 2+3+7 = 12, so Player has 2.\n", False),
    ("'1.0579%'", False),                      # a plain string: the slides and classroom show it unquoted
])
def test_python_shown_knows_a_repr_from_prose(text, python):
    assert bool(python_shown([{"output_type": "stream", "name": "stdout", "text": text}])) == python


@pytest.mark.parametrize("path", LESSONS, ids=_name)
def test_saved_outputs_read_as_prose_not_python(path):
    # What a class sees under the code (classroom mode, slides, the book) is sentences and tables: print a
    # sentence with say(), or render a table, rather than print a list or leave a bare number as a result
    found = [(("".join(cell["source"]).splitlines() or [""])[0], text)
             for cell in _code_cells(path) for text in python_shown(cell.get("outputs", []))]
    assert found == [], found
