"""Build the Vietnamese edition, lessons/vi/, from the English lessons and one gettext catalog per lesson.

A Vietnamese lesson runs its English twin's code; only its prose is translated, and the prose lives in
``baccarat_lib/locale/vi/lessons/<lesson>.po``: each paragraph of the English markdown (the text between blank
lines; a fenced block stays whole) is a msgid, its Vietnamese the msgstr, in lesson order (as Sphinx's i18n
does). A translator edits the .po with any PO editor or a text editor and runs this tool; nobody edits
``lessons/vi/*.ipynb`` by hand.

    python tools/translate_lessons.py                  # update the catalogs, then rebuild lessons/vi/
    python tools/translate_lessons.py --execute        # ... and run each rebuilt lesson in a fresh kernel
    python tools/translate_lessons.py --check          # list stale catalogs and lessons; exit 1 if any
    python tools/translate_lessons.py --missing        # list paragraphs without a usable translation
    python tools/translate_lessons.py 05 --execute     # only the lessons whose names start 05

Lesson by lesson:

1. **The catalog** takes the English paragraphs as they are now (Babel's ``Catalog.update``, as ``pybabel update``
   does): a new paragraph is an untranslated entry, a changed one keeps its old translation marked fuzzy, one gone
   from the lesson leaves the catalog.
2. **The lesson** is the English notebook's cells (same ids and tags): code copied, the import cell starting with
   ``set_language("vi")``; each prose paragraph replaced by its translation (a paragraph without one, missing or
   fuzzy, stays English, as gettext falls back); the navigation bars and contents by ``tools/navigation.py``, the
   notebook-only tags and slide types by ``tools/cell_tags.py``. A code cell whose source is unchanged keeps the
   outputs the committed lesson has; any other is cleared until the lesson runs again. A twin and a catalog whose
   English lesson is gone are removed (rename a lesson's .po with it to keep its translations).
3. **With --execute**, every lesson it rewrote runs top to bottom in a fresh kernel (nbclient, as
   ``jupyter nbconvert --execute`` does), which saves the outputs and the widget state in the notebook. Progress is
   saved in a throw-away folder, so the progress page shows a new learner's (as under nbval).

Public names: ``LANGUAGE_LINE``, ``catalog_path(english)``, ``paragraphs(text)``, ``template(notebook)``,
``merged(catalog, notebook, name)``, ``translated(catalog, text)``, ``build(english, catalog, committed)``,
``comparable(notebook)``, ``untranslated(catalog, notebook)``, ``missing(english)``,
``update(check=False, execute=False, only=())``.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
import tempfile
from pathlib import Path

import nbformat
from babel.messages.catalog import Catalog

sys.path.insert(0, str(Path(__file__).resolve().parent))
import cell_tags  # noqa: E402
import navigation  # noqa: E402
import translations  # noqa: E402  (reads and writes .po files the way the library's catalogs are written)
from baccarat_lib import course  # noqa: E402
from baccarat_lib.i18n import LOCALE_DIR  # noqa: E402

LANGUAGE = "vi"
ENGLISH_DIR = course.lessons_folder("en")
EDITION_DIR = course.lessons_folder(LANGUAGE)
PROSE_DIR = LOCALE_DIR / LANGUAGE / "lessons"   # beside the library's catalogs: one home for a language's words
ROOT = ENGLISH_DIR.parent
LANGUAGE_LINE = f'from baccarat_lib import set_language; set_language("{LANGUAGE}")'
GENERATED = ("navigation", "contents", "sources")     # cells tools/navigation.py writes, in each edition's own words
HEADER = """\
# Vietnamese prose of lessons/{name}: each msgid is a paragraph of the English lesson, in order.
# Translate the msgstr lines (terms: docs/glossary.vi.md), then run: python tools/translate_lessons.py
# A "#, fuzzy" entry's English changed since it was translated: check it, then delete that flag line.
#"""
# The first line of a fenced code block (``` or ~~~) opens or closes it.
_FENCE = re.compile(r"^ {0,3}(```|~~~)", re.M)
_SEPARATOR = re.compile(r"(\n(?:[ \t]*\n)+)")


