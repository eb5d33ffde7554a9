"""The course's gettext catalogs, kept with Babel: extract the messages, merge them into each .po, compile.

    python tools/translations.py update              # .pot from the code, new messages into every .po
    python tools/translations.py update --domain game
    python tools/translations.py compile             # .mo files (optional: the library compiles a .po itself)
    python tools/translations.py check               # list messages without a translation; exit 1 if any

A domain is a layer of ``baccarat_lib`` (``baccarat_lib.i18n.DOMAINS``): the modules of its folder ("views"
leaves out ``views/widgets``, which is "widgets"), and for "base" the modules at the top of the package. Messages
are the literal strings passed to ``_()``, ``N_()`` and ``ngettext()`` (Babel's default keywords); a comment
starting ``Translators:`` just above goes with the message. The "hub" domain holds the JupyterHub class view's
pages (``serve/hub/class_*.py``). The "lessons" domain holds the sentences the English
lessons' code cells pass to ``tr()`` and ``say()`` (the Vietnamese lessons run the same code).
Then edit ``baccarat_lib/locale/<language>/LC_MESSAGES/<domain>.po`` with any PO editor (or by hand).
"""

from __future__ import annotations

import argparse
import io
import json
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_file, extract_python
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "baccarat_lib"
sys.path.insert(0, str(ROOT))
from baccarat_lib import course  # noqa: E402
from baccarat_lib.i18n import DOMAINS, LANGUAGES, LOCALE_DIR  # noqa: E402

PROJECT = "punto-banco-course"
COMMENT_TAGS = ("Translators:",)
LESSON_KEYWORDS = {"tr": None, "say": None}
TRANSLATED = [code for code in LANGUAGES if code != "en"]


def domain_files(domain: str) -> list[Path]:
    """The source files whose messages belong to ``domain``."""
    if domain == "base":
        return sorted(PACKAGE.glob("*.py"))
    if domain == "lessons":
        return [course.lesson_path(lesson) for lesson in course.lessons("en")]
    if domain == "widgets":
        return sorted((PACKAGE / "views" / "widgets").rglob("*.py"))
    if domain == "hub":              # the JupyterHub class view's pages (the hub's other files print no sentences)
        return sorted((ROOT / "serve" / "hub").glob("class_*.py"))
    files = sorted((PACKAGE / domain).rglob("*.py"))
    return [path for path in files if "widgets" not in path.relative_to(PACKAGE).parts] if domain == "views" else files


def _code_cells(path: Path) -> str:
    """A notebook's code cells as one Python text (cells apart by blank lines), for Babel's Python extractor."""
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    return "\n\n".join("".join(cell["source"]) for cell in cells if cell["cell_type"] == "code")


def _messages(path: Path, domain: str):
    if domain == "lessons":          # Babel's own extractor over the code cells: tr("...", name=value) -> "..."
        found = extract_python(io.BytesIO(_code_cells(path).encode("utf-8")), LESSON_KEYWORDS, COMMENT_TAGS, {})
        return ((lineno, messages[0] if isinstance(messages, tuple) else messages, comments, None)
                for lineno, _function, messages, comments in found if messages and messages[0])
    return ((lineno, message, comments, context) for lineno, message, comments, context in extract_from_file(
        "python", str(path), keywords=DEFAULT_KEYWORDS, comment_tags=COMMENT_TAGS, strip_comment_tags=True))


def extract(domain: str) -> Catalog:
    """The English messages of one domain, read from its source files (nothing is imported)."""
    template = Catalog(project=PROJECT, fuzzy=False)
    for path in domain_files(domain):
        for found in _messages(path, domain):
            lineno, message, comments, context = found
            template.add(message, locations=[(path.relative_to(ROOT).as_posix(), lineno)],
                         auto_comments=comments, context=context)
    return template


def po_path(code: str, domain: str) -> Path:
    return LOCALE_DIR / code / "LC_MESSAGES" / f"{domain}.po"


def read(path: Path, code: str | None = None) -> Catalog:
    with path.open("rb") as file:
        return read_po(file, locale=code)


def write(path: Path, catalog: Catalog) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as file:
        write_po(file, catalog, width=116, sort_by_file=True)


def update(domains) -> None:
    """Write each domain's .pot, and merge it into every language's .po (new messages untranslated)."""
    for domain in domains:
        template = extract(domain)
        write(LOCALE_DIR / f"{domain}.pot", template)
        for code in TRANSLATED:
            path = po_path(code, domain)
            catalog = read(path, code) if path.exists() else Catalog(locale=code, project=PROJECT, fuzzy=False)
            catalog.update(template, no_fuzzy_matching=True)
            catalog.obsolete.clear()                    # messages gone from the code leave the catalog
            write(path, catalog)
            print(f"{path.relative_to(ROOT)}: {len(template)} messages")


def compile_all(domains) -> None:
    for domain in domains:
        for code in TRANSLATED:
            path = po_path(code, domain)
            if path.exists():
                with path.with_suffix(".mo").open("wb") as file:
                    write_mo(file, read(path, code), use_fuzzy=False)


def missing(code: str, domain: str) -> list[str]:
    """Messages of ``domain`` (as the code has them now) with no usable translation into ``code``."""
    path = po_path(code, domain)
    catalog = read(path, code) if path.exists() else Catalog(locale=code)
    gaps = []
    for message in extract(domain):
        if not message.id:
            continue
        entry = catalog.get(message.id, context=message.context)
        strings = entry.string if entry is not None else None
        if entry is None or entry.fuzzy or not (all(strings) if isinstance(strings, tuple) else strings):
            gaps.append(message.id if isinstance(message.id, str) else message.id[0])
    return gaps


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("command", choices=["update", "compile", "check"])
    parser.add_argument("--domain", choices=DOMAINS, action="append", help="one layer (default: all)")
    args = parser.parse_args(argv)
    domains = args.domain or list(DOMAINS)
    if args.command == "update":
        update(domains)
    elif args.command == "compile":
        compile_all(domains)
    else:
        gaps = [(code, domain, message) for code in TRANSLATED for domain in domains
                for message in missing(code, domain)]
        for code, domain, message in gaps:
            print(f"{code}/{domain}: {message!r}")
        print(f"{len(gaps)} messages without a translation")
        return 1 if gaps else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
