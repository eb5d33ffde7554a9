"""Lazy exports for the layer packages: each public name loads its module on first use (PEP 562).

``from baccarat_lib.views import show_question`` then loads the question widget but not matplotlib, so a
lesson that draws no plot never imports it, while every public name of a layer is still importable from the
layer itself. A test checks that each package's ``homes`` match its modules' ``__all__``.
"""

from __future__ import annotations

import importlib
import sys

__all__ = ["lazy_exports"]


def lazy_exports(package: str, homes: dict[str, tuple[str, ...]]):
    """``(__getattr__, __dir__, __all__)`` for ``package``; ``homes`` maps a submodule (".odds") to its names."""
    where = {name: module for module, names in homes.items() for name in names}

    def __getattr__(name: str):
        if name not in where:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(where[name], package), name)
        setattr(sys.modules[package], name, value)
        return value

    def __dir__():
        return sorted(set(where) | set(vars(sys.modules[package])))

    return __getattr__, __dir__, sorted(where)
