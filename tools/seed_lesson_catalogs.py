"""One-off: seed lessons/locale/vi/LC_MESSAGES/<lesson>.po from the hand-translated lessons/vi/*.ipynb.

Cell i of an English lesson is paired with cell i of its Vietnamese twin (same kind, same id); in a prose cell,
paragraph j with paragraph j. Where the Vietnamese cell has a paragraph the English one lacks (a translator's
note), it is kept with the translation of the paragraph before it. Everything that does not line up is printed.
"""

import difflib
import re
import sys
from pathlib import Path

import nbformat
from babel.messages.catalog import Catalog

sys.path.insert(0, str(Path(__file__).resolve().parent))
import navigation  # noqa: E402
import translate_lessons as tl  # noqa: E402
import translations  # noqa: E402


def kind(paragraph):
    for name, pattern in [("heading", r"#"), ("list", r"[-*+] |\d+\. "), ("html", r"<"), ("table", r"\|"),
                          ("fence", r"```|~~~"), ("quote", r">")]:
        if re.match(pattern, paragraph):
            return name
    return "text"


def pairs(en_text, vi_text, where):
    en, vi = tl.paragraphs(en_text), tl.paragraphs(vi_text)
    en_blocks, vi_blocks = en[::2], vi[::2]
    if len(en_blocks) == len(vi_blocks):
        return list(zip(en_blocks, vi_blocks))
    found = []
    matcher = difflib.SequenceMatcher(a=[kind(b) for b in en_blocks], b=[kind(b) for b in vi_blocks], autojunk=False)
    for op, i1, i2, j1, j2 in matcher.get_opcodes():
        if op == "equal":
            found += [(en_blocks[i], vi_blocks[j]) for i, j in zip(range(i1, i2), range(j1, j2))]
        elif op == "insert" and found:
            # the Vietnamese paragraphs j1..j2 follow the one paired last: they join its translation
            english, text = found[-1]
            found[-1] = (english, "".join(vi[2 * (j1 - 1): 2 * j2 - 1]))
            print(f"{where}: Vietnamese paragraph(s) {j1 + 1}-{j2} have no English twin; kept with the one before:"
                  f" {vi_blocks[j1][:70]!r}")
        else:
            print(f"{where}: cannot pair paragraphs ({op} {i1}:{i2} / {j1}:{j2}); left untranslated")
    return found


def main():
    problems = 0
    for english in navigation.lessons(tl.ENGLISH_DIR):
        en_nb = nbformat.read(english, as_version=4)
        vi_nb = nbformat.read(tl.EDITION_DIR / english.name, as_version=4)
        if [c.cell_type for c in en_nb.cells] != [c.cell_type for c in vi_nb.cells]:
            print(f"{english.name}: the cells do not line up"); problems += 1
            continue
        catalog = Catalog(locale=tl.LANGUAGE, project=translations.PROJECT, fuzzy=False)
        prose = {id(cell) for cell in tl._prose_cells(en_nb)}
        for number, (en_cell, vi_cell) in enumerate(zip(en_nb.cells, vi_nb.cells), 1):
            if id(en_cell) not in prose:
                continue
            for msgid, msgstr in pairs(en_cell.source, vi_cell.source, f"{english.name} cell {number}"):
                if not msgid.strip():
                    continue
                old = catalog.get(msgid)
                if old is not None and old.string != msgstr:
                    print(f"{english.name} cell {number}: {msgid[:50]!r} translated two ways"); problems += 1
                catalog.add(msgid, msgstr)
        catalog.header_comment = tl.HEADER.format(name=english.name)
        translations.write(tl.catalog_path(english), catalog)
    return problems


if __name__ == "__main__":
    sys.exit(1 if main() else 0)
