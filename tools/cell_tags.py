"""Tag the lesson cells that only make sense in a notebook, so classroom mode (Voila) hides them.

Run ``python tools/cell_tags.py`` after editing a lesson; ``--check`` only reports stale lessons
(tests/test_cell_tags.py runs it). Only cell metadata changes: never a cell's source or outputs.

What it writes (the course's Voila template, serve/voila/templates/baccarat, reads it):

- the tag ``notebook-only`` on a cell Voila must not show at all:
  - a code cell that only imports (and, in a Vietnamese lesson, sets the language);
  - a code cell whose result is a bare Python repr that means nothing once the code is hidden:
    ``(True, False)``, ``{'A': 1, ...}``, ``Decision(draws=True, ...)``; a plain number (``416``) or a plain
    string (``'1.0579%'``, which the template shows without its quotes) stays;
  - a code cell that prints an object's repr (``Score(asked=3, ...)``, ``Decimal('95')``);
  - a markdown cell that is nothing but the "Run ▸ Run All Cells" note;
- ``metadata.baccarat.notebook_only_text``: the paragraphs or list items of a markdown cell that tell the
  reader to run the cells (the Run-All note); the template removes exactly that text and shows the rest.

- ``metadata.slideshow.slide_type`` on every cell, for slide mode (Voila's reveal template):
  a markdown cell starting with "# " or "## " starts a section's ``slide``; the navigation bars and the
  notebook-only cells are ``skip``; the other cells join the slide (``-``), except that a section too tall for
  one 1280x720 slide continues on a new ``slide`` (so the right arrow alone steps through a lesson). The split
  falls before the first cell that would run below the edge, or before its markdown lead-in, which stays with the
  output it introduces; heights are estimated from the source and the stored outputs (``slide_types(cells)``),
  and tests/browser/test_slides.py checks every slide in a browser. A markdown cell taller than a slide cannot
  be split here: split it in the lesson at a paragraph (each paragraph is one translation, so none is lost).

Every other tag and metadata key (navigation, nbval-ignore-output, ...) is left alone.

Public names: ``TAG``, ``KEY``, ``is_bare_repr(text)``, ``wanted(cell)``, ``slide_types(cells)``,
``update(check=False, paths=None)``, ``main(argv=None)`` (the command line).
"""

from __future__ import annotations

import argparse
import ast
import json
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from navigation import course, lessons  # noqa: E402  (the course list's lessons and editions, by folder)

TAG = "notebook-only"
KEY = "baccarat"              # metadata.baccarat.notebook_only_text
TEXT_KEY = "notebook_only_text"

RUN_ALL_NOTE = re.compile(r"Run\s*▸\s*Run All")
# A plain number, or a one-line str repr without quotes or escapes inside: shown (the template unquotes it).
_PLAIN_RESULT = re.compile(r"-?[\d_,]+(\.\d+)?([eE][-+]?\d+)?|'[^'\\\n]*'")
# An object repr in printed text: Name(field=..., Name('...'), or a bare tuple of booleans.
_PRINTED_REPR = re.compile(r"\b[A-Z]\w*\((\w+=|['\"])|\((True|False)(, (True|False))+\)")


def _text(value) -> str:
    return "".join(value) if isinstance(value, list) else (value or "")


def is_bare_repr(text: str) -> bool:
    """True if an execute_result's text/plain is a repr that means nothing without its code
    (anything but a plain number or a plain one-line string)."""
    return not _PLAIN_RESULT.fullmatch(text.strip())


def _is_language_line(node) -> bool:
    """``set_language("vi")``: the one line a Vietnamese lesson adds to its import cell."""
    return (isinstance(node, ast.Expr) and isinstance(node.value, ast.Call)
            and isinstance(node.value.func, ast.Name) and node.value.func.id == "set_language")


def _only_imports(source: str) -> bool:
    try:
        body = ast.parse(source).body
    except SyntaxError:
        return False
    return bool(body) and all(isinstance(node, (ast.Import, ast.ImportFrom)) or _is_language_line(node)
                              for node in body)


def _shows_repr(outputs: list) -> bool:
    for output in outputs:
        kind = output.get("output_type")
        if kind == "execute_result":
            data = output.get("data", {})
            if set(data) == {"text/plain"} and is_bare_repr(_text(data["text/plain"])):
                return True
        elif kind == "stream" and _PRINTED_REPR.search(_text(output.get("text"))):
            return True
    return False


