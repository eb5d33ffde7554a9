"""issue 11, item 11: the projector style sheet enlarges controls, so it must let their boxes grow with the text
(dropdowns and text boxes were cut at the bottom: 18 px text in a fixed 2.1em box inside a fixed-height row).
The browser check is tests/browser/test_issue11_layout.py; this one catches the rule itself."""

import re

from baccarat_lib.views.widgets.common import PROJECTOR_CSS


def _rules():
    return re.findall(r"([^{}]+)\{([^}]*)\}", PROJECTOR_CSS.replace("<style>", "").replace("</style>", ""))


def test_no_control_or_row_gets_a_fixed_height():
    # issue 11, item 11
    for selectors, body in _rules():
        for height in re.findall(r"(?<![-\w])height\s*:\s*([^;!]+)", body):
            assert height.strip() == "auto", f"{selectors.strip()} has a fixed height {height.strip()}"


def test_rows_holding_controls_grow_with_them():
    # issue 11, item 11: the rows ipywidgets gives a fixed height (--jp-widgets-inline-height) may grow
    grown = " ".join(selectors for selectors, body in _rules() if re.search(r"(?<![-\w])height\s*:\s*auto", body))
    for row in (".widget-dropdown", ".widget-text", ".widget-inline-hbox", "select", "input"):
        assert row in grown, row
