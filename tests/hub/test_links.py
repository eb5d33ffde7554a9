"""serve/hub/links.py: each lesson's nbgitpuller links for JupyterLab and the classroom view.

Expected links are written out by hand from nbgitpuller's documented format (its link generator,
docs/_static/link_gen/link.js: ``<hub>/hub/user-redirect/git-pull?repo=...&urlpath=...&branch=...``, values
form-encoded, so ``/`` is %2F and ``:`` is %3A; the clone folder is the repository URL's last part,
nbgitpuller/handlers.py ``repo.rstrip('/').split('/')[-1]``), not printed by the code under test.
"""

from __future__ import annotations

import csv
import io
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "serve" / "hub"))
import links  # noqa: E402

HUB = "https://hub.example.org"
REPO = "https://github.com/your-org/punto-banco-course"
ENCODED_REPO = "https%3A%2F%2Fgithub.com%2Fyour-org%2Fpunto-banco-course"

# lesson 05 is lessons/05_a_whole_coup.ipynb; the clone folder is punto-banco-course.
LESSON_05_LAB = ("https://hub.example.org/hub/user-redirect/git-pull?repo=" + ENCODED_REPO
                 + "&urlpath=lab%2Ftree%2Fpunto-banco-course%2Flessons%2F05_a_whole_coup.ipynb&branch=main")
LESSON_05_VOILA = ("https://hub.example.org/hub/user-redirect/git-pull?repo=" + ENCODED_REPO
                   + "&urlpath=voila%2Frender%2Fpunto-banco-course%2Flessons%2F05_a_whole_coup.ipynb&branch=main")


def _run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(ROOT / "serve" / "hub" / "links.py"), *args], capture_output=True,
                          text=True, timeout=60, cwd=ROOT)


def test_lesson_05_links_match_nbgitpullers_format():
    assert links.lesson_links(HUB, REPO, "05_a_whole_coup.ipynb") == {
        "jupyterlab": LESSON_05_LAB, "classroom": LESSON_05_VOILA}


def test_the_command_prints_lesson_05_with_its_title():
    result = _run("--hub", HUB, "--repo", REPO, "--lesson", "5", "--format", "csv")
    assert result.returncode == 0, result.stderr
    rows = list(csv.DictReader(io.StringIO(result.stdout)))
    # The title is the notebook's first "# " heading, read here straight from the file.
    notebook = (ROOT / "lessons" / "05_a_whole_coup.ipynb").read_text(encoding="utf-8")
    assert '"# A whole coup, card by card' in notebook
    assert rows == [{"number": "05", "title": "A whole coup, card by card",
                     "jupyterlab": LESSON_05_LAB, "classroom": LESSON_05_VOILA}]


def test_the_vietnamese_links_carry_the_vietnamese_title():
    result = _run("--hub", HUB, "--repo", REPO, "--lesson", "03", "--language", "vi", "--format", "csv")
    assert result.returncode == 0, result.stderr
    rows = list(csv.DictReader(io.StringIO(result.stdout)))
    # lessons/vi/03_player_rule.ipynb's first heading, as written in the notebook
    assert '"# Quy tắc rút của Player' in (ROOT / "lessons" / "vi" / "03_player_rule.ipynb").read_text(encoding="utf-8")
    assert [(row["number"], row["title"]) for row in rows] == [("03", "Quy tắc rút của Player")]
    assert rows[0]["classroom"].endswith("&urlpath=voila%2Frender%2Fpunto-banco-course%2Flessons%2Fvi%2F"
                                         "03_player_rule.ipynb&branch=main")


def test_every_lesson_gets_both_links():
    result = _run("--hub", HUB + "/", "--repo", REPO, "--format", "csv")
    assert result.returncode == 0, result.stderr
    rows = list(csv.DictReader(io.StringIO(result.stdout)))
    files = [lesson.file for lesson in links.course.lessons("en")]   # tests/test_course.py checks them on disk
    assert len(files) == 12 and files[0] == "00_welcome.ipynb" and files[-1] == "11_my_progress.ipynb"
    assert [row["number"] for row in rows] == [name[:2] for name in files]
    for row, name in zip(rows, files):
        assert row["jupyterlab"].endswith(f"&urlpath=lab%2Ftree%2Fpunto-banco-course%2Flessons%2F{name}&branch=main")
        assert row["classroom"].endswith(
            f"&urlpath=voila%2Frender%2Fpunto-banco-course%2Flessons%2F{name}&branch=main")
        assert row["jupyterlab"].startswith(f"{HUB}/hub/user-redirect/git-pull?repo={ENCODED_REPO}&")
        assert row["title"] and row["title"] != name[:-6]  # a real heading, not the file name


def test_a_hub_under_a_path_a_branch_and_a_git_suffix():
    # nbgitpuller keeps ".git" in the clone folder (handlers.py: the last part of the URL, unchanged).
    link = links.lesson_links("http://example.org/jupyter", REPO + ".git", "00_welcome.ipynb", branch="spring-2027")
    assert link["jupyterlab"] == (
        "http://example.org/jupyter/hub/user-redirect/git-pull?repo=" + ENCODED_REPO + ".git"
        "&urlpath=lab%2Ftree%2Fpunto-banco-course.git%2Flessons%2F00_welcome.ipynb&branch=spring-2027")


def test_a_target_path_is_passed_and_used_in_the_urlpath():
    link = links.lesson_links(HUB, REPO, "00_welcome.ipynb", target_path="baccarat")
    assert link["classroom"] == (
        "https://hub.example.org/hub/user-redirect/git-pull?repo=" + ENCODED_REPO
        + "&urlpath=voila%2Frender%2Fbaccarat%2Flessons%2F00_welcome.ipynb&branch=main&targetPath=baccarat")


@pytest.mark.parametrize("args, reason", [
    (["--hub", "hub.example.org", "--repo", REPO], "--hub must be the hub's http(s) address"),
    (["--hub", "ftp://hub.example.org", "--repo", REPO], "--hub must be the hub's http(s) address"),
    (["--hub", "https://", "--repo", REPO], "--hub must be the hub's http(s) address"),
    (["--hub", HUB + "/?next=x", "--repo", REPO], "without ?query"),
    (["--hub", HUB, "--repo", "punto-banco-course"], "--repo must be the course repository's http(s) address"),
    (["--hub", HUB, "--repo", REPO, "--lesson", "42"], "no lesson '42'; the lessons are 00, 01, 02"),
    (["--hub", HUB, "--repo", REPO, "--branch", "my branch"], "--branch must be a branch name"),
    (["--hub", HUB, "--repo", REPO, "--format", "pdf"], "invalid choice: 'pdf'"),
    (["--repo", REPO], "the following arguments are required: --hub"),
])
def test_bad_input_exits_2_with_a_message_and_no_traceback(args, reason):
    result = _run(*args)
    assert result.returncode == 2
    assert result.stdout == ""
    assert reason in result.stderr
    assert "Traceback" not in result.stderr


def test_an_unknown_edition_is_refused():
    with pytest.raises(links.LinkError, match="--language must be one of en, vi; got 'fr'"):
        links.course_lessons("fr")
    assert links.course_lessons("vi")[0] == "lessons/vi"
    link = links.lesson_links(HUB, REPO, "00_welcome.ipynb", folder="lessons/vi")
    assert "&urlpath=lab%2Ftree%2Fpunto-banco-course%2Flessons%2Fvi%2F00_welcome.ipynb&" in link["jupyterlab"]