def _blocks(source: str) -> list[str]:
    """The markdown's paragraphs and top-level list items, each with its line ending(s)."""
    blocks, current = [], []
    for line in source.splitlines(keepends=True):
        starts_item = re.match(r"[-*+] |\d+\. ", line)
        if not line.strip() or starts_item:
            if current:
                blocks.append("".join(current))
            current = []
            if not line.strip():
                continue
        current.append(line)
    if current:
        blocks.append("".join(current))
    return blocks


def wanted(cell: dict) -> tuple[bool, list[str]]:
    """(does the cell get the notebook-only tag, the text of it to hide in Voila)."""
    source = _text(cell.get("source"))
    if cell.get("cell_type") == "code":
        return _only_imports(source) or _shows_repr(cell.get("outputs", [])), []
    if cell.get("cell_type") != "markdown" or not RUN_ALL_NOTE.search(source):
        return False, []
    notes = [block for block in _blocks(source) if RUN_ALL_NOTE.search(block)]
    rest = source
    for note in notes:
        rest = rest.replace(note, "")
    if not rest.strip():
        return True, []
    return False, notes


# Slide mode: heights (px) on a slide laid out 1:1 on a 1280x720 screen (serve/voila/slides/voila.py: 1228x691),
# with 24 px prose (34 px a line, about 100 characters) and 20 px printed text (27 px a line, about 95 characters).
SLIDE_HEIGHT_PX = 610          # what a slide holds before the bottom edge (its top margin and a spare line off)
_PROSE_LINE_PX, _PROSE_LINE_CHARS = 34, 100
_PRINT_LINE_PX, _PRINT_LINE_CHARS = 27, 95
# A widget's height before any click, by the function that shows it (measured at 1280x720 with 20 px widget
# text). An output taller than the room left on its slide scrolls in a box of its own (the slide template sizes
# it), so it needs at most _ROOM_PX of the slide; a plot is shrunk to _PLOT_PX.
_WIDGET_PX = {"show_question": 200}
_ROOM_PX = 300
_PLOT_PX = 460
_CELL_PX = {"markdown": 14, "code": 20}     # a cell's own margins
_SHOW = re.compile(r"\b(show_\w+)\(")


