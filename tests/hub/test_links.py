"""serve/hub/links.py: each lesson's nbgitpuller links for JupyterLab and the classroom view.

Expected links are written out by hand from nbgitpuller's documented format (its link generator,
docs/_static/link_gen/link.js: ``<hub>/hub/user-redirect/git-pull?repo=...&urlpath=...&branch=...``, values
form-encoded, so ``/`` is %2F and ``:`` is %3A; the clone folder is the repository URL's last part,
nbgitpuller/handlers.py ``repo.rstrip('/').split('/')[-1]``), not printed by the code under test.
"""

from __future__ import annotations

import csv
import io
import os
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
    (["--hub", "hub.example.org", "--repo", REPO], "--hub must be an http(s) address"),
    (["--hub", "ftp://hub.example.org", "--repo", REPO], "--hub must be an http(s) address"),
    (["--hub", "https://", "--repo", REPO], "--hub must be an http(s) address"),
    (["--hub", HUB + "/?next=x", "--repo", REPO], "without ?query"),
    (["--hub", HUB + "/#top", "--repo", REPO], "without ?query or #fragment"),
    # a port is a whole number from 1 to 65535
    (["--hub", "https://hub.example.org:99999", "--repo", REPO], "(Port out of range 0-65535)"),
    (["--hub", "https://hub.example.org:abc", "--repo", REPO], "Port could not be cast to integer value as 'abc'"),
    (["--hub", "http://127.0.0.1:0", "--repo", REPO], "(a port is 1 to 65535)"),
    (["--hub", "http://127.0.0.1:", "--repo", REPO], "(a port is 1 to 65535)"),
    (["--hub", "https://[::1", "--repo", REPO], "(Invalid IPv6 URL)"),
    (["--hub", "https://hub.example.org/\x07", "--repo", REPO], "space or control character"),
    (["--hub", HUB, "--repo", "punto-banco-course"], "is neither an http(s) address nor a folder of this machine"),
    (["--hub", HUB, "--repo", REPO + "?x=1#frag"], "--repo must be an address without ?query or #fragment"),
    (["--hub", HUB, "--repo", "https://github.com/"], "--repo must name a repository, not only a host"),
    (["--hub", HUB, "--repo", "file://server/share/course"], "--repo file:// must name a folder of this machine"),
    (["--hub", HUB, "--repo", REPO, "--lesson", "42"], "no lesson '42'; the lessons are 00, 01, 02"),
    (["--hub", HUB, "--repo", REPO, "--branch", "my branch"], "--branch must be a git branch name"),
    (["--hub", HUB, "--repo", REPO, "--branch", "spring\x01"], "--branch must be a git branch name"),
    (["--hub", HUB, "--repo", REPO, "--target-path", "/"], "--target-path must be a folder inside the student's home"),
    (["--hub", HUB, "--repo", REPO, "--target-path", "../../etc"], "relative and without '..'"),
    (["--hub", HUB, "--repo", REPO, "--target-path", "course/../../x"], "relative and without '..'"),
    (["--hub", HUB, "--repo", REPO, "--target-path", "."], "--target-path must be a folder inside"),
    (["--hub", HUB, "--repo", REPO, "--format", "pdf"], "invalid choice: 'pdf'"),
    (["--repo", REPO], "the following arguments are required: --hub"),
], ids=lambda value: repr(value)[:60] if isinstance(value, list) else None)
def test_bad_input_exits_2_with_one_line_and_no_traceback(args, reason):
    result = _run(*args)
    assert result.returncode == 2
    assert result.stdout == ""
    assert reason in result.stderr
    assert len(result.stderr.splitlines()) == 1, result.stderr
    assert result.stderr.startswith("links.py: error: ")


@pytest.mark.parametrize("option", ["--hub", "--repo"])
def test_credentials_are_refused_and_never_repeated(option):
    # a user name and password in an address would be copied into every student's link
    args = {"--hub": HUB, "--repo": REPO}
    args[option] = args[option].replace("https://", "https://teacher:s3cret-pw@")
    result = _run(*(item for pair in args.items() for item in pair))
    assert result.returncode == 2
    assert f"{option} must not hold a user name or password" in result.stderr
    assert "s3cret-pw" not in result.stderr and "teacher" not in result.stderr


# --- branch names: git's own rules are the reference --------------------------------------------------------------

BRANCHES = ["main", "spring-2027", "class/spring", "v1.2", "fix_é", "a@b", "x.lock.y", "@",
            "", "my branch", "tab\there", "bell\x07", "del\x7f", "a..b", "a~1", "a^", "a:b", "a?", "a*", "a[b",
            "a\\b", "a@{1}", "-x", "/a", "a/", "a//b", ".hidden", "a/.b", "a.", "a.lock", "a/b.lock/c",
            "HEAD"]


