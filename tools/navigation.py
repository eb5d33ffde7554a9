"""Generate the navigation of every lesson (a bar at the top and bottom, the contents in lesson 00) and the book's
table of contents, from the course list (``baccarat_lib.course``: the lessons, their titles, the editions).

Run ``python tools/navigation.py`` after adding or renaming a lesson in the course list; ``--check`` only reports
what is stale. Cells it owns carry the tag ``navigation`` (top and bottom) or ``contents`` and ``sources`` (lesson
00's list of lessons and of the guides the lessons cite, ``course.SOURCES``).
It also writes ``book/_toc.yml`` (``toc_yaml()``).

Each edition (``course.EDITIONS``: English in lessons/, Vietnamese in lessons/vi/) has its own navigation, in its
own words, and each bar ends with a link to the same lesson in the other languages whose edition has it.

Public functions: ``lessons(directory)``, ``navigation_cells(paths, language)``, ``toc_yaml()``,
``update(check=False)``, ``main(argv=None)`` (the command line).
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

import nbformat

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from baccarat_lib import course  # noqa: E402  (the one list of lessons and editions)

BOOK_TOC = Path(__file__).resolve().parent.parent / "serve" / "book" / "_toc.yml"


def lessons(directory: Path | None = None) -> list[Path]:
    """The lesson notebooks of the edition in ``directory`` (None: English), in course order."""
    language = "en" if directory is None else edition(directory)
    return [course.lesson_path(lesson, language) for lesson in course.lessons(language)]


def _tags(cell) -> list:
    return cell.get("metadata", {}).get("tags", [])


def edition(directory: Path) -> str:
    """The language of the lessons in ``directory`` ("en" for lessons/, "vi" for lessons/vi/)."""
    for code, entry in course.EDITIONS.items():
        if Path(directory).resolve() == entry.folder.resolve():
            return code
    raise ValueError(f"{directory} is not the folder of an edition: "
                     + ", ".join(str(entry.folder) for entry in course.EDITIONS.values()))


def twin(path: Path, language: str) -> Path | None:
    """The same lesson in ``language``'s edition, if that edition has it."""
    stem = Path(path).stem
    if not any(lesson.stem == stem for lesson in course.lessons(language)):
        return None
    return course.lesson_path(stem, language)


def _anchor(heading: str) -> str:
    """The id JupyterLab and Voila give a heading: its text with spaces as dashes ("Mục lục" -> "Mục-lục")."""
    return heading.replace(" ", "-")


def _bar(paths: list[Path], index: int, titles: list[str], language: str = "en") -> str:
    contents = course.EDITIONS[language].contents
    parts = []
    if index > 0:
        parts.append(f"[← {titles[index - 1]}]({paths[index - 1].name})")
    parts.append(f"[{contents}]({paths[0].name}#{_anchor(contents)})")
    if index < len(paths) - 1:
        parts.append(f"[{titles[index + 1]} →]({paths[index + 1].name})")
    for code, other_edition in course.EDITIONS.items():
        other = twin(paths[index], code) if code != language else None
        if other is not None:
            parts.append(f"[{other_edition.name}]({_relative(paths[index], other)})")
    return " &nbsp;|&nbsp; ".join(parts)


def _relative(here: Path, there: Path) -> str:
    """A link from one lesson to a lesson of another edition ("vi/05_a_whole_coup.ipynb", "../05_….ipynb")."""
    return Path(os.path.relpath(there.resolve(), here.resolve().parent)).as_posix()


def _contents(paths: list[Path], titles: list[str], language: str = "en") -> str:
    lines = [f"## {course.EDITIONS[language].contents}", ""]
    lines += [f"{number}. [{name}]({path.name})" for number, (path, name) in enumerate(zip(paths, titles))]
    return "\n".join(lines)


def _sources(language: str = "en") -> str:
    """Lesson 00's list of the guides the lessons cite by number (the course list's ``SOURCES``)."""
    word = course.EDITIONS[language].source
    return "\n".join(f"- **{word} {source.number}**: {source.description(language)}." for source in course.SOURCES)


def navigation_cells(paths: list[Path], language: str = "en") -> dict[Path, dict[str, str]]:
    """For each lesson, the source its navigation (and contents) cells should have (titles: the course list's)."""
    titles = [course.lesson(path.stem).title(language) for path in paths]
    cells = {path: {"navigation": _bar(paths, i, titles, language)} for i, path in enumerate(paths)}
    if paths:
        cells[paths[0]]["contents"] = _contents(paths, titles, language)
        cells[paths[0]]["sources"] = _sources(language)
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
    for tag in ("contents", "sources"):
        if tag not in wanted:
            continue
        owned = [cell for cell in cells if tag in _tags(cell)]
        if not owned:
            cells.insert(len(cells) - 1, nbformat.v4.new_markdown_cell(wanted[tag], metadata={"tags": [tag]}))
            changed = True
        elif owned[0].source != wanted[tag]:
            owned[0].source, changed = wanted[tag], True
    return changed


def toc_yaml() -> str:
    """The book's table of contents (``book/_toc.yml``): lesson 00 as the first page, then a part per edition."""
    root = course.lessons_folder("en")

    def entry(lesson, language):
        return "lessons/" + course.lesson_path(lesson, language).relative_to(root).with_suffix("").as_posix()

    first = course.lessons("en")[0]
    lines = ["# The book's table of contents, written by tools/navigation.py from the course list",
             "# (baccarat_lib/course.py): do not edit by hand. The English lesson 00 (the welcome, with the course's",
             "# contents) is the book's first page. `lessons` is a symlink to ../lessons, so the book reads the",
             "# committed notebooks.",
             "format: jb-book", f"root: {entry(first, 'en')}", "parts:"]
    for language, edition_ in course.EDITIONS.items():
        lines += [f"  - caption: {edition_.name}", "    chapters:"]
        lines += [f"      - file: {entry(lesson, language)}" for lesson in course.lessons(language)
                  if (lesson, language) != (first, "en")]
    return "\n".join(lines) + "\n"


def _update_toc(check: bool) -> list[Path]:
    wanted = toc_yaml()
    if BOOK_TOC.exists() and BOOK_TOC.read_text(encoding="utf-8") == wanted:
        return []
    if not check:
        BOOK_TOC.write_text(wanted, encoding="utf-8")
    return [BOOK_TOC]


def update(check: bool = False, directory: Path | None = None) -> list[Path]:
    """Bring every lesson's navigation and the book's table of contents up to date (or, with ``check``, only list
    the stale files): every edition's, or only the lessons in ``directory``."""
    if directory is None:
        return [path for edition_ in course.EDITIONS.values() for path in update(check, edition_.folder)] \
            + _update_toc(check)
    stale = []
    for path, wanted in navigation_cells(lessons(directory), edition(directory)).items():
        notebook = nbformat.read(path, as_version=4)
        if _apply(notebook, wanted):
            stale.append(path)
            if not check:
                nbformat.write(notebook, path)
    return stale


def main(argv=None) -> int:
    """The command line: update every lesson's navigation and the book's table of contents, or with ``--check``
    only list what is stale (exit status 1 if anything is). An unknown argument changes nothing: argparse says what
    it accepts and exits with status 2."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only list the stale files (exit status 1 if any); "
                                                             "write nothing")
    args = parser.parse_args(argv)
    changed = update(check=args.check)
    for path in changed:
        print(("stale: " if args.check else "updated: ") + path.name)
    return 1 if args.check and changed else 0


if __name__ == "__main__":
    sys.exit(main())
