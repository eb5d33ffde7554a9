"""Smoke tests of the browser harness itself, on notebooks written at run time.

A working notebook (slider, button, Output) must render and respond in JupyterLab and Voila;
a broken one (cell error, failing widget callback, undisplayable widget, stderr) must make
assert_no_errors fail, so a passing lesson test means something.
"""

from __future__ import annotations

import pytest

from .lab import (
    ARTIFACTS, REPO_ROOT, assert_no_errors, errors, expect, kernel_roundtrip,
    open_and_run_all, open_notebook, open_voila, run_all, screenshot, write_notebook,
)

NOTEBOOKS = ARTIFACTS / "nb"

WIDGETS_CELL = """\
import ipywidgets as widgets
from IPython.display import display

slider = widgets.IntSlider(value=3, min=0, max=10, description="n")
button = widgets.Button(description="Go")
out = widgets.Output()
clicks = 0

def on_value(change):
    with out:
        print(f"value {change['new']}")

def on_click(_):
    global clicks
    clicks += 1
    with out:
        print(f"clicked {clicks}")

slider.observe(on_value, names="value")
button.on_click(on_click)
display(widgets.VBox([slider, button, out]))
"""

BROKEN_WIDGETS_CELL = """\
import sys
import ipywidgets as widgets
from IPython.display import display

def explode(_):
    raise ValueError("boom-callback")

bomb = widgets.Button(description="Explode")
bomb.on_click(explode)
display(bomb)
print("careful", file=sys.stderr)
"""

# A button whose callback keeps the kernel busy for two seconds: a request still on its way when the next
# interaction starts.
SLOW_BUTTON_CELL = """\
import time
slow = widgets.Button(description="Slow")
slow.on_click(lambda _: time.sleep(2))
display(slow)
"""

# A widget view whose model does not exist: JupyterLab shows "Error displaying widget".
# (Voila shows "Loading widget..." forever, which open_voila reports after its timeout.)
GHOST_WIDGET_CELL = """\
display({"application/vnd.jupyter.widget-view+json":
         {"model_id": "0" * 32, "version_major": 2, "version_minor": 0},
         "text/plain": "ghost widget"}, raw=True)
"""


def _relative(path) -> str:
    return path.relative_to(REPO_ROOT).as_posix()


@pytest.fixture(scope="module")
def smoke_notebook() -> str:
    path = write_notebook(NOTEBOOKS / "smoke.ipynb", [
        ("markdown", "# Harness smoke test"),
        WIDGETS_CELL,
        "print('ready')",
    ])
    return _relative(path)


def _broken_notebook(name: str, *extra_cells: str) -> str:
    path = write_notebook(NOTEBOOKS / name, [
        BROKEN_WIDGETS_CELL,
        *extra_cells,
        "1 / 0",
        "print('never reached')",
    ])
    return _relative(path)


def _exercise_widgets(page, nb, name: str) -> None:
    expect(nb.locator(".widget-slider")).to_have_count(1)
    expect(nb.locator(".widget-button")).to_have_count(1)
    assert_no_errors(page)
    output = nb.locator(".widget-output")

    with kernel_roundtrip(page):
        nb.locator(".noUi-handle").focus()
        page.keyboard.press("ArrowRight")
    expect(output).to_contain_text("value 4")

    with kernel_roundtrip(page):
        nb.get_by_role("button", name="Go").click()
    expect(output).to_contain_text("clicked 1")

    assert_no_errors(page)
    screenshot(page, name)


def test_lab_widgets_render_and_respond(page, lab_server, smoke_notebook):
    nb = open_and_run_all(page, lab_server, smoke_notebook)
    expect(nb.locator(".jp-OutputArea-output", has_text="ready")).to_have_count(1)
    _exercise_widgets(page, nb, "smoke-lab")


def test_voila_widgets_render_and_respond(page, voila_server, smoke_notebook):
    nb = open_voila(page, voila_server, smoke_notebook)
    _exercise_widgets(page, nb, "smoke-voila")


def test_lab_errors_are_detected(page, lab_server):
    open_notebook(page, lab_server, _broken_notebook("broken-lab.ipynb", GHOST_WIDGET_CELL))
    assert run_all(page) is False

    with pytest.raises(AssertionError) as caught:
        assert_no_errors(page)
    message = str(caught.value)
    assert "ZeroDivisionError" in message
    assert "Error displaying widget" in message
    assert "stderr: careful" in message

    with kernel_roundtrip(page):
        page.get_by_role("button", name="Explode").click()
    problems = errors(page, allow_stderr=True)
    assert any("widget callback: ValueError: boom-callback" in p for p in problems), problems
    assert not any("careful" in p for p in problems), problems


def test_voila_errors_are_detected(page, voila_server):
    open_voila(page, voila_server, _broken_notebook("broken-voila.ipynb"))
    with kernel_roundtrip(page):
        page.get_by_role("button", name="Explode").click()

    problems = errors(page)
    text = "\n".join(problems)
    assert "ZeroDivisionError" in text, problems
    assert "widget callback: ValueError: boom-callback" in text, problems
    assert "stderr in cell index 0: careful" in text, problems
    assert "careful" not in "\n".join(errors(page, allow_stderr=True))


def test_a_roundtrip_is_not_ended_by_the_answer_to_an_earlier_request(page, voila_server):
    """The kernel going idle for a request sent before the interaction (here a slow callback; in Voila also the widget
    manager closing its state-loading comm as the widgets render) must not end the interaction's roundtrip: an
    exception the interaction raises would then be looked for before it happened."""
    open_voila(page, voila_server, _broken_notebook("broken-voila-slow.ipynb", SLOW_BUTTON_CELL))
    page.get_by_role("button", name="Slow").click()

    with pytest.raises(AssertionError, match="did it reach the kernel at all"):
        with kernel_roundtrip(page, timeout_s=4):
            pass                               # sends nothing; the slow callback's answer comes meanwhile