def catalog_path(english: Path) -> Path:
    """Where the translation of an English lesson's prose lives."""
    return PROSE_DIR / f"{Path(english).stem}.po"


def paragraphs(text: str) -> list[str]:
    """``text`` cut at blank lines, keeping the cuts: paragraphs at even indexes, the blank lines between them at odd
    ones, so ``"".join(paragraphs(text)) == text``. A fenced code block is one paragraph, blank lines and all.

    >>> paragraphs("# Title\\n\\nOne line,\\ntwo lines.\\n\\n\\n- a\\n- b")
    ['# Title', '\\n\\n', 'One line,\\ntwo lines.', '\\n\\n\\n', '- a\\n- b']
    >>> paragraphs("```\\nx = 1\\n\\ny = 2\\n```\\n\\nAfter.")
    ['```\\nx = 1\\n\\ny = 2\\n```', '\\n\\n', 'After.']
    """
    pieces = _SEPARATOR.split(text)
    merged = [pieces[0]]
    for index in range(1, len(pieces), 2):
        if len(_FENCE.findall(merged[-1])) % 2:           # inside an open fence: the blank line is part of it
            merged[-1] += pieces[index] + pieces[index + 1]
        else:
            merged += [pieces[index], pieces[index + 1]]
    return merged


def _prose_cells(notebook):
    return [cell for cell in notebook.cells if cell.cell_type == "markdown"
            and not set(cell.get("metadata", {}).get("tags", [])) & set(GENERATED)]


def template(notebook) -> Catalog:
    """The English paragraphs of a lesson's prose (not its navigation), in order, as a message catalog."""
    messages = Catalog(locale=LANGUAGE, project=translations.PROJECT, fuzzy=False)
    for cell in _prose_cells(notebook):
        for paragraph in paragraphs(cell.source)[::2]:
            if paragraph.strip():
                messages.add(paragraph)
    return messages


def _translation(catalog: Catalog, paragraph: str) -> str | None:
    entry = catalog.get(paragraph) if catalog is not None else None
    return entry.string if entry is not None and entry.string and not entry.fuzzy else None


def translated(catalog: Catalog, text: str) -> str:
    """A markdown cell's text with each paragraph translated (left in English where the catalog has no usable
    translation); the blank lines between paragraphs are the English ones."""
    pieces = paragraphs(text)
    for index in range(0, len(pieces), 2):
        if pieces[index].strip():
            pieces[index] = _translation(catalog, pieces[index]) or pieces[index]
    return "".join(pieces)


def read_catalog(english: Path) -> Catalog | None:
    path = catalog_path(english)
    return translations.read(path, LANGUAGE) if path.exists() else None


# Flags Babel gives any text with a "%" or "{...}" in it: prose is no format string, so they are not written (a PO
# editor would hold a translation to the same "%" signs).
_FORMAT_FLAGS = {"python-format", "python-brace-format"}


def write_catalog(path: Path, catalog: Catalog) -> None:
    """Write a lesson's catalog as the library's are written, without format flags."""
    for message in catalog:
        message.flags -= _FORMAT_FLAGS
    translations.write(path, catalog)


def _entries(catalog: Catalog | None) -> list:
    """What a catalog says: its entries in order, each with its translation and flags (not dates, not layout)."""
    if catalog is None:
        return []
    entries = [(message.id, message.string, sorted(message.flags - _FORMAT_FLAGS))
               for message in catalog if message.id]
    return entries + [("obsolete", sorted(catalog.obsolete))]


