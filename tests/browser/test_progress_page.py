"""Answers survive a kernel restart and appear on the "My progress" page (lesson 11).

A JupyterLab server of its own, whose kernels save progress into a temporary BACCARAT_PROGRESS_DIR (so answers
of other browser tests do not count here). In lesson 01: run all, answer three total exercises (two right, one
wrong), restart the kernel; then open lesson 11, run all, and read the three answers off the page. Expected values
are worked by hand: 9+6 = 15 -> 5 (right), 4+9+8 = 21 -> 1 (right), 5+K+5 = 10 -> 0, answered 3 (wrong): "Hand
totals" 3 answers, 2 right, 67%. The server (and its kernels) is stopped by its handle at the end.
"""

from __future__ import annotations

import re

import pytest

from baccarat_lib.progress.store import ProgressStore

from . import servers
from .lab import (ARTIFACTS, REPO_ROOT, assert_no_errors, cell_by_text, expect, kernel_roundtrip, open_and_run_all,
                  screenshot, wait_idle)

EXERCISES = "lessons/01_card_values.ipynb"
PROGRESS = "lessons/11_my_progress.ipynb"
ANSWERS = (('total_question("9 6")', "5", "Right!"), ('total_question("4 9 8")', "1", "Right!"),
           ('total_question("5 K 5")', "3", "Not quite"))


@pytest.fixture
def progress_lab(tmp_path, monkeypatch):
    """(url, progress folder) of a JupyterLab server whose kernels save progress in a temporary folder."""
    progress = tmp_path / "progress"
    monkeypatch.setenv("BACCARAT_PROGRESS_DIR", str(progress))   # the server and its kernels inherit it
    server = servers.start_lab(REPO_ROOT, tmp_path / "home", ARTIFACTS / "logs" / "lab-server-progress.log")
    try:
        yield server.url, progress
    finally:
        try:
            servers.shutdown_kernels(server.url)
        except OSError:
            pass
        server.stop()


def _answer(page, source: str, text: str, verdict: str) -> None:
    cell = cell_by_text(page, source)
    box = cell.get_by_placeholder("your answer")
    with kernel_roundtrip(page):
        box.fill(text)
        box.press("Enter")
    expect(cell.locator(".bcl-right, .bcl-wrong")).to_have_text(re.compile("^" + re.escape(verdict)))


def _restart_kernel(page) -> None:
    """Kernel ▸ Restart Kernel…, and accept the dialog."""
    page.evaluate("() => { window.jupyterapp.commands.execute('kernelmenu:restart'); }")
    page.locator(".jp-Dialog .jp-mod-accept").click()
    expect(page.locator(".jp-Dialog")).to_have_count(0)
    wait_idle(page)


def test_three_answers_survive_a_restart_and_show_on_the_progress_page(page, progress_lab):
    url, progress = progress_lab
    open_and_run_all(page, url, EXERCISES)
    for source, text, verdict in ANSWERS:
        _answer(page, source, text, verdict)
    assert_no_errors(page)
    _restart_kernel(page)

    saved = ProgressStore(progress / "progress.sqlite3").answers()
    assert [(a.skill, a.key, a.answer, a.right, a.source, a.lesson) for a in saved] == [
        ("total", "9 6", "5", True, "lesson", "01_card_values"), ("total", "4 9 8", "1", True, "lesson", "01_card_values"),
        ("total", "5 K 5", "3", False, "lesson", "01_card_values")]

    nb = open_and_run_all(page, url, PROGRESS, in_place=True)     # JupyterLab booted once, for lesson 01
    assert_no_errors(page)
    widget = cell_by_text(page, "show_progress()")
    totals = widget.locator(".bcl-progress-skills tr", has_text="Hand totals").locator("td")
    expect(totals.nth(1)).to_have_text("3")
    expect(totals.nth(2)).to_have_text("2")
    expect(totals.nth(3)).to_have_text("67%")
    expect(widget.locator(".bcl-progress-skills tr")).to_have_count(2)      # the header and Hand totals only
    # lessons are named by number and title (the course list), not by file name
    lesson = widget.locator(".bcl-progress-lessons tr", has_text="1. Card values and hand totals")
    expect(lesson).to_contain_text("not yet")
    expect(lesson).to_contain_text("2 of 4 exercises right")
    expect(widget).to_contain_text("progress.sqlite3")
    expect(widget.locator("svg.bcl-progress-plot")).to_have_count(1)
    expect(nb.get_by_text("Error displaying widget")).to_have_count(0)
    widget.scroll_into_view_if_needed()
    screenshot(page, "progress-page")

    # What to practise next: totals have too few answers to judge, so the first kind never practised, naturals.
    practise = widget.get_by_role("button", name="Practise: Naturals")
    with kernel_roundtrip(page):
        practise.click()
    expect(widget.locator(".widget-dropdown select").first).to_be_visible()
    assert_no_errors(page)
    screenshot(page, "progress-practise")
