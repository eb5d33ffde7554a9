"""Lazy exports for the layer packages: each public name loads its module on first use (PEP 562).

A public name is declared once, in its module's ``__all__``. A layer exports the ``__all__`` of every module and
subpackage in its folder (names starting with ``_`` are private), read from the source without importing the
module, so ``from baccarat_lib.views import show_question`` loads the question widget but not matplotlib.
"""

from __future__ import annotations

import ast
import importlib
import importlib.util
import pkgutil
import re
import sys

__all__ = ["lazy_exports"]

_ALL = re.compile(r"^__all__\s*=\s*(\[[^\]]*\])", re.MULTILINE)


def _public_names(package: str, module: str, is_package: bool) -> tuple[str, ...]:
    """The ``__all__`` of ``package + module``: read from its source, or (a subpackage, or no source) imported."""
    spec = importlib.util.find_spec(module, package)
    if not is_package and spec.origin and spec.origin.endswith(".py"):
        with open(spec.origin, encoding="utf-8") as source:
            found = _ALL.search(source.read())
        if found:
            return tuple(ast.literal_eval(found.group(1)))
    return tuple(importlib.import_module(module, package).__all__)


def lazy_exports(package: str):
    """``(__getattr__, __dir__, __all__)`` for ``package``: every name in the ``__all__`` of its modules."""
    where: dict[str, str] = {}
    for found in pkgutil.iter_modules(sys.modules[package].__path__):
        if found.name.startswith("_"):
            continue
        module = f".{found.name}"
        for name in _public_names(package, module, found.ispkg):
            if name in where:
                raise ImportError(f"{package}: {name!r} is public in both {where[name]} and {module}")
            where[name] = module

    def __getattr__(name: str):
        if name not in where:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(where[name], package), name)
        setattr(sys.modules[package], name, value)
        return value

    def __dir__():
        return sorted(set(where) | set(vars(sys.modules[package])))

    return __getattr__, __dir__, sorted(where)
