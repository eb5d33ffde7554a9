"""Smoke tests of the browser harness itself, on notebooks written at run time.

One notebook per front end holds a working part (slider, button, Output) and a broken part (cell error, failing
widget callback, undisplayable widget, stderr) after it: the working widgets must render and respond, and the
harness must report exactly the planted errors, each of them and nothing else, so a passing lesson test means
something. Voila is the course's classroom server (`classroom_server`, the one the lesson visits use), so the
errors are seen to be caught in the classroom template's pages.
"""

from __future__ import annotations

import pytest

from .lab import (
    ARTIFACTS, REPO_ROOT, assert_no_errors, errors, expect, kernel_roundtrip,
    open_notebook, open_voila, run_all, screenshot, write_notebook,
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


def _notebook(name: str, *broken_cells: str) -> str:
    """The working widgets, then the broken cells, then a cell error (JupyterLab's run-all and Voila stop there)."""
    path = write_notebook(NOTEBOOKS / name, [
        ("markdown", "# Harness smoke test"),
        WIDGETS_CELL,
        "print('ready')",
        *broken_cells,
        "1 / 0",
        "print('never reached')",
    ])
    return _relative(path)


def _exercise_widgets(page, nb, name: str) -> None:
    """The working VBox: one slider, one Go button; the slider's key press and the click reach the kernel."""
    smoke = nb.locator(".widget-vbox", has=page.get_by_role("button", name="Go")).last
    expect(smoke.locator(".widget-slider")).to_have_count(1)
    expect(smoke.locator(".widget-button")).to_have_count(1)
    output = smoke.locator(".widget-output")

    with kernel_roundtrip(page):
        smoke.locator(".noUi-handle").focus()
        page.keyboard.press("ArrowRight")
    expect(output).to_contain_text("value 4")

    with kernel_roundtrip(page):
        smoke.get_by_role("button", name="Go").click()
    expect(output).to_contain_text("clicked 1")
    screenshot(page, name)


def test_lab_widgets_respond_and_every_planted_error_is_detected(page, lab_server):
    nb = open_notebook(page, lab_server, _notebook("smoke-lab.ipynb", BROKEN_WIDGETS_CELL, GHOST_WIDGET_CELL))
    assert run_all(page) is False                      # stopped at 1 / 0
    expect(nb.locator(".jp-OutputArea-output", has_text="ready")).to_have_count(1)
    _exercise_widgets(page, nb, "smoke-lab")

    with pytest.raises(AssertionError) as caught:
        assert_no_errors(page)
    problems = errors(page)
    assert len(problems) == 3, problems                # the planted ones, and nothing from the working widgets
    message = str(caught.value)
    assert "ZeroDivisionError" in message
    assert "Error displaying widget" in message
    assert "stderr: careful" in message

    with kernel_roundtrip(page):
        page.get_by_role("button", name="Explode").click()
    problems = errors(page, allow_stderr=True)
    assert any("widget callback: ValueError: boom-callback" in p for p in problems), problems
    assert not any("careful" in p for p in problems), problems
    assert len(problems) == 3, problems                # cell error, undisplayable widget, callback


def test_voila_widgets_respond_every_planted_error_is_detected_and_a_roundtrip_waits_for_its_own_answer(
        classroom_page, classroom_server):
    page = classroom_page
    nb = open_voila(page, classroom_server.url,
                    _notebook("smoke-voila.ipynb", BROKEN_WIDGETS_CELL, SLOW_BUTTON_CELL))
    _exercise_widgets(page, nb, "smoke-voila")
    with kernel_roundtrip(page):
        page.get_by_role("button", name="Explode").click()

    problems = errors(page)
    text = "\n".join(problems)
    assert "ZeroDivisionError" in text, problems
    assert "widget callback: ValueError: boom-callback" in text, problems
    assert "stderr in cell index 3: careful" in text, problems      # the 4th cell (markdown counted)
    assert len(problems) == 3, problems                # the planted ones, and nothing from the working widgets
    assert "careful" not in "\n".join(errors(page, allow_stderr=True))

    # The kernel going idle for a request sent before the interaction (here a slow callback; in Voila also the widget
    # manager closing its state-loading comm as the widgets render) must not end the interaction's roundtrip: an
    # exception the interaction raises would then be looked for before it happened.
    page.get_by_role("button", name="Slow").click()
    with pytest.raises(AssertionError, match="did it reach the kernel at all"):
        with kernel_roundtrip(page, timeout_s=4):
            pass                               # sends nothing; the slow callback's answer comes meanwhile
