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
