"""Generate the navigation of every lesson: a bar at the top and bottom, and the contents in lesson 00.

Run ``python tools/navigation.py`` after adding or renaming a lesson; ``--check`` only reports stale cells.
Cells it owns carry the tag ``navigation`` (top and bottom) or ``contents`` (the list in 00_welcome).
The title of a lesson is the first ``# `` heading of its first non-navigation markdown cell.

Each edition (``EDITIONS``: English in lessons/, Vietnamese in lessons/vi/) has its own navigation, in its own
words, and each bar ends with a link to the same lesson in the other language when that lesson exists there.

Public functions: ``lessons()``, ``title(path)``, ``navigation_cells(paths)``, ``update(check=False)``.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import nbformat

LESSONS_DIR = Path(__file__).resolve().parent.parent / "lessons"
# language -> (folder, its word for "Contents", the name of the language in that language)
EDITIONS = {"en": (LESSONS_DIR, "Contents", "English"), "vi": (LESSONS_DIR / "vi", "Mục lục", "Tiếng Việt")}


def lessons(directory: Path = LESSONS_DIR) -> list[Path]:
    """The lesson notebooks in course order (their names start 00_, 01_, ...)."""
    return sorted(directory.glob("[0-9][0-9]_*.ipynb"))


def _tags(cell) -> list:
    return cell.get("metadata", {}).get("tags", [])


def title(path: Path) -> str:
    """The lesson's title: its first '# ' heading."""
    notebook = nbformat.read(path, as_version=4)
    for cell in notebook.cells:
        if cell.cell_type == "markdown" and not {"navigation", "contents"} & set(_tags(cell)):
            for line in cell.source.splitlines():
                if line.startswith("# "):
                    return line[2:].strip()
    return path.stem


def edition(directory: Path) -> str:
    """The language of the lessons in ``directory`` ("en" for lessons/, "vi" for lessons/vi/)."""
    for code, (folder, _word, _name) in EDITIONS.items():
        if Path(directory).resolve() == folder.resolve():
            return code
    return "en"


def twin(path: Path, language: str) -> Path | None:
    """The same lesson in ``language``'s edition, if it exists."""
    other = EDITIONS[language][0] / Path(path).name
    return other if other.exists() else None


def _anchor(heading: str) -> str:
    """The id JupyterLab and Voila give a heading: its text with spaces as dashes ("Mục lục" -> "Mục-lục")."""
    return heading.replace(" ", "-")


def _bar(paths: list[Path], index: int, titles: list[str], language: str = "en") -> str:
    contents = EDITIONS[language][1]
    parts = []
    if index > 0:
        parts.append(f"[← {titles[index - 1]}]({paths[index - 1].name})")
    parts.append(f"[{contents}]({paths[0].name}#{_anchor(contents)})")
    if index < len(paths) - 1:
        parts.append(f"[{titles[index + 1]} →]({paths[index + 1].name})")
    for code, (folder, _word, name) in EDITIONS.items():
        other = twin(paths[index], code) if code != language else None
        if other is not None:
            parts.append(f"[{name}]({_relative(paths[index], other)})")
    return " &nbsp;|&nbsp; ".join(parts)


def _relative(here: Path, there: Path) -> str:
    """A link from one lesson to a lesson of another edition ("vi/05_a_whole_coup.ipynb", "../05_….ipynb")."""
    return Path(os.path.relpath(there.resolve(), here.resolve().parent)).as_posix()


def _contents(paths: list[Path], titles: list[str], language: str = "en") -> str:
    lines = [f"## {EDITIONS[language][1]}", ""]
    lines += [f"{number}. [{name}]({path.name})" for number, (path, name) in enumerate(zip(paths, titles))]
    return "\n".join(lines)


def navigation_cells(paths: list[Path], language: str = "en") -> dict[Path, dict[str, str]]:
    """For each lesson, the source its navigation (and contents) cells should have."""
    titles = [title(path) for path in paths]
    cells = {path: {"navigation": _bar(paths, i, titles, language)} for i, path in enumerate(paths)}
    if paths:
        cells[paths[0]]["contents"] = _contents(paths, titles, language)
    return cells


def _apply(notebook, wanted: dict[str, str]) -> bool:
    """Put the wanted navigation into the notebook; True if anything changed."""
    cells = notebook.cells
    nav = wanted["navigation"]
    changed = False
    if not cells or "navigation" not in _tags(cells[0]):
        cells.insert(0, nbformat.v4.new_markdown_cell(nav, metadata={"tags": ["navigation"]}))
        changed = True
    if "navigation" not in _tags(cells[-1]) or len(cells) == 1:
        cells.append(nbformat.v4.new_markdown_cell(nav, metadata={"tags": ["navigation"]}))
        changed = True
    for cell in (cells[0], cells[-1]):
        if cell.source != nav:
            cell.source, changed = nav, True
    if "contents" in wanted:
        contents = [cell for cell in cells if "contents" in _tags(cell)]
        if not contents:
            cells.insert(len(cells) - 1, nbformat.v4.new_markdown_cell(wanted["contents"],
                                                                       metadata={"tags": ["contents"]}))
            changed = True
        elif contents[0].source != wanted["contents"]:
            contents[0].source, changed = wanted["contents"], True
    return changed


def update(check: bool = False, directory: Path | None = None) -> list[Path]:
    """Bring every lesson's navigation up to date (or, with ``check``, only list the stale ones): every edition's,
    or only the lessons in ``directory``."""
    if directory is None:
        return [path for folder, _word, _name in EDITIONS.values() for path in update(check, folder)]
    stale = []
    for path, wanted in navigation_cells(lessons(directory), edition(directory)).items():
        notebook = nbformat.read(path, as_version=4)
        if _apply(notebook, wanted):
            stale.append(path)
            if not check:
                nbformat.write(notebook, path)
    return stale


if __name__ == "__main__":
    check_only = "--check" in sys.argv
    changed = update(check=check_only)
    for path in changed:
        print(("stale: " if check_only else "updated: ") + path.name)
    sys.exit(1 if check_only and changed else 0)
