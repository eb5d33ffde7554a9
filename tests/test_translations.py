"""The course speaks Vietnamese through standard gettext catalogs.

Checked for every layer's catalog (one gettext domain per layer, see baccarat_lib/i18n.py):
- every message the code passes to _() / N_() / ngettext() has a Vietnamese translation (not empty, not fuzzy);
- each translation has the same {placeholders} as its English message, so .format() never fails or drops a value;
- a message translated in two layers is translated the same way (one term, one translation);
- no module that uses _() also assigns the name _ (a `for _ in ...` would hide the function).
"""

from __future__ import annotations

import ast
import string
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
import translations  # noqa: E402

from baccarat_lib.i18n import DOMAINS, fold, using_language, _  # noqa: E402


def _catalog(domain):
    path = translations.po_path("vi", domain)
    return translations.read(path, "vi") if path.exists() else None


def _fields(text: str) -> set[str]:
    """The replacement fields of a str.format message: "{card}: {total}" -> {"card", "total"}."""
    return {name for _literal, name, _spec, _conversion in string.Formatter().parse(text) if name is not None}


@pytest.mark.parametrize("domain", DOMAINS)
def test_every_message_has_a_vietnamese_translation(domain):
    gaps = translations.missing("vi", domain)
    assert not gaps, f"{len(gaps)} {domain} messages lack a Vietnamese translation " \
                     f"(run tools/translations.py update, then translate), e.g. {gaps[:5]}"


@pytest.mark.parametrize("domain", DOMAINS)
def test_placeholders_of_each_translation_match_the_original(domain):
    catalog = _catalog(domain)
    if catalog is None:
        pytest.skip(f"no {domain}.po yet")
    wrong = []
    for message in catalog:
        if not message.id or not message.string:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        for translated in strings:
            if translated and _fields(translated) != _fields(ids[0]):
                wrong.append((ids[0], translated))
    assert not wrong, f"placeholders differ: {wrong[:3]}"


def test_one_message_one_translation_across_layers():   # The glossary fixes each term once
    seen, different = {}, []
    for domain in DOMAINS:
        catalog = _catalog(domain)
        for message in catalog or ():
            if message.id and message.string:
                previous = seen.setdefault(message.id, (domain, message.string))
                if previous[1] != message.string:
                    different.append((message.id, previous, (domain, message.string)))
    assert not different, different[:3]


def test_no_module_hides_the_translation_function():
    offenders = []
    for path in sorted((ROOT / "baccarat_lib").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        uses = any(isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "_"
                   for node in ast.walk(tree))
        assigns = any(isinstance(node, ast.Name) and node.id == "_" and isinstance(node.ctx, ast.Store)
                      for node in ast.walk(tree))
        if uses and assigns:
            offenders.append(path.relative_to(ROOT).as_posix())
    assert not offenders, f"these modules call _() and also assign _ (rename the throwaway variable): {offenders}"


def test_the_catalogs_are_read_from_po_sources_without_a_build_step(tmp_path):
    # A fresh clone has no .mo files: the .po sources are compiled on first use.
    assert not list((ROOT / "baccarat_lib" / "locale").rglob("*.mo")), "commit .po sources, not compiled .mo"
    with using_language("vi"):
        assert _("Player") == "Player"           # hand names stay as the Vietnamese guides write them


def test_fold_reads_vietnamese_with_or_without_diacritics():
    assert fold("Không rút") == fold("khong rut") == "khong rut"
    assert fold("NHÀ CÁI") == fold("nha cai")
    assert fold("Hoà") == fold("Hòa") == "hoa"      # both placements of the tone mark, as the seeds write them
    assert fold("đứng") == "dung"


def test_translation_calls_hold_no_literal_babel_could_mistake_for_a_message():
    # _(NAMES["natural"]) is a lookup, but Babel before 2.19 (the floor is 2.12) extracts "natural" from it as a
    # message of its own, which then lacks a translation. Literals belong directly in _() / N_(), or outside it.
    def literals(node):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "N_":
            return []                                     # a marked message inside a lookup is one on its own
        found = [node] if isinstance(node, ast.Constant) and isinstance(node.value, str) else []
        return found + [inner for child in ast.iter_child_nodes(node) for inner in literals(child)]

    offenders = []
    for path in sorted((ROOT / "baccarat_lib").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("_", "N_") \
                    and node.args and not isinstance(node.args[0], ast.Constant) and literals(node.args[0]):
                offenders.append(f"{path.relative_to(ROOT).as_posix()}:{node.lineno} {ast.unparse(node)[:60]}")
    assert not offenders, offenders