def _lines(text: str, chars: int) -> int:
    return max(1, -(-len(text) // chars))


def _markdown_height(source: str) -> int:
    height = 0
    for block in re.split(r"\n\s*\n", source.strip()):
        first = block.lstrip()
        if first.startswith("# "):
            height += 80
            block = block.split("\n", 1)[1] if "\n" in block else ""
        elif first.startswith("#"):
            height += 64
            block = block.split("\n", 1)[1] if "\n" in block else ""
        if not block.strip():
            continue
        if block.lstrip().startswith("<"):              # a <div> box's tags
            height += 12
            continue
        items = re.split(r"\n(?=\s*(?:[-*+]|\d+\.) )", block)   # a list's items, or one paragraph
        height += 20 + sum(_lines(" ".join(item.split()), _PROSE_LINE_CHARS) * _PROSE_LINE_PX + 6 for item in items)
    return height


def _png_height(data) -> float:
    """The height a PNG output takes: its own size, shrunk to the slide's width (1180 px of content) and to
    _PLOT_PX."""
    import base64
    import struct

    head = base64.b64decode(_text(data)[:64])
    width, height = struct.unpack(">II", head[16:24])
    return min(_PLOT_PX, height * min(1.0, 1180 / width)) if width else _PLOT_PX


def _output_height(output: dict, source: str) -> float:
    if output.get("output_type") == "stream":
        lines = _text(output.get("text")).rstrip("\n").split("\n")
        return sum(_lines(line, _PRINT_LINE_CHARS) for line in lines) * _PRINT_LINE_PX
    data = output.get("data", {})
    if "application/vnd.jupyter.widget-view+json" in data:
        shown = _SHOW.search(source)
        return _WIDGET_PX.get(shown.group(1) if shown else "", _ROOM_PX)
    if "image/png" in data:
        return _png_height(data["image/png"])
    if "text/html" in data:
        html = _text(data["text/html"])
        return 40 + 42 * html.count("<tr") + 170 * html.count("bcl-hand") + 30 * html.count("<li")
    if "text/markdown" in data:
        markdown = _text(data["text/markdown"])
        return _markdown_height(markdown) + 10 * markdown.count("\n")
    return _PRINT_LINE_PX * len(_text(data.get("text/plain", "")).splitlines())


def _height(cell: dict) -> int:
    """A rough height (px) of a cell on a slide: its markdown's paragraphs, or its outputs (each at most
    _ROOM_PX, as a taller one scrolls in its own box; a plot at most _PLOT_PX)."""
    kind = cell.get("cell_type")
    if kind == "markdown":
        return _CELL_PX["markdown"] + _markdown_height(_text(cell.get("source")))
    source = _text(cell.get("source"))
    outputs = [_output_height(output, source) if "image/png" in output.get("data", {})   # shrunk, not boxed
               else min(_ROOM_PX, _output_height(output, source)) for output in cell.get("outputs", [])]
    return round(_CELL_PX["code"] + sum(outputs)) if outputs else 0


def _starts_section(cell: dict) -> bool:
    source = _text(cell.get("source"))
    return cell.get("cell_type") == "markdown" and (source.startswith("# ") or source.startswith("## "))


def slide_types(cells: list) -> list[str]:
    """Each cell's slide type: "slide" for a section's heading, "skip" for navigation and notebook-only cells,
    "slide" also where a section too tall for one slide continues (the right arrow steps through everything;
    reveal.js's subslides would need the down arrow), "-" for the rest. A section continues on a new slide
    before the first cell that would run below the bottom edge; a markdown lead-in moves on with the cell after
    it (so a question is never separated from its words), unless it starts its slide."""
    types = ["skip" if "navigation" in cell.get("metadata", {}).get("tags", []) or wanted(cell)[0] else "-"
             for cell in cells]
    shown = [index for index, kind in enumerate(types) if kind != "skip"]
    filled, start = 0, None     # the height on the current slide, and the index (in shown) of its first cell
    for place, index in enumerate(shown):
        cell, height = cells[index], _height(cells[index])
        if _starts_section(cell) or start is None:
            types[index], filled, start = "slide", 0, place
        elif filled + height > SLIDE_HEIGHT_PX:
            split = place
            lead = shown[place - 1]
            if cells[lead].get("cell_type") == "markdown" and cell.get("cell_type") == "code" and place - 1 > start:
                split = place - 1
            types[shown[split]] = "slide"
            filled, start = sum(_height(cells[i]) for i in shown[split:place]), split
        filled += height
    return types


def _apply(cell: dict, slide_type: str = "-") -> bool:
    """Bring one cell's tag, hidden text and slide type up to date; True if anything changed."""
    tag, text = wanted(cell)
    metadata = cell.setdefault("metadata", {})
    before = json.dumps(metadata, sort_keys=True)
    metadata["slideshow"] = {**metadata.get("slideshow", {}), "slide_type": slide_type}
    tags = metadata.get("tags", [])
    if tag and TAG not in tags:
        metadata["tags"] = tags + [TAG]
    elif not tag and TAG in tags:
        tags = [t for t in tags if t != TAG]
        if tags:
            metadata["tags"] = tags
        else:
            del metadata["tags"]
    own = metadata.get(KEY, {})
    if text:
        metadata[KEY] = {**own, TEXT_KEY: text}
    elif TEXT_KEY in own:
        own = {k: v for k, v in own.items() if k != TEXT_KEY}
        if own:
            metadata[KEY] = own
        else:
            del metadata[KEY]
    return json.dumps(metadata, sort_keys=True) != before


def update(check: bool = False, paths: list[Path] | None = None) -> list[Path]:
    """Bring the lessons' notebook-only tags and slide types up to date (or, with ``check``, only list the stale
    ones): every lesson of every edition in the course list, or only the notebooks ``paths``."""
    if paths is None:
        paths = [path for edition in course.EDITIONS.values() for path in lessons(edition.folder)]
    stale = []
    for path in paths:
        notebook = json.loads(path.read_text(encoding="utf-8"))
        types = slide_types(notebook["cells"])
        changed = [_apply(cell, slide_type) for cell, slide_type in zip(notebook["cells"], types)]
        if any(changed):
            stale.append(path)
            if not check:  # written the way nbformat writes, so only the metadata lines change
                path.write_text(json.dumps(notebook, sort_keys=True, indent=1, ensure_ascii=False) + "\n",
                                encoding="utf-8")
    return stale


def main(argv=None) -> int:
    """The command line: update the lessons' notebook-only tags and slide types, or with ``--check`` only list what is
    stale (exit status 1 if anything is). An unknown argument changes nothing: argparse says what it accepts and
    exits with status 2."""
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
