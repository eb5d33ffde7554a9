"""What the views' tests share: a record of where a widget sends the keyboard's focus."""

import ipywidgets as widgets
import pytest


@pytest.fixture
def focused(monkeypatch):
    """The controls given the keyboard's focus, in order (``DOMWidget.focus`` asks the browser; here it is noted)."""
    moves = []
    monkeypatch.setattr(widgets.DOMWidget, "focus", lambda control: moves.append(control))
    return moves