def merged(catalog: Catalog | None, notebook, name: str) -> Catalog:
    """A lesson's catalog brought up to date with its English paragraphs: new ones untranslated, changed ones fuzzy
    (with the old translation), gone ones removed."""
    catalog = catalog or Catalog(locale=LANGUAGE, project=translations.PROJECT, fuzzy=False)
    created = catalog.creation_date
    catalog.update(template(notebook))
    catalog.obsolete.clear()
    catalog.creation_date = created              # an update that changes no message changes no byte
    catalog.header_comment = HEADER.format(name=name)
    return catalog


def build(english, catalog: Catalog | None, committed=None):
    """The Vietnamese twin of an English notebook, before navigation and cell tags: English cells and ids, the
    language line, translated prose; outputs kept from ``committed`` for code cells whose source is unchanged."""
    # the English cells without their outputs (the Vietnamese run's are kept below), the notebook's metadata
    # (kernel, widget state) from the Vietnamese run
    cells = [nbformat.from_dict({**cell, "outputs": []} if cell.cell_type == "code" else cell)
             for cell in english.cells]
    metadata = committed.metadata if committed is not None else \
        {key: value for key, value in english.metadata.items() if key != "widgets"}
    notebook = nbformat.v4.new_notebook(cells=cells, metadata=metadata,   # new_notebook copies the dicts
                                        nbformat=english.nbformat, nbformat_minor=english.nbformat_minor)
    before = {cell.get("id"): cell for cell in committed.cells} if committed is not None else {}
    prose, first_code = {id(cell) for cell in _prose_cells(notebook)}, True
    for cell in notebook.cells:
        cell.get("metadata", {}).pop("execution", None)
        if cell.cell_type == "markdown":
            if id(cell) in prose:
                cell.source = translated(catalog, cell.source)
            continue
        if cell.cell_type != "code":
            continue
        if first_code:
            cell.source, first_code = f"{LANGUAGE_LINE}\n{cell.source}", False
        old = before.get(cell.get("id"))
        if old is not None and old.cell_type == "code" and old.source == cell.source:
            cell.outputs, cell.execution_count = old.outputs, old.execution_count
            if "execution" in old.get("metadata", {}):
                cell.metadata["execution"] = old.metadata["execution"]
        else:
            cell.outputs, cell.execution_count = [], None
    return notebook


def _finish(notebook, path: Path, bars: dict) -> None:
    """Navigation and cell tags, in memory, by the tools that own them: their ``_apply`` is what their ``update()``
    does to each notebook, called here on one not yet written (so ``--check`` writes nothing)."""
    if path in bars:
        navigation._apply(notebook, bars[path])
    for cell, slide_type in zip(notebook.cells, cell_tags.slide_types(notebook.cells)):
        cell_tags._apply(cell, slide_type)


def comparable(notebook) -> list:
    """What the tool decides in a lesson: each cell's kind, id, source and metadata (not outputs, not timings)."""
    return [(cell.cell_type, cell.get("id"), cell.source,
             {key: value for key, value in cell.get("metadata", {}).items() if key != "execution"})
            for cell in notebook.cells]


def untranslated(catalog: Catalog | None, notebook) -> list[str]:
    """The English paragraphs of a lesson that ``catalog`` does not translate (absent, empty or fuzzy)."""
    return [message.id for message in template(notebook) if message.id and _translation(catalog, message.id) is None]


def missing(english: Path) -> list[str]:
    """The English paragraphs of a lesson that its committed catalog does not translate."""
    return untranslated(read_catalog(english), nbformat.read(english, as_version=4))


def _execute(path: Path) -> None:
    from nbclient import NotebookClient

    notebook = nbformat.read(path, as_version=4)
    # a fresh home: the progress page then shows the learner's default file (~/.local/share/...), not a machine path
    with tempfile.TemporaryDirectory(prefix="baccarat-home-") as home:
        env = {name: value for name, value in os.environ.items()
               if name not in ("BACCARAT_PROGRESS_DIR", "JUPYTER_DATA_DIR")} | {"HOME": home}
        NotebookClient(notebook, kernel_name=notebook.metadata.get("kernelspec", {}).get("name", "python3"),
                       resources={"metadata": {"path": str(path.parent)}}).execute(env=env)
    nbformat.write(notebook, path)