@pytest.mark.parametrize("branch", BRANCHES, ids=repr)
def test_branch_names_follow_git_check_ref_format(branch):
    # what git itself accepts as a branch name (exit status 0) is what the links accept
    accepted_by_git = subprocess.run(["git", "check-ref-format", "--branch", branch], capture_output=True,
                                     timeout=30).returncode == 0
    if accepted_by_git:
        assert links.check_branch(branch) == branch
    else:
        with pytest.raises(links.LinkError, match="--branch must be a git branch name"):
            links.check_branch(branch)


def test_the_valid_branches_above_are_valid_for_git_too():
    # the list holds names git accepts, so the test above checks both ways (git accepts the first 8)
    accepted = [name for name in BRANCHES
                if subprocess.run(["git", "check-ref-format", "--branch", name], capture_output=True).returncode == 0]
    assert accepted == BRANCHES[:8]


# --- a course on this machine (an offline class) ------------------------------------------------------------------

def _git(*args, cwd):
    subprocess.run(["git", "-c", "user.name=t", "-c", "user.email=t@example.org", *args], cwd=cwd, check=True,
                   capture_output=True, timeout=60)


@pytest.fixture
def local_course(tmp_path):
    """A git repository named punto-banco-course, whose checked-out branch is spring-2027."""
    course = tmp_path / "punto-banco-course"
    course.mkdir()
    _git("init", "-q", "-b", "spring-2027", cwd=course)
    _git("commit", "-q", "--allow-empty", "-m", "course", cwd=course)
    (tmp_path / "not-a-repository").mkdir()
    return course


def test_a_local_path_or_file_url_names_the_clone_by_its_absolute_path(local_course):
    # the path, form-encoded (/ is %2F); the clone folder is its last part; the branch is the checked-out one
    encoded = "%2F".join(local_course.as_posix().split("/"))
    expected_lab = (f"http://127.0.0.1:8000/hub/user-redirect/git-pull?repo={encoded}"
                    "&urlpath=lab%2Ftree%2Fpunto-banco-course%2Flessons%2F05_a_whole_coup.ipynb&branch=spring-2027")
    for given, cwd in ((str(local_course), ROOT), (f"file://{local_course}", ROOT), ("punto-banco-course",
                                                                                    local_course.parent)):
        result = subprocess.run([sys.executable, str(ROOT / "serve" / "hub" / "links.py"), "--hub",
                                 "http://127.0.0.1:8000", "--repo", given, "--lesson", "05", "--format", "csv"],
                                capture_output=True, text=True, timeout=60, cwd=cwd)
        assert result.returncode == 0, result.stderr
        rows = list(csv.DictReader(io.StringIO(result.stdout)))
        assert rows[0]["jupyterlab"] == expected_lab, given


def test_the_default_repository_is_the_one_the_hub_pulls_from(local_course):
    # BACCARAT_COURSE_REPO, as the hub's config reads it; else this checkout
    env = {key: value for key, value in os.environ.items() if not key.startswith("BACCARAT_")}
    for environment, expected in (({}, ROOT), ({"BACCARAT_COURSE_REPO": str(local_course)}, local_course)):
        result = subprocess.run([sys.executable, str(ROOT / "serve" / "hub" / "links.py"), "--hub", HUB,
                                 "--lesson", "0", "--format", "csv"], capture_output=True, text=True, timeout=60,
                                env={**env, **environment})
        assert result.returncode == 0, result.stderr
        repo = list(csv.DictReader(io.StringIO(result.stdout)))[0]["jupyterlab"].split("repo=")[1].split("&")[0]
        assert repo == "%2F".join(expected.as_posix().split("/"))


def test_a_local_course_must_be_a_repository_holding_the_branch(local_course):
    missing = _run("--hub", HUB, "--repo", str(local_course), "--branch", "main")
    assert missing.returncode == 2
    assert missing.stderr == (f"links.py: error: --branch 'main' is not a branch of {local_course}; its branches "
                              "are spring-2027 (see --help)\n")
    plain = _run("--hub", HUB, "--repo", str(local_course.parent / "not-a-repository"))
    assert plain.returncode == 2
    assert "is not the top folder of a git repository" in plain.stderr
    inside = _run("--hub", HUB, "--repo", str(ROOT / "lessons"))
    assert "is not the top folder of a git repository" in inside.stderr


def test_an_unknown_edition_is_refused():
    with pytest.raises(links.LinkError, match="--language must be one of en, vi; got 'fr'"):
        links.course_lessons("fr")
    assert links.course_lessons("vi")[0] == "lessons/vi"
    link = links.lesson_links(HUB, REPO, "00_welcome.ipynb", folder="lessons/vi")
    assert "&urlpath=lab%2Ftree%2Fpunto-banco-course%2Flessons%2Fvi%2F00_welcome.ipynb&" in link["jupyterlab"]