def update(check: bool = False, execute: bool = False, only=()) -> list[Path]:
    """Bring the catalogs and lessons/vi/ up to date with the English lessons (``check``: only list the stale
    files); ``only``: lesson name prefixes ("05"). With ``execute``, run each rewritten lesson."""
    english_lessons = [path for path in navigation.lessons(ENGLISH_DIR)
                       if not only or any(path.name.startswith(prefix) for prefix in only)]
    present = [EDITION_DIR / path.name for path in navigation.lessons(ENGLISH_DIR)
               if (EDITION_DIR / path.name).exists()]
    bars = navigation.navigation_cells(present, LANGUAGE)
    stale: list[Path] = []
    for english in english_lessons:
        source = nbformat.read(english, as_version=4)
        path, before = catalog_path(english), read_catalog(english)
        catalog = merged(read_catalog(english), source, english.name)     # read again: merged() changes it
        if _entries(catalog) != _entries(before):
            stale.append(path)
            if not check:
                write_catalog(path, catalog)
        target = EDITION_DIR / english.name
        committed = nbformat.read(target, as_version=4) if target.exists() else None
        notebook = build(source, catalog, committed)
        _finish(notebook, target, bars)
        if committed is None or comparable(notebook) != comparable(committed):
            stale.append(target)
            if not check:
                target.parent.mkdir(parents=True, exist_ok=True)
                nbformat.write(notebook, target)
    gone: list[Path] = []
    if not only:                                 # a lesson gone from English goes from the edition, with its prose
        names = {path.name for path in english_lessons}
        gone = [path for path in navigation.lessons(EDITION_DIR) if path.name not in names]
        gone += [path for path in sorted(PROSE_DIR.glob("*.po"))
                 if f"{path.stem}.ipynb" not in names]
        stale += gone
    rewritten = [path for path in stale if path.suffix == ".ipynb" and path not in gone]
    if (rewritten or gone) and not check:
        for path in gone:
            path.unlink()
        # a changed title shows in its neighbours' bars; a lesson new or gone in the English bars too
        new = [path for path in rewritten if path not in present]
        navigation.update(directory=None if gone or new else EDITION_DIR)
        for path in rewritten if execute else ():
            print(f"executing: {path.relative_to(ROOT)}", flush=True)
            _execute(path)
        cell_tags.update(paths=navigation.lessons(EDITION_DIR))  # tags that depend on the outputs
    return stale


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("only", nargs="*", help="lesson name prefixes, e.g. 05 (default: every lesson)")
    parser.add_argument("--check", action="store_true", help="only list stale files; exit 1 if any")
    parser.add_argument("--execute", action="store_true", help="run each rewritten lesson in a fresh kernel")
    parser.add_argument("--missing", action="store_true", help="list paragraphs without a translation")
    args = parser.parse_args(argv)
    names = [english.name for english in navigation.lessons(ENGLISH_DIR)]
    unknown = [prefix for prefix in args.only if not any(name.startswith(prefix) for name in names)]
    if unknown:                                 # e.g. a mistyped option without its dashes: change nothing
        parser.error(f"no lesson's name starts with {', '.join(map(repr, unknown))}")
    if args.missing:
        gaps = [(english, paragraph) for english in navigation.lessons(ENGLISH_DIR)
                if not args.only or any(english.name.startswith(prefix) for prefix in args.only)
                for paragraph in missing(english)]
        for english, paragraph in gaps:
            print(f"{catalog_path(english).relative_to(ROOT)}: {paragraph[:70]!r}")
        print(f"{len(gaps)} paragraphs without a translation")
        return 1 if gaps else 0
    stale = update(check=args.check, execute=args.execute, only=args.only)
    for path in stale:
        print(("stale: " if args.check else "updated: ") + path.relative_to(ROOT).as_posix())
    return 1 if args.check and stale else 0


if __name__ == "__main__":
    sys.exit(main())
